// The reference traces (src/model/presets.ts), asserted event by event.
import { describe, expect, it } from 'vitest';
import {
  INVARIANT_IDS,
  MAIN,
  preset,
  simulate,
  type Run,
  type Switches,
} from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const run = (change: Partial<Switches> = {}) => simulate({ ...MAIN, ...change });
const broken = (r: Run) => INVARIANT_IDS.filter((id) => r.invariants[id]);
const noneBroken = {
  duplicateEffect: false,
  staleWrite: false,
  supersededAccepted: false,
  dependantWrong: false,
  twoAccepted: false,
};

function attempt(r: Run, n: number) {
  return at(r.attempts, n - 1, 'attempts');
}
function stateAt(r: Run, n: number, tick: number) {
  return at(r.ticks, tick, 'ticks').attempts.find((a) => a.n === n)?.state;
}

describe('main trace (all first values)', () => {
  const r = run();
  it('makes 6 model calls: #1 3, #2 3, #3 0', () => {
    expect(r.calls).toBe(6);
    expect(r.callsByAttempt).toEqual({ 1: 3, 2: 3, 3: 0 });
  });
  it('restores one step, s1, at t5', () => {
    expect(r.restored).toBe(1);
    expect(r.restores.map(({ attempt, step, tick }) => ({ attempt, step, tick }))).toEqual([
      { attempt: 2, step: 's1', tick: 5 },
    ]);
  });
  it('rejects one stale write (#1’s s3 at t8) and applies none', () => {
    expect(r.staleWritesRejected).toBe(1);
    expect(r.staleWritesApplied).toBe(0);
    const rejected = r.writes.filter((w) => w.outcome === 'rejected');
    expect(rejected.map((w) => [w.tick, w.writer, w.store, w.token, w.epoch])).toEqual([
      [8, 1, 'journal', 41, 42],
    ]);
    expect(attempt(r, 1).state).toBe('fenced');
    expect(attempt(r, 1).dead).toBe(false); // fenced, still alive
  });
  it('#2 assembles at t9 and is accepted at t10 for v2', () => {
    expect(r.candidates.map((c) => [c.attempt, c.tick, c.status])).toEqual([[2, 9, 'accepted']]);
    expect(r.acceptances.map((a) => [a.tick, a.version])).toEqual([[10, 'v2']]);
    expect(r.acceptances[0]?.digest).toBe(at(r.candidates, 0, 'candidates').digest);
  });
  it('posts once with no duplicate; #2 dies at t10', () => {
    expect(r.posts).toBe(1);
    expect(r.duplicatePosts).toBe(0);
    expect(r.feedPosts.map((p) => [p.id, p.tick])).toEqual([['P1', 10]]);
    expect(attempt(r, 2).dead).toBe(true);
    expect(r.intents[0]).toMatchObject({ attempt: 2, tick: 10 });
  });
  it('admits the newsletter at t12 quoting 4.7 million', () => {
    expect(r.newsletter).toMatchObject({ tick: 12, quote: '4.7 million' });
    expect(r.newsletter!.digest).toBe(at(r.acceptances, 0, 'acceptances').digest);
  });
  it('#2 becomes unknown and #3 (token 43) is admitted at t13', () => {
    expect(stateAt(r, 2, 12)).toBe('running');
    expect(stateAt(r, 2, 13)).toBe('unknown');
    expect(attempt(r, 3)).toMatchObject({ kind: 'settle', token: 43, admittedAt: 13 });
  });
  it('#3 resends at t14, the feed returns P1, and it is confirmed', () => {
    expect(r.intents).toHaveLength(1);
    expect(r.intents[0]).toMatchObject({
      state: 'confirmed',
      post: 'P1',
      confirmedAt: 14,
      confirmedBy: 3,
    });
    expect(r.feedPosts).toHaveLength(1);
    expect(r.lastTick).toBe(14);
  });
  it('breaks no invariant and finishes', () => {
    expect(r.invariants).toEqual(noneBroken);
    expect(r.finished).toBe(true);
  });
  it('writes attempt #1 down at t0 with owner token 41, pinned to v1', () => {
    expect(attempt(r, 1)).toMatchObject({ admittedAt: 0, token: 41, pin: 'v1', kind: 'build' });
    expect(attempt(r, 2)).toMatchObject({ admittedAt: 5, token: 42, pin: 'v2' });
    expect(stateAt(r, 1, 4)).toBe('running');
    expect(stateAt(r, 1, 5)).toBe('unknown');
  });
});

describe('crashed: the same outcome without #1’s wake at t8', () => {
  const main = run();
  const r = run({ silent: 'crashed' });
  it('matches the main outcome', () => {
    for (const k of [
      'calls',
      'callsByAttempt',
      'restored',
      'posts',
      'duplicatePosts',
      'finished',
      'invariants',
      'lastTick',
    ] as const) {
      expect(r[k]).toEqual(main[k]);
    }
    expect(r.acceptances).toEqual(main.acceptances);
    expect(r.newsletter).toEqual(main.newsletter);
  });
  it('has no wake and so no rejected write at t8', () => {
    expect(r.staleWritesRejected).toBe(0);
    expect(r.events.filter((e) => e.tick === 8 && e.actor === '#1')).toEqual([]);
    expect(attempt(r, 1).dead).toBe(true);
  });
});

