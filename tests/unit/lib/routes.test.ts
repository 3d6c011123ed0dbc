// One route table and one vocabulary: no file in src builds a trace, explorer,
// run-JSON, rule or definition URL by hand, and no code file outside the
// vocabulary spells a switch's, a value's or an invariant's words.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INVARIANTS, VOCABULARY } from '../../../src/lib/vocabulary.ts';
import { SLUG_WORD, SWITCH_IDS, SWITCH_VALUES } from '../../../src/model/switches.ts';

const SRC = fileURLToPath(new URL('../../../src/', import.meta.url));

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Source without comments: what the code says, not what its notes describe. */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '');
}

const files = walk(SRC).filter(
  (f) => /\.(ts|tsx|astro|mjs|mdx)$/.test(f) && !/\.test\.ts$/.test(f),
);
const rel = (f: string) => relative(SRC, f);

/** Patterns of a URL built by hand (the last two only in code: prose may link to its own page's anchors). */
const HAND_BUILT: [string, RegExp, boolean?][] = [
  ['a trace URL', /traces\/\$\{|['"`]\/traces\/[a-z]/],
  ['an explorer query', /\/explorer\/(\?|\$\{|#)/],
  ['a tick anchor', /[`'"]#t\$\{|['"]#t['"]\s*\+/],
  ['a run JSON URL', /\/data\/runs\//],
  ['a fault page or data URL', /['"`]\/faults\/|\/faults\/\$\{|\/data\/faults\.json/],
  ['a rule or definition anchor', /#(rule|def)-/, true],
  ['a section link', /\/(article|companion|model)\/#/, true],
];

describe('routes', () => {
  it('finds the files it scans (the scan itself works)', () => {
    expect(files.some((f) => rel(f) === 'lib/routes.ts')).toBe(true);
    expect(files.length).toBeGreaterThan(50);
    // The patterns catch what they are for.
    expect(HAND_BUILT[0][1].test('href(`/traces/${slug}/`)')).toBe(true);
    expect(HAND_BUILT[1][1].test('`/explorer/?${q}`')).toBe(true);
    expect(HAND_BUILT[2][1].test('href={`#t${tick}`}')).toBe(true);
    expect(HAND_BUILT[4][1].test("const FAULTS_PAGE = '/faults/';")).toBe(true);
    expect(HAND_BUILT[4][1].test('`${base}/faults/${slug}/`')).toBe(true);
    expect(HAND_BUILT[4][1].test("href('/data/faults.json')")).toBe(true);
  });
  for (const f of files) {
    if (rel(f) === 'lib/routes.ts') continue;
    it(`${rel(f)} builds no URL by hand`, () => {
      const text = code(readFileSync(f, 'utf8'));
      for (const [what, re, codeOnly] of HAND_BUILT) {
        if (codeOnly && f.endsWith('.mdx')) continue;
        const m = re.exec(text);
        expect(
          m ? `${what}: …${text.slice(Math.max(0, m.index - 40), m.index + 40)}…` : null,
          `${rel(f)} builds ${what}`,
        ).toBeNull();
      }
    });
  }
});

describe('vocabulary', () => {
  // The words of every switch, value and invariant that are long enough to be wording (not ids).
  const words = new Set<string>();
  for (const id of SWITCH_IDS) {
    words.add(VOCABULARY[id].label);
    words.add(VOCABULARY[id].meaning);
    for (const v of SWITCH_VALUES[id]) {
      const w = VOCABULARY[id].values[v];
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
    // (the project's specification says so), so these words may never change, in either place.
    const PERMANENT: Record<string, Record<string, string>> = {
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
        expect(VOCABULARY[id].values[v].slug, `${id}=${v}`).toBe(PERMANENT[id][v]);
        expect((SLUG_WORD[id] as Record<string, string>)[v], `${id}=${v}`).toBe(PERMANENT[id][v]);
      }
    }
    expect(wording.length).toBeGreaterThan(40);
  });
  it('gives each value of a switch its own code and label', () => {
    for (const id of SWITCH_IDS) {
      const vals = SWITCH_VALUES[id].map((v) => VOCABULARY[id].values[v]);
      expect(new Set(vals.map((v) => v.code)).size).toBe(vals.length);
      expect(new Set(vals.map((v) => v.label)).size).toBe(vals.length);
    }
  });
  const codeFiles = files.filter((f) => !f.endsWith('.mdx') && rel(f) !== 'lib/vocabulary.ts');
  for (const f of codeFiles) {
    it(`${rel(f)} spells no switch or invariant wording of its own`, () => {
      const text = code(readFileSync(f, 'utf8'));
      const found = wording.filter(
        (w) =>
          text.includes(`'${w}'`) ||
          text.includes(`"${w}"`) ||
          text.includes(`\`${w}`) ||
          text.includes(`>${w}<`),
      );
      expect(found, rel(f)).toEqual([]);
    });
  }
});
