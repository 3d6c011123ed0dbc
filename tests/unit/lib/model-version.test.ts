// The model version names what the model does, not its source: it is computed from the
// runs (every field of each) and the fault sweep's results (src/lib/version-of.ts). Pages
// and /data/runs.json are functions of the runs and the version, so sources that give the
// same runs give the same version and the same bytes; a rule change that changes a run
// changes the version, and the record names the runs it changed.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  hashOf,
  recordOf,
  runHashIn,
  unchangedSince,
  versionOf,
  type RecordedVersion,
} from '../../../src/lib/version-of.ts';
import { modelSourceKey } from '../../../src/lib/sweep-cache.ts';
import type { Run } from '../../../src/model/index.ts';

const SWEEP = 'f'.repeat(64); // the sweep's hash, held fixed: these tests vary the runs

/** A copy of src/model with one edit, under tmp/ (inside the project, so Vite resolves its imports). */
const copies: string[] = [];
async function modelWith(file: string, from: string, to: string) {
  mkdirSync(join(process.cwd(), 'tmp'), { recursive: true }); // a fresh clone has no tmp/ yet
  const dir = mkdtempSync(join(process.cwd(), 'tmp', 'model-copy-'));
  copies.push(dir);
  cpSync(join(process.cwd(), 'src', 'model'), dir, { recursive: true });
  const text = readFileSync(join(dir, file), 'utf8');
  expect(text, `${file} no longer holds the text this test edits`).toContain(from);
  writeFileSync(join(dir, file), text.replace(from, to));
  const model = (await import(/* @vite-ignore */ join(dir, 'index.ts'))) as {
    runAll(): Run[];
  };
  return { dir, runs: model.runAll() };
}
afterAll(() => {
  for (const d of copies) rmSync(d, { recursive: true, force: true });
});

describe('the model version is computed from runs, not from source', () => {
  /** Today's runs, and each one's hash (every field), computed once for both tests. */
  let today: { runs: Run[]; hashes: string[] } | null = null;
  async function todays() {
    const { runAll } = await import('../../../src/model/index.ts');
    const runs = runAll();
    return (today ??= { runs, hashes: runs.map(hashOf) });
  }

  it('two different sources that give the same runs give the same version', async () => {
    const { hashes } = await todays();
    // A speed-only edit to a rule file: the engine takes its per-tick snapshots eagerly
    // instead of on first read.
    const eager = await modelWith(
      'run.ts',
      'return run(s, options, false, () => run(s, options, true).ticks);',
      'return run(s, options, true);',
    );
    expect(modelSourceKey(eager.dir)).not.toBe(modelSourceKey()); // the sources differ
    const eagerHashes = eager.runs.map(hashOf);
    expect(eagerHashes).toEqual(hashes); // every field of every run
    expect(versionOf(eagerHashes, SWEEP)).toBe(versionOf(hashes, SWEEP));
  }, 120_000);

  it('a rule change that changes runs changes the version, and the record names those runs', async () => {
    const { runs, hashes } = await todays();
    const slower = await modelWith('sim.ts', 'suspectAfter: 3,', 'suspectAfter: 4,');
    const slowerHashes = slower.runs.map(hashOf);
    expect(versionOf(slowerHashes, SWEEP)).not.toBe(versionOf(hashes, SWEEP));
    const slugs = runs.map((r) => r.slug);
    const before = recordOf(
      versionOf(hashes, SWEEP),
      '2026-01-01',
      slugs,
      hashes,
      SWEEP,
      undefined,
    );
    const after = recordOf(
      versionOf(slowerHashes, SWEEP),
      '2026-01-02',
      slugs,
      slowerHashes,
      SWEEP,
      before,
    );
    // The runs that differ, field by field, without hashing.
    const differ = slugs.filter(
      (_, i) =>
        JSON.stringify({ ...runs[i], ticks: null }) !==
          JSON.stringify({ ...slower.runs[i], ticks: null }) ||
        JSON.stringify(runs[i].ticks) !== JSON.stringify(slower.runs[i].ticks),
    );
    expect(differ.length).toBeGreaterThan(0);
    expect(after.changed).toEqual(differ);
    expect(after.sweepChanged).toBe(false);
  }, 120_000);

  it('changes with any one field of one run, and with the sweep', () => {
    const hashes = ['a', 'b', 'c'].map((x) => hashOf({ x, ticks: [1, 2] }));
    const v = versionOf(hashes, SWEEP);
    expect(versionOf([hashes[0], hashOf({ x: 'b', ticks: [1, 3] }), hashes[2]], SWEEP)).not.toBe(v);
    expect(versionOf(hashes, '0'.repeat(64))).not.toBe(v);
    expect(v).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe('records: which runs changed, and since when each is unchanged', () => {
  const slugs = ['r0', 'r1', 'r2'];
  const h = (...xs: string[]) => xs.map((x) => x.padEnd(64, '0'));
  const v1 = recordOf('v1', '2026-01-01', slugs, h('a', 'b', 'c'), 's', undefined);
  const v2 = recordOf('v2', '2026-02-01', slugs, h('a', 'B', 'c'), 's', v1);
  const v3 = recordOf('v3', '2026-03-01', slugs, h('a', 'B', 'C'), 't', v2);
  it('a record lists the runs whose hash changed since the record before', () => {
    expect(v1.changed).toBeNull();
    expect(v2.changed).toEqual(['r1']);
    expect(v3.changed).toEqual(['r2']);
    expect([v2.sweepChanged, v3.sweepChanged]).toEqual([false, true]);
    expect(runHashIn(v3, 1)).toBe('B0000000');
  });
  it('a run is unchanged since the oldest version of the latest unbroken stretch', () => {
    const all: RecordedVersion[] = [v1, v2, v3];
    expect([0, 1, 2].map((i) => unchangedSince(all, v3, i).version)).toEqual(['v1', 'v2', 'v3']);
    // A build whose version is not recorded yet: the stretch starts at the newest recorded version.
    const v4 = recordOf('v4', '', slugs, h('a', 'x', 'C'), 't', v3);
    expect([0, 1, 2].map((i) => unchangedSince(all, v4, i).version)).toEqual(['v1', 'v4', 'v3']);
    // A run that changed back is unchanged only since it changed back.
    const v5 = recordOf('v5', '', slugs, h('a', 'b', 'C'), 't', v3);
    expect(unchangedSince(all, v5, 1).version).toBe('v5');
    // The sweep's results (a counterexample page's run) stand or change with the sweep's hash.
    expect(unchangedSince(all, v3, 'sweep').version).toBe('v3');
    expect(unchangedSince(all, v2, 'sweep').version).toBe('v1');
  });
});
