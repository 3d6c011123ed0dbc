// The article's fencing figure steps in place (CONTRIBUTING.md, "Figure grammar" 8):
// by keyboard (Home, →, ←, End on the focused drawing), by tapping its halves, and by
// its ◀/▶ buttons. At every tick the marks it shows are the main run's records up to
// that tick: the journal writes and the store's decisions, the epochs the controller
// published. Expectations come from the model (src/model), never from the page.
// Without JavaScript (the no-js project) the figure is a still of the rejected write.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { MAIN, TIMING, runFor } from '../../src/model/index.ts';

const run = runFor(MAIN);
const end = TIMING.wakeAt;
const writes = run.writes.filter((w) => w.store === 'journal' && w.tick <= end);
const epochs = run.events
  .filter((e) => e.kind === 'build-admitted' && e.tick <= end)
  .map((e) => ({ tick: e.tick, epoch: (e.values as { token: number }).token }));
// The ticks at which the main run has something the figure's point needs: admissions,
// the silence, the wake-up and the journal writes, up to the late write.
const ticks = [
  ...new Set(
    [
      ...epochs.map((e) => e.tick),
      ...run.events
        .filter((e) => (e.kind === 'falls-silent' || e.kind === 'wakes-to-write') && e.tick <= end)
        .map((e) => e.tick),
      ...writes.map((w) => w.tick),
    ].sort((a, b) => a - b),
  ),
];
const rejected = writes.find((w) => w.outcome === 'rejected')!;

const expectedWrites = (t: number) =>
  writes
    .filter((w) => w.tick <= t)
    .map(
      (w) =>
        `t${w.tick} #${w.writer} ${w.subject.kind === 'step' ? w.subject.step : ''} ${w.token}/${w.epoch} ${w.outcome}`,
    )
    .sort();
const expectedEpochs = (t: number) => epochs.filter((e) => e.tick <= t).map((e) => e.epoch);

async function shown(fig: Locator) {
  return fig.evaluate((el) => {
    const visible = (m: Element) => !m.closest('[visibility="hidden"]');
    const ws = [...el.querySelectorAll('[data-mark="write"]')].filter(visible).map((m) => {
      const d = (m as HTMLElement).dataset;
      return `t${d.tick} #${d.attempt} ${d.step} ${d.token}/${d.epoch} ${d.outcome}`;
    });
    const es = [...el.querySelectorAll('[data-mark="epoch"]')]
      .filter(visible)
      .map((m) => Number((m as HTMLElement).dataset.epoch));
    const claim = [...el.querySelectorAll('[data-claim]')]
      .filter(visible)
      .map((m) => m.textContent?.trim());
    return { at: (el as HTMLElement).dataset.at, writes: ws.sort(), epochs: es, claim };
  });
}

async function expectTick(fig: Locator, t: number) {
  await expect(fig).toHaveAttribute('data-at', String(t));
  const s = await shown(fig);
  expect(s.writes, `writes shown at t${t}`).toEqual(expectedWrites(t));
  expect(s.epochs, `epochs shown at t${t}`).toEqual(expectedEpochs(t));
  expect(s.claim, `claim at t${t}`).toEqual(
    t >= rejected.tick ? [`${rejected.token} < ${rejected.epoch}: rejected`] : [],
  );
}

async function open(page: Page) {
  await page.goto('article/');
  const fig = page.locator('#fig-fencing');
  await expect(fig).toHaveCount(1);
  return fig;
}

