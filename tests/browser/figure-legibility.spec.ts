// Every figure on the reading pages and on two trace pages reads as drawn (CONTRIBUTING.md,
// "Figure grammar" 3 and 4), measured in the browser in both projects, desktop and phone (the
// dark scheme draws the same geometry in other colours: tests/site/dark-theme.test.ts):
//   - no label renders under 12 px: its computed font size times the scale of its SVG's
//     screen transform (so a drawing scaled down to fit fails even when its CSS says 12 px);
//   - no two labels of one drawing overlap, a chip's label stays inside its chip, and every
//     label inside its drawing;
//   - no label is crossed by a line or mark from another group: a shape that is painted after
//     the label over its box, or painted before it when the label has no halo (paint-order: stroke);
//   - on the phone no figure of a reading page scrolls inside itself (a code listing's <pre>
//     excepted, and the run timeline's phone drawing with its cue). That the page itself does not scroll sideways is pages.spec.ts's, for every page.
// Hidden variants (display: none, e.g. the strips for the other width) are skipped: what is
// measured is what the reader sees.
import { test, expect } from './fixtures.ts';

const MAIN = 'paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation';
const FENCING_OFF =
  'paused.fencing-off.per-step.outage.pins-on.current-accepted.post-dies.per-operation';
const READING = ['', 'article/', 'companion/', 'faults/duplicate-effect/'];
const TRACES = [`traces/${MAIN}/`, `traces/${FENCING_OFF}/`];
const MIN_PX = 12;

interface Finding {
  small: string[];
  /** A chip's label (a write, a post, a restore) that runs out of its chip. */
  outside: string[];
  overlaps: string[];
  crossed: string[];
  figures: number;
  labels: number;
}

