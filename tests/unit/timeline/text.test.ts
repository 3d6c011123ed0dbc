// The timeline measures its labels with a table of DejaVu Sans' advance widths
// (src/components/timeline/text-metrics.json). Here the font files themselves are read again
// with fontkitten and the same strings measured glyph by glyph: the table must agree.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkitten';
import { describe, expect, it } from 'vitest';
import { textWidth } from '../../../src/components/timeline/text.ts';

const require = createRequire(import.meta.url);
const font = (name: string) =>
  create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`))) as Font;

const measure = (f: Font, text: string, px: number) =>
  (f.glyphsForString(text).reduce((s, g) => s + g.advanceWidth, 0) * px) / f.unitsPerEm;

describe('label widths come from the font', () => {
  const labels = [
    'superseded input accepted',
    '41 < 42: rejected',
    'fccbf744 · 4.7 million',
    'wakes, assembles',
    '↺s1',
    'P2 dup',
    '#3 ✓',
  ];
  it('regular, 12 px', () => {
    const f = font('DejaVuSans.ttf');
    for (const t of labels) expect(textWidth(t), t).toBeCloseTo(measure(f, t, 12), 6);
  });
  it('bold, 13 px (lane names)', () => {
    const f = font('DejaVuSans-Bold.ttf');
    for (const t of ['#3 settle v2', 'newsletter', 'candidates'])
      expect(textWidth(t, 13, 'bold'), t).toBeCloseTo(measure(f, t, 13), 6);
  });
  it('the 12 px advance of a digit is 1303/2048 em', () => {
    expect(textWidth('0')).toBeCloseTo((1303 * 12) / 2048, 9);
  });
});
