// Properties that follow from the rules, checked over all 864 runs.
import { describe, expect, it } from 'vitest';
import {
  CHECKS,
  INVARIANT_IDS,
  TIMING,
  allSettings,
  hasContentOfForTests,
  runAll,
  simulate,
} from './helpers.ts';
import { at } from '../../../src/model/lookup.ts';

const runs = runAll();

describe('over all 864 runs', () => {
  it('owner tokens strictly increase and the epoch never goes back', () => {
    for (const r of runs) {
      r.attempts.forEach((a, i) => expect(a.token).toBe(TIMING.firstToken + i));
      for (let t = 1; t < r.ticks.length; t++)
        expect(at(r.ticks, t, 'ticks').ownerEpoch).toBeGreaterThanOrEqual(
          at(r.ticks, t - 1, 'ticks').ownerEpoch,
        );
    }
  });
  it('with fencing on, no write below the epoch is ever applied', () => {
    for (const r of runs.filter((x) => x.switches.fencing === 'on')) {
      expect(r.writes.filter((w) => w.token < w.epoch && w.outcome !== 'rejected')).toEqual([]);
      expect(r.staleWritesApplied).toBe(0);
      expect(r.invariants.staleWrite).toBe(false);
    }
  });
  it('with fencing off, every write below the epoch is applied and counted', () => {
    for (const r of runs.filter((x) => x.switches.fencing === 'off')) {
      expect(r.writes.filter((w) => w.outcome === 'rejected')).toEqual([]);
      expect(r.staleWritesApplied).toBe(r.writes.filter((w) => w.token < w.epoch).length);
    }
  });
  it('an attempt does nothing after it is fenced', () => {
    let fenced = 0;
    for (const r of runs) {
      for (const a of r.attempts) {
        const fencedAt = r.ticks.findIndex(
          (s) => s.attempts.find((x) => x.n === a.n)?.state === 'fenced',
        );
        if (fencedAt < 0) continue;
        fenced++;
        expect(r.writes.filter((w) => w.writer === a.n && w.tick > fencedAt)).toEqual([]);
        expect(r.events.filter((e) => e.actor === `#${a.n}` && e.tick > fencedAt)).toEqual([]);
        const callsAt = (t: number) =>
          at(at(r.ticks, t, 'ticks').attempts, a.n - 1, 'attempts').calls;
        expect(callsAt(r.lastTick)).toBe(callsAt(fencedAt));
      }
    }
    expect(fenced).toBeGreaterThan(0);
  });
  it('restores happen only at admission', () => {
    for (const r of runs)
      for (const x of r.restores)
        expect(x.tick).toBe(at(r.attempts, x.attempt - 1, 'attempts').admittedAt);
  });
  it('every run ends by t40, and simulating further changes nothing', () => {
    for (const r of runs) {
      expect(r.lastTick).toBeLessThanOrEqual(TIMING.horizon);
      const long = simulate(r.switches, { horizon: 60, exhaustive: true });
      expect(long.events).toEqual(r.events);
      expect(long.lastTick).toBe(r.lastTick);
    }
  });
  it('each run’s snapshots agree with its outcome', () => {
    for (const r of runs) {
      expect(r.ticks).toHaveLength(r.lastTick + 1);
      r.ticks.forEach((s, t) => expect(s.tick).toBe(t));
      const last = at(r.ticks, r.lastTick, 'ticks');
      expect(last.attempts.reduce((n, a) => n + a.calls, 0)).toBe(r.calls);
      expect(last.posts).toBe(r.posts);
      expect(last.journal).toBe(r.journal.length);
      expect(last.candidates.filter((c) => c.state === 'accepted')).toHaveLength(
        r.acceptances.length,
      );
      expect(last.newsletter.state === 'admitted').toBe(r.newsletter !== null);
      expect(last.ownerEpoch).toBe(TIMING.firstToken + r.attempts.length - 1);
      expect(r.calls).toBeGreaterThanOrEqual(TIMING.minimumCalls);
    }
  });
  it('a tick without events changes no entity’s state (so its snapshot can be shared)', () => {
    for (const r of runs)
      expect(simulate(r.switches, { fullSnapshots: true }).ticks).toEqual(r.ticks);
  });
  it('each run’s event list agrees with its outcome', () => {
    for (const r of runs) {
      const ticks = r.events.map((e) => e.tick);
      expect([...ticks].sort((a, b) => a - b)).toEqual(ticks);
      expect(Math.max(...ticks)).toBe(r.lastTick);
      expect(
        r.events.filter(
          (e) =>
            e.lane === 'artifact' && e.actor === 'controller' && e.kind === 'candidate-accepted',
        ),
      ).toHaveLength(r.acceptances.length);
      expect(r.events.filter((e) => e.kind === 'send-applied')).toHaveLength(r.posts);
      expect(
        r.events.filter((e) => e.lane === 'dependant' && e.kind === 'newsletter-admitted'),
      ).toHaveLength(r.newsletter ? 1 : 0);
      expect(r.events.filter((e) => e.kind === 'step-restored')).toHaveLength(r.restored);
    }
  });
  it('the engine’s breaches and the independent checkers agree', () => {
    for (const r of runs) {
      for (const id of INVARIANT_IDS)
        expect(
          r.breaches.some((b) => b.invariant === id),
          `${r.slug} ${id}`,
        ).toBe(CHECKS[id](r));
    }
  });
  it('finished means an accepted digest has the final content and is confirmed', () => {
    for (const r of runs) {
      const ok = r.acceptances.some(
        (a) =>
          hasContentOfForTests(
            r.candidates.find((c) => c.digest === a.digest)!.parts,
            r.finalVersion,
          ) && r.intents.some((i) => i.digest === a.digest && i.state === 'confirmed'),
      );
      expect(r.finished).toBe(ok);
    }
  });
  it('the feed never rejects a send in the grid', () => {
    for (const r of runs) expect(r.events.filter((e) => e.kind === 'send-rejected')).toEqual([]);
  });
  it('is deterministic', () => {
    const again = allSettings()
      .slice(0, 50)
      .map((s) => simulate(s));
    again.forEach((r, i) => expect(r).toEqual(runs[i]));
  });
});
