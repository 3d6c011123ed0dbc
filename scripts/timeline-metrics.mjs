// Writes src/components/timeline/text-metrics.json: the advance width of every character the
// timeline's labels use, read from the font files of DejaVu Sans (regular and bold) with
// fontkitten. The site sets its figures in the reader's system-ui face; DejaVu Sans is the
// widest face that stack falls back to (Linux's default sans, and what the screenshots and the
// browser tests render), so a label laid out with these widths fits in every narrower face.
// Kerning is left out: it only ever brings letters closer in DejaVu Sans' Latin pairs.
//   node scripts/timeline-metrics.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkitten';

const require = createRequire(import.meta.url);
/** @param {string} name */
const ttf = (name) => require.resolve(`dejavu-fonts-ttf/ttf/${name}`);

/** Printable ASCII and the symbols the timeline draws (labels, glyphs, lane names). */
export const CHARS =
  Array.from({ length: 95 }, (_, i) => String.fromCodePoint(32 + i)).join('') +
  '·↺↻✓✕→←↓↑‖×…–—’‘“”▶▲⊣≥≤<>';

/** @param {string} file */
function advances(file) {
  const font = create(readFileSync(file));
  // A .ttf holds one font; a collection (.ttc) would need a name.
  if (!('glyphForCodePoint' in font)) throw new Error(`${file} is a font collection`);
  /** @type {Record<string, number>} */
  const out = {};
  for (const ch of CHARS) out[ch] = font.glyphForCodePoint(ch.codePointAt(0) ?? 0).advanceWidth;
  return { unitsPerEm: font.unitsPerEm, advances: out };
}

export function metrics() {
  return {
    font: 'DejaVu Sans 2.37 (npm dejavu-fonts-ttf), advance widths in font units',
    regular: advances(ttf('DejaVuSans.ttf')),
    bold: advances(ttf('DejaVuSans-Bold.ttf')),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = new URL('../src/components/timeline/text-metrics.json', import.meta.url);
  writeFileSync(out, `${JSON.stringify(metrics(), null, 2)}\n`);
  console.log(`wrote ${out.pathname}`);
}
