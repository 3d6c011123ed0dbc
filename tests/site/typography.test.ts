// The long-form pages set prose with curly quotes and apostrophes (’ “ ”). This
// test reads the built article and companion and fails on any straight ' or "
// in the text of a prose element (p, li, dd, figcaption, h2–h4), leaving out
// code, maths and scripts; attributes are never text, so they are not read.
import { describe, expect, it } from 'vitest';
import { page } from './dist.ts';

const PROSE = new Set(['p', 'li', 'dd', 'figcaption', 'h2', 'h3', 'h4']);
const SKIP = new Set(['code', 'pre', 'kbd', 'samp', 'math', 'script', 'style', 'svg', 'template']);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

function decode(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** Every straight quote in the prose text of `html` (inside <main> if there is one), with some context. */
export function straightQuotes(html: string): string[] {
  const main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? html;
  const stack: { tag: string; skip: boolean }[] = [];
  const found: string[] = [];
  let prose = 0;
  let skip = 0;
  let recent = '';
  const TOKEN =
    /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)/g;
  for (const m of main.matchAll(TOKEN)) {
    const [, close, open, attrs = '', text] = m;
    if (open) {
      const tag = open.toLowerCase();
      if (VOID.has(tag) || /\/\s*$/.test(attrs)) continue;
      const isSkip = SKIP.has(tag) || /\bclass="[^"]*\bkatex\b/.test(attrs);
      stack.push({ tag, skip: isSkip });
      if (isSkip) skip++;
      if (PROSE.has(tag)) prose++;
    } else if (close) {
      const tag = close.toLowerCase();
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at === -1) continue;
      for (const e of stack.splice(at)) {
        if (e.skip) skip--;
        if (PROSE.has(e.tag)) prose--;
      }
    } else if (text) {
      const t = decode(text);
      if (prose > 0 && skip === 0) {
        for (const q of t.matchAll(/['"]/g)) {
          const i = q.index!;
          found.push(
            `${q[0]} in “…${(recent + t.slice(0, i)).slice(-40)}${q[0]}${t.slice(i + 1, i + 30)}…”`,
          );
        }
      }
      recent = (recent + t).slice(-40);
    }
  }
  return found;
}

describe('the scanner', () => {
  it('finds straight quotes in prose and nowhere else', () => {
    const html = [
      '<main>',
      '<p class="x" data-q="it\'s">It’s “fine” here, <code>don\'t "count"</code> this.</p>',
      '<p>Maths <span class="katex"><span>f\'(x)</span></span> is skipped.</p>',
      "<div>Outside prose: it's ignored.</div>",
      "<li>But this isn't.</li>",
      '<h3>Nor "this"</h3>',
      '<p>An entity &#39;too&#39;.</p>',
      '</main>',
    ].join('');
    const found = straightQuotes(html);
    expect(found).toHaveLength(5);
    expect(found[0]).toContain("isn'");
    expect(found.slice(1, 3).every((f) => f.startsWith('"'))).toBe(true);
    expect(found.slice(3).every((f) => f.startsWith("'"))).toBe(true);
  });
});

describe('long-form pages use curly quotes in prose', () => {
  for (const p of ['/companion/', '/article/']) {
    it(`${p} has no straight ' or " in its prose`, () => {
      expect(straightQuotes(page(p))).toEqual([]);
    });
  }
});