test('@pages the fencing figure steps by keyboard, tap and button, its marks following the main run’s records', async ({
  page,
  javaScriptEnabled,
  hasTouch,
}) => {
  expect(ticks.length, 'the model gives the figure several ticks').toBeGreaterThan(3);
  expect(rejected.token).toBeLessThan(rejected.epoch);
  const fig = await open(page);
  if (!javaScriptEnabled) {
    // A still of the moment the claim names: every mark up to the late write, no controls.
    await expect(fig.locator('.pf-controls')).toBeHidden();
    const s = await shown(fig);
    expect(s.writes).toEqual(expectedWrites(end));
    expect(s.claim).toEqual([`${rejected.token} < ${rejected.epoch}: rejected`]);
    return;
  }
  await expect(fig).toHaveAttribute('data-live', '');
  const last = ticks[ticks.length - 1];
  await expectTick(fig, last);

  // Keyboard: Home, then → through every tick, ← once, End.
  const draw = fig.locator('.pf-draw');
  await draw.focus();
  await page.keyboard.press('Home');
  await expectTick(fig, ticks[0]);
  for (const t of ticks.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expectTick(fig, t);
  }
  await page.keyboard.press('ArrowLeft');
  await expectTick(fig, ticks[ticks.length - 2]);
  await page.keyboard.press('End');
  await expectTick(fig, last);

  // Tap (a click where the page has no touch): the left half steps back, the right half forward.
  const box = (await draw.boundingBox())!;
  const at = (x: number) => ({ position: { x, y: box.height / 2 } });
  const tap = (x: number) => (hasTouch ? draw.tap(at(x)) : draw.click(at(x)));
  await tap(box.width * 0.2);
  await expectTick(fig, ticks[ticks.length - 2]);
  await tap(box.width * 0.2);
  await expectTick(fig, ticks[ticks.length - 3]);
  await tap(box.width * 0.8);
  await expectTick(fig, ticks[ticks.length - 2]);

  // Buttons.
  const prev = fig.getByRole('button', { name: 'Previous tick' });
  const next = fig.getByRole('button', { name: 'Next tick' });
  await prev.click();
  await expectTick(fig, ticks[ticks.length - 3]);
  await next.click();
  await next.click();
  await expectTick(fig, last);
  await expect(next).toBeDisabled();
  await page.keyboard.press('Home');
});

test('@pages no article figure makes a 360 px page scroll sideways, and figure text is at least 12 px', async ({
  page,
}) => {
  await page.goto('article/');
  const { overflow, small } = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small: string[] = [];
    for (const t of document.querySelectorAll(
      'main figure.pf svg text, main figure.pf svg tspan',
    )) {
      const fs = parseFloat(getComputedStyle(t).fontSize);
      if (fs < 12 && t.textContent?.trim()) small.push(`${fs}px: ${t.textContent}`);
    }
    return { overflow, small };
  });
  expect(overflow, 'sideways scroll on the article').toBeLessThanOrEqual(0);
  expect(small).toEqual([]);
  // Each drawing fits its figure's column at 1:1 (no borrowed gutter, no scaling), and every
  // label stays inside its drawing.
  const fit = await page.evaluate(() => {
    const out: string[] = [];
    for (const fig of document.querySelectorAll<HTMLElement>('main figure.pf')) {
      for (const svg of fig.querySelectorAll('svg')) {
        const { width: W, height: H } = svg.viewBox.baseVal;
        const box = svg.getBoundingClientRect();
        const col = fig.getBoundingClientRect();
        if (Math.abs(box.width - W) > 0.5) out.push(`${fig.id}: drawn ${W}, rendered ${box.width}`);
        if (box.left < col.left - 0.5 || box.right > col.right + 0.5)
          out.push(
            `${fig.id}: ${box.left}–${box.right} outside its column ${col.left}–${col.right}`,
          );
        for (const t of svg.querySelectorAll('text')) {
          if (!t.textContent?.trim()) continue;
          const b = t.getBBox();
          if (b.x < -0.5 || b.y < -0.5 || b.x + b.width > W + 0.5 || b.y + b.height > H + 0.5)
            out.push(`${fig.id}: “${t.textContent.trim()}” outside the ${W}×${H} drawing`);
        }
      }
    }
    return out;
  });
  expect(fit).toEqual([]);
});
