/**
 * The one golden fixture over the runs: every field of every one of the 864
 * runs (records, events, attempts, writes, sends, snapshots, schedule, in the
 * order JSON shows them), and of a fixed sample of runs and probes under other
 * fault schedules, is what was recorded with the newest model version
 * (fixtures/runs.ndjson.br; fixtures/golden.ts). A failure names each run that
 * differs and its first differing field, with the recorded and today's value.
 * Only `npm run version:record` rewrites the fixture.
 */
import { describe, expect, it } from 'vitest';
import { allSettings, simulate, type Run } from './helpers.ts';
import { firstDifference, goldenEntries, readGolden } from './fixtures/golden.ts';

const show = (v: unknown) => {
  const s = JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
};

describe('every run, whole, is what the newest recorded model version recorded', () => {
  it('the 864 runs and the sampled schedules, every field', () => {
    const golden = readGolden();
    const today = [...goldenEntries()];
    expect(today.map(([name]) => name)).toEqual(golden.map(([name]) => name));
    const problems: string[] = [];
    for (const [i, [name, json]] of today.entries()) {
      if (json === golden[i][1]) continue;
      const d = firstDifference(JSON.parse(golden[i][1]), JSON.parse(json));
      problems.push(
        d
          ? `${name}: ${d.path} was ${show(d.was)}, is now ${show(d.now)}`
          : `${name}: the same values, written differently`,
      );
    }
    const shown = problems.slice(0, 10);
    if (problems.length > 10) shown.push(`… and ${problems.length - 10} more`);
    // After a deliberate rule change: npm run version:record (records the version, rewrites the fixture).
    expect(shown).toEqual([]);
  });
});

describe('firstDifference names the first differing field and both values', () => {
  it('in nested objects and arrays', () => {
    expect(
      firstDifference({ a: 1, b: [{ t: 1 }, { t: 2 }] }, { a: 1, b: [{ t: 1 }, { t: 3 }] }),
    ).toEqual({ path: 'b[1].t', was: 2, now: 3 });
    expect(firstDifference({ a: [1] }, { a: [1, 2] })).toEqual({
      path: 'a[1]',
      was: '(absent)',
      now: 2,
    });
    expect(firstDifference({ a: 1 }, { a: 1, c: null })).toEqual({
      path: 'c',
      was: '(absent)',
      now: null,
    });
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })?.path).toBe(
      '(whole value) (field order)',
    );
    expect(firstDifference({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBeNull();
  });
});

describe('a run’s ticks', () => {
  const s = allSettings()[0];
  it('are an own, enumerable field, the last one, like every other field of a plain object', () => {
    const r = simulate(s);
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
    const keys = Object.keys(r);
    expect(keys.at(-1)).toBe('ticks');
    expect(keys.at(-2)).toBe('schedule');
    expect(Object.getOwnPropertyDescriptor(r, 'ticks')?.enumerable).toBe(true);
    expect(Object.keys({ ...r })).toEqual(keys);
  });
  it('computed when first read are the snapshots a run that takes them every tick has', () => {
    const lazy = simulate(s);
    const eager = simulate(s, { fullSnapshots: true });
    expect(lazy.ticks.length).toBe(lazy.lastTick + 1);
    expect(lazy.ticks).toEqual(eager.ticks);
    expect(lazy.ticks).toBe(lazy.ticks); // computed once
  });
  it('can be replaced, and each run keeps its own', () => {
    const a = simulate(s);
    const b = simulate(s);
    const replaced: Run['ticks'] = [];
    a.ticks = replaced;
    expect(a.ticks).toBe(replaced);
    expect(b.ticks).not.toBe(replaced);
    expect(b.ticks.length).toBe(b.lastTick + 1);
  });
  it('leave no trace in JSON, keys or spreads but the ticks themselves', () => {
    const r = simulate(s);
    const json = JSON.parse(JSON.stringify(r));
    expect(Object.keys(json)).toEqual(Object.keys(r));
    expect(json.ticks).toEqual(JSON.parse(JSON.stringify(r.ticks)));
    expect(Object.getOwnPropertySymbols({ ...r })).toEqual([]);
  });
});
