// The sends record (every send to the feed and its answer) agrees with the feed's own
// posts and with the run's counts, over all 864 runs, and with the main trace as the rules page (/model/) tells it.
import { describe, expect, it } from 'vitest';
import { MAIN, runAll, short, simulate } from './helpers.ts';
import { at } from '../../../src/model/lookup.ts';

describe('sends', () => {
  it('every applied send is one of the feed’s posts, in order, and nothing else is', () => {
    for (const r of runAll()) {
      const applied = r.sends.filter((s) => s.receipt === 'applied');
      expect(applied.map((s) => s.post)).toEqual(r.feedPosts.map((p) => p.id));
      expect(applied.map((s) => s.tick)).toEqual(r.feedPosts.map((p) => p.tick));
      expect(r.sends.filter((s) => s.duplicate).length).toBe(r.duplicatePosts);
      for (const s of r.sends) expect(r.intents[s.intent]).toBeDefined();
    }
  });
  it('a duplicate is a new post announcing a digest the feed had already posted', () => {
    for (const r of runAll()) {
      for (const s of r.sends) {
        const post = r.feedPosts.find((p) => p.id === s.post);
        const earlier = r.feedPosts.filter((p) => post && p.tick <= post.tick && p.id !== post.id);
        const expected = s.receipt === 'applied' && earlier.some((p) => p.digest === post!.digest);
        expect(s.duplicate).toBe(expected);
      }
    }
  });
  it('main trace: #2 sends at t10 and P1 is applied; #3 resends at t14 and gets P1 back', () => {
    const r = simulate(MAIN);
    const key = `announce:digest/q3-report:${short(at(r.intents, 0, 'intents').digest)}`;
    expect(r.sends).toEqual([
      { tick: 10, attempt: 2, intent: 0, key, receipt: 'applied', post: 'P1', duplicate: false },
      { tick: 14, attempt: 3, intent: 0, key, receipt: 'remembered', post: 'P1', duplicate: false },
    ]);
  });
  it('no key: #3’s resend at t14 applies P2, a duplicate', () => {
    const r = simulate({ ...MAIN, key: 'none' });
    expect(r.sends.map((s) => [s.tick, s.attempt, s.receipt, s.post, s.duplicate])).toEqual([
      [10, 2, 'applied', 'P1', false],
      [14, 3, 'applied', 'P2', true],
    ]);
  });
});
