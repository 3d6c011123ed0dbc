// In .astro templates a line break right after an expression or a component
// (`…{n}⏎in all`, `<Fig …/>⏎at least`) is dropped by the compiler, so the
// figure runs into the next word: “864in all”, “fourat least”. This test reads
// every built HTML page and fails when an inline element that ends a word (a
// figure, a link, emphasis, code) is followed directly by a letter.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, htmlFiles } from './dist.ts';

const INLINE = 'span|a|em|strong|code|b|i|abbr|time|data|var';
/** `<tag …>text</tag>` with no nested markup; the text's last character and what follows the closing tag. */
const ELEMENT = new RegExp(`<(${INLINE})\\b([^>]*)>([^<]*)</\\1>(\\p{L})`, 'gu');

/** `word<tag …>word`: a word runs straight into an inline element that starts with a word. */
const BEFORE = new RegExp(`([\\p{L}\\p{N}])<(${INLINE})\\b([^>]*)>([\\p{L}\\p{N}])`, 'gu');

/** `…word</tag><tag …>word`: two inline elements back to back, the first word of one touching the last of the other. */
const BETWEEN = new RegExp(
  `([\\p{L}\\p{N}])</(${INLINE})><(${INLINE})\\b([^>]*)>([\\p{L}\\p{N}])`,
  'gu',
);

/**
 * Places in `html` where an inline element's last word runs straight into a letter, or a
 * word runs straight into an inline element ("fault set<a>names</a>"). An element that is
 * hidden, visually hidden (.sr-only) or KaTeX's is left out of the second kind.
 */
export function gluedWords(html: string): string[] {
  const body = html.replace(/<(script|style|svg|pre|template)\b[\s\S]*?<\/\1>/g, '');
  const found: string[] = [];
  for (const m of body.matchAll(BEFORE)) {
    const [, last = '', , attrs = '', first = ''] = m;
    if (/\bhidden\b|\bclass="[^"]*\b(sr-only|katex[\w-]*|tl-k)\b/.test(attrs)) continue;
    found.push(`${last}|${first}`);
  }
  // Text read without the page's CSS (search excerpts, a copy, a screen reader) runs the two
  // together: "yours to write</strong><span>the invocation" reads "yours to writethe invocation".
  for (const m of body.matchAll(BETWEEN)) {
    const [, last = '', , , attrs = '', first = ''] = m;
    if (/\bhidden\b|\bclass="[^"]*\b(sr-only|katex[\w-]*|tl-k)\b/.test(attrs)) continue;
    found.push(`${last}|${first}`);
  }
  for (const m of body.matchAll(ELEMENT)) {
    const [, tag, attrs = '', inner = '', next] = m;
    const figure = tag === 'span' && /\bclass="[^"]*\bfigure\b/.test(attrs);
    // The timeline legend's swatches (span.tl-k: “P1”, “#1 s1”) are keys set
    // beside their label by CSS, not words in a sentence; they are left out.
    if (/\bclass="[^"]*\btl-k\b/.test(attrs)) continue;
    // A figure never touches the next word; another inline element only when
    // its text ends in a digit (“864in”) — “<em>fence</em>s” style plurals stay allowed.
    if (figure ? /[\p{L}\p{N}]$/u.test(inner) : /\p{N}$/u.test(inner))
      found.push(`${inner}${next}`);
  }
  return found;
}

describe('no inline element runs into the next word', () => {
  it('finds a glued figure in a sample (the check can fail)', () => {
    expect(
      gluedWords('<p>needs <span class="figure" data-fig="x">four</span>at least</p>'),
    ).toEqual(['foura']);
    expect(gluedWords('<p>every combination, <a href="/x">864</a>in all</p>')).toEqual(['864i']);
    expect(gluedWords('<p>needs <span class="figure">four</span> at least</p>')).toEqual([]);
    expect(gluedWords('<p>the fault set<a href="/x">names</a> two</p>')).toEqual(['t|n']);
    expect(gluedWords('<td>t12<span class="detail">4.7 million</span></td>')).toEqual(['2|4']);
    expect(gluedWords('<p>the fault set <a href="/x">names</a> two</p>')).toEqual([]);
    expect(gluedWords('<p>t12<span class="sr-only">changed</span></p>')).toEqual([]);
    expect(gluedWords('<td><strong>yours</strong><span class="why">the id</span></td>')).toEqual([
      's|t',
    ]);
    expect(gluedWords('<td><strong>yours</strong> <span class="why">the id</span></td>')).toEqual(
      [],
    );
  });

  it('no built page has one', () => {
    const bad: string[] = [];
    for (const file of htmlFiles()) {
      for (const g of gluedWords(readFileSync(file, 'utf8')))
        bad.push(`${relative(DIST, file)}: “${g}”`);
    }
    expect(bad.slice(0, 20), `${bad.length} glued words`).toEqual([]);
  });
});
