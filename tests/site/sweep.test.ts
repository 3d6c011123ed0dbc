// The properties of the whole fault sweep, checked on the sweep the build computed (the build
// writes it once, src/lib/sweep-cache.ts; these tests read it instead of sweeping again). Each
// finding is re-checked by simulating its example in full; the sweep's shortcut itself is
// checked against brute force on a smaller space in tests/unit/model/faults.test.ts.
import { describe, expect, it } from 'vitest';
import {
  FAULT_SPACE,
  INVARIANT_IDS,
  PROTECTION_VARIANTS,
  SCHEDULE_IDS,
  SCHEDULES_PER_SETTING,
  TIMING,
  counterexamples,
  simulate,
  variantSettings,
} from '../../src/model/index.ts';
import { CHECKS } from '../../src/model/invariants.ts';
import type { Schedule } from '../../src/model/schedule.ts';
import { builtSweep } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

describe('the sweep over the whole space', () => {
  const sweep = builtSweep();
  it('covers every schedule for every setting with all protections on and each single weakening', () => {
    expect(sweep.variants.map((v) => v.id)).toEqual([
      'all-on',
      'fencing-off',
      'pins-off',
      'key-per-attempt',
      'key-none',
      'rule-any-accepted',
      'rule-latest-finished',
    ]);
    for (const v of sweep.variants) {
      expect(v.settings).toBe(variantSettings(v.change).length);
      expect(v.schedules).toBe(v.settings * SCHEDULES_PER_SETTING);
    }
    expect(sweep.schedules).toBe(sweep.settings * SCHEDULES_PER_SETTING);
    expect(sweep.runs).toBeLessThan(sweep.schedules);
  });
  const prop = (id: string) => sweep.properties.find((p) => p.id === id)!;
  it('engine verdicts agree with the independent checkers, re-simulated on a seeded sample of the space', () => {
    // Not the sweep's own counter: 300 (setting, schedule) pairs drawn at random from the swept
    // space, each simulated in full here; the engine's breaches against CHECKS on the records.
    let seed = 20261203;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: readonly T[]): T => at(xs, Math.floor(rand() * xs.length), 'choices');
    const settings = PROTECTION_VARIANTS.flatMap((v) => variantSettings(v.change));
    const disagree: string[] = [];
    for (let i = 0; i < 300; i++) {
      const s = pick(settings);
      const schedule = Object.fromEntries(
        SCHEDULE_IDS.map((id) => [id, pick(FAULT_SPACE[id] as readonly unknown[])]),
      ) as unknown as Schedule;
      const r = simulate(s, { schedule });
      for (const id of INVARIANT_IDS) {
        const engine = r.breaches.some((b) => b.invariant === id);
        if (engine !== CHECKS[id](r))
          disagree.push(`${JSON.stringify(s)} ${JSON.stringify(schedule)}: ${id}`);
      }
      if (r.lastTick >= TIMING.horizon) disagree.push(`${JSON.stringify(schedule)}: cut off`);
    }
    expect(disagree.slice(0, 5)).toEqual([]);
  });
  it('every run comes to rest before the horizon (none is cut off)', () => {
    expect(prop('settles-before-horizon').checked).toBe(sweep.schedules);
    expect(prop('settles-before-horizon').failed).toBe(0);
  });
  it('without a restart, or with a durable epoch: tokens increase and the epoch never goes down', () => {
    expect(prop('tokens-increase').checked).toBeGreaterThan(0);
    expect(prop('tokens-increase').failed).toBe(0);
    expect(prop('durable-epoch-increases').failed).toBe(0);
  });
  it('with fencing on and no restart that lost the epoch, no stale write is applied', () => {
    expect(prop('no-stale-write-fenced-durable').checked).toBeGreaterThan(0);
    expect(prop('no-stale-write-fenced-durable').failed).toBe(0);
  });
  it('finding: a volatile epoch re-issues a token (the example, simulated in full, has two attempts with one token)', () => {
    const p = prop('tokens-increase-volatile');
    expect(p.failed).toBeGreaterThan(0);
    const r = simulate(p.example!.switches, { schedule: p.example!.schedule });
    const tokens = r.attempts.map((a) => a.token);
    expect(new Set(tokens).size).toBeLessThan(tokens.length);
    expect(r.events.some((e) => e.kind === 'controller-restarted' && !e.values.durable)).toBe(true);
  });
  it('finding: with fencing on, a restart that loses the epoch lets a write below the highest token issued through, and staleWrite sees it', () => {
    const p = prop('no-stale-write-fenced-volatile');
    expect(p.failed).toBeGreaterThan(0);
    expect(p.example!.switches.fencing).toBe('on');
    const r = simulate(p.example!.switches, { schedule: p.example!.schedule });
    const highestBy = (t: number) =>
      Math.max(...r.attempts.filter((a) => a.admittedAt <= t).map((a) => a.token));
    // The store compared the token with the epoch it held and let the write through …
    expect(
      r.writes.some(
        (w) => w.outcome !== 'rejected' && w.token >= w.epoch && w.token < highestBy(w.tick),
      ),
    ).toBe(true);
    // … and the invariant, read from the history, counts it.
    expect(CHECKS.staleWrite(r)).toBe(true);
    expect(r.invariants.staleWrite).toBe(true);
  });
  it('each counterexample, simulated in full, breaks its invariant at the stated tick with every protection on', () => {
    const ces = counterexamples(sweep);
    for (const c of ces) {
      expect(
        variantSettings({}).some((s) => JSON.stringify(s) === JSON.stringify(c.switches)),
      ).toBe(true);
      const r = simulate(c.switches, { schedule: c.schedule });
      expect(r.invariants[c.invariant]).toBe(true);
      expect(r.breaches.find((b) => b.invariant === c.invariant)?.tick).toBe(c.tick);
    }
    // The counterexample with the fewest faults: no breaking schedule has fewer, and it breaks as stated.
    for (const id of INVARIANT_IDS) {
      const cell = at(sweep.variants, 0, 'variants').byInvariant[id];
      if (!cell.fewest) continue;
      const f = cell.fewest;
      expect(f.faults).toBeLessThanOrEqual(cell.shortest!.faults);
      for (const set of cell.minimalFaultSets)
        expect(set.faults.length).toBeGreaterThanOrEqual(f.struck.length);
      const r = simulate(f.switches, { schedule: f.schedule });
      expect(r.breaches.find((b) => b.invariant === id)?.tick).toBe(f.tick);
      const expired = r.events.filter((e) => e.kind === 'key-expired').length;
      const others = f.struck.filter((x) => x !== 'key-expired').length;
      expect(others + expired).toBe(f.faults);
    }
    // Every invariant either has a counterexample or no breaking schedule at all.
    for (const id of INVARIANT_IDS) {
      const cell = at(sweep.variants, 0, 'variants').byInvariant[id];
      expect(cell.schedules > 0).toBe(ces.some((c) => c.invariant === id));
    }
  });
  // What the companion's section on the sweep (#fault-sweep) says in words, pinned here.
  it('the companion’s claims: with every protection on, duplicateEffect, staleWrite and twoAccepted break; every duplicate needs a forgotten key, every stale write and double acceptance a restart that lost the epoch', () => {
    const on = sweep.variants.find((v) => v.id === 'all-on')!;
    const breaking = INVARIANT_IDS.filter((id) => on.byInvariant[id].schedules > 0);
    expect(breaking).toEqual(['duplicateEffect', 'staleWrite', 'twoAccepted']);
    const dup = on.byInvariant.duplicateEffect.minimalFaultSets;
    expect(dup.length).toBeGreaterThan(0);
    for (const set of dup) expect(set.faults, JSON.stringify(set)).toContain('key-expired');
    // Every breaking schedule's faults contain a minimal set, so a fault in every minimal set is in every breaking schedule.
    for (const id of ['staleWrite', 'twoAccepted'] as const) {
      const sets = on.byInvariant[id].minimalFaultSets;
      expect(sets.length).toBeGreaterThan(0);
      for (const set of sets) expect(set.faults, JSON.stringify(set)).toContain('restart:volatile');
    }
  });
});
