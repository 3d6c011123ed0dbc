// No number about a run may be typed into the long-form pages by hand: every
// figure goes through <Fig k="…"> (src/lib/figures.ts), which the build fills
// in from the model. This test reads the MDX sources, removes everything that
// is not prose (front matter, imports, code, maths, JSX tags, quotations) and
// fails on any digit left that is not on a short list of non-run numbers.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at } from '../../../src/model/lookup.ts';

const DIR = join(import.meta.dirname, '../../../src/content/pages');

/** Numbers that are not about a run: years, names that contain digits, facts from sources. */
const ALLOWED: RegExp[] = [
  /\b(19[6-9]\d|20[0-4]\d)\b/g, // years
  /\bSHA-256\b/g,
  /\bEra 3\b/g,
  /\b[sv][1-4]\b/g, // section and version names
  /\b24 hours\b/g, // Stripe's key retention (a source's fact)
  /\b14 days\b/g, // Step Functions' redrive window (a source's fact)
  /\bOpus \d(\.\d)?\b/g,
];

export function proseDigits(source: string): { line: number; text: string }[] {
  let s = source.replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, ' '));
  const blank = (re: RegExp) => {
    s = s.replace(re, (m) => m.replace(/[^\n]/g, ' '));
  };
  blank(/^(import|export)\s[\s\S]*?(;|\n\n)/gm);
  blank(/```[\s\S]*?```/g);
  blank(/`[^`\n]*`/g);
  blank(/\$\$[\s\S]*?\$\$/g);
  blank(/\$[^$\n]+\$/g);
  blank(/<!--[\s\S]*?-->/g);
  blank(/\{\/\*[\s\S]*?\*\/\}/g);
  blank(/<[A-Za-z][^<>]*?\/?>|<\/[A-Za-z][^<>]*>/g); // JSX / HTML tags with their attributes
  blank(/\{[^{}\n]*\}/g); // JSX expressions
  blank(/“[^”]{0,600}”/g); // quotations
  blank(/^#{1,6}\s+\d+\.\s/gm); // numbered section headings ("## 7. Leases …")
  blank(/^\s*\d+\.\s/gm); // ordered-list markers
  blank(/\[\^?\d+\]/g); // footnote markers
  for (const re of ALLOWED) blank(re);
  const out: { line: number; text: string }[] = [];
  s.split('\n').forEach((l, i) => {
    if (/\d/.test(l))
      out.push({ line: i + 1, text: at(source.split('\n'), i, 'lines').trim().slice(0, 160) });
  });
  return out;
}

describe('long-form pages type no run figures by hand', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.mdx'));
  it('finds the pages', () => expect(files.length).toBeGreaterThan(0));
  for (const f of files) {
    it(`${f} has no bare digits in prose`, () => {
      expect(proseDigits(readFileSync(join(DIR, f), 'utf8'))).toEqual([]);
    });
  }
  it('the scanner catches a hand-typed figure and spares the allowed forms', () => {
    const sample = [
      '---\ntitle: x\n---',
      "import Fig from '../x';",
      'In 1984 they wrote <Fig k="main.calls" /> of s2 at SHA-256.',
      'The run made 6 model calls.',
      '“a quoted 42”',
      '## 7. Leases',
      '1. first item',
    ].join('\n');
    expect(proseDigits(sample).map((x) => x.text)).toEqual(['The run made 6 model calls.']);
  });
});
