// Every page of pages.mjs, in each project (playwright.config.ts), one load each: the page is
// scrolled through first (client:visible islands hydrate), then
//   desktop-light, desktop-dark  expected status; axe-core WCAG 2.2 A/AA; a #fragment exists
//   desktop-light                no duplicate id; no table cut off without a scroll container
//   phone-360                    no sideways scroll; nothing sticks out of the viewport
//                                unless inside its own horizontal scroll container; no table
//                                cut off without a scroll container
//   no-js                        <main> still holds the content
// and in all: no console error, uncaught exception, failed or off-site request (fixtures.ts).
// A first-screen screenshot of each goes to test-results/screens/<page>-<project>.png.
// The @requests test alone runs for the sub-path build (test-all's subpath step).
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { PAGES, AXE_TAGS, MIN_MAIN_TEXT } from './pages.mjs';
import { clippedTables, findOverflow, scrollThrough } from './page-checks.ts';

for (const p of PAGES) {
  const status = p.status ?? 200;
  const path = p.path.replace(/^\//, '');

  test(`${p.name} @pages`, async ({ page, watch }, info) => {
    // A page with thousands of rows (the index of all 864 runs) takes axe a long time,
    // more so on a busy machine (and Playwright's trace would record every DOM read):
    // three times the timeout and no trace, rather than skipping it.
    if (p.large) {
      test.slow();
      await page
        .context()
        .tracing.stop()
        .catch(() => {});
    }
    watch.expectStatus(status);
    const response = await page.goto(path);
    expect(response?.status(), `HTTP status of ${p.path}`).toBe(status);
    const project = info.project.name;
    if (project === 'no-js') {
      await expect(page.locator('main')).toHaveCount(1);
      const text = (await page.locator('main').innerText()).trim();
      expect(text.length, '<main> text without JavaScript').toBeGreaterThanOrEqual(
        p.minText ?? MIN_MAIN_TEXT,
      );
      return;
    }
    // Islands hydrate after load; let their module requests run and finish.
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    if (p.ready) await page.waitForSelector(p.ready);
    await page
      .screenshot({ path: `test-results/screens/${p.name}-${project}.png`, animations: 'disabled' })
      .catch(() => {});
    if (project !== 'desktop-dark') {
      await scrollThrough(page);
      // Let the search results (Pagefind's fragments) finish loading.
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      expect(await page.evaluate(clippedTables), 'tables cut off').toEqual([]);
    }
    if (project === 'phone-360') {
      expect(await page.evaluate(findOverflow), 'elements past the 360 px viewport').toEqual([]);
      return;
    }
    if (project === 'desktop-light') {
      const dups = await page.evaluate(() => {
        const c = new Map<string, number>();
        for (const el of document.querySelectorAll('[id]')) c.set(el.id, (c.get(el.id) ?? 0) + 1);
        return [...c].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
      });
      expect(dups, 'ids used more than once, after hydration').toEqual([]);
    }
    const hash = new URL(page.url()).hash.slice(1);
    if (hash)
      expect(
        await page.evaluate((id) => !!document.getElementById(id), decodeURIComponent(hash)),
        `element #${hash}`,
      ).toBe(true);
    // Violations only: axe then keeps no node details for the rules that pass, which on a page of
    // 10,000+ elements is most of its time (axe-core's `resultTypes`). options() first: it
    // replaces the whole options object, the tags' runOnly included.
    let builder = new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(AXE_TAGS);
    // The index of all runs repeats one row template 864 times: axe reads its first rows
    // (about two minutes of axe saved per project); tests/site/traces-index.test.ts checks
    // that every row has the first row's markup, so what axe finds in one it finds in all.
    if (p.axeExclude) builder = builder.exclude(p.axeExclude);
    const axe = await builder.analyze();
    const found = axe.violations.map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
    expect(found, 'axe WCAG 2.2 A/AA violations').toEqual([]);
  });

  // Sub-path build: every page loads under the base with no failed or off-site request.
  test(`${p.name} loads every resource @requests`, async ({ page, watch }) => {
    watch.expectStatus(status);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  });
}
