/** `node engines/harness/cli.ts DIR`: the engine checker's verdict on one run directory. */
import { formatExcerpt, readRun } from '../../lab/checker/check.ts';
import { checkEngine } from './check.ts';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: node engines/harness/cli.ts <run directory>');
  process.exit(2);
}
const { history, final } = readRun(dir);
const v = checkEngine(history, final);
console.log(
  `${v.entries} history entries; finished: ${v.finished}; posts: ${v.posts}; replay pinned the first read: ${v.replayPinned}; late writes applied ${v.staleApplied}, rejected ${v.staleRejected}`,
);
if (v.breaches.length === 0) console.log('no invariant broken');
for (const b of v.breaches) {
  console.log(`\n${b.invariant}: ${b.why}`);
  for (const l of formatExcerpt(b.excerpt)) console.log(`  ${l}`);
}
process.exit(v.breaches.length ? 1 : 0);
