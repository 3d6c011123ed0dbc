// The explorer shows what it narrates, in a real Chromium (desktop, and the phone where noted):
//   route     four scenes of the guided route at 1280×900: after each Next (button or →), the
//             scene's text, its buttons, the figure and the panel it points at are on screen, and
//             the focus stays where it was
//   history   every way of moving the tick (step buttons, arrow keys on the figure, the slider by
//             keyboard, a drag, a click; a tap on the phone) adds at most one history entry per gesture
//   preset    a preset moves the tick to where its run first departs from the main trace, found
//             here from the model's events (not from the page's own diff)
//   layout    opening Faults leaves no gaps and cuts no choice of a select; compare does not move the route; the explorer's page
//             margin is every page's; the slider's marks are explained; on the phone the trace
//             table wraps inside its box
import type { Page } from '@playwright/test';
import { test, expect, settle } from './fixtures.ts';
import { PRESETS, MAIN, type Run } from '../../src/model/index.ts';
import { SCENES } from '../../src/components/explorer/scenes.ts';
import { at } from '../../src/model/lookup.ts';
import { fmt, readState, ready, runOf } from './explorer-helpers.ts';

const W = { width: 1280, height: 900 };

/** The part of an element's box inside the viewport, as a fraction of its height (1 = wholly in view). */
const inView = (page: Page, sel: string) =>
  page.evaluate((s) => {
    const el = document.querySelector(s);
    if (!el) return -1;
    const r = el.getBoundingClientRect();
    if (r.height === 0) return 0;
    const top = Math.max(r.top, 0);
    const bottom = Math.min(r.bottom, innerHeight);
    return Math.max(0, bottom - top) / r.height;
  }, sel);

test('route: four scenes at 1280×900 keep the scene and the figure on one screen, its panel next @desktop', async ({
  page,
}) => {
  await page.setViewportSize(W);
  await page.goto('explorer/?scene=1');
  await ready(page);
  const problems: string[] = [];
  for (let k = 2; k <= 5; k++) {
    // Scenes 2 and 4 by the button, 3 and 5 by → on the focused button (the panel's keys).
    const next = page.locator('[data-guide="next"]');
    if (k % 2 === 0) await next.click();
    else {
      await next.focus();
      await page.keyboard.press('ArrowRight');
    }
    await settle(page);
    await page.waitForTimeout(100);
    const title = (await page.locator('#ex-scene-title').textContent())?.trim();
    if (title !== at(SCENES, k - 1, 'scene').title) problems.push(`scene ${k}: shows “${title}”`);
    const caption = await inView(page, '.ex-guide__caption');
    const nav = await inView(page, '.ex-guide__nav');
    const fig = await inView(page, '.ex-fig .tl-scroll');
    // The panel the scene talks about: its heading and the first lines under it.
    const panel = await page.evaluate(() => {
      const el = document.querySelector('.ex-now .is-focus');
      if (!el) return null;
      const r = el.getBoundingClientRect();
      const fig = document.querySelector('.ex-fig')!.getBoundingClientRect();
      return { top: r.top, id: el.id, figBottom: fig.bottom };
    });
    if (caption < 1) problems.push(`scene ${k}: scene text ${Math.round(caption * 100)}% in view`);
    if (nav < 1) problems.push(`scene ${k}: its buttons ${Math.round(nav * 100)}% in view`);
    if (fig < 1) problems.push(`scene ${k}: figure ${Math.round(fig * 100)}% in view`);
    if (!panel) problems.push(`scene ${k}: no panel marked as the scene's`);
    // The route heads the stage and the switches sit beside the figure (the layout where a press
    // keeps the figure in view): the panel no longer fits on the same screen, so it is the first
    // thing under the figure, one scroll away.
    else if (panel.top < panel.figBottom || panel.top > panel.figBottom + 160)
      problems.push(
        `scene ${k}: its panel #${panel.id} starts at ${Math.round(panel.top)} px, the figure ends at ${Math.round(panel.figBottom)}`,
      );
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-guide'));
    if (focused !== 'next') problems.push(`scene ${k}: focus is on ${focused ?? 'something else'}`);
  }
  expect(problems).toEqual([]);
});

/** How many entries the tab's history has. */
const entries = (page: Page) => page.evaluate(() => history.length);

