import { describe, expect, it } from 'vitest';
import { readingMinutes, wordCount, WORDS_PER_MINUTE } from '../../../src/lib/reading.ts';

describe('reading time', () => {
  it('counts the words a reader reads, not markup', () => {
    const mdx = [
      '---',
      'title: Not counted at all here',
      '---',
      "import Fig from '../x.astro';",
      '',
      '## A heading {#id}',
      '',
      'One two [three](/a/very/long/path/) <Fig k="main.calls" /> five.[^1]',
      '',
      '```ts',
      'const notCounted = 1;',
      '```',
      '<TableWrap label="x"><b>six</b></TableWrap>',
    ].join('\n');
    // A heading (2) + One two three <Fig> five (5) + six (1)
    expect(wordCount(mdx)).toBe(8);
  });

  it('rounds up to whole minutes, at least one', () => {
    expect(readingMinutes('word')).toBe(1);
    const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');
    expect(readingMinutes(words(WORDS_PER_MINUTE))).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE + 1))).toBe(2);
    expect(readingMinutes(words(WORDS_PER_MINUTE * 10))).toBe(10);
  });
});
