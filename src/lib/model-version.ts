/**
 * The model version of this build: a hash of what the model does (every field
 * of the 864 runs and the fault sweep's results; src/lib/version-of.ts), and
 * where each run stands in the recorded versions (src/data/model-versions.json).
 * Build-time only (it runs every run and reads the sweep's cache), so islands
 * never import this module.
 */
import { runAll } from '../model/index.ts';
import recorded from '../data/model-versions.json' with { type: 'json' };
import { cachedSweep } from './sweep-cache.ts';
import {
  hashOf,
  recordOf,
  runHashIn,
  unchangedSince,
  versionOf,
  type RecordedVersion,
} from './version-of.ts';
import { formatDate } from './format.ts';

const runs = runAll();
const runHashes = runs.map((r) => hashOf(r));
const sweepHash = hashOf(cachedSweep());

/** 12 hex digits: short enough to quote, long enough to be unambiguous. */
export const MODEL_VERSION = versionOf(runHashes, sweepHash);

/** Every recorded version, oldest first. */
export const RECORDED_VERSIONS = recorded as RecordedVersion[];

/** This build's version as a record (recorded or not: a build never fails for it). */
export const CURRENT_RECORD: RecordedVersion =
  RECORDED_VERSIONS.find((v) => v.version === MODEL_VERSION) ??
  recordOf(
    MODEL_VERSION,
    '',
    runs.map((r) => r.slug),
    runHashes,
    sweepHash,
    RECORDED_VERSIONS.at(-1),
  );

const dates = new Map<string, { iso: string; text: string } | undefined>();

/**
 * When a version was recorded: "1 December 2026"; undefined for a version not recorded yet.
 * Kept per version: every page asks (each trace page twice), and formatting a date 1,700
 * times cost about 0.4 s per build.
 */
export function modelDate(version: string): Readonly<{ iso: string; text: string }> | undefined {
  if (!dates.has(version)) {
    const iso = RECORDED_VERSIONS.find((v) => v.version === version)?.date;
    dates.set(version, iso ? { iso, text: formatDate(iso) } : undefined);
  }
  return dates.get(version);
}

const indexOf = new Map(runs.map((r, i) => [r.slug, i]));

/**
 * The oldest version since which the run `slug` has been unchanged (its citation names
 * it), and the run's short hash. A counterexample of the fault sweep (not one of the
 * 864 runs) is one of the sweep's results: it stands or changes with the sweep's hash.
 */
export function runUnchangedSince(slug: string): {
  version: string;
  date?: { iso: string; text: string } | undefined;
  /** The short hash /data/versions.json gives the run (or the sweep). */
  hash: string;
  of: 'run' | 'sweep';
} {
  const i = indexOf.get(slug);
  const v = unchangedSince(RECORDED_VERSIONS, CURRENT_RECORD, i ?? 'sweep');
  return {
    version: v.version,
    date: modelDate(v.version),
    hash: i === undefined ? CURRENT_RECORD.sweep : runHashIn(CURRENT_RECORD, i),
    of: i === undefined ? 'sweep' : 'run',
  };
}
