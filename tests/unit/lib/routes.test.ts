// One route table and one vocabulary. That no file in src builds a trace, explorer, run-JSON,
// fault, rule or definition URL by hand, and that no code file outside the vocabulary spells a
// switch's, a value's or an invariant's words, is lint: `no-restricted-syntax` in
// eslint.config.js (MDX, which ESLint does not read: tests/unit/content/mdx-links.test.ts).
// Here: that those rules catch what they are for, and the vocabulary's own lines.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { INVARIANTS, VOCABULARY, valueWords } from '../../../src/lib/vocabulary.ts';
import {
  SLUG_WORD,
  SWITCH_IDS,
  SWITCH_VALUES,
  type SwitchId,
} from '../../../src/model/switches.ts';
import { at } from '../../../src/model/lookup.ts';

describe('the lint rules of the route table and the vocabulary', () => {
  const lint = async (filePath: string, code: string) => {
    const r = at(await new ESLint().lintText(code, { filePath }), 0, 'lint results');
    return r.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
  };
  const code = [
    'export const a = (slug: string) => `/traces/${slug}/`;',
    "export const b = '/traces/paused/';",
    'export const c = (q: string) => `/explorer/?${q}`;',
    'export const d = (t: number) => `#t${t}`;',
    "export const e = '/faults/';",
    "export const f = '#rule-assess';",
    "export const g = '/article/#records';",
    "export const h = '/data/runs/x.json';",
    `export const i = ${JSON.stringify(valueWords('silent', 'paused').label)};`,
    `export const j = ${JSON.stringify(at(INVARIANTS, 0, 'invariants').label)};`,
    "export const k = '/traces/';",
  ].join('\n');
  it('flag each hand-built URL and each word of the vocabulary in a component', async () => {
    expect(await lint('src/components/x.ts', code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  }, 60_000);
  it('leave the route table its URLs and the vocabulary its words', async () => {
    expect(await lint('src/lib/routes.ts', code)).toEqual([9, 10]);
    expect(await lint('src/lib/vocabulary.ts', code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  }, 60_000);
});

describe('vocabulary', () => {
  // The words of every switch, value and invariant that are long enough to be wording (not ids).
  const words = new Set<string>();
  for (const id of SWITCH_IDS) {
    words.add(VOCABULARY[id].label);
    words.add(VOCABULARY[id].meaning);
    for (const v of SWITCH_VALUES[id]) {
      const w = valueWords(id, v);
      for (const text of [w.label, w.phrase, w.not]) words.add(text);
    }
  }
  for (const inv of INVARIANTS) {
    words.add(inv.label);
    words.add(inv.meaning);
  }
  const wording = [...words].filter((w) => w.length >= 10 && w.includes(' '));

  it('has a slug word for every value: the permanent words of the published trace URLs', () => {
    // Typed here, not read from the model or the vocabulary: trace URLs are permanent
    // (published citations name them), so these words may never change, in either place.
    const PERMANENT: Record<SwitchId, Record<string, string>> = {
      silent: { paused: 'paused', crashed: 'crashed' },
      fencing: { on: 'fencing-on', off: 'fencing-off' },
      checkpoints: { 'per-step': 'per-step', 'end-only': 'end-only' },
      change: { outage: 'outage', never: 'never', 'after-acceptance': 'after-acceptance' },
      pins: { on: 'pins-on', off: 'pins-off' },
      rule: {
        'current-accepted': 'current-accepted',
        'any-accepted': 'any-accepted',
        'latest-finished': 'latest-finished',
      },
      postDies: { yes: 'post-dies', no: 'post-survives' },
      key: { 'per-operation': 'per-operation', 'per-attempt': 'per-attempt', none: 'no-key' },
    };
    expect([...SWITCH_IDS]).toEqual(Object.keys(PERMANENT));
    for (const id of SWITCH_IDS) {
      expect([...SWITCH_VALUES[id]], id).toEqual(Object.keys(PERMANENT[id]));
      for (const v of SWITCH_VALUES[id]) {
        expect(valueWords(id, v).slug, `${id}=${v}`).toBe(PERMANENT[id][v]);
        expect((SLUG_WORD[id] as Record<string, string>)[v], `${id}=${v}`).toBe(PERMANENT[id][v]);
      }
    }
    expect(wording.length).toBeGreaterThan(40);
  });
  it('gives each value of a switch its own code and label', () => {
    for (const id of SWITCH_IDS) {
      const vals = SWITCH_VALUES[id].map((v) => valueWords(id, v));
      expect(new Set(vals.map((v) => v.code)).size).toBe(vals.length);
      expect(new Set(vals.map((v) => v.label)).size).toBe(vals.length);
    }
  });
});
