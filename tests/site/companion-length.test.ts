// The companion is a reference, not a second article: at most 7,000 words of prose, and no
// paragraph printed twice.
//
// Prose, here: the text of every paragraph (<p>), list item (<li>) and definition (<dd>) inside
// <main>, figures filled in, leaving out what is not running text: tables, figures (the traces,
// the diagrams and their captions), equations (KaTeX output and its MathML), code listings
// (<pre>), scripts, styles, drawings (<svg>), the contents (<nav>), asides, notes, a run's outcome
// panel (<dl class="outcome">: its values, not sentences) and the list of sources. Headings are not
// counted. A paragraph printed twice is one of at least 15 words whose text occurs again. A word is a run of letters or digits, with the joiners a
// figure or an identifier carries (4.1, t12, s2’s, digest/q3-report).
import { describe, expect, it } from 'vitest';
import { drop, page, text } from './dist.ts';

export const COMPANION_WORD_LIMIT = 7000;

/** Remove every element whose opening tag matches `open` (tag name in group 1), with all it holds. */
function dropMarked(html: string, open: RegExp): string {
  let out = '';
  let at = 0;
  for (const m of html.matchAll(open)) {
    if (m.index < at) continue; // inside an element already removed
    const tag = m[1];
    const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'g');
    tags.lastIndex = m.index + m[0].length;
    let depth = 1;
    let end = html.length;
    for (let t = tags.exec(html); t; t = tags.exec(html)) {
      depth += t[1] ? -1 : 1;
      if (depth === 0) {
        end = t.index + t[0].length;
        break;
      }
    }
    out += html.slice(at, m.index) + ' ';
    at = end;
  }
  return out + html.slice(at);
}

/** The prose blocks of a page's <main>, as defined at the top of this file. */
export function proseBlocks(html: string): string[] {
  let main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? '';
  if (!main) throw new Error('the page has no <main>');
  for (const tag of [
    'script',
    'style',
    'svg',
    'math',
    'noscript',
    'figure',
    'table',
    'pre',
    'nav',
    'aside',
  ])
    main = drop(main, tag);
  // Equations (KaTeX's HTML beside the MathML dropped above), notes and the sources.
  main = dropMarked(
    main,
    /<(section|div|p|ol|span|dl)\b[^>]*(?:role="note"|class="(?:[^"]*\s)?(?:katex|katex-display|equation|notice|references|outcome)(?:\s[^"]*)?")[^>]*>/g,
  );
  const blocks: string[] = [];
  const re = /<(p|li|dd)\b[^>]*>((?:(?!<(?:p|li|dd)\b)[\s\S])*?)<\/\1>/g;
  for (const m of main.matchAll(re)) blocks.push(text(m[2] ?? ''));
  return blocks.filter((b) => b.length > 0);
}

export const wordCount = (blocks: string[]) =>
  blocks.reduce((n, b) => n + (b.match(/[\p{L}\p{N}][\p{L}\p{N}’'.,:/#-]*/gu)?.length ?? 0), 0);

describe('the companion as a reference', () => {
  const blocks = proseBlocks(page('/companion/'));
  it(`has at most ${COMPANION_WORD_LIMIT} words of prose`, () => {
    const n = wordCount(blocks);
    console.log(`companion prose: ${n} words in ${blocks.length} blocks`);
    expect(blocks.length, 'the counter found the companion’s paragraphs').toBeGreaterThan(60);
    expect(n).toBeLessThanOrEqual(COMPANION_WORD_LIMIT);
  });
  it('prints no paragraph twice', () => {
    const seen = new Map<string, number>();
    for (const b of blocks) if (b.split(' ').length >= 15) seen.set(b, (seen.get(b) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([b]) => b)).toEqual([]);
  });
  it('the counter counts what it should: paragraphs, items and definitions, not tables, figures, equations or code', () => {
    const html =
      '<main><h2>Not headings</h2><p>three more words</p><ul><li>one</li></ul><dl><dt>term</dt><dd>two words</dd></dl>' +
      '<figure><p>not this</p><figcaption>nor this</figcaption></figure>' +
      '<div class="equation"><p>x equals y</p></div><p>and <span class="katex"><span>x</span></span> here</p>' +
      '<pre><code>no code</code></pre><table><tr><td>no</td></tr></table>' +
      '<dl class="outcome"><div><dt>Calls</dt><dd>six in all</dd></div></dl>' +
      '<p class="notice" role="note">skip me</p></main>';
    expect(wordCount(proseBlocks(html))).toBe(8);
  });
});
