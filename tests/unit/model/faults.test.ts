/**
 * The fault schedule and its sweep:
 *   - the base schedule is the fixed timing;
 *   - probe() (the engine without its event log) agrees with simulate() on runs under many schedules;
 *   - the sweep's shortcut (schedules that cannot differ counted once) gives the same outcomes, schedule for
 *     schedule, as simulating every schedule of a smaller space one by one;
 *   - the properties over the whole swept space, and each finding re-checked on the full simulation, are
 *     checked on the sweep the build computed: tests/site/sweep.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  BASE_SCHEDULE,
  FAULT_SPACE,
  INVARIANT_IDS,
  MAIN,
  SCHEDULE_IDS,
  TIMING,
  allSettings,
  faultCount,
  faultsStruck,
  parseSchedule,
  probe,
  scheduleParam,
  simulate,
  sweepSetting,
  type Probe,
  type Schedule,
  type ScheduleSpace,
  type Switches,
} from './helpers.ts';
import { at } from '../../../src/model/lookup.ts';

describe('the base schedule', () => {
  it('is the fixed timing of the rules page (/model/, “Timing”)', () => {
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
  it('reports bad values as problems and keeps the base value', () => {
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
    expect(problems.map((p) => p.code)).toEqual([
      'bad-value',
      'bad-value',
      'bad-value',
      'bad-value',
      'repeated',
    ]);
    expect(problems[1]).toEqual({
      code: 'bad-value',
      param: 'wakeAfter',
      value: '0',
      expected: { kind: 'whole', unit: 'ticks', min: 1, max: 30 },
      fallback: '5',
    });
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
  const pick = <T>(xs: readonly T[]) => at(xs, Math.floor(next() * xs.length), 'choices');
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
      const s = at(settings, (i * 37) % settings.length, 'settings');
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
      const s = at(settings, (i * 53) % settings.length, 'settings');
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
    p.epochs,
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
    }, 120_000); // brute force: every schedule (a restart's run twice, to find where the run ends)
  }
});
