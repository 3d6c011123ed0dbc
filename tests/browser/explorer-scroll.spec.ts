// A figure that scrolls sideways shows the tick that matters (CONTRIBUTING.md, "Figure grammar" 3),
// in a real Chromium, in both projects (desktop at 1280, or 1024 for a trace page; the phone at 360):
//   stage   on the explorer, however the tick moves (the address, the arrow keys on the figure, a
//           step button, the slider, a preset, a tap), the selected tick's column is inside the
//           part of the frame that shows, right of the lane names, which stay put; the page itself
//           does not move up or down; a drag across it selects no text
//   trace   a trace page opened at a cited tick (#tN) opens its figure scrolled to that tick; the
//           cue under it shows exactly when it scrolls; a tap on a mark reads its record in the
//           readout line (touch has no hover)
// Which ticks lie off the frame's right edge is worked out from the model (the runs' last ticks
// and the presets' departures from the main trace), not from the page.
import type { Page } from '@playwright/test';
import { test, expect, settle } from './fixtures.ts';
import { MAIN, PRESETS, simulate, slugOf, type Switches } from '../../src/model/index.ts';
import { at } from '../../src/model/lookup.ts';
import { fmt, ready } from './explorer-helpers.ts';

/** Where the selected column sits in the stage's frame, in one round trip. */
const selected = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector<HTMLElement>('.ex-fig .tl-scroll')!;
    const box = frame.getBoundingClientRect();
    const sel = frame.querySelector('.tl-sel')!.getBoundingClientRect();
    const names = frame.querySelector('.tl-gutter')!.getBoundingClientRect();
    const left = box.left + frame.clientLeft;
    return {
      // The visible part of the plot: right of the lane names, left of the frame's right edge.
      from: names.right,
      to: left + frame.clientWidth,
      col: [sel.left, sel.right] as const,
      namesAt: names.left - left,
      scrolled: frame.scrollLeft,
      overflows: frame.scrollWidth > frame.clientWidth + 1,
      pageY: scrollY,
      tick: Number(document.querySelector<HTMLInputElement>('.ex-scrub input[type=range]')!.value),
    };
  });

