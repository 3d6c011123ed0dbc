/**
 * Speed work on the engine changes no run. Every field of every one of the
 * 864 runs (records, events, attempts, writes, sends, snapshots, schedule, in
 * the order JSON shows them), and of a fixed sample of runs and probes under
 * other fault schedules, hashes as it did before the engine was made faster
 * (fixtures/whole-runs.json, generated at f7afdd0 by
 * fixtures/make-whole-runs.ts). base-schedule.test.ts pins the runs.json
 * records and traces against an older reference; this pins the rest.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allSettings, probe, simulate, type Run } from './helpers.ts';
import { scheduleSample } from './fixtures/schedule-sample.ts';

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/whole-runs.json', import.meta.url), 'utf8'),
) as {
  runs: string[];
  scheduled: { run: string; probe: string }[];
};
const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

describe('every run, whole, is what it was before the engine was made faster', () => {
  const settings = allSettings();
  it('the 864 runs, every field', () => {
    expect(fixture.runs).toHaveLength(settings.length);
    const bad = settings.filter((s, i) => h(JSON.stringify(simulate(s))) !== fixture.runs[i]);
    expect(bad).toEqual([]);
  });
  it('runs and probes under a sample of fault schedules', () => {
    const sample = scheduleSample();
    expect(fixture.scheduled).toHaveLength(sample.length);
    const bad = sample.filter(({ switches, schedule }, i) => {
      const want = fixture.scheduled[i];
      return (
        h(JSON.stringify(simulate(switches, { schedule }))) !== want.run ||
        h(JSON.stringify(probe(switches, schedule))) !== want.probe
      );
    });
    expect(bad).toEqual([]);
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
