// The explorer shows what you touch (its layout, in a real Chromium; the 1280 tests run in the
// desktop project and the 360 ones in phone, each at the height it sets):
//   at 1280 × 900, every tick of the stage figure is inside its frame, or the frame scrolls and a
//   visible cue says so on the side the hidden ticks are (and scrolling shows them);
//   the Tab order follows the layout — route, switches, presets, figure, panels — and the first
//   switch is the fourth key press from the top (Tab, Tab to "Skip to the switches", Enter, Tab);
//   after a preset or a switch is pressed, the figure is still in view, not under the sticky tick
//   bar, with the tick it opens on inside its frame;
//   Compare shades the differing ticks in a colour of its own, not the selected tick's;
//   at 360 every switch and preset target is at least 44 px tall (and wide), the scene's text
//   sits right above its figure, and the presets strip says that it scrolls.
// The expected tick counts come from the model, run here in Node (explorer-helpers.ts).
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import { fmt, ready, runOf } from './explorer-helpers.ts';
import { MAIN, PRESETS } from '../../src/model/index.ts';
import { at } from '../../src/model/lookup.ts';

/** The stage figure's tick labels against its frame, and the cues that show. Runs in the page. */
function frameReport() {
  const frame = document.querySelector<HTMLElement>('.ex-fig .tl-scroll')!;
  const f = frame.getBoundingClientRect();
  const names = frame.querySelector('.tl-gutter')?.getBoundingClientRect().right ?? f.left;
  const ticks = [...frame.querySelectorAll<SVGTextElement>('.tl-axis text')]
    .filter((t) => /^t\d+$/.test((t.textContent ?? '').trim()))
    .map((t) => {
      const r = t.getBoundingClientRect();
      return { t: (t.textContent ?? '').trim(), left: r.left, right: r.right };
    });
  const shows = (side: string) => {
    const el = document.querySelector<HTMLElement>(`[data-scroll-cue="${side}"]`);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    const s = getComputedStyle(el);
    return r.width > 8 && r.height > 8 && s.visibility !== 'hidden' && s.opacity !== '0';
  };
  return {
    ticks,
    hiddenRight: ticks.filter((t) => t.right > f.right + 0.5).map((t) => t.t),
    hiddenLeft: ticks.filter((t) => t.left < names - 0.5).map((t) => t.t),
    scrolls: frame.scrollWidth > frame.clientWidth,
    cueRight: shows('right'),
    cueLeft: shows('left'),
  };
}

async function checkFrame(page: Page, lastTick: number) {
  const r = await page.evaluate(frameReport);
  expect(r.ticks.length, 'one axis label per tick, t0 to the last').toBe(lastTick + 1);
  if (r.hiddenRight.length) {
    expect(r.scrolls, `ticks ${r.hiddenRight} are cut: the frame must scroll`).toBe(true);
    expect(r.cueRight, `ticks ${r.hiddenRight} are cut: a cue must show on the right`).toBe(true);
  }
  if (r.hiddenLeft.length)
    expect(r.cueLeft, `ticks ${r.hiddenLeft} are cut on the left`).toBe(true);
  if (!r.hiddenLeft.length && !r.hiddenRight.length) {
    expect(r.cueLeft || r.cueRight, 'no cue where nothing is hidden').toBe(false);
  }
  return r;
}

