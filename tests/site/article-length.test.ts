// The article's prose stays at or under 4,000 words (about 16 minutes of
// reading). Prose is the text of the paragraphs, list items and headings inside
// <main>, outside figures, tables, notes, the Try-it panel, the contents and the
// list of sources. Counted from the built page, figures filled in.
import { describe, expect, it } from 'vitest';
import { drop, page, text } from './dist.ts';

export const ARTICLE_WORD_LIMIT = 4000;

/** The prose blocks of a page's <main>: innermost p, li and h1–h6, outside figures, tables and notes. */
export function articleProse(html: string): string[] {
  let main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? '';
  if (!main) throw new Error('the page has no <main>');
  for (const tag of ['script', 'style', 'svg', 'noscript', 'figure', 'table', 'nav', 'aside'])
    main = drop(main, tag);
  // Notes, the Try-it panel and the sources: each a <section> or <div> marked as such.
  main = main.replace(
    /<(section|div|p|ol)\b[^>]*(role="note"|class="[^"]*\b(notice|tryit|references)\b)[^>]*>/g,
    (_, tag) => `<${tag} data-skip>`,
  );
  for (const tag of ['section', 'div', 'ol', 'p']) {
    const re = new RegExp(`<${tag} data-skip>(?:(?!<${tag}\\b)[\\s\\S])*?</${tag}>`, 'g');
    let prev;
    do {
      prev = main;
      main = main.replace(re, ' ');
    } while (main !== prev);
  }
  const blocks: string[] = [];
  const re = /<(p|li|h[1-6])\b[^>]*>((?:(?!<(?:p|li|h[1-6])\b)[\s\S])*?)<\/\1>/g;
  for (const m of main.matchAll(re)) blocks.push(text(m[2] ?? ''));
  return blocks.filter((b) => b.length > 0);
}

export const words = (blocks: string[]) =>
  blocks.reduce((n, b) => n + (b.match(/[\p{L}\p{N}][\p{L}\p{N}’'.,:/#-]*/gu)?.length ?? 0), 0);

describe('the article’s length', () => {
  it(`has at most ${ARTICLE_WORD_LIMIT} words of prose`, () => {
    const blocks = articleProse(page('/article/'));
    const n = words(blocks);
    console.log(`article prose: ${n} words in ${blocks.length} blocks`);
    expect(blocks.length, 'the counter found the article’s paragraphs').toBeGreaterThan(40);
    expect(n).toBeLessThanOrEqual(ARTICLE_WORD_LIMIT);
  });
  it('the counter counts what it should: paragraphs yes, figures and tables no', () => {
    const html =
      '<main><h2>Two words</h2><p>three more words</p><ul><li>one</li></ul>' +
      '<figure><p>not this</p><figcaption>nor this</figcaption></figure>' +
      '<table><tr><td>no</td></tr></table><p class="notice" role="note">skip me</p></main>';
    expect(words(articleProse(html))).toBe(6);
  });
});
