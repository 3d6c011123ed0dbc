/**
 * Social preview images (Open Graph, 1200×630), one per page template, drawn at
 * build time from the site's own data: the template's title and line, and a
 * strip of the main trace — one column per tick, one square per event, coloured
 * by lane — computed by the model. Rendered from SVG to PNG by sharp (already
 * installed with Astro); no service, no request. src/pages/social/[template].png.ts
 * serves them; Base.astro's `image` prop names one.
 */
import type { Run } from '../model/index.ts';
import { formatTick } from './format.ts';

export interface SocialCard {
  template: string;
  kicker: string;
  title: string;
  line: string;
}

const LANE_COLOUR: Record<string, string> = {
  attempt: '#2f5597',
  journal: '#6b3fb8',
  input: '#0b7a6a',
  artifact: '#9a6700',
  effect: '#b42318',
  dependant: '#116329',
};

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Greedy line breaking by character count (the card's face is known, its widths are not measured). */
export function wrap(text: string, max: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines - 1);
    kept.push((lines[maxLines - 1] ?? '').replace(/\s*\S*$/, '') + ' …');
    return kept;
  }
  return lines;
}

export function socialSvg(card: SocialCard, run: Run): string {
  const W = 1200;
  const H = 630;
  const title = wrap(card.title, 30, 3);
  const line = wrap(card.line, 62, 2);
  const ticks = run.lastTick + 1;
  const stripX = 80;
  const stripW = W - 160;
  const col = stripW / ticks;
  const size = Math.min(18, col - 6);
  const perTick = new Map<number, string[]>();
  for (const e of run.events) perTick.set(e.tick, [...(perTick.get(e.tick) ?? []), e.lane]);
  const squares: string[] = [];
  for (const [t, lanes] of perTick) {
    lanes.slice(0, 6).forEach((lane, i) => {
      const x = stripX + t * col + (col - size) / 2;
      const y = 560 - i * (size + 4);
      squares.push(
        `<rect x="${x.toFixed(1)}" y="${y}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" rx="3" fill="${LANE_COLOUR[lane] ?? '#57606a'}"/>`,
      );
    });
  }
  const ticksText = Array.from({ length: ticks }, (_, t) =>
    t % 2 === 0
      ? `<text x="${(stripX + t * col + col / 2).toFixed(1)}" y="600" font-size="15" fill="#585d64" text-anchor="middle">${formatTick(t)}</text>`
      : '',
  ).join('');
  const titleSvg = title
    .map((l, i) => `<tspan x="80" y="${205 + i * 66}">${esc(l)}</tspan>`)
    .join('');
  const lineY = 205 + title.length * 66 + 10;
  const lineSvg = line
    .map((l, i) => `<tspan x="80" y="${lineY + i * 36}">${esc(l)}</tspan>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<rect width="${W}" height="${H}" fill="#fffefb"/>
<rect x="0" y="0" width="${W}" height="10" fill="#9c3b12"/>
<g transform="translate(80 62)"><rect width="44" height="44" rx="10" fill="#0b55b5"/><path d="M11 13h12M11 22h12M11 31h7M26.5 28.5l4 4 7.5-9.5" fill="none" stroke="#fffefb" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></g>
<text x="140" y="93" font-family="DejaVu Serif, Charter, Georgia, serif" font-size="26" font-weight="bold" fill="#1d1f23">Work That Outlives Its Worker</text>
<text x="80" y="142" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="20" font-weight="bold" letter-spacing="2" fill="#9c3b12">${esc(card.kicker.toUpperCase())}</text>
<text font-family="DejaVu Serif, Charter, Georgia, serif" font-size="54" font-weight="bold" fill="#1d1f23">${titleSvg}</text>
<text font-family="DejaVu Serif, Charter, Georgia, serif" font-size="26" font-style="italic" fill="#585d64">${lineSvg}</text>
<g font-family="DejaVu Sans, Helvetica, Arial, sans-serif">${squares.join('')}${ticksText}</g>
<line x1="${stripX}" y1="${582}" x2="${stripX + stripW}" y2="582" stroke="#8c8f94" stroke-width="1.5"/>
</svg>`;
}
