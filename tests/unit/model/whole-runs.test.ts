// A run's per-tick snapshots: an own field, computed once when first read, equal to the eager
// ones. (What every run does is asserted from the rules: the reference traces event by event in
// reference.test.ts, the properties over all 864 runs in properties.test.ts; that a change to
// any run is recorded as a new model version, in tests/site/versions.test.ts.)
import { describe, expect, it } from 'vitest';
import { allSettings, simulate, type Run } from './helpers.ts';
import { at } from '../../../src/model/lookup.ts';

describe('a run’s ticks', () => {
  const s = at(allSettings(), 0, 'settings');
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
