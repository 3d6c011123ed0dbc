// One grid (CONTRIBUTING.md, "Figure grammar" 9), measured at 1280 in a real Chromium
// (desktop), one load per page:
//   every block in <main> of the reading pages — a figure, a table box, a code listing, a
//   paragraph, a list (as a whole: its items are indented inside it), a heading, a quotation, a flex or grid layout, and any other box
//   drawn with a border or a background — is laid out at one of the three widths (--width-prose, --width-figure,
//   --width-wide, as the browser computes them, ± 2 px), or narrower only because its content is
//   narrower: the box is at its own max-content width (a small table shrinks to fit);
//   and every such block is centred on <main>'s centre line (± 2 px), or, narrower than the text
//   column, flush with its left edge: one column, not a column left-aligned in a wider frame;
//   beside the contents list, nothing reaches into the list's column (--width-wide is <main>'s
//   own width there).
// Only the outermost block is measured: a paragraph inside a figure is the figure's business.
// The explorer is an application: its stage takes --width-wide (checked on its own).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { ready } from './explorer-helpers.ts';

const TRACE =
  'traces/paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation/';
const PAGES = [
  '',
  'article/',
  'companion/',
  'model/',
  'faults/',
  'faults/duplicate-effect/',
  TRACE,
  'lab/',
  'engines/',
  'traces/',
];
const TOLERANCE = 2;

/** The three width tokens (CSS custom properties --width-prose and so on). */
type Token = 'prose' | 'figure' | 'wide';

interface Measured {
  tokens: Record<Token, number>;
  blocks: number;
  bad: string[];
  offAxis: string[];
  underToc: string[];
}

