// The run timeline's words that depend on the reader's device, which only a browser can see:
// the readout's prompt names the input (hover and click with a mouse, tap on a touch screen),
// a phone is told before the drawing that it scrolls sideways, and print takes the desktop
// strips, never the phone's drawing. The mouse runs in the desktop project, the touch screen in phone.
import { test, expect } from './fixtures.ts';

const ARTICLE = 'article/';
const prompt = (page: import('@playwright/test').Page) =>
  page.locator('main figure.tl[data-timeline] .tl-readout').first();

test.describe('with a mouse @desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false });
  test('the readout says hover or click, and print takes the strips', async ({ page }) => {
    await page.goto(ARTICLE);
    expect(await prompt(page).innerText()).toBe(
      'Hover over a mark, or click it, to read its record here.',
    );
    const fig = page.locator('main figure.tl[data-timeline]').first();
    await expect(fig.locator('.tl-strips-wide')).toBeVisible();
    await expect(fig.locator('.tl-phone')).toBeHidden();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ media: 'print' });
    // A 360 px window printed: the strips, scaled to the line, not the phone's scrolling drawing.
    await expect(fig.locator('.tl-strips-wide')).toBeVisible();
    await expect(fig.locator('.tl-phone')).toBeHidden();
  });
});

test.describe('on a touch screen @phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  test('the readout says tap, and a line before the drawing says it scrolls', async ({ page }) => {
    await page.goto(ARTICLE);
    expect(await prompt(page).innerText()).toBe('Tap a mark to read its record here.');
    const fig = page.locator('main figure.tl[data-timeline]').first();
    const cue = fig.locator('.tl-cue-phone');
    const frame = fig.locator('.tl-phone > .tl-scroll');
    await expect(cue).toBeVisible();
    await expect(cue).toHaveText(/^Scroll the drawing sideways/);
    const [c, f] = [(await cue.boundingBox())!, (await frame.boundingBox())!];
    expect(c.y + c.height).toBeLessThanOrEqual(f.y + 1);
    // It does scroll, and opens at the decisive tick rather than at t0.
    expect(await frame.evaluate((e) => e.scrollWidth > e.clientWidth && e.scrollLeft > 0)).toBe(
      true,
    );
    // The tick before the decisive one is in view whole, clear of the sticky lane names: its
    // column's left edge sits right of the gutter, and the decisive tick's label inside the box.
    const open = await frame.evaluate((e) => {
      const t = Number(e.dataset.focusTick);
      const gutter = e.querySelector('.tl-gutter')!.getBoundingClientRect();
      const box = e.getBoundingClientRect();
      const label = (n: number) =>
        [...e.querySelectorAll('.tl-plot a text')].find((x) => x.textContent === `t${n}`)!;
      const hit = (n: number) => label(n).parentElement!.querySelector('rect')!;
      return {
        before: hit(t - 1).getBoundingClientRect().left - gutter.right,
        focus: label(t).getBoundingClientRect().right <= box.right,
      };
    });
    expect(open.before, 'the previous tick column starts right of the lane names').toBeGreaterThan(
      4,
    );
    expect(open.focus, 'the decisive tick is in view').toBe(true);
  });
});
