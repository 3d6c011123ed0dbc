/**
 * The fault schedule and its sweep:
 *   - the base schedule is the fixed timing (base-schedule.test.ts holds every run to the old records);
 *   - probe() (the engine without its event log) agrees with simulate() on runs under many schedules;
 *   - the sweep's shortcut (schedules that cannot differ counted once) gives the same outcomes, schedule for
 *     schedule, as simulating every schedule of a smaller space one by one;
 *   - properties over the whole swept space, and each finding re-checked on the full simulation.
 */
import { describe, expect, it } from 'vitest';
import {
  BASE_SCHEDULE,
  FAULT_SPACE,
  INVARIANT_IDS,
  MAIN,
  SCHEDULES_PER_SETTING,
  SCHEDULE_IDS,
  TIMING,
  allSettings,
  counterexamples,
  faultCount,
  faultSweep,
  faultsStruck,
  parseSchedule,
  probe,
  scheduleParam,
  simulate,
  sweepSetting,
  variantSettings,
  type Probe,
  type Schedule,
  type ScheduleSpace,
  type Switches,
} from './helpers.ts';
import { CHECKS } from '../../../src/model/invariants.ts';

describe('the base schedule', () => {
  it('is the fixed timing of model.md §3', () => {
    expect(BASE_SCHEDULE.silentAt).toBe(TIMING.silentStep);
    expect(TIMING.silentAt + BASE_SCHEDULE.wakeAfter).toBe(TIMING.wakeAt);
    expect(BASE_SCHEDULE.keyRetention).toBeNull();
    expect(BASE_SCHEDULE.restartAt).toBeNull();
  });
  it('is what simulate uses when given none', () => {
    for (const s of allSettings().slice(0, 50)) {
      expect(simulate(s, { schedule: { ...BASE_SCHEDULE } }).events).toEqual(simulate(s).events);
    }
  });
});

describe('parseSchedule', () => {
  it('reads every dimension and round-trips through scheduleParam', () => {
    const sch: Schedule = {
      silentAt: 'effect',
      wakeAfter: 2,
      posterDies: 'before-send',
      keyRetention: 3,
      restartAt: 7,
      epoch: 'volatile',
    };
    const params = SCHEDULE_IDS.map((id) => [id, scheduleParam(id, sch)] as [string, string]);
    expect(parseSchedule(params)).toEqual({ schedule: sch, problems: [] });
    expect(
      parseSchedule([
        ['keyRetention', 'run'],
        ['restartAt', 'none'],
      ]).schedule,
    ).toEqual(BASE_SCHEDULE);
  });
  it('reports bad values with a short message and keeps the base value', () => {
    const long = 'x'.repeat(5000);
    const { schedule, problems } = parseSchedule([
      ['silentAt', long],
      ['wakeAfter', '0'],
      ['keyRetention', '-1'],
      ['restartAt', '1e3'],
      ['wakeAfter', '3'],
      ['epoch', 'durable'],
    ]);
    expect(schedule).toEqual(BASE_SCHEDULE);
    expect(problems.map((p) => p.param)).toEqual([
      'silentAt',
      'wakeAfter',
      'keyRetention',
      'restartAt',
      'wakeAfter',
    ]);
    for (const p of problems) expect(p.message.length).toBeLessThan(200);
  });
  it('ignores parameters that are not schedule dimensions (the switches are parsed elsewhere)', () => {
    expect(parseSchedule([['fencing', 'off']])).toEqual({ schedule: BASE_SCHEDULE, problems: [] });
  });
});

/** A deterministic sample of schedules from the swept space (xorshift, fixed seed). */
function sampleSchedules(n: number, seed = 12345): Schedule[] {
  let x = seed;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)];
  return Array.from({ length: n }, () => ({
    silentAt: pick(FAULT_SPACE.silentAt),
    wakeAfter: pick(FAULT_SPACE.wakeAfter),
    posterDies: pick(FAULT_SPACE.posterDies),
    keyRetention: next() < 0.5 ? null : pick(FAULT_SPACE.keyRetention.slice(1, 9)),
    restartAt: next() < 0.3 ? null : pick(FAULT_SPACE.restartAt.slice(1, 21)),
    epoch: pick(FAULT_SPACE.epoch),
  }));
}

describe('probe agrees with simulate', () => {
  const settings = allSettings();
  const schedules = sampleSchedules(600);
  it('on verdicts, breaches, last tick and finished, for 600 sampled (setting, schedule) pairs', () => {
    schedules.forEach((sch, i) => {
      const s = settings[(i * 37) % settings.length];
      const p = probe(s, sch);
      const r = simulate(s, { schedule: sch });
      expect(p.checked).toEqual(r.invariants);
      for (const id of INVARIANT_IDS) {
        expect(p.engine[id]).toBe(r.breaches.some((b) => b.invariant === id));
        expect(p.firstBreach[id]).toBe(r.breaches.find((b) => b.invariant === id)?.tick ?? null);
      }
      expect(p.lastTick).toBe(r.lastTick);
      expect(p.finished).toBe(r.finished);
      expect(p.tokens).toEqual(r.attempts.map((a) => a.token));
    });
  }, 60_000);
  it('and the fault events in the full run match the faults the probe says struck', () => {
    schedules.slice(0, 200).forEach((sch, i) => {
      const s = settings[(i * 53) % settings.length];
      const p = probe(s, sch);
      const r = simulate(s, { schedule: sch });
      const kinds = new Set(r.events.map((e) => e.kind));
      expect(p.reads.silenced).toBe(kinds.has('falls-silent') || kinds.has('falls-silent-before'));
      expect(p.reads.posterStruck).toBe(kinds.has('poster-dies') || kinds.has('poster-dies-at'));
      expect(p.reads.keysExpired).toBe(r.events.filter((e) => e.kind === 'key-expired').length);
      expect(p.reads.restarted).toBe(kinds.has('controller-down'));
    });
  });
});