{
  // In both projects: at 1280 (900 tall, as the explorer's first screen is measured) and at 360.
  test(`stage: the selected tick's column is in view however the tick moves`, async ({ page }) => {
    const width = page.viewportSize()!.width;
    if (width > 400) await page.setViewportSize({ width, height: 900 });
    // The longest preset run: its last tick lies past the frame's right edge at both widths.
    const long = at(
      PRESETS.map((p) => ({ p, run: simulate(p.switches) })).sort(
        (a, b) => b.run.lastTick - a.run.lastTick,
      ),
      0,
      'preset run',
    );
    const last = long.run.lastTick;
    await page.goto(`explorer/?${fmt(long.p.switches)}#t${last}`);
    await ready(page);
    await settle(page);
    const problems: string[] = [];
    const inView = (m: Awaited<ReturnType<typeof selected>>, want: number | null) =>
      (want === null || m.tick === want) &&
      m.col[0] >= m.from - 1 &&
      m.col[1] <= m.to + 1 &&
      Math.abs(m.namesAt) <= 1;
    // The long run overflows the frame at both widths; a shorter preset's may fit it (the columns
    // narrow to the frame), so only its selected column's place is checked.
    const check = async (how: string, want: number | null, mustScroll = true) => {
      await settle(page);
      let m = await selected(page);
      // The slider's value can move a frame before the figure redraws its selected column (and
      // the frame scrolls to it): measure again, for up to about a second, until they agree.
      // (Playwright's DOM snapshots between actions used to leave that time by accident.)
      for (let i = 0; i < 30 && !inView(m, want); i++) {
        await settle(page);
        m = await selected(page);
      }
      if (want !== null && m.tick !== want) problems.push(`${how}: at t${m.tick}, want t${want}`);
      if (mustScroll && !m.overflows)
        problems.push(`${how}: the figure does not scroll at ${width} px`);
      if (m.col[0] < m.from - 1 || m.col[1] > m.to + 1)
        problems.push(
          `${how}: t${m.tick}'s column at ${Math.round(m.col[0])}–${Math.round(m.col[1])} px, the frame shows ${Math.round(m.from)}–${Math.round(m.to)}`,
        );
      if (Math.abs(m.namesAt) > 1)
        problems.push(
          `${how}: the lane names moved ${Math.round(m.namesAt)} px (scrolled ${m.scrolled})`,
        );
      return m;
    };
    const first = await check('opened at the last tick', last);
    if (first.scrolled === 0) problems.push('opened at the last tick: the frame did not scroll');
    // Home and End on the focused figure: the page stays where it is, only the frame scrolls.
    const plot = page.locator('.ex-fig svg.tl-plot[role="slider"]');
    await plot.focus();
    const y0 = (await selected(page)).pageY;
    await page.keyboard.press('Home');
    const home = await check('Home on the figure', 0);
    await page.keyboard.press('End');
    const end = await check('End on the figure', last);
    for (const [how, m] of [
      ['Home', home],
      ['End', end],
    ] as const)
      if (Math.abs(m.pageY - y0) > 1) problems.push(`${how}: the page moved ${m.pageY - y0} px`);
    // The step buttons, one tick at a time from the start.
    await page.keyboard.press('Home');
    await settle(page);
    for (let t = 1; t <= 6; t++) await page.locator('[data-tick-step="1"]').click();
    await check('the step button ×6', Math.min(6, last));
    // The slider, by keyboard.
    await page.locator('.ex-scrub input[type=range]').focus();
    await page.keyboard.press('End');
    await check('End on the slider', last);
    await page.keyboard.press('Home');
    await check('Home on the slider', 0);
    // Each preset, from the last tick: wherever it moves the tick (explorer-route.spec.ts checks
    // where), that tick's column is in view.
    for (const p of PRESETS) {
      await page.locator('.ex-scrub input[type=range]').focus();
      await page.keyboard.press('End');
      await page.locator(`[data-preset="${p.id}"]`).click();
      await check(`preset ${p.id}`, null, false);
    }
    // A tap on the right-most tick column that shows moves the tick there, and it stays in view.
    await page.goto(`explorer/?${fmt(long.p.switches)}#t0`);
    await ready(page);
    await settle(page);
    // The route heads the page: on a phone the figure starts below the first screen.
    // Its top a little under the sticky tick bar, so the points pressed below are on the plot.
    await page.evaluate(() => {
      const bar = document.querySelector('.ex-scrub')!.getBoundingClientRect().height;
      const fig = document.querySelector('.ex-fig')!.getBoundingClientRect().top;
      scrollBy(0, fig - bar - 40);
    });
    // Measure only once the drawing is still: on a loaded machine the frame can still be
    // scrolling (or the page settling) when the test reads where the columns are.
    await page.evaluate(
      () =>
        new Promise<void>((done) => {
          const frame = document.querySelector<HTMLElement>('.ex-fig .tl-scroll')!;
          const plot = frame.querySelector('svg.tl-plot')!;
          const at = () => `${frame.scrollLeft} ${JSON.stringify(plot.getBoundingClientRect())}`;
          let last = '';
          let same = 0;
          const look = () => {
            const now = at();
            same = now === last ? same + 1 : 0;
            last = now;
            if (same >= 3) done();
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
    );
    const m0 = await selected(page);
    const box = (await plot.boundingBox())!;
    const colW = m0.col[1] - m0.col[0];
    const x = m0.to - colW / 2 - 2;
    const want = Math.floor((x - box.x) / colW);
    await page.mouse.click(x, box.y + 30);
    await check('a click on the last column that shows', want);
    // A drag across the figure moves the tick and selects no text.
    await page.mouse.move(m0.from + colW / 2, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(m0.from + colW * 2.5, box.y + 90, { steps: 6 });
    await page.mouse.up();
    const selectedText = await page.evaluate(() => getSelection()?.toString() ?? '');
    if (selectedText) problems.push(`a drag selected text: “${selectedText.slice(0, 40)}”`);
    await check('a drag', null);
    expect(problems).toEqual([]);
  });
}

/** Where tick `t`'s axis label sits in the trace page's scrolling figure. */
const axisLabel = (page: Page, t: number) =>
  page.evaluate((tick) => {
    const frame = document.querySelector<HTMLElement>('figure.tl[data-fit="scroll"] .tl-scroll')!;
    const box = frame.getBoundingClientRect();
    const names = frame.querySelector('.tl-gutter')!.getBoundingClientRect();
    const label = [...frame.querySelectorAll('.tl-axis text')].find(
      (e) => e.textContent?.trim() === `t${tick}`,
    );
    const r = label?.getBoundingClientRect();
    return {
      found: !!r,
      at: r ? ([r.left, r.right] as const) : ([0, 0] as const),
      from: names.right,
      to: box.left + frame.clientLeft + frame.clientWidth,
      overflows: frame.scrollWidth > frame.clientWidth + 1,
      scrolled: frame.scrollLeft,
    };
  }, t);

test('trace page: opened at a cited tick, its figure is scrolled to that tick; a cue says it scrolls; a tap reads a mark', async ({
  page,
  hasTouch,
}) => {
  const problems: string[] = [];
  // The longest run of the presets at 1024 (its figure is wider than the page: at 1280 the wide
  // figure, --width-wide, shows even that run whole), the main trace at 360.
  const long = at(
    PRESETS.map((p) => p.switches as Switches).sort(
      (a, b) => simulate(b).lastTick - simulate(a).lastTick,
    ),
    0,
    'preset',
  );
  // In the desktop project at 1024 (at 1280 the wide figure shows even that run whole), on the phone at 360.
  const phone = page.viewportSize()!.width < 400;
  const cases: [number, Switches][] = phone ? [[360, MAIN]] : [[1024, long]];
  for (const [width, s] of cases) {
    if (!phone) await page.setViewportSize({ width, height: 800 });
    const run = simulate(s);
    // The last tick and one in the middle: both lie right of what the frame shows unscrolled.
    for (const t of [run.lastTick, Math.ceil(run.lastTick / 2) + 2]) {
      await page.goto(`traces/${slugOf(s)}/#t${t}`);
      const m = await axisLabel(page, t);
      const where = `${width} px, ${slugOf(s)} #t${t}`;
      // The cue under a figure that scrolls: visible exactly when the frame is narrower than the run.
      const cue = await page.locator('figure.tl[data-fit="scroll"] .tl-cue').isVisible();
      if (cue !== m.overflows)
        problems.push(
          `${where}: the scroll cue ${cue ? 'shows' : 'is hidden'}, overflows: ${m.overflows}`,
        );
      if (!m.found) problems.push(`${where}: no axis label t${t}`);
      else if (!m.overflows) problems.push(`${where}: the figure does not scroll`);
      else if (m.at[0] < m.from - 1 || m.at[1] > m.to + 1)
        problems.push(
          `${where}: t${t} at ${Math.round(m.at[0])}–${Math.round(m.at[1])} px, the frame shows ${Math.round(m.from)}–${Math.round(m.to)} (scrolled ${m.scrolled})`,
        );
    }
  }
  // Touch has no hover: a tap on a mark puts its record's sentence (the hover title) in the readout line.
  const mark = page
    .locator('figure.tl[data-fit="scroll"] .tl-plot g.tl-p[data-mark="write"]')
    .first();
  await mark.scrollIntoViewIfNeeded();
  await (hasTouch ? mark.tap() : mark.click());
  const title = (await mark.locator(':scope > title').textContent())?.trim();
  const readout = (
    await page.locator('figure.tl[data-fit="scroll"] .tl-readout').textContent()
  )?.trim();
  if (!title || readout !== title)
    problems.push(`a tap on a write: readout “${readout}”, its title “${title}”`);
  expect(problems).toEqual([]);
});
