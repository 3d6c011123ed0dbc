// The article says “With either looser newsletter rule, four: those in which the
// input changes after acceptance”, printing the any-accepted figure only. That
// holds only if the two looser rules break in exactly the same event combinations.
import { describe, expect, it } from 'vitest';
import { weakenOne } from '../../../src/model/index.ts';

describe('the two looser newsletter rules', () => {
  it('break in the same event combinations, each with the correction after acceptance', () => {
    const w = new Map(weakenOne().map((x) => [x.id, x]));
    const any = w.get('rule-any-accepted')?.breakingEvents ?? [];
    const latest = w.get('rule-latest-finished')?.breakingEvents;
    expect(any.length).toBeGreaterThan(0);
    expect(latest).toEqual(any);
    for (const e of any) expect(e.change).toBe('after-acceptance');
  });
});
