// An event row names its rule by ruleShort (src/lib/vocabulary.ts): the rule's id in words
// unless named otherwise. Every rule with a section on /model/ gets a distinct, non-empty
// name, and the names the trace tables have always shown stay as they were.
import { describe, expect, it } from 'vitest';
import { ruleShort } from '../../../src/lib/vocabulary.ts';
import { RULE_WORDS } from '../../../src/lib/rule-words.ts';
import type { RuleSection } from '../../../src/lib/routes.ts';

const rules = Object.keys(RULE_WORDS) as RuleSection[];

describe('ruleShort', () => {
  it('names every rule, each differently', () => {
    expect(rules.length).toBeGreaterThan(30);
    const names = rules.map(ruleShort);
    for (const [i, n] of names.entries()) expect(n, rules[i]).toMatch(/^[a-z][a-z :]*[a-z]$/);
    expect(new Set(names).size).toBe(names.length);
  });
  it('reads the id in words, with the newsletter’s and the key retention’s own names', () => {
    expect(
      ['post-dies', 'duplicate-effect', 'fault-restart', 'fault-silence', 'assess'].map((r) =>
        ruleShort(r as RuleSection),
      ),
    ).toEqual(['post dies', 'duplicate effect', 'fault: restart', 'fault: silence', 'assess']);
    expect(ruleShort('dependant')).toBe('newsletter');
    expect(ruleShort('fault-retention')).toBe('fault: key retention');
  });
});
