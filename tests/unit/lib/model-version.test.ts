// The model version names what the model does, not its source: it is computed from the
// runs (every field of each) and the fault sweep's results (src/lib/version-of.ts). Pages
// and /data/runs.json are functions of the runs and the version, so two ways of computing
// the same runs give the same version and the same bytes; a change to a run changes the
// version, and the record names the runs it changed (hand-made changes here: no source edit).
import { describe, expect, it } from 'vitest';
import {
  hashOf,
  recordOf,
  runHashIn,
  unchangedSince,
  versionOf,
  type RecordedVersion,
} from '../../../src/lib/version-of.ts';
import { runAll, simulate, type Run } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const SWEEP = 'f'.repeat(64); // the sweep's hash, held fixed: these tests vary the runs

describe('the model version is computed from runs, not from source', () => {
  const runs = runAll();
  const hashes = runs.map(hashOf);

  it('two ways of computing the same runs give the same version', () => {
    // The engine's two paths: snapshots taken every tick, or computed when first read.
    const eager = runs.map((r) => simulate(r.switches, { fullSnapshots: true }));
    const eagerHashes = eager.map(hashOf);
    expect(eagerHashes).toEqual(hashes); // every field of every run
    expect(versionOf(eagerHashes, SWEEP)).toBe(versionOf(hashes, SWEEP));
  }, 120_000);

  it('a change to one field of some runs changes the version, and the record names exactly those runs', () => {
    // Hand-made change: runs 3 and 500 make one call more (as a rule change might).
    const changed = new Set([3, 500]);
    const other: Run[] = runs.map((r, i) => (changed.has(i) ? { ...r, calls: r.calls + 1 } : r));
    const otherHashes = other.map(hashOf);
    expect(versionOf(otherHashes, SWEEP)).not.toBe(versionOf(hashes, SWEEP));
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
      versionOf(otherHashes, SWEEP),
      '2026-01-02',
      slugs,
      otherHashes,
      SWEEP,
      before,
    );
    expect(after.changed).toEqual([slugs[3], slugs[500]]);
    expect(after.sweepChanged).toBe(false);
  }, 120_000);

  it('changes with any one field of one run, and with the sweep', () => {
    const hashes = ['a', 'b', 'c'].map((x) => hashOf({ x, ticks: [1, 2] }));
    const v = versionOf(hashes, SWEEP);
    const changed = [
      at(hashes, 0, 'hashes'),
      hashOf({ x: 'b', ticks: [1, 3] }),
      at(hashes, 2, 'hashes'),
    ];
    expect(versionOf(changed, SWEEP)).not.toBe(v);
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