/** What a test compares between two runs: everything the sweep counts. */
function outcome(sch: Schedule, p: Probe): string {
  return JSON.stringify([
    p.engine,
    p.checked,
    p.firstBreach,
    p.lastTick,
    faultCount(p),
    faultsStruck(sch, p),
    p.tokens,
    p.belowHighestEpoch,
  ]);
}

/** Brute force: every schedule of the space, one simulation each; a histogram of outcomes. */
function bruteForce(s: Switches, space: ScheduleSpace): Map<string, number> {
  const h = new Map<string, number>();
  for (const silentAt of space.silentAt)
    for (const wakeAfter of space.wakeAfter)
      for (const posterDies of space.posterDies)
        for (const keyRetention of space.keyRetention)
          for (const restartAt of space.restartAt)
            for (const epoch of space.epoch) {
              const sch = { silentAt, wakeAfter, posterDies, keyRetention, restartAt, epoch };
              const k = outcome(sch, probe(s, sch));
              h.set(k, (h.get(k) ?? 0) + 1);
            }
  return h;
}

function viaSweep(
  s: Switches,
  space: ScheduleSpace,
): { histogram: Map<string, number>; runs: number } {
  const h = new Map<string, number>();
  const runs = sweepSetting(
    s,
    (sch, p, w) => h.set(outcome(sch, p), (h.get(outcome(sch, p)) ?? 0) + w),
    space,
  );
  return { histogram: h, runs };
}

describe('counting schedules that cannot differ once is exact', () => {
  const space: ScheduleSpace = {
    silentAt: FAULT_SPACE.silentAt,
    wakeAfter: [1, 2, 5, 8],
    posterDies: FAULT_SPACE.posterDies,
    keyRetention: [null, 1, 2, 3, 4, 6, 9],
    restartAt: [null, 1, 2, 3, 5, 8, 9, 10, 13, 16, 20, 24],
    epoch: FAULT_SPACE.epoch,
  };
  const size = Object.values(space).reduce((n, v) => n * v.length, 1);
  const cases: [string, Switches][] = [
    ['main trace', MAIN],
    [
      'crashed, post survives, change after acceptance',
      { ...MAIN, silent: 'crashed', postDies: 'no', change: 'after-acceptance' },
    ],
    [
      'fencing off, end-only, never',
      { ...MAIN, fencing: 'off', checkpoints: 'end-only', change: 'never' },
    ],
    ['pins off, key per attempt', { ...MAIN, pins: 'off', key: 'per-attempt' }],
  ];
  for (const [name, s] of cases) {
    it(`${name}: the same outcomes, schedule for schedule, as simulating all ${size}`, () => {
      const brute = bruteForce(s, space);
      const { histogram, runs } = viaSweep(s, space);
      expect([...histogram].sort()).toEqual([...brute].sort());
      expect(runs).toBeLessThan(size); // it did skip some
    }, 120_000); // the brute force simulates every schedule (a restart's run twice, to find where the run ends)
  }
});

describe('the sweep over the whole space', () => {
  const sweep = faultSweep();
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
  it('engine verdicts agree with the independent checkers on every schedule', () => {
    expect(prop('verdicts-agree').checked).toBe(sweep.schedules);
    expect(prop('verdicts-agree').failed).toBe(0);
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
  it('with fencing on and a durable epoch no write below the highest epoch so far is applied', () => {
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
  it('finding: with a volatile epoch and fencing on, a write below the highest epoch ever published is applied, unseen by staleWrite', () => {
    const p = prop('no-write-below-highest-epoch');
    expect(p.failed).toBeGreaterThan(0);
    const r = simulate(p.example!.switches, { schedule: p.example!.schedule });
    const highestBy = (t: number) =>
      Math.max(...r.attempts.filter((a) => a.admittedAt <= t).map((a) => a.token));
    expect(r.writes.some((w) => w.outcome === 'applied' && w.token < highestBy(w.tick))).toBe(true);
    expect(CHECKS.staleWrite(r)).toBe(false);
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
      const cell = sweep.variants[0].byInvariant[id];
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
      const cell = sweep.variants[0].byInvariant[id];
      expect(cell.schedules > 0).toBe(ces.some((c) => c.invariant === id));
    }
  });
  // What the companion's section on the sweep (#fault-sweep) says in words, pinned here.
  it('the companion’s claims: with every protection on, only duplicateEffect and twoAccepted break; every duplicate needs a forgotten key, every double acceptance a restart that lost the epoch', () => {
    const on = sweep.variants.find((v) => v.id === 'all-on')!;
    const breaking = INVARIANT_IDS.filter((id) => on.byInvariant[id].schedules > 0);
    expect(breaking).toEqual(['duplicateEffect', 'twoAccepted']);
    const dup = on.byInvariant.duplicateEffect.minimalFaultSets;
    expect(dup.length).toBeGreaterThan(0);
    for (const set of dup) expect(set.faults, JSON.stringify(set)).toContain('key-expired');
    const two = on.byInvariant.twoAccepted.minimalFaultSets;
    expect(two.length).toBeGreaterThan(0);
    for (const set of two) expect(set.faults, JSON.stringify(set)).toContain('restart:volatile');
    // The two commonest partners of a forgotten key: the poster dying after the apply, #1 silent inside the effect.
    const top = [...dup]
      .sort((a, b) => b.schedules - a.schedules)
      .slice(0, 2)
      .map((s) => s.faults.filter((f) => f !== 'key-expired').join('+'));
    expect(top).toEqual(['poster:after-apply', 'silence:effect']);
  });
});
