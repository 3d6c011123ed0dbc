// `npm run version:record`: record the current model version in src/data/model-versions.json.
//
// Computes the version (a hash of every field of the 864 runs and of the fault sweep's
// results: src/lib/version-of.ts), diffs each run's hash against the newest recorded
// version, and appends { version, date (today, UTC), changed (the runs' slugs),
// sweepChanged, sweep, runs }.
// Run it after merging a change that changes runs; it changes nothing when the current
// version is already recorded.
//
//   npm run version:record                 today's date
//   npm run version:record -- --date 2026-12-01
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { runAll } from '../src/model/index.ts';
import { cachedSweep } from '../src/lib/sweep-cache.ts';
import { hashOf, recordOf, versionOf, type RecordedVersion } from '../src/lib/version-of.ts';

const FILE = new URL('../src/data/model-versions.json', import.meta.url);
const args = process.argv.slice(2);
const date = args.includes('--date')
  ? args[args.indexOf('--date') + 1]
  : new Date().toISOString().slice(0, 10);
if (date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
  console.error(`version:record: --date wants YYYY-MM-DD, not “${date}”`);
  process.exit(1);
}

const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as RecordedVersion[];
const runs = runAll();
const runHashes = runs.map((r) => hashOf(r));
const sweepHash = hashOf(cachedSweep());
const version = versionOf(runHashes, sweepHash);

if (recorded.some((v) => v.version === version)) {
  console.log(`model ${version} is already recorded; nothing to do`);
  process.exit(0);
}
const previous = recorded.at(-1);
const entry = recordOf(
  version,
  date,
  runs.map((r) => r.slug),
  runHashes,
  sweepHash,
  previous,
);
recorded.push(entry);
// Written as Prettier writes it, so npm run format:check passes on the recorded file.
const path = fileURLToPath(FILE);
const options = (await prettier.resolveConfig(path)) ?? {};
writeFileSync(
  FILE,
  await prettier.format(JSON.stringify(recorded), { ...options, filepath: path }),
);
console.log(
  previous
    ? `model ${version} recorded (${date}): ${entry.changed!.length} of ${runs.length} runs changed since ${previous.version}` +
        `${entry.sweepChanged ? ', and the fault sweep' : ''}`
    : `model ${version} recorded (${date}): the first recorded version`,
);
if (entry.changed?.length)
  console.log(
    `  ${entry.changed.slice(0, 20).join('\n  ')}${entry.changed.length > 20 ? `\n  … and ${entry.changed.length - 20} more` : ''}`,
  );
