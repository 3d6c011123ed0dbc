// The staleWrite invariant is defined by the run's history (rules page #rule-stale-write): an
// applied protected write whose token is below the highest owner token issued by then, whatever
// epoch the store held. A restart that loses the epoch is where that differs from the store's
// own comparison: the store lets the superseded owner's write through, the invariant counts it.
import { describe, expect, it } from 'vitest';
import { BASE_SCHEDULE, CHECKS, simulate, type Run, type Schedule } from './helpers.ts';

const MAIN = {
  silent: 'paused',
  fencing: 'on',
  checkpoints: 'per-step',
  change: 'outage',
  pins: 'on',
  rule: 'current-accepted',
  postDies: 'no',
  key: 'per-operation',
} as const;
// #1 silent from s1, wakes 4 ticks later; the controller is down at t4 and back at t5.
const restartAt4 = (epoch: Schedule['epoch']): Schedule => ({
  ...BASE_SCHEDULE,
  silentAt: 's1',
  wakeAfter: 4,
  restartAt: 4,
  epoch,
});
const highestBy = (r: Run, tick: number) =>
  Math.max(...r.attempts.filter((a) => a.admittedAt <= tick).map((a) => a.token));

describe('stale write, defined by history', () => {
  const volatile = simulate(MAIN, { schedule: restartAt4('volatile') });
  const durable = simulate(MAIN, { schedule: restartAt4('durable') });

  it('with fencing on and a volatile epoch, #1 (token 41) writes after token 42 was issued: a stale write', () => {
    const w = volatile.writes.find((x) => x.writer === 1 && x.outcome !== 'rejected');
    expect(w).toBeDefined();
    // The store held the reset epoch, so its comparison let the write through …
    expect(w!.token).toBeGreaterThanOrEqual(w!.epoch);
    expect(w!.token).toBeLessThan(highestBy(volatile, w!.tick));
    // … and the engine noted the breach at once, naming the highest token issued.
    const b = volatile.breaches.find((x) => x.invariant === 'staleWrite');
    expect(b?.tick).toBe(w!.tick);
    expect(b?.values).toMatchObject({ attempt: 1, token: 41, highest: 42 });
    expect(volatile.invariants.staleWrite).toBe(true);
  });

  it('the same schedule with a durable epoch: the store rejects #1 and nothing stale lands', () => {
    expect(durable.staleWritesRejected).toBeGreaterThan(0);
    expect(durable.invariants.staleWrite).toBe(false);
    expect(durable.breaches.filter((b) => b.invariant === 'staleWrite')).toEqual([]);
  });

  it('the after-the-fact check reads the attempt records, not the store’s verdict', () => {
    // The same history with every store verdict rewritten to a plain "applied" is still a stale write.
    const relabelled = {
      ...volatile,
      writes: volatile.writes.map((w) => ({ ...w, outcome: 'applied' as const })),
    };
    expect(CHECKS.staleWrite(relabelled)).toBe(true);
    // And without the later admission (token 42), the same writes are not stale.
    const alone = {
      ...relabelled,
      attempts: volatile.attempts.filter((a) => a.n === 1),
      writes: relabelled.writes.filter((w) => w.writer === 1),
    };
    expect(CHECKS.staleWrite(alone)).toBe(false);
  });

  it('a token issued again after the reset is below the highest issued, so its writes count too', () => {
    const reissued = volatile.attempts.find(
      (a) => a.n > 2 && a.token < highestBy(volatile, a.admittedAt),
    );
    expect(reissued).toBeDefined();
    expect(
      volatile.breaches.some(
        (b) => b.invariant === 'staleWrite' && b.values.attempt === reissued!.n,
      ),
    ).toBe(true);
  });
});
