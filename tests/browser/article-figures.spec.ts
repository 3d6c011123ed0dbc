// The article's figures that step in place (CONTRIBUTING.md, "Figure grammar" 8), once per
// input method: the keyboard and the buttons on desktop, a tap on a half and a tap on a mark on
// the phone. After each input the figure is at the neighbouring step and shows exactly the
// marks of that step (a mark shows from its data-tick, or data-seq, until its data-until).
// What each step shows, the still without JavaScript and the marks against the model's records
// are read from the static HTML in tests/site/step-figures.test.ts, for every such figure.
import type { Locator, Page } from '@playwright/test';
import { at } from '../../src/model/lookup.ts';
import { test, expect } from './fixtures.ts';

/**
 * The first figure of the article that steps and whose marks carry their record's sentence (a
 * <title>, which a tap reads), once its script has set it up.
 */
async function stepper(page: Page) {
  await page.goto('article/');
  const fig = page.locator('figure[data-step-figure]:has([data-mark] > title)').first();
  await expect(fig).toHaveAttribute('data-live', '');
  await fig.scrollIntoViewIfNeeded();
  const steps = ((await fig.getAttribute('data-ticks')) ?? '').split(',').map(Number);
  expect(steps.length, 'the figure has steps').toBeGreaterThan(2);
  return { fig, steps, draw: fig.locator('[tabindex="0"]').first() };
}

/** The figure is at step `t`, and shows exactly the marks of that step. */
async function expectAt(fig: Locator, t: number) {
  await expect(fig).toHaveAttribute('data-at', String(t));
  const wrong = await fig.evaluate((el) => {
    const by = (el as HTMLElement).dataset.stepBy === 'seq' ? 'seq' : 'tick';
    const at = Number((el as HTMLElement).dataset.at);
    return [...el.querySelectorAll<SVGElement>(`[data-${by}], [data-until]`)]
      .filter((m) => {
        const from = m.dataset[by] === undefined ? -Infinity : Number(m.dataset[by]);
        const until = m.dataset.until === undefined ? Infinity : Number(m.dataset.until);
        const shows = !m.closest('[visibility="hidden"]');
        return shows !== (from <= at && at < until);
      })
      .map((m) => `${m.dataset.mark} ${m.dataset[by] ?? ''}`);
  });
  expect(wrong, `marks shown wrongly at step ${t}`).toEqual([]);
}

/** A point in the drawing's left or right half that no showing mark covers (a tap there steps). */
async function emptySpot(draw: Locator, side: 'left' | 'right') {
  const spot = await draw.evaluate((el, side) => {
    const box = el.getBoundingClientRect();
    const xs = side === 'left' ? [0.04, 0.1, 0.2, 0.3, 0.4] : [0.96, 0.9, 0.8, 0.7, 0.6];
    for (let y = 4; y < box.height - 4; y += 6)
      for (const f of xs) {
        const x = box.width * f;
        const hit = document.elementFromPoint(box.left + x, box.top + y);
        if (!hit || !el.contains(hit) || hit.closest('a')) continue;
        const mark = hit.closest('[data-mark]');
        if (mark && mark.querySelector(':scope > title') && !mark.closest('[visibility="hidden"]'))
          continue;
        return { x, y };
      }
    return null;
  }, side);
  if (!spot) throw new Error(`no empty spot in the ${side} half of the drawing`);
  return spot;
}

test('a stepping figure follows the keyboard and its buttons @desktop', async ({ page }) => {
  const { fig, steps, draw } = await stepper(page);
  const last = steps.length - 1;
  await draw.focus();
  await page.keyboard.press('Home');
  await expectAt(fig, at(steps, 0, 'step'));
  await page.keyboard.press('ArrowRight');
  await expectAt(fig, at(steps, 1, 'step'));
  await page.keyboard.press('End');
  await expectAt(fig, at(steps, last, 'step'));
  await page.keyboard.press('ArrowLeft');
  await expectAt(fig, at(steps, last - 1, 'step'));
  // Each step tells the readout what it adds: the records' sentences of the marks it shows first.
  const added = await fig.evaluate(
    (el, t) => {
      const by = (el as HTMLElement).dataset.stepBy === 'seq' ? 'seq' : 'tick';
      return [...el.querySelectorAll<SVGElement>(`[data-${by}="${t}"] > title`)].map(
        (x) => x.textContent?.trim() ?? '',
      );
    },
    at(steps, last - 1, 'step'),
  );
  for (const s of added) await expect(fig.locator('.pf-readout')).toContainText(s);
  const next = fig.getByRole('button', { name: /^Next/ });
  const prev = fig.getByRole('button', { name: /^Previous/ });
  await prev.click();
  await expectAt(fig, at(steps, last - 2, 'step'));
  await next.click();
  await next.click();
  await expectAt(fig, at(steps, last, 'step'));
  await expect(next).toBeDisabled();
});

test('a stepping figure follows taps on its halves; a tap on a mark reads it @phone', async ({
  page,
}) => {
  const { fig, steps, draw } = await stepper(page);
  const i = steps.indexOf(Number(await fig.getAttribute('data-at')));
  // From wherever it opens: forward, unless it opens on the last step.
  const [first, second] = i < steps.length - 1 ? ['right', 'left'] : ['left', 'right'];
  const j = first === 'right' ? i + 1 : i - 1;
  await draw.tap({ position: await emptySpot(draw, first as 'left' | 'right') });
  await expectAt(fig, at(steps, j, 'step'));
  await draw.tap({ position: await emptySpot(draw, second as 'left' | 'right') });
  await expectAt(fig, at(steps, i, 'step'));
  // A tap on a showing mark puts its record's sentence in the readout, and does not step.
  const mark = fig.locator('[data-mark]:has(> title):not([visibility="hidden"])').last();
  const title = ((await mark.locator(':scope > title').textContent()) ?? '').trim();
  expect(title.length).toBeGreaterThan(0);
  await mark.tap();
  await expect(fig.locator('.pf-readout')).toHaveText(title);
  await expect(fig).toHaveAttribute('data-at', String(steps[i]));
});
