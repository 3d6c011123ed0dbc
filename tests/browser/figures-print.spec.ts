// Figures in print, and their legends on screen (CONTRIBUTING.md, "Figure grammar" 10), in a real
// Chromium (desktop project). One page load per page, measured several ways:
//   legends  on screen, a page's first timeline opens its legend ("Key to the marks"); every later
//            one starts collapsed; each legend lists every kind of mark its figure draws
//   print    (page.emulateMedia print, at the width of an A4 page's text, 178 mm ≈ 672 px):
//            - no control shows (buttons, inputs, selects, sliders, the readout line);
//            - a link to another page of the site in running text prints its address after it;
//            - every figure is black on white: no mark keeps a hue;
//            - two marks of one kind with different statuses (tones) differ in shape or pattern,
//              not in colour alone; so do a held and a broken invariant;
//            - no figure is clipped: nothing scrolls inside itself, nothing sticks out of the text
//              column;
//            - no print rule of a feature sheet (in a cascade layer) is overridden on this page by
//              print.css (unlayered, so it wins whatever the specificity);
//            - each lane has a shape of its own, and a broken status a wavy underline;
//   words in print: no link is hidden while the text around it prints (a sentence, a table
//            cell, a card's title: a link prints as its text); an action marked data-print="hide"
//            goes whole; a closed <details> prints its content; the wavy underline of "broken"
//            stays on the word, never on a whole item;
//   tables in print: none is wider than the A4 column, none scrolls inside its box;
//   explorer in print: no controls, no "select a tick" hint or scene badge; each tick's label
//            (a link to the tick) prints.
import type { Page } from '@playwright/test';
import { test, expect, settle } from './fixtures.ts';

const PAGES = ['companion/', 'faults/duplicate-effect/'];
/** 210 mm less print.css's 16 mm margins each side, at 96 px an inch. */
const A4_TEXT = Math.round(((210 - 32) / 25.4) * 96);

/** On screen: which legends are open, in page order. */
const legends = (page: Page) =>
  page.$$eval('main figure.tl details.tl-key', (els) =>
    els.map((d) => (d as HTMLDetailsElement).open),
  );

/**
 * On screen: the marks a figure draws that its legend does not list. Read off the drawing: each
 * mark's kind (data-mark, and its outcome or duplicate flag), each span's class, the report-change
 * line and the highlight band, against the legend's entries (data-entry). The fault marks' entries
 * are checked against the records by tests/site/timeline.test.ts.
 */
const unlisted = (page: Page) =>
  page.$$eval('main figure.tl', (figs) =>
    figs.flatMap((fig) => {
      const listed = new Set(
        [...fig.querySelectorAll('.tl-legend li[data-entry]')].map((li) =>
          li.getAttribute('data-entry'),
        ),
      );
      const BASE = new Set(
        'change epoch running hatch working asleep wakes admit suspect accept fenced refuse dies write rejected stale-applied restore awaiting post dup remembered newsletter breach claim highlight'.split(
          ' ',
        ),
      );
      const used = new Set<string>();
      for (const g of fig.querySelectorAll<SVGElement>('.tl-plot g[data-mark]')) {
        const k = g.dataset.mark!;
        const o = g.dataset.outcome;
        if (k === 'write') used.add(o === 'applied' ? 'write' : String(o));
        else if (k === 'post') used.add(g.dataset.duplicate === 'true' ? 'dup' : 'post');
        else if (k === 'done') used.add('accept');
        else if (k === 'refused') used.add('refuse');
        else if (k === 'call') used.add('working');
        else used.add(k);
      }
      for (const g of fig.querySelectorAll('.tl-plot g.tl-s')) {
        const c = g.classList;
        if (c.contains('tl-epoch')) used.add('epoch');
        else if (c.contains('tl-running')) used.add('running');
        else if (c.contains('t-waiting') && !c.contains('tl-asleep')) used.add('hatch');
        else
          for (const k of ['working', 'asleep', 'awaiting']) if (c.contains(`tl-${k}`)) used.add(k);
      }
      if (fig.querySelector('.tl-plot .tl-change-line')) used.add('change');
      if (fig.querySelector('.tl-plot .tl-hl')) used.add('highlight');
      const name = fig.getAttribute('data-timeline') ?? '';
      return [...used]
        .filter((k) => BASE.has(k) && !listed.has(k))
        .map((k) => `${name}: “${k}” drawn, not in the legend`);
    }),
  );

