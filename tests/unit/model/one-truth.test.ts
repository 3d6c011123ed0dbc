/**
 * Two rules the rules page (/model/) states and the engine once broke:
 *   - an announcement, once confirmed, stays confirmed: a send by anyone
 *     (a fenced, woken #1 included) never reopens it, so no second settle
 *     attempt is admitted for it (#rule-lifecycles, #rule-admit);
 *   - a controller restart strikes only within the run: at or before the
 *     last tick at which something happens in the same run without it
 *     (#rule-fault-restart).
 */
import { describe, expect, it } from 'vitest';
import {
  FAULT_SPACE,
  MAIN,
  allSettings,
  parseSchedule,
  parseSwitches,
  simulate,
  type Run,
  type Schedule,
} from './helpers.ts';
import { at } from '../../../src/model/lookup.ts';

function runOf(query: string): Run {
  const params = [...new URLSearchParams(query)];
  const { switches } = parseSwitches(params);
  const { schedule } = parseSchedule(params);
  return simulate(switches, { schedule });
}

/** Every intent's state, tick by tick, never leaves `confirmed` once there. */
function confirmedStaysConfirmed(r: Run): boolean {
  const seen = new Set<number>();
  for (const snap of r.ticks) {
    for (const [i, x] of snap.intents.entries()) {
      if (x.state === 'confirmed') seen.add(i);
      else if (seen.has(i)) return false;
    }
  }
  return true;
}

/** Settle attempts admitted for an intent that a snapshot had already shown confirmed. */
function settlesOfConfirmed(r: Run): number {
  let n = 0;
  for (const e of r.events) {
    if (e.kind !== 'settle-admitted') continue;
    const before = r.ticks[e.tick - 1];
    if (before?.intents.some((x) => x.digest === e.values.digest && x.state === 'confirmed')) n++;
  }
  return n;
}

describe('a confirmed announcement stays confirmed', () => {
  const query = 'change=never&postDies=no&silentAt=effect&wakeAfter=8&keyRetention=5';
  it(`the run that broke them (${query}): one settle attempt, one post, no duplicate`, () => {
    const r = runOf(query);
    const settles = r.events.filter((e) => e.kind === 'settle-admitted');
    expect(settles).toHaveLength(1);
    expect(settles[0]?.attempt).toBe(2);
    expect(r.attempts).toHaveLength(2); // no #3
    expect(r.feedPosts.map((p) => p.id)).toEqual(['P1']); // no P2
    expect(r.duplicatePosts).toBe(0);
    expect(r.invariants.duplicateEffect).toBe(false);
    // #1 does wake, re-send (remembered) and is fenced at its confirmation.
    const woke = r.events.find((e) => e.kind === 'wakes-to-act');
    expect(woke?.attempt).toBe(1);
    expect(
      r.events.some(
        (e) => e.kind === 'send-remembered' && e.attempt === 1 && e.tick === woke!.tick,
      ),
    ).toBe(true);
    expect(r.writes.some((w) => w.writer === 1 && w.outcome === 'rejected')).toBe(true);
    // The intent was confirmed by #2 and stayed so.
    expect(r.intents[0]).toMatchObject({ state: 'confirmed', confirmedBy: 2, post: 'P1' });
    expect(confirmedStaysConfirmed(r)).toBe(true);
  });
  it('on a spread of settings with #1 paused inside the effect, for every wake swept and several retentions', () => {
    let runs = 0;
    const paused = allSettings().filter((s) => s.silent === 'paused');
    for (let i = 0; i < paused.length; i += 9) {
      const s = at(paused, i, 'paused settings');
      for (const wakeAfter of FAULT_SPACE.wakeAfter)
        for (const keyRetention of [null, 2, 5]) {
          const schedule: Schedule = {
            silentAt: 'effect',
            wakeAfter,
            posterDies: 'after-apply',
            keyRetention,
            restartAt: null,
            epoch: 'durable',
          };
          const r = simulate(s, { schedule });
          runs++;
          expect(confirmedStaysConfirmed(r), JSON.stringify([s, schedule])).toBe(true);
          expect(settlesOfConfirmed(r), JSON.stringify([s, schedule])).toBe(0);
        }
    }
    expect(runs).toBeGreaterThan(0);
  }, 60_000);
});

describe('a restart strikes only within the run', () => {
  it('on the main trace: at its last tick it strikes; one to four ticks later it does not, and the run is the run without it', () => {
    const quiet = simulate(MAIN);
    const L = quiet.lastTick;
    const at = (r: number) =>
      simulate(MAIN, {
        schedule: { ...parseSchedule([]).schedule, restartAt: r },
      });
    expect(at(L).events.some((e) => e.kind === 'controller-down' && e.tick === L)).toBe(true);
    for (let r = L + 1; r <= L + 4; r++) {
      const run = at(r);
      expect(run.events.some((e) => e.kind === 'controller-down')).toBe(false);
      expect(run.events).toEqual(quiet.events);
      expect(run.lastTick).toBe(L);
    }
  });
  it('on every setting: restarted exactly when the restart tick is at or before the last tick of the run without it', () => {
    const settings = allSettings();
    for (let i = 0; i < settings.length; i += 7) {
      const s = at(settings, i, 'settings');
      const base = parseSchedule([]).schedule;
      const L = simulate(s, { schedule: base, noSnapshots: true }).lastTick;
      for (const r of [L - 1, L, L + 1, L + 3]) {
        const run = simulate(s, { schedule: { ...base, restartAt: r }, noSnapshots: true });
        const down = run.events.some((e) => e.kind === 'controller-down');
        expect(down, `${run.slug} restartAt=${r} L=${L}`).toBe(r <= L);
      }
    }
  });
});