/** Runs in the page: the findings over every visible figure in <main>. */
function measure([minPx, which]: [number, string]): Finding {
  const out: Finding = { small: [], outside: [], overlaps: [], crossed: [], figures: 0, labels: 0 };
  const visible = (el: Element) => {
    if (el.closest('defs, pattern, title, [hidden]')) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const name = (el: Element) => {
    const fig = el.closest('figure');
    const where = fig?.getAttribute('data-timeline') ?? fig?.id ?? fig?.className ?? '';
    return `“${(el.textContent ?? '').trim().slice(0, 30)}” in ${String(where).slice(0, 40)}`;
  };
  const BACKGROUND = /\b(tl-grid|tl-sep|tl-hl|tl-dim|tl-sel|tl-hit|tl-diff)\b/;
  const groupOf = (el: Element) =>
    el.closest('g.tl-p, g.tl-s, g[data-mark], a') ?? el.parentElement ?? el;
  const hasHalo = (el: Element) => {
    const cs = getComputedStyle(el);
    return (
      cs.paintOrder.startsWith('stroke') && cs.stroke !== 'none' && parseFloat(cs.strokeWidth) >= 2
    );
  };
  const inter = (a: DOMRect, b: DOMRect, pad: number) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > pad &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > pad;
  const shrink = (r: DOMRect, d: number) =>
    new DOMRect(r.x + d, r.y + d, Math.max(0, r.width - 2 * d), Math.max(0, r.height - 2 * d));

  const figures = [...document.querySelectorAll(which)].filter(visible);
  out.figures = figures.length;
  for (const fig of figures) {
    // HTML labels of the figure (legend keys, readout), its caption excepted: at least 12 px.
    for (const el of fig.querySelectorAll('li, span, p, summary')) {
      if (el.closest('figcaption') || !visible(el) || !el.textContent?.trim()) continue;
      const px = parseFloat(getComputedStyle(el).fontSize);
      if (px < minPx - 0.01) out.small.push(`${name(el)}: ${px.toFixed(1)} px`);
    }
    for (const svg of fig.querySelectorAll('svg')) {
      if (!visible(svg)) continue;
      const texts = [...svg.querySelectorAll('text')].filter(
        (t) => t.textContent?.trim() && visible(t),
      );
      out.labels += texts.length;
      // Each label with its box, measured once.
      const labels = texts.map((t) => ({ t, b: t.getBoundingClientRect() }));
      labels.forEach(({ t, b }, i) => {
        const m = t.getScreenCTM();
        const scale = m ? Math.hypot(m.a, m.b) : 1;
        const px = parseFloat(getComputedStyle(t).fontSize) * scale;
        if (px < minPx - 0.01) out.small.push(`${name(t)}: ${px.toFixed(1)} px`);
        for (const other of labels.slice(i + 1)) {
          if (inter(b, other.b, 1.5)) out.overlaps.push(`${name(t)} overlaps ${name(other.t)}`);
        }
      });
      // Every label inside its drawing (the SVG is drawn 1:1, so its box is the drawing's); the
      // article's point figures (the timeline's labels may run past its plot into the gutter).
      const frame = svg.getBoundingClientRect();
      if (!fig.matches('[data-timeline]'))
        labels.forEach(({ t, b }) => {
          if (
            b.left < frame.left - 0.5 ||
            b.right > frame.right + 0.5 ||
            b.top < frame.top - 0.5 ||
            b.bottom > frame.bottom + 0.5
          )
            out.outside.push(`${name(t)}: outside its ${Math.round(frame.width)} px drawing`);
        });
      // A chip's label stays inside its chip ("P2 dup" ran out of its box).
      for (const g of svg.querySelectorAll('g.tl-p')) {
        const rect = g.querySelector(':scope > rect');
        const label = g.querySelector(':scope > rect ~ text');
        if (!rect || !label || !visible(label)) continue;
        const r = rect.getBoundingClientRect();
        const t = label.getBoundingClientRect();
        if (t.left < r.left - 0.5 || t.right > r.right + 0.5)
          out.outside.push(
            `${name(label)}: ${t.width.toFixed(1)} px in a ${r.width.toFixed(1)} px chip`,
          );
      }
      const shapes = [
        ...svg.querySelectorAll('path, rect, circle, line, polyline, polygon, ellipse'),
      ].filter((s) => !BACKGROUND.test(s.getAttribute('class') ?? '') && visible(s));
      labels.forEach(({ t, b }) => {
        const box = shrink(b, 1.5);
        const own = groupOf(t);
        const halo = hasHalo(t);
        for (const s of shapes) {
          if (own.contains(s)) continue;
          if (!inter(box, s.getBoundingClientRect(), 0.5)) continue;
          const after = !!(t.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
          if (after || !halo)
            out.crossed.push(
              `${name(t)} crossed by ${s.tagName}.${s.getAttribute('class') ?? ''}${after ? ' (drawn over it)' : ' (no halo)'}`,
            );
        }
      });
    }
  }
  return out;
}

/** The timeline figures (this area's) and every other figure (the article's, the sequence diagrams), tested apart. */
const KINDS = [
  ['timeline', 'main figure[data-timeline]'],
  ['other figures', 'main figure:not([data-timeline])'],
] as const;

/** Runs in the page: the figures that scroll sideways inside themselves (a code listing's <pre> excepted). */
function sideways() {
  const out: string[] = [];
  for (const fig of document.querySelectorAll('main figure')) {
    for (const el of [fig, ...fig.querySelectorAll('*')]) {
      // A code listing scrolls in its own box, as a line of code cannot be redrawn for the column.
      if (el.getClientRects().length === 0 || el.closest('pre')) continue;
      // The run timeline's phone drawing scrolls a whole run rather than break a silence, and a
      // visible line before it says so (CONTRIBUTING.md, "Figure grammar" 3).
      const cue = el.previousElementSibling;
      if (
        el.matches('.tl-phone > .tl-scroll') &&
        cue?.matches('.tl-cue') &&
        cue.getClientRects().length
      )
        continue;
      const cs = getComputedStyle(el);
      if (
        (cs.overflowX === 'auto' || cs.overflowX === 'scroll') &&
        el.scrollWidth > el.clientWidth + 1
      )
        out.push(
          `${el.tagName.toLowerCase()}.${el.className} in ${fig.getAttribute('data-timeline') ?? fig.id ?? ''} scrolls: ${el.scrollWidth} > ${el.clientWidth}`,
        );
    }
  }
  return out;
}

// One load per page and project: both kinds of figure measured on it (they were two tests, two
// loads), and on the phone the sideways check too. In light only: labels' sizes, boxes and paint
// order are the same in the dark scheme (it changes colours only: tests/site/dark-theme.test.ts),
// and a halo is a stroke of some colour in either.
for (const path of [...READING, ...TRACES]) {
  const reading = READING.includes(path);
  test(`figures on /${path.slice(0, 40)} read at their size${reading ? '; on a phone none scrolls inside itself' : ''}`, async ({
    page,
  }, info) => {
    test.setTimeout(180_000);
    await page.goto(path);
    await page.waitForLoadState('load');
    for (const [kind, which] of KINDS) {
      const f = await page.evaluate(measure, [MIN_PX, which] as [number, string]);
      // Every reading page draws a run timeline but the landing page, which leads with one small
      // figure of the failure instead.
      if (kind === 'timeline' && path !== '') {
        expect.soft(f.figures, `${kind}: the page has a timeline`).toBeGreaterThan(0);
        expect.soft(f.labels, `${kind}: the figures have labels`).toBeGreaterThan(0);
      }
      expect
        .soft(f.small.slice(0, 20), `${kind}: labels under ${MIN_PX} px (${f.small.length})`)
        .toEqual([]);
      expect
        .soft(
          f.outside.slice(0, 20),
          `${kind}: labels outside their chip or drawing (${f.outside.length})`,
        )
        .toEqual([]);
      expect
        .soft(f.overlaps.slice(0, 20), `${kind}: overlapping labels (${f.overlaps.length})`)
        .toEqual([]);
      expect
        .soft(f.crossed.slice(0, 20), `${kind}: labels crossed (${f.crossed.length})`)
        .toEqual([]);
    }
    if (reading && info.project.name === 'phone')
      expect(
        await page.evaluate(sideways),
        'no figure on a reading page scrolls inside itself at 360 px',
      ).toEqual([]);
  });
}