/** In print: what shows that should not, and what the figures look like. */
function printFindings() {
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false;
    for (let e: Element | null = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return true;
  };
  const desc = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''} “${(el.textContent ?? '').trim().slice(0, 40)}”`;
  const main = document.querySelector('main')!;
  const controls = [
    ...main.querySelectorAll('button, input, select, textarea, [role="slider"], .tl-readout'),
  ]
    .filter(shown)
    .map(desc);
  // Internal links in running text: the address follows each one.
  const internal = [
    ...main.querySelectorAll<HTMLAnchorElement>(':is(p, li, dd, figcaption) > a[href^="/"]'),
  ].filter(
    (a) => shown(a) && !a.closest('table, figure, nav') && !a.matches('[data-footnote-ref]'),
  );
  const unaddressed = internal
    .filter((a) => !getComputedStyle(a, '::after').content.includes(a.getAttribute('href')!))
    .map(desc);
  // Hue: a colour whose channels differ is not black, white or grey.
  const hued = (c: string) => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?/.exec(c);
    if (!m || (m[4] !== undefined && Number(m[4]) === 0)) return false;
    const [r, g, b] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return Math.max(r, g, b) - Math.min(r, g, b) > 12;
  };
  const coloured: string[] = [];
  // What a mark looks like without its colour: its shapes and their patterns, dashes, widths, text.
  const shapeOf = (g: Element) =>
    [...g.querySelectorAll('rect, path, circle, text, line, polygon')]
      .filter((e) => !e.closest('title'))
      .map((e) => {
        const cs = getComputedStyle(e);
        const fill = cs.fill.startsWith('url') ? 'pattern' : cs.fill === 'none' ? 'none' : 'fill';
        return [
          e.tagName,
          e.getAttribute('class') ?? '',
          e.getAttribute('d') ? 'd' : '',
          fill,
          cs.strokeDasharray,
          cs.strokeWidth,
          cs.fontWeight,
          cs.fontStyle,
          // A glyph's sign (✓, ✕, ?) is its shape; a label's words vary with the record.
          e.classList.contains('tl-gt') ? e.textContent : '',
        ].join(':');
      })
      .join('|');
  const byKind = new Map<string, Map<string, string>>();
  const figures = [...main.querySelectorAll('figure.tl')].filter(shown);
  const clipped: string[] = [];
  const column = main.getBoundingClientRect();
  for (const fig of figures) {
    const name = fig.getAttribute('data-timeline') ?? fig.id;
    for (const el of fig.querySelectorAll('svg *')) {
      if (!shown(el) || el.closest('title, defs')) continue;
      const cs = getComputedStyle(el);
      for (const c of [cs.fill, cs.stroke, cs.color])
        if (hued(c)) {
          coloured.push(`${name}: ${el.tagName} .${el.getAttribute('class') ?? ''} is ${c}`);
          break;
        }
    }
    for (const g of fig.querySelectorAll('g[class*="t-"]')) {
      if (!shown(g)) continue;
      const cls = g.getAttribute('class')!.split(/\s+/);
      const tone = cls.find((c) => c.startsWith('t-'));
      const kind = g.getAttribute('data-mark') ?? cls.filter((c) => !c.startsWith('t-')).join('.');
      if (!tone) continue;
      const shape = shapeOf(g);
      const tones = byKind.get(kind) ?? new Map<string, string>();
      if (!tones.has(tone)) tones.set(tone, shape);
      byKind.set(kind, tones);
    }
    for (const s of fig.querySelectorAll<HTMLElement>('.tl-scroll'))
      if (shown(s) && s.scrollWidth > s.clientWidth + 1)
        clipped.push(`${name}: a frame ${s.clientWidth} px wide holds ${s.scrollWidth} px`);
    for (const svg of fig.querySelectorAll('svg')) {
      if (!shown(svg)) continue;
      const r = svg.getBoundingClientRect();
      if (r.right > column.right + 1 || r.left < column.left - 1)
        clipped.push(
          `${name}: a drawing at ${Math.round(r.left)}–${Math.round(r.right)} px, the column ${Math.round(column.left)}–${Math.round(column.right)}`,
        );
    }
  }
  const colourOnly: string[] = [];
  let compared = 0;
  for (const [kind, tones] of byKind) {
    const list = [...tones];
    list.forEach(([tone, shape], i) => {
      for (const [other, otherShape] of list.slice(i + 1)) {
        compared++;
        if (shape === otherShape) colourOnly.push(`${kind}: ${tone} and ${other} are drawn alike`);
      }
    });
  }
  // A held and a broken invariant (the outcome lists): more than colour between them.
  const ok = main.querySelector('.ok');
  const broken = main.querySelector('.broken');
  const look = (el: Element | null) => {
    if (!el) return '';
    const cs = getComputedStyle(el);
    return [cs.textDecorationLine, cs.textDecorationStyle, cs.fontWeight, cs.borderLeftStyle].join(
      ':',
    );
  };
  if (ok && broken && look(ok) === look(broken))
    colourOnly.push('a held and a broken invariant differ in colour only');
  // A feature sheet's print rule that print.css overrides: print.css is unlayered, so its rules
  // beat every layered one (src/styles/layers.css) whatever their specificity. Where both set one
  // property of one element of this page to different values, the feature's print rule is lost
  // (unless it is !important: a layer's important declarations beat unlayered ones).
  type Decl = { sel: string; prop: string; value: string; important: boolean };
  const featurePrint: Decl[] = [];
  const sitePrint: Decl[] = [];
  const walk = (list: CSSRuleList, print: boolean, layered: boolean) => {
    for (const r of list) {
      if (r instanceof CSSMediaRule)
        walk(r.cssRules, print || /\bprint\b/.test(r.media.mediaText), layered);
      else if (r instanceof CSSLayerBlockRule) walk(r.cssRules, print, true);
      else if (r instanceof CSSStyleRule && print)
        for (const prop of r.style) {
          (layered ? featurePrint : sitePrint).push({
            sel: r.selectorText,
            prop,
            value: r.style.getPropertyValue(prop),
            important: r.style.getPropertyPriority(prop) === 'important',
          });
        }
    }
  };
  for (const sheet of document.styleSheets) walk(sheet.cssRules, false, false);
  const matches = (sel: string) => {
    try {
      return [...document.querySelectorAll(sel)];
    } catch {
      return []; // a pseudo-element selector (::after): no element to match
    }
  };
  const lost: string[] = [];
  for (const f of featurePrint) {
    if (f.important) continue;
    const els = matches(f.sel);
    if (els.length === 0) continue;
    for (const p of sitePrint) {
      if (p.prop !== f.prop || p.value === f.value) continue;
      const both = els.find((el) => el.matches(p.sel));
      if (both)
        lost.push(
          `${f.sel} { ${f.prop}: ${f.value} } loses to print.css ${p.sel} { ${p.prop}: ${p.value} } on ${desc(both)}`,
        );
    }
  }
  return {
    lost,
    controls,
    internal: internal.length,
    unaddressed,
    figures: figures.length,
    coloured: coloured.slice(0, 10),
    colourOnly,
    compared,
    clipped,
  };
}

// One test per page, each on a fresh page at 1280 on screen: in one test the companion was laid
// out again at 1280 (and its print media dropped) only to leave it for the next page.
for (const path of PAGES) {
  test(`figures on /${path}: the first legend open; in print no controls, addresses, shapes, nothing clipped @desktop`, async ({
    page,
  }) => {
    await page.goto(path);
    const open = await legends(page);
    expect(open.length, `${path}: timelines with a legend`).toBeGreaterThan(0);
    expect(open, `${path}: the first legend open, the others collapsed`).toEqual(
      open.map((_, i) => i === 0),
    );
    expect(await unlisted(page), `${path}: marks the legend does not list`).toEqual([]);
    await page.setViewportSize({ width: A4_TEXT, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await page.waitForFunction(() => matchMedia('print').matches);
    await settle(page);
    let f = await page.evaluate(printFindings);
    // Resized to the A4 column, a figure's script may redraw it a frame or two later: measure
    // again, for up to about a second, while a mark still shows a hue (one that stays is reported).
    for (let i = 0; i < 20 && f.coloured.length; i++) {
      await settle(page);
      f = await page.evaluate(printFindings);
    }
    expect(f.figures, `${path}: figures in print`).toBeGreaterThan(0);
    expect(f.controls, `${path}: controls showing in print`).toEqual([]);
    expect(f.internal, `${path}: internal links in running text`).toBeGreaterThan(0);
    expect(f.unaddressed, `${path}: internal links printed without their address`).toEqual([]);
    expect(f.coloured, `${path}: figure marks that keep a hue in print`).toEqual([]);
    expect(f.colourOnly, `${path}: statuses told apart by colour only`).toEqual([]);
    expect(f.clipped, `${path}: figures clipped in print`).toEqual([]);
    expect(f.lost, `${path}: feature print rules that print.css overrides`).toEqual([]);
    // The companion draws several runs: some kinds of mark appear there in more than one status
    // (the two pages' sum had to be above 0; the companion's own count is, and is now required).
    if (path === 'companion/') {
      expect(f.compared, 'pairs of statuses of one kind of mark compared').toBeGreaterThan(0);
      expect(await page.evaluate(laneShapes)).toEqual({ distinct: 6, wavy: 'wavy' });
    }
  });
}

/** In print: each lane's look (border style, width, radius), and the broken status's underline. */
function laneShapes() {
  const styles = ['attempt', 'journal', 'input', 'artifact', 'effect', 'dependant'].map((l) => {
    const el = document.createElement('span');
    el.className = `lane-${l}`;
    document.body.append(el);
    const s = getComputedStyle(el);
    const key = `${s.borderTopStyle} ${s.borderBottomWidth} ${s.borderTopLeftRadius}`;
    el.remove();
    return key;
  });
  const b = document.createElement('span');
  b.className = 'broken';
  document.body.append(b);
  const wavy = getComputedStyle(b).textDecorationStyle;
  b.remove();
  return { distinct: new Set(styles).size, wavy };
}

test('the explorer in print: no controls, no hint or badge, every tick label prints @desktop', async ({
  page,
}) => {
  await page.goto('explorer/');
  await page.waitForSelector('.ex-switches input');
  await page.emulateMedia({ media: 'print' });
  const f = await page.evaluate(() => {
    const vis = (el: Element) =>
      getComputedStyle(el).display !== 'none' && el.getClientRects().length > 0;
    const desc = (el: Element) =>
      `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 30)}`;
    const ticks = [...document.querySelectorAll('main table.trace a[href*="#t"]')];
    return {
      controls: [...document.querySelectorAll('main :is(input, button, select)')]
        .filter(vis)
        .map(desc),
      notes: [...document.querySelectorAll('main :is(p, span)')]
        .filter((el) => /Select a tick label|look here/.test(el.textContent ?? ''))
        .filter((el) => el.children.length === 0 && vis(el))
        .map(desc),
      ticks: ticks.length,
      hiddenTicks: ticks.filter((a) => !vis(a)).map(desc),
    };
  });
  expect(f.controls).toEqual([]);
  expect(f.notes).toEqual([]);
  expect(f.ticks, 'tick links in the trace table').toBeGreaterThan(0);
  expect(f.hiddenTicks).toEqual([]);
});

/**
 * In print: the links hidden while the text around them prints, as "container: link text". The
 * container is the nearest sentence, list item, table cell, term or heading (a card's title) that
 * holds the link; an action marked data-print="hide" is left out on purpose, with its container,
 * and so is a link that is a mark, not words (a definition's "#", a reference's back-link "↩").
 */
function droppedWords() {
  const shown = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden') return false;
    }
    return el.getClientRects().length > 0;
  };
  const out: string[] = [];
  let checked = 0;
  for (const a of document.querySelectorAll('main a')) {
    const box = a.parentElement?.closest('p, li, td, th, dd, dt, figcaption, caption, h2, h3, h4');
    if (!box || !shown(box) || a.closest('[data-print="hide"]')) continue;
    // Words, not a mark: a self-link "#" or a back-link "↩²" (its name for screen readers and its
    // superscript aside) is chrome.
    const seen = a.cloneNode(true) as Element;
    for (const sr of seen.querySelectorAll('.sr-only, sup')) sr.remove();
    if (!/[\p{L}\p{N}]/u.test(seen.textContent ?? '')) continue;
    checked++;
    if (!shown(a))
      out.push(`${box.tagName.toLowerCase()}: “${(a.textContent ?? '').trim().slice(0, 40)}”`);
  }
  return { checked, dropped: out.slice(0, 20) };
}

const WORD_PAGES = [
  '',
  'model/',
  'companion/',
  'lab/',
  'traces/',
  'traces/paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation/',
  'faults/duplicate-effect/',
  'faults/stale-write/',
];
for (const path of WORD_PAGES) {
  test(`words in print on /${path}: every link in a sentence, cell or title prints @desktop`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.setViewportSize({ width: A4_TEXT, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await page.waitForFunction(() => matchMedia('print').matches);
    await settle(page);
    const w = await page.evaluate(droppedWords);
    expect(w.checked, `${path}: links in running text, cells and titles`).toBeGreaterThan(0);
    expect(w.dropped, `${path}: links hidden in print inside text that prints`).toEqual([]);
    const f = await page.evaluate(() => {
      const visible = (el: Element) => el.getClientRects().length > 0;
      // A closed disclosure prints its content (Chromium keeps it out through ::details-content).
      const closed = [...document.querySelectorAll<HTMLDetailsElement>('main details')]
        .filter((d) => !d.open && visible(d))
        .filter((d) => {
          // checkVisibility: false under content-visibility: hidden, where the box still measures.
          const inner = d.querySelector(':scope > :not(summary)');
          return inner !== null && !inner.checkVisibility();
        })
        .map((d) => (d.querySelector('summary')?.textContent ?? '').trim());
      // The wavy underline marks the word "broken" (or a short verdict) inline, never a whole
      // list item, paragraph or cell: a counterexample's item runs to twenty lines.
      const wavy = [...document.querySelectorAll('main *')]
        .filter((el) => getComputedStyle(el).textDecorationStyle === 'wavy')
        .filter((el) => el.matches('li, p, td, th, dd, dt, div, section'))
        .map((el) => `${el.tagName.toLowerCase()}: ${(el.textContent ?? '').trim().slice(0, 40)}`);
      // A table fits the column: no wider than <main>, no scroll inside its box.
      const main = document.querySelector('main')!.getBoundingClientRect();
      const wide = [...document.querySelectorAll<HTMLTableElement>('main table')]
        .filter(visible)
        .filter((t) => {
          const r = t.getBoundingClientRect();
          const box = t.parentElement!;
          return r.right > main.right + 1 || box.scrollWidth > box.clientWidth + 1;
        })
        .map(
          (t) =>
            `${Math.round(t.getBoundingClientRect().width)} px: ${(t.caption?.textContent ?? '').trim().slice(0, 40)}`,
        );
      return { closed, wavy, wide };
    });
    expect(f.closed, `${path}: closed disclosures that print empty`).toEqual([]);
    expect(f.wavy, `${path}: wavy underlines over whole blocks`).toEqual([]);
    expect(f.wide, `${path}: tables wider than the ${A4_TEXT} px column`).toEqual([]);
  });
}
