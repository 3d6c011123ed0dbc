// The publication layer:
//   - the contents list marks the section being read (aria-current) and the mark moves with scrolling
//   - (trace pages' titles: all 864 built files, tests/site/trace-titles.test.ts; history entries
//     per gesture: explorer-route.spec.ts; duplicate ids and clipped tables: pages.spec.ts)
//   - the explorer's layout shift while loading (CLS) stays below 0.05
//   - on the phone the explorer's run (the "At tN" state) starts within 1,600 px of the top
//   - no table is cut off without a scroll container in the explorer's compare view (both projects)
//   - in dark mode, search highlights and result links use the site's colours, not Pagefind's or the browser's
import { test, expect } from './fixtures.ts';
import { at } from '../../src/model/lookup.ts';
import { clippedTables, scrollThrough } from './page-checks.ts';

test('contents: aria-current marks the section being read and moves with scrolling @desktop', async ({
  page,
}) => {
  await page.goto('article/');
  const links = page.locator('.toc--side a[data-toc-link]');
  const count = await links.count();
  expect(count).toBeGreaterThan(4);
  const current = () => page.locator('.toc--side a[aria-current="true"]').allTextContents();
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForTimeout(150);
  expect(await current()).toEqual([await links.nth(0).textContent()]);
  const seen: string[] = [];
  for (const i of [2, 5, count - 3]) {
    const id = decodeURIComponent((await links.nth(i).getAttribute('href'))!.slice(1));
    // Put the section's heading just under the top of the window.
    await page.evaluate((id) => {
      const el = document.getElementById(id)!;
      scrollTo(0, el.getBoundingClientRect().top + scrollY - 40);
    }, id);
    await expect.poll(current).toEqual([await links.nth(i).textContent()]);
    seen.push(at(await current(), 0, 'marked entry'));
  }
  expect(new Set(seen).size).toBe(3);
  // Exactly one entry is marked in each list (the phone list too).
  expect(await page.locator('.toc--top a[aria-current="true"]').count()).toBe(1);
});

test('explorer: layout shift while loading stays below 0.05 @desktop', async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { __cls: number }).__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) (window as unknown as { __cls: number }).__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('explorer/');
  await page.waitForSelector('.ex-now');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThan(0.05);
});

// The run is its figure, the stage (Stage.tsx): it must be within the first two screens.
test('explorer: the run starts within 1,600 px of the top @phone', async ({ page }) => {
  await page.goto('explorer/');
  await page.waitForSelector('.ex-stage__main svg');
  const top = await page.evaluate(
    () => document.querySelector('.ex-stage__main svg')!.getBoundingClientRect().top + scrollY,
  );
  expect(top).toBeLessThanOrEqual(1600);
});

// Every page of pages.mjs is checked for cut-off tables in its pages test (pages.spec.ts); this
// adds the explorer's compare view, which no page of that list opens. In both projects.
test('explorer compare: no table cut off without a scroll container', async ({ page }) => {
  await page.goto('explorer/?fencing=off&vs=main');
  await scrollThrough(page);
  expect(await page.evaluate(clippedTables)).toEqual([]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });
  // Pagefind resets <mark> to the browser's own (yellow) and colours result titles as plain
  // text; the site's rules must outrank both, in the dark theme as in the light one.
  test('search: highlights and result links take the site’s colours @desktop', async ({ page }) => {
    await page.goto('search/?q=fencing');
    await page.waitForSelector('.pagefind-ui__result-excerpt mark');
    const c = await page.evaluate(() => {
      const probe = document.createElement('span');
      probe.style.background = 'var(--target-bg)';
      probe.style.color = 'var(--link)';
      document.querySelector('.site-search')!.append(probe);
      const want = getComputedStyle(probe);
      const mark = getComputedStyle(document.querySelector('.pagefind-ui__result-excerpt mark')!);
      const link = getComputedStyle(
        document.querySelector('.pagefind-ui__result-title .pagefind-ui__result-link')!,
      );
      const out = {
        markBg: mark.backgroundColor,
        wantBg: want.backgroundColor,
        link: link.color,
        wantLink: want.color,
      };
      probe.remove();
      return out;
    });
    expect(c.markBg).toBe(c.wantBg);
    expect(c.link).toBe(c.wantLink);
  });
});
