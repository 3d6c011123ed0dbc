/**
 * How wide a label is, measured: the sum of its characters' advance widths in DejaVu Sans,
 * read from the font files by scripts/timeline-metrics.mjs into text-metrics.json. The
 * figures are set in the reader's system-ui face; DejaVu Sans is the widest face that stack
 * falls back to (and the one the screenshots and browser tests render), so a box laid out
 * with these widths holds the label in any narrower face. A character the table lacks counts
 * as wide as the widest one it has.
 */
import metrics from './text-metrics.json' with { type: 'json' };

export type Weight = 'regular' | 'bold';

interface Face {
  unitsPerEm: number;
  advances: Record<string, number>;
}

const faces: Record<Weight, Face> = metrics;
const widest = (f: Face) => Math.max(...Object.values(f.advances));
const fallback: Record<Weight, number> = {
  regular: widest(faces.regular),
  bold: widest(faces.bold),
};

/** The width in px of `text` set at `px` pixels in the given weight. */
export function textWidth(text: string, px = 12, weight: Weight = 'regular'): number {
  const f = faces[weight];
  let units = 0;
  for (const ch of text) units += f.advances[ch] ?? fallback[weight];
  return (units * px) / f.unitsPerEm;
}

/** A label's ink box around its baseline: DejaVu Sans rises 0.76 em (cap height) and falls 0.24 em. */
export const ASCENT = 0.76;
export const DESCENT = 0.24;
