/** `node lab/checker/cli.ts DIR`: the checker's verdict on one run directory, with each breach's excerpt. */
import { check, formatExcerpt, readRun } from './check.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node lab/checker/cli.ts <run directory>');
  process.exit(2);
}
const { history, final } = readRun(dir);
const v = check(history, final);
console.log(
  `${v.entries} history entries; tick measured ${v.tickMs?.toFixed(1) ?? '–'} ms; finished: ${v.finished}`,
);
if (v.breaches.length === 0) console.log('no invariant broken');
for (const b of v.breaches) {
  console.log(`\n${b.invariant}: ${b.why}`);
  for (const l of formatExcerpt(b.excerpt)) console.log(`  ${l}`);
}
process.exit(v.breaches.length ? 1 : 0);
