// The lost-acknowledgement sequence against the rules on /model/: the main trace (#rule-post-dies:
// #2 posts P1 at t10 and dies; #3, admitted at t13, resends at t14 and the feed returns P1), and
// the two keys that go wrong (#rule-feed: no key or a key per attempt → a new post, P2).
import { describe, expect, it } from 'vitest';
import { MAIN, simulate, type Switches } from '../../../src/model/index.ts';
import { ackSequence } from '../../../src/components/timeline/sequence.ts';

const seqOf = (change: Partial<Switches>) => ackSequence(simulate({ ...MAIN, ...change }))!;
const shape = (change: Partial<Switches>) =>
  seqOf(change).steps.map((s) => [s.tick, s.kind, s.from, s.to]);

describe('ackSequence', () => {
  it('main: intent, send, P1 applied, the reply lost as #2 dies, #3 finds the intent, resends, P1 again, confirmed', () => {
    const q = seqOf({});
    expect([q.poster, q.successor]).toEqual([2, 3]);
    expect(shape({})).toEqual([
      [10, 'intent', 'poster', 'records'],
      [10, 'send', 'poster', 'feed'],
      [10, 'apply', 'feed', 'feed'],
      [10, 'lost-reply', 'feed', 'poster'],
      [13, 'finds', 'records', 'successor'],
      [14, 'send', 'successor', 'feed'],
      [14, 'remembered', 'feed', 'feed'],
      [14, 'reply', 'feed', 'successor'],
      [14, 'confirm', 'successor', 'records'],
    ]);
    expect(q.steps.find((s) => s.kind === 'remembered')?.data.post).toBe('P1');
  });
  for (const key of ['none', 'per-attempt'] as const) {
    it(`key ${key}: the resend at t14 applies P2, a duplicate`, () => {
      const q = seqOf({ key });
      const applies = q.steps
        .filter((s) => s.kind === 'apply')
        .map((s) => [s.tick, s.data.post, s.data.duplicate, s.tone]);
      expect(applies).toEqual([
        [10, 'P1', false, 'neutral'],
        [14, 'P2', true, 'duplicate'],
      ]);
      expect(q.steps.filter((s) => s.kind === 'remembered')).toEqual([]);
    });
  }
  it('post does not die: one send, the reply arrives, the poster confirms; no successor', () => {
    const q = seqOf({ postDies: 'no' });
    expect(q.successor).toBeNull();
    expect(shape({ postDies: 'no' })).toEqual([
      [10, 'intent', 'poster', 'records'],
      [10, 'send', 'poster', 'feed'],
      [10, 'apply', 'feed', 'feed'],
      [10, 'reply', 'feed', 'poster'],
      [10, 'confirm', 'poster', 'records'],
    ]);
  });
});