async function tickCentre(page: Page, t: number) {
  const box = await page
    .locator('.ex-fig .tl-axis text', { hasText: new RegExp(`^t${t}$`) })
    .first()
    .boundingBox();
  if (!box) throw new Error(`no axis label t${t} on the figure`);
  return { x: box.x + box.width / 2, y: box.y + 120 };
}

test('history: every way of moving the tick adds at most one entry per gesture @desktop', async ({
  page,
}) => {
  const s = { ...MAIN, fencing: 'off' } as typeof MAIN;
  const gestures: [string, () => Promise<void>][] = [
    [
      'step buttons ×3',
      async () => {
        for (let i = 0; i < 3; i++) await page.locator('[data-tick-step="1"]').click();
      },
    ],
    [
      'arrow keys on the figure ×3',
      async () => {
        await page.locator('.ex-fig svg.tl-plot[role="slider"]').focus();
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      },
    ],
    [
      'the slider by keyboard ×3',
      async () => {
        await page.locator('.ex-scrub input[type=range]').focus();
        for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      },
    ],
    [
      'a drag across the figure',
      async () => {
        const a = await tickCentre(page, 2);
        await page.mouse.move(a.x, a.y);
        await page.mouse.down();
        for (let t = 3; t <= 7; t++) {
          const b = await tickCentre(page, t);
          await page.mouse.move(b.x, a.y, { steps: 3 });
        }
        await page.mouse.up();
      },
    ],
    [
      'a click (tap) on one tick',
      async () => {
        const a = await tickCentre(page, 9);
        await page.mouse.click(a.x, a.y);
      },
    ],
  ];
  const problems: string[] = [];
  for (const [how, act] of gestures) {
    await page.goto(`explorer/?${fmt(s)}#t1`);
    await ready(page);
    const before = await entries(page);
    const t0 = (await readState(page)).tick;
    await act();
    await settle(page);
    const t1 = (await readState(page)).tick;
    const added = (await entries(page)) - before;
    if (t1 === t0) problems.push(`${how}: the tick did not move (t${t0})`);
    if (added > 1) problems.push(`${how}: ${added} history entries`);
  }
  expect(problems).toEqual([]);
});

test('history: a tap on a touch screen adds at most one entry @phone', async ({ page }) => {
  const s = { ...MAIN, fencing: 'off' } as typeof MAIN;
  const problems: string[] = [];
  await page.goto(`explorer/?${fmt(s)}#t1`);
  await ready(page);
  // Ticks near the start: at 360 px the figure scrolls, opened at t1.
  const plot = page.locator('.ex-fig svg.tl-plot[role="slider"]');
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  for (const t of [3, 4, 2]) {
    const before = await entries(page);
    const a = await tickCentre(page, t);
    await page.touchscreen.tap(a.x, box.y + box.height / 2);
    await settle(page);
    const now = (await readState(page)).tick;
    if (now !== t) problems.push(`tap on t${t}: at t${now}`);
    const added = (await entries(page)) - before;
    if (added > 1) problems.push(`tap on t${t}: ${added} history entries`);
  }
  expect(problems).toEqual([]);
});

/** The first tick at which two runs' events differ, from the model's records. */
function departs(a: Run, b: Run): number | undefined {
  const at = (r: Run, t: number) =>
    JSON.stringify(
      r.events
        .filter((e) => e.tick === t)
        .map((e) => [e.kind, e.lane, e.actor, e.attempt, e.rule, e.values]),
    );
  for (let t = 0; t <= Math.max(a.lastTick, b.lastTick); t++) if (at(a, t) !== at(b, t)) return t;
  return undefined;
}

test('preset: the tick moves to where the preset first departs from the main trace @desktop', async ({
  page,
}) => {
  await page.goto('explorer/?scene=1');
  await ready(page);
  const main = runOf(MAIN);
  const problems: string[] = [];
  const fencingOff = PRESETS.find((p) => p.id === 'fencing-off');
  expect(fencingOff, 'the fencing-off preset exists').toBeTruthy();
  for (const p of PRESETS) {
    const want = departs(runOf(p.switches), main);
    await page.locator(`[data-preset="${p.id}"]`).click();
    await settle(page);
    const got = (await readState(page)).tick;
    if (want !== undefined && got !== want)
      problems.push(`${p.id}: at t${got}, departs at t${want}`);
  }
  expect(problems).toEqual([]);
});

