// The narrator words every event of every run, and the events carry what the
// sentences say: the rule that made them and the attempt they concern.
import { describe, expect, it } from 'vitest';
import { breachText, narrate } from '../../../src/lib/narrate.ts';
import { runAll, short, type TraceEvent } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const runs = runAll();

describe('narrator', () => {
  it('gives every event of all runs a sentence naming its actor and shortened hashes only', () => {
    for (const r of runs) {
      for (const e of r.events) {
        const s = narrate(e);
        expect(s, e.kind).toMatch(/^[A-Z#].*\.$/);
        if (e.actor.startsWith('#')) expect(s, e.kind).toContain(e.actor);
        expect(s, e.kind).not.toMatch(/[0-9a-f]{9,}/);
      }
    }
  });
  it('shows the hashes the event records, shortened', () => {
    const e = at(runs, 0, 'runs').events.find((x) => x.kind === 'candidate-accepted') as Extract<
      TraceEvent,
      { kind: 'candidate-accepted' }
    >;
    expect(narrate(e)).toContain(short(e.values.digest));
  });
  it('every kind of event comes from one rule', () => {
    const ruleOf = new Map<string, Set<string>>();
    for (const r of runs)
      for (const e of r.events)
        (ruleOf.get(e.kind) ?? ruleOf.set(e.kind, new Set()).get(e.kind)!).add(e.rule);
    for (const [kind, rules] of ruleOf)
      if (kind !== 'confirmed') expect([...rules], kind).toHaveLength(1);
  });
  it('words the feed’s rejection from its reason code (no run of the 864 has one)', () => {
    const e: TraceEvent = {
      tick: 9,
      lane: 'effect',
      actor: 'feed',
      kind: 'send-rejected',
      rule: 'feed',
      attempt: 2,
      values: { key: 'op-1', reason: 'different-request' },
    };
    expect(narrate(e)).toBe('The feed rejects #2’s send (key op-1): different request.');
  });
  it('words every breach', () => {
    for (const r of runs) for (const b of r.breaches) expect(breachText(b)).toMatch(/\.$/);
  });
});