test.describe('at 1280 × 900 @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('explorer layout: every tick of the figure is in its frame, or a cue shows', async ({
    page,
  }) => {
    const longest = PRESETS.reduce((a, b) =>
      runOf(b.switches).lastTick > runOf(a.switches).lastTick ? b : a,
    );
    for (const s of [MAIN, longest.switches]) {
      await page.goto(`explorer/?${fmt(s)}`);
      await ready(page);
      const r = await checkFrame(page, runOf(s).lastTick);
      if (r.hiddenRight.length) {
        // The cue scrolls the frame: the last tick then shows, and the cue on the left appears.
        await page.click('[data-scroll-cue="right"]');
        await page.waitForFunction(() => {
          const f = document.querySelector<HTMLElement>('.ex-fig .tl-scroll')!;
          return f.scrollLeft > 0;
        });
        await page.evaluate(() => {
          const f = document.querySelector<HTMLElement>('.ex-fig .tl-scroll')!;
          f.scrollLeft = f.scrollWidth;
        });
        await expect(page.locator('[data-scroll-cue="left"]')).toBeVisible();
        await expect(page.locator('[data-scroll-cue="right"]')).toHaveCount(0);
        const after = await page.evaluate(frameReport);
        expect(after.hiddenRight, 'scrolled to its end, no tick is cut on the right').toEqual([]);
      }
    }
  });

  test('explorer layout: Tab order is route, switches, presets, figure, panels', async ({
    page,
  }) => {
    await page.goto('explorer/');
    await ready(page);
    // The skip link, then into the content.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('href', /#main$/);
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    const kinds: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      kinds.push(
        await page.evaluate(() => {
          const el = document.activeElement!;
          if (el.closest('.ex-guide')) return 'route';
          if (el.closest('.ex-switches')) return 'switch';
          if (el.closest('.ex-presets')) return 'preset';
          if (el.closest('.ex-stage__main')) return 'figure';
          if (el.closest('.ex-now, .ex-panel')) return 'panel';
          return 'other';
        }),
      );
    }
    const first = (k: string) => kinds.indexOf(k);
    const order = ['route', 'switch', 'preset', 'figure', 'panel'];
    for (const k of order)
      expect(first(k), `${k} is reached (${kinds.join(' ')})`).toBeGreaterThan(-1);
    const at = order.map(first);
    expect(at, `first stops of ${order.join(', ')}`).toEqual([...at].sort((a, b) => a - b));
  });

  test('explorer layout: the first switch is the fourth key press from the top of the page', async ({
    page,
  }) => {
    await page.goto('explorer/');
    await ready(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveText('Skip to the switches');
    await expect(page.locator(':focus')).toBeInViewport();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () => !!document.activeElement?.closest('.ex-switches input, .ex-switch'),
      ),
    ).toBe(true);
  });

  test('explorer layout: after a preset or a switch, the figure is in view', async ({ page }) => {
    await page.goto('explorer/');
    await ready(page);
    const inView = () =>
      page.evaluate(() => {
        const fig = document
          .querySelector<HTMLElement>('.ex-fig .tl-scroll')!
          .getBoundingClientRect();
        const bar = document.querySelector<HTMLElement>('.ex-scrub')!.getBoundingClientRect();
        const sel = document.querySelector('.ex-fig .tl-sel')?.getBoundingClientRect();
        const frame = document
          .querySelector<HTMLElement>('.ex-fig .tl-scroll')!
          .getBoundingClientRect();
        return {
          top: fig.top,
          barBottom: bar.bottom,
          height: innerHeight,
          sel: sel ? sel.left >= frame.left - 1 && sel.right <= frame.right + 1 : false,
        };
      });
    const check = async (what: string) => {
      // The scroll that brings the figure back may be smooth: wait for it to settle.
      await expect
        .poll(
          async () => {
            const v = await inView();
            return v.top >= v.barBottom - 1 && v.top <= v.height - 200 && v.sel;
          },
          { message: what },
        )
        .toBe(true);
    };
    // Scrolled down until the tick bar has stuck over the figure's top, a preset pressed from
    // the keyboard (focus without scrolling, then Enter).
    for (const p of PRESETS.slice(1, 3)) {
      await page.evaluate(() => {
        const fig = document.querySelector<HTMLElement>('.ex-fig')!;
        scrollTo(0, fig.getBoundingClientRect().top + scrollY + 150);
      });
      await page.evaluate(
        (id) =>
          document
            .querySelector<HTMLElement>(`[data-preset="${id}"]`)!
            .focus({ preventScroll: true }),
        p.id,
      );
      await page.keyboard.press('Enter');
      await expect(page.locator(`[data-preset="${p.id}"]`)).toHaveAttribute('aria-pressed', 'true');
      await check(`after the preset “${p.id}”`);
    }
    // A switch, clicked: the rail is beside the figure.
    await page.locator('.ex-switches input[name="fencing"][value="off"]').click();
    await check('after the fencing switch');
  });

  test('explorer layout: Compare shades differences apart from the selected tick', async ({
    page,
  }) => {
    await page.goto(`explorer/?${fmt(at(PRESETS, 1, 'preset').switches)}`);
    await ready(page);
    await page.locator('[data-compare-toggle]').check();
    await expect(page.locator('.ex-fig .tl-diff').first()).toBeAttached();
    const fills = await page.evaluate(() => ({
      diff: getComputedStyle(document.querySelector('.ex-fig .tl-diff')!).fill,
      sel: getComputedStyle(document.querySelector('.ex-fig .tl-sel')!).fill,
    }));
    expect(fills.diff).not.toBe(fills.sel);
  });
});

test.describe('at 360 × 780 @phone', () => {
  test.use({ viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });

  test('explorer layout: touch targets are 44 px, the scene sits by its figure', async ({
    page,
  }) => {
    await page.goto('explorer/');
    await ready(page);
    const small = await page.evaluate(() =>
      [
        ...document.querySelectorAll<HTMLElement>(
          '.ex-stage .ex-switches label.ex-option, .ex-presets button',
        ),
      ]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.height < 44 - 0.5 || r.width < 44 - 0.5)
        .map(
          ({ el, r }) =>
            `${el.textContent?.trim()}: ${r.width.toFixed(0)} × ${r.height.toFixed(0)}`,
        ),
    );
    expect(small).toEqual([]);
    // Every other button of the stage is at least WCAG 2.2's 24 px, the scroll cue included.
    const tiny = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.ex-stage button, .ex-frame__cue')]
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 0 && (r.height < 24 - 0.5 || r.width < 24 - 0.5))
        .map(
          ({ el, r }) =>
            `${el.textContent?.trim()}: ${r.width.toFixed(0)} × ${r.height.toFixed(0)}`,
        ),
    );
    expect(tiny, 'buttons under 24 px').toEqual([]);
    const gap = await page.evaluate(() => {
      const scene = document.querySelector('#ex-guide-panel')!.getBoundingClientRect();
      const fig = document.querySelector('.ex-fig')!.getBoundingClientRect();
      return fig.top - scene.bottom;
    });
    // Next to it: the figure starts within half a screen of the scene's text (the presets and the
    // tick bar are between them).
    expect(gap, 'from the scene’s text to its figure (px)').toBeLessThan(780 / 2);
    const strip = await page.evaluate(() => {
      const el = document.querySelector<HTMLElement>('.ex-presets')!;
      const label = el.querySelector('.ex-presets__label')!;
      return {
        scrolls: el.scrollWidth > el.clientWidth,
        cue: getComputedStyle(label, '::after').content,
      };
    });
    if (strip.scrolls) expect(strip.cue, 'the presets strip says it scrolls').toMatch(/swipe/);
    await checkFrame(page, runOf(MAIN).lastTick);
  });
});
