// A count in running prose must read as English: “no stale writes”, “none of
// them”, “one step” — never the digit 0 followed by a word (“0 such runs”,
// “restores 0 steps”, “of which 0 break any”). This scans the text of every
// paragraph, list item, caption, definition and table cell of the two
// long-form pages as built, figures filled in.
import { describe, expect, it } from 'vitest';
import { page, text } from './dist.ts';

const PAGES = ['/article/', '/companion/'];
const BLOCKS = ['p', 'li', 'figcaption', 'dd', 'td'];

/**
 * Text of every p, li, figcaption, dd and td element inside <main> (nested ones
 * included twice; harmless). Numeric table cells (`td.num`, e.g. “0 of 144” in a
 * column of counts) are figures in a grid, not running prose, and are skipped.
 */
export function proseBlocks(html: string): string[] {
  const main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? html;
  const body = main.replace(/<(script|style|svg|math)\b[\s\S]*?<\/\1>/g, ' ');
  const out: string[] = [];
  for (const tag of BLOCKS) {
    for (const m of body.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))) {
      if (tag === 'td' && /class="[^"]*\bnum\b/.test(m[1] ?? '')) continue;
      out.push(text(m[2] ?? ''));
    }
  }
  return out;
}

/** “0” standing alone (not t0, 10, 0.5 or part of a hash) followed by a word. */
const ZERO_WORD = /(?<![\w.,#–-])0\s+[A-Za-z][A-Za-z’'-]*/g;

export function zeroCounts(blocks: string[]): string[] {
  const hits: string[] = [];
  for (const b of blocks)
    for (const m of b.matchAll(ZERO_WORD))
      hits.push(`…${b.slice(Math.max(0, m.index - 40), m.index + 30)}…`);
  return hits;
}

describe('no count in running prose renders as the digit 0', () => {
  it('the scanner finds the defect and spares what is not a count', () => {
    const html = [
      '<main><p>It restores 0 steps and redoes all of them.</p>',
      '<li>(0 such runs)</li><td>of which 0 break any</td>',
      '<p>At t0 it starts; 10 runs; a mean of 0.5 calls; hash <code>0a1b2c3d</code>; no steps restored.</p>',
      '<td>0</td><dd>0–3 calls</dd><td class="num">0 of 144</td></main>',
    ].join('');
    expect(zeroCounts(proseBlocks(html)).length).toBe(3);
  });
  for (const p of PAGES) {
    it(`${p}: every zero count is written in words`, () => {
      const blocks = proseBlocks(page(p));
      expect(blocks.length, `${p} has prose blocks`).toBeGreaterThan(20);
      expect(zeroCounts(blocks)).toEqual([]);
    });
  }
});
