/**
 * The model version: a hash of what the model does, never of its source.
 *
 * Every field of each of the 864 runs (JSON.stringify of the whole Run, per-tick
 * snapshots included) is hashed; the version hashes those 864 hashes, in
 * allSettings() order, and a hash of the fault sweep's results. A change made
 * for speed or clarity that changes no run keeps the version; a rule change
 * that changes any field of any run, or any figure of the sweep, changes it.
 *
 * Pure (node:crypto only, no file system), so tests can feed it any runs;
 * src/lib/model-version.ts feeds it the model's. The recorded versions, their
 * dates and the runs each changed are data: src/data/model-versions.json
 * (`npm run version:record` appends to it).
 */
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** How many hex digits of a run's hash /data/versions.json keeps per run. */
export const RUN_HASH_LENGTH = 8;

/** SHA-256 (hex) over the JSON of a whole run (or of anything JSON can write). */
export function hashOf(value: unknown): string {
  return sha256(JSON.stringify(value));
}

/** The model version (12 hex digits) for the runs' hashes, in allSettings() order, and the sweep's hash. */
export function versionOf(runHashes: readonly string[], sweepHash: string): string {
  return sha256(`${runHashes.join('\n')}\nsweep ${sweepHash}`).slice(0, 12);
}

/** A recorded model version (src/data/model-versions.json). */
export interface RecordedVersion {
  version: string;
  /** ISO date it was recorded. */
  date: string;
  /** Slugs of the runs whose hash differs from the version before (null: the first recorded version). */
  changed: string[] | null;
  /** Whether the fault sweep's results differ from the version before. */
  sweepChanged: boolean | null;
  /** The sweep's hash (RUN_HASH_LENGTH hex digits). */
  sweep: string;
  /** Each run's hash (RUN_HASH_LENGTH hex digits each), concatenated in allSettings() order. */
  runs: string;
}

/** The short hash of run `index` in a recorded version. */
export function runHashIn(v: RecordedVersion, index: number): string {
  return v.runs.slice(index * RUN_HASH_LENGTH, (index + 1) * RUN_HASH_LENGTH);
}

/** A new record: the current runs diffed against the newest recorded version (if any). */
export function recordOf(
  version: string,
  date: string,
  slugs: readonly string[],
  runHashes: readonly string[],
  sweepHash: string,
  previous: RecordedVersion | undefined,
): RecordedVersion {
  const short = runHashes.map((h) => h.slice(0, RUN_HASH_LENGTH));
  const sweep = sweepHash.slice(0, RUN_HASH_LENGTH);
  return {
    version,
    date,
    changed: previous ? slugs.filter((_, i) => runHashIn(previous, i) !== short[i]) : null,
    sweepChanged: previous ? previous.sweep !== sweep : null,
    sweep,
    runs: short.join(''),
  };
}

/**
 * The oldest recorded version since which run `index` (or, for 'sweep', the fault
 * sweep's results) has been unchanged: walk back from the current version while
 * the short hash stays the same. `current` is the current version's record
 * (recorded or not).
 */
export function unchangedSince(
  recorded: readonly RecordedVersion[],
  current: RecordedVersion,
  index: number | 'sweep',
): RecordedVersion {
  const hashIn = (v: RecordedVersion) => (index === 'sweep' ? v.sweep : runHashIn(v, index));
  const h = hashIn(current);
  const at = recorded.findIndex((v) => v.version === current.version);
  const before = at >= 0 ? recorded.slice(0, at) : recorded;
  let since = recorded[at] ?? current; // at = -1: the current version is not recorded yet
  for (const v of [...before].reverse()) {
    if (hashIn(v) !== h) break;
    since = v;
  }
  return since;
}