test('layout: faults without gaps, compare without a jump, the page frame, the slider explained @desktop', async ({
  page,
}) => {
  await page.setViewportSize(W);
  await page.goto('explorer/?scene=1');
  await ready(page);
  const problems: string[] = [];
  // Faults: each control follows the one above it in its column without a gap.
  await page.locator('[data-faults] summary').click();
  await page.waitForSelector('.ex-fault select');
  const gaps = await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('.ex-fault')].map((e) => e.getBoundingClientRect());
    const out: number[] = [];
    for (const a of boxes) {
      const below = boxes
        .filter((b) => Math.abs(b.left - a.left) < 2 && b.top > a.bottom - 1)
        .map((b) => b.top - a.bottom);
      if (below.length) out.push(Math.min(...below));
    }
    return out;
  });
  for (const g of gaps) if (g > 24) problems.push(`faults: a gap of ${Math.round(g)} px`);
  // Each select shows its whole choice ("after the feed applied the pos" was cut), with its longest
  // choice picked: the text, measured in the select's own font, fits on one line beside the arrow,
  // or the select wraps it (appearance: base-select) and is tall enough for the lines it takes.
  const sels = page.locator('.ex-fault select');
  for (let i = 0; i < (await sels.count()); i++) {
    const longest = await sels
      .nth(i)
      .evaluate(
        (s: HTMLSelectElement) =>
          [...s.options].reduce((a, b) => (b.text.length > a.text.length ? b : a)).value,
      );
    await sels.nth(i).selectOption(longest);
  }
  await settle(page);
  const cut = await page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    return [...document.querySelectorAll<HTMLSelectElement>('.ex-fault select')].flatMap((sel) => {
      const cs = getComputedStyle(sel);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const chosen = sel.options[sel.selectedIndex];
      if (!chosen) return [`nothing: ${sel.name || 'a select'} shows no choice`];
      const text = chosen.text;
      const width = ctx.measureText(text).width;
      const room = sel.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;
      const wraps = cs.appearance === 'base-select' && cs.whiteSpace === 'normal';
      const lines = wraps ? Math.ceil(width / room) : 1;
      const line = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.2;
      const fits = wraps ? sel.clientHeight + 1 >= lines * line : width <= room;
      return fits ? [] : [`“${text}” (${Math.round(width)} px in ${Math.round(room)} px)`];
    });
  });
  for (const c of cut) problems.push(`faults: a select cuts ${c}`);
  // Compare: the route does not move when compare turns on.
  const guideTop = () =>
    page.evaluate(() => document.querySelector('.ex-guide')!.getBoundingClientRect().top + scrollY);
  const before = await guideTop();
  await page.locator('[data-compare-toggle]').check();
  await page.locator('#ex-vs-preset').selectOption('fencing-off');
  await settle(page);
  const after = await guideTop();
  if (Math.abs(after - before) > 2)
    problems.push(`compare moved the route by ${Math.round(after - before)} px`);
  // The page frame: the explorer's heading starts where the header's name does (reading pages
  // centre their column; the explorer, an application, uses the whole frame).
  const left = () =>
    page.evaluate(() => document.querySelector('h1')!.getBoundingClientRect().left);
  const brand = () =>
    page.evaluate(() => document.querySelector('.site-title')!.getBoundingClientRect().left);
  const exLeft = await left();
  const frameLeft = await brand();
  if (Math.abs(exLeft - frameLeft) > 1)
    problems.push(`page margin: explorer ${exLeft} px, the header's ${frameLeft} px`);
  expect(problems).toEqual([]);
  // The slider's dots and diamonds are explained in words beside it.
  await page.goto('explorer/?scene=1');
  await ready(page);
  await expect(page.locator('.ex-scrub__key')).toBeVisible();
  await expect(page.locator('.ex-scrub__key')).toContainText('something happens');
  await expect(page.locator('.ex-scrub__key')).toContainText('invariant breaks');
});

test('layout: on a phone the trace table wraps its sentences inside its box @phone', async ({
  page,
}) => {
  await page.goto('explorer/?scene=1');
  await ready(page);
  const m = await page.evaluate(() => {
    const t = document.querySelector('table.ex-trace')!;
    const wrap = t.closest('.table-wrap')!;
    return { table: t.getBoundingClientRect().width, box: wrap.clientWidth };
  });
  expect(m.table, `trace table ${m.table} px in a ${m.box} px box`).toBeLessThanOrEqual(m.box + 1);
});