/** Measures every outermost block of <main> against the three tokens. Runs in the page. */
function measure(tolerance: number): Measured {
  const main = document.querySelector('main')!;
  const widthOf = (name: Token) => {
    const probe = document.createElement('div');
    // In the flow (an absolutely placed probe would resolve a percentage against the viewport):
    // beside the contents list --width-wide is 100% of <main>.
    probe.style.cssText = `width: var(--width-${name}); height: 0; max-width: none; margin: 0;`;
    main.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  };
  const tokens: Record<Token, number> = {
    prose: widthOf('prose'),
    figure: widthOf('figure'),
    wide: widthOf('wide'),
  };
  const BLOCKS =
    'figure, [role="figure"], .table-wrap, table, pre, svg, p, ul, ol, dl, li, dt, dd, blockquote, h1, h2, h3, h4, h5, h6';
  const visible = (el: Element) => {
    const s = getComputedStyle(el);
    return (
      s.display !== 'none' &&
      s.visibility !== 'hidden' &&
      s.position !== 'absolute' &&
      s.position !== 'fixed' &&
      el.getClientRects().length > 0 &&
      el.getBoundingClientRect().width > 2 &&
      el.getBoundingClientRect().height > 0
    );
  };
  // A box a reader sees as a block of its own: a border or a background, or a row or grid of
  // several items (a layout is measured as a whole, not item by item).
  const drawn = (el: Element) => {
    const s = getComputedStyle(el);
    if (s.display === 'flex' || s.display === 'grid') return true;
    if (s.display === 'block' && (s.columnCount !== 'auto' || s.columnWidth !== 'auto'))
      return true;
    if (!/^(block|flow-root|table|list-item)$/.test(s.display)) return false;
    const border = ['Top', 'Right', 'Bottom', 'Left'].some(
      (side) =>
        parseFloat(s.getPropertyValue(`border-${side.toLowerCase()}-width`)) > 0 &&
        s.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none',
    );
    const bg = s.backgroundColor !== 'rgba(0, 0, 0, 0)' && s.backgroundColor !== 'transparent';
    return border || bg;
  };
  const found: Element[] = [];
  const walk = (el: Element) => {
    for (const child of el.children) {
      if (!visible(child)) {
        // A hidden wrapper hides its content; an absolutely placed one is out of the flow.
        continue;
      }
      if (child.matches(BLOCKS) || drawn(child)) found.push(child);
      else walk(child);
    }
  };
  walk(main);
  const bad: string[] = [];
  const offAxis: string[] = [];
  const underToc: string[] = [];
  const m = main.getBoundingClientRect();
  const axis = m.left + m.width / 2;
  const toc = document.querySelector('.toc--side');
  const tocLeft =
    toc && getComputedStyle(toc).display !== 'none' ? toc.getBoundingClientRect().left : Infinity;
  const name = (el: Element) =>
    el.tagName.toLowerCase() +
    (el.id ? `#${el.id}` : '') +
    (typeof el.className === 'string' && el.className.trim()
      ? '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.')
      : '') +
    ` "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  for (const el of found) {
    const r = el.getBoundingClientRect();
    // Centred on the axis, or — a block narrower than the text column, such as a short heading —
    // flush with the text column's left edge.
    const columnLeft = axis - tokens.prose / 2;
    const centred = Math.abs(r.left + r.width / 2 - axis) <= tolerance;
    const flush = r.width < tokens.prose + tolerance && Math.abs(r.left - columnLeft) <= tolerance;
    if (!centred && !flush)
      offAxis.push(
        `${name(el)}: centre ${(r.left + r.width / 2).toFixed(1)}, axis ${axis.toFixed(1)}`,
      );
    if (r.right > tocLeft + tolerance)
      underToc.push(`${name(el)}: right edge ${r.right.toFixed(1)}`);
  }
  for (const el of found) {
    const w = el.getBoundingClientRect().width;
    const token = Object.entries(tokens).find(([, t]) => Math.abs(w - t) <= tolerance);
    if (token) continue;
    // Narrower by content: the box is as wide as its own content (max-content, ± 2 px) and no
    // wider than the widest token. A box narrower than its content (it scrolls or clips) must be
    // at a token, and so must one wider than its content (stretched to the column).
    const h = el as HTMLElement;
    const saved = [h.style.width, h.style.maxWidth, h.style.minWidth] as const;
    h.style.width = 'max-content';
    h.style.maxWidth = 'none';
    h.style.minWidth = '0';
    const content = h.getBoundingClientRect().width;
    [h.style.width, h.style.maxWidth, h.style.minWidth] = saved;
    if (Math.abs(w - content) <= tolerance && w <= tokens.wide + tolerance) continue;
    bad.push(`${name(el)}: ${w.toFixed(1)} px (content ${content.toFixed(1)} px)`);
  }
  return { tokens, blocks: found.length, bad, offAxis, underToc };
}

async function load(page: Page, path: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
}

test('widths: the tokens are three distinct widths, prose < figure < wide @desktop', async ({
  page,
}) => {
  await load(page, 'article/');
  const { tokens } = await page.evaluate(measure, TOLERANCE);
  // Prose holds about 65–72 characters (pages-fit "measure" counts them); a figure is wider than
  // prose, a wide figure wider than a figure, and the three are distinct widths.
  expect(tokens.prose).toBeGreaterThan(500);
  expect(tokens.figure).toBeGreaterThan(tokens.prose + 40);
  expect(tokens.wide).toBeGreaterThan(tokens.figure + 40);
  expect(tokens.wide).toBeLessThanOrEqual(1280);
});

for (const path of PAGES) {
  test(`widths: every block in main uses a token at 1280 (/${path}) @desktop`, async ({ page }) => {
    test.slow(path === 'companion/' || path.startsWith('traces/'));
    await load(page, path);
    const m = await page.evaluate(measure, TOLERANCE);
    expect(m.blocks, 'blocks measured').toBeGreaterThan(3);
    expect(
      m.bad,
      `tokens: prose ${m.tokens.prose}, figure ${m.tokens.figure}, wide ${m.tokens.wide}`,
    ).toEqual([]);
    // A page in the application frame (Base wide: the lab) keeps its own layout.
    if (!(await page.evaluate(() => document.body.classList.contains('frame-wide'))))
      expect(m.offAxis, 'blocks off the column’s centre line').toEqual([]);
    expect(m.underToc, 'blocks reaching into the contents list’s column').toEqual([]);
  });
}

test('widths: the explorer’s stage takes --width-wide at 1280 @desktop', async ({ page }) => {
  await load(page, 'explorer/');
  // The stage is the island's: wait until it has rendered.
  await ready(page);
  const m = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.cssText = 'width: var(--width-wide); height: 0; position: absolute;';
    document.querySelector('main')!.append(probe);
    const wide = probe.getBoundingClientRect().width;
    probe.remove();
    const stage = document.querySelector('.ex-stage');
    return { wide, stage: stage?.getBoundingClientRect().width ?? 0, cls: stage?.className };
  });
  expect(
    Math.abs(m.stage - m.wide),
    `stage (${m.cls}) ${m.stage} px, wide ${m.wide} px`,
  ).toBeLessThanOrEqual(TOLERANCE);
});
