// The MDX pages build no URL by hand: a trace page, an explorer setting, a tick, a run's JSON or
// a fault page is linked through a component that takes it from src/lib/routes.ts. (ESLint holds
// the code files to the same line, `no-restricted-syntax` in eslint.config.js; it reads no MDX.)
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at } from '../../../src/model/lookup.ts';

const SRC = join(import.meta.dirname, '../../../src');
const mdx = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => join(SRC, f));

const HAND_BUILT: [string, RegExp][] = [
  ['a trace URL', /traces\/\$\{|['"`(]\/traces\/[a-z]/],
  ['an explorer query', /\/explorer\/(\?|\$\{|#)/],
  ['a tick anchor', /[`'"(]#t\d|[`'"]#t\$\{/],
  ['a run JSON URL', /\/data\/runs\//],
  ['a fault page or data URL', /['"`(]\/faults\/[a-z]|\/data\/faults\.json/],
];

describe('MDX pages', () => {
  it('exist', () => expect(mdx.length).toBeGreaterThan(0));
  it('the patterns catch what they are for', () => {
    expect(at(HAND_BUILT, 0, 'patterns')[1].test('[run](/traces/paused.fencing-on/)')).toBe(true);
    expect(at(HAND_BUILT, 1, 'patterns')[1].test('[try](/explorer/?fencing=off)')).toBe(true);
    expect(at(HAND_BUILT, 2, 'patterns')[1].test('[t8](#t8)')).toBe(true);
    expect(at(HAND_BUILT, 4, 'patterns')[1].test('[page](/faults/duplicate-effect/)')).toBe(true);
  });
  for (const f of mdx)
    it(`${relative(SRC, f)} builds no URL by hand`, () => {
      const text = readFileSync(f, 'utf8');
      const found = HAND_BUILT.flatMap(([what, re]) => {
        const m = re.exec(text);
        return m ? [`${what}: …${text.slice(Math.max(0, m.index - 30), m.index + 40)}…`] : [];
      });
      expect(found).toEqual([]);
    });
});