describe('second trace (change = after-acceptance)', () => {
  const r = run({ change: 'after-acceptance' });
  it('makes 6 calls: #1 3, #2 2, #3 0, #4 1', () => {
    expect(r.calls).toBe(6);
    expect(r.callsByAttempt).toEqual({ 1: 3, 2: 2, 3: 0, 4: 1 });
  });
  it('accepts the v1 digest at t9, then a v2 digest', () => {
    expect(r.acceptances[0]).toMatchObject({ tick: 9, version: 'v1' });
    expect(r.acceptances.map((a) => a.version)).toEqual(['v1', 'v2']);
  });
  it('posts two distinct announcements, no duplicate', () => {
    expect(r.posts).toBe(2);
    expect(r.duplicatePosts).toBe(0);
    expect(new Set(r.feedPosts.map((p) => p.digest)).size).toBe(2);
  });
  it('the newsletter waits from t12 and is admitted at t17 quoting 4.7 million', () => {
    expect(r.ticks[12]?.newsletter.state).toBe('waiting');
    expect(r.ticks[16]?.newsletter.state).toBe('waiting');
    expect(r.newsletter).toMatchObject({ tick: 17, quote: '4.7 million' });
  });
  it('breaks no invariant', () => expect(r.invariants).toEqual(noneBroken));
});

describe('fencing off', () => {
  const r = run({ fencing: 'off' });
  it('makes 7 calls', () => expect(r.calls).toBe(7));
  it('applies 3 stale writes: #1’s s3, s4 and its candidate', () => {
    expect(r.staleWritesApplied).toBe(3);
    const stale = r.writes.filter((w) => w.outcome === 'stale-applied');
    expect(stale.every((w) => w.writer === 1)).toBe(true);
    expect(stale.map((w) => w.store)).toEqual(['journal', 'journal', 'candidates']);
    expect(stale.map((w) => (w.subject.kind === 'step' ? w.subject.step : w.subject.kind))).toEqual(
      ['s3', 's4', 'candidate'],
    );
  });
  it('refuses #1’s candidate at t11 (built from v1 while v2 is current)', () => {
    const c = r.candidates.find((x) => x.attempt === 1)!;
    expect(c).toMatchObject({ status: 'refused', assessedAt: 11 });
    expect(attempt(r, 1).state).toBe('refused');
  });
});

describe('fencing off, report never changes', () => {
  const r = run({ fencing: 'off', change: 'never' });
  it('accepts #2’s digest at t9 and #1’s different digest at t11, both for v1', () => {
    expect(r.acceptances.map((a) => [a.tick, a.version])).toEqual([
      [9, 'v1'],
      [11, 'v1'],
    ]);
    const [a, b] = [at(r.acceptances, 0, 'acceptances'), at(r.acceptances, 1, 'acceptances')];
    expect(a.digest).not.toBe(b.digest);
    expect(r.candidates.find((c) => c.digest === a.digest)!.attempt).toBe(2);
    expect(r.candidates.find((c) => c.digest === b.digest)!.attempt).toBe(1);
  });
  it('breaks twoAccepted', () => expect(r.invariants.twoAccepted).toBe(true));
});

describe('pins off', () => {
  const r = run({ pins: 'off' });
  it('#2 restores s1 and s2 at t5, computes s3 and s4', () => {
    expect(r.restores.map((x) => [x.attempt, x.step, x.tick])).toEqual([
      [2, 's1', 5],
      [2, 's2', 5],
    ]);
    expect(r.callsByAttempt['2']).toBe(2);
  });
  it('assembles at t8, accepted at t9 with no version', () => {
    expect(r.candidates.find((c) => c.attempt === 2)!.tick).toBe(8);
    expect(r.acceptances).toEqual([expect.objectContaining({ tick: 9, version: null })]);
  });
  it('makes 5 calls', () => expect(r.calls).toBe(5));
  it('admits the newsletter at t12 quoting 4.1 million', () =>
    expect(r.newsletter).toMatchObject({ tick: 12, quote: '4.1 million' }));
  it('breaks supersededAccepted and dependantWrong only', () =>
    expect(broken(r)).toEqual(['supersededAccepted', 'dependantWrong']));
});

describe('end-only checkpoints', () => {
  const r = run({ checkpoints: 'end-only' });
  it('makes 8 calls: #1 4, #2 4', () => {
    expect(r.calls).toBe(8);
    expect(r.callsByAttempt).toMatchObject({ 1: 4, 2: 4 });
  });
  it('#2 restores nothing', () => expect(r.restored).toBe(0));
  it('#1 is fenced at its first write, at t10', () => {
    const first = r.writes.find((w) => w.writer === 1 && w.token < w.epoch)!;
    expect(first).toMatchObject({ tick: 10, outcome: 'rejected' });
    expect(stateAt(r, 1, 10)).toBe('fenced');
    expect(r.staleWritesRejected).toBe(1);
  });
  it('accepts at t11', () => expect(r.acceptances.map((a) => a.tick)).toEqual([11]));
});

describe('any accepted, corrected after acceptance', () => {
  const r = run({ change: 'after-acceptance', rule: 'any-accepted' });
  it('admits the newsletter at t12 on the v1 digest, quoting 4.1 million', () => {
    expect(r.newsletter).toMatchObject({ tick: 12, quote: '4.1 million' });
    expect(r.newsletter!.digest).toBe(r.acceptances.find((a) => a.version === 'v1')!.digest);
  });
  it('breaks dependantWrong', () => expect(broken(r)).toEqual(['dependantWrong']));
});

describe('presets name the reference traces', () => {
  it('the second-trace preset is the after-acceptance setting', () => {
    expect(preset('second').switches).toEqual({ ...MAIN, change: 'after-acceptance' });
    expect(() => preset('nope')).toThrow(/Unknown preset/);
  });
});
