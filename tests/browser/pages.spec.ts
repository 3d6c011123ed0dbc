// Every page of pages.mjs, one load each in each project (playwright.config.ts): the page is
// ready when its scripts and islands have run (no astro-island[ssr] left, `ready` present, no
// request in flight); where a script watches scrolling it is scrolled through (page-checks.ts), then
//   desktop  expected status; a #fragment exists; no duplicate id after hydration; no table cut
//            off without a scroll container; axe-core WCAG 2.2 A/AA, every rule, in light; then,
//            in the same load switched to the dark scheme, axe's colour rules (COLOUR_RULES) over
//            the page and every rule over the theme toggle (THEMED, on one page): the only
//            things the theme can change (see COLOUR_RULES below)
//   phone    no sideways scroll; nothing sticks out of the viewport unless inside its own
//            horizontal scroll container; no table cut off without a scroll container
// and in both: no console error, uncaught exception, failed or off-site request (fixtures.ts).
// What a page holds without JavaScript is in its static HTML: tests/site/no-js.test.ts.
// A first-screen screenshot of each goes to test-results/screens/<page>-<project>.png.
// The @requests test alone runs for the sub-path build (test-all's subpath step).
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { PAGES, AXE_TAGS } from './pages.mjs';
import {
  clippedTables,
  countScrollWatchers,
  findOverflow,
  pastColumn,
  scrollThrough,
} from './page-checks.ts';

/**
 * The dark scheme differs from the light one only in `prefers-color-scheme`. What that changes on a
 * page: (1) colours: every colour is one light-dark() pair in tokens.css and palette.css, which
 * `color-scheme` resolves; (2) the theme toggle's own markup and look (aria-pressed, which icon
 * shows: ThemeToggle.astro, header.css); (3) the font style and weight of highlighted code
 * (code.css), which changes only what counts as large text for the contrast rule.
 * tests/site/dark-theme.test.ts holds the site to that list: every rule of the built CSS that
 * applies in the dark theme only sets a colour, or one of those. So in dark, axe runs the rules
 * whose outcome reads colours (axe-core's own tag `cat.color` within the WCAG sets:
 * color-contrast and link-in-text-block) over the whole page, and every rule over the toggle;
 * every other rule gives the same result as in light, where it runs over the whole page.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const THEMED = '[data-theme-toggle]';
/** The toggle is one component with the same markup on every page (tests/site/dark-theme.test.ts): axe reads it on one. */
const THEMED_ON = 'landing';

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
    const project = info.project.name;
    await countScrollWatchers(page);
    const response = await page.goto(path);
    expect(response?.status(), `HTTP status of ${p.path}`).toBe(status);
    // Ready: loaded, every island hydrated (Astro removes `ssr` when it has), what the page's
    // script shows present (`ready`), and every request answered.
    const ready = async () => {
      await page.waitForFunction(
        () => document.readyState === 'complete' && !document.querySelector('astro-island[ssr]'),
      );
      if (p.ready) await page.waitForSelector(p.ready);
      await watch.quiet();
    };
    await ready();
    await page
      .screenshot({ path: `test-results/screens/${p.name}-${project}.png`, animations: 'disabled' })
      .catch(() => {});
    await scrollThrough(page);
    await watch.quiet();
    expect(await page.evaluate(clippedTables), 'tables cut off').toEqual([]);
    if (project === 'phone') {
      expect(await page.evaluate(findOverflow), 'elements past the 360 px viewport').toEqual([]);
      expect(await page.evaluate(pastColumn), 'elements past the text column').toEqual([]);
      return;
    }
    {
      const dups = await page.evaluate(() => {
        const c = new Map<string, number>();
        for (const el of document.querySelectorAll('[id]')) c.set(el.id, (c.get(el.id) ?? 0) + 1);
        return [...c].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
      });
      expect(dups, 'ids used more than once, after hydration').toEqual([]);
    }
    // No frame of any origin: axe's legacy mode (below) reads the top document only.
    expect(page.frames(), 'frames in the page').toHaveLength(1);
    const hash = new URL(page.url()).hash.slice(1);
    if (hash)
      expect(
        await page.evaluate((id) => !!document.getElementById(id), decodeURIComponent(hash)),
        `element #${hash}`,
      ).toBe(true);
    // Violations only: axe then keeps no node details for the rules that pass, which on a page of
    // 10,000+ elements is most of its time (axe-core's `resultTypes`). options() first: it
    // replaces the whole options object, the tags' runOnly included.
    // Legacy mode: one axe.run() in the page. The default runs axe.runPartial() in every frame and
    // axe.finishRun() in a second, blank page, to reach frames of other origins; it hands every
    // rule's partial results (passes included) across as JSON, which cost 2–2.5 times the audit
    // (companion: 13 CPU-s against 5). The site has no frames (checked above), so the two modes
    // run the same rules on the same document.
    const axe = async (rules: string[] | null, include?: string) => {
      let builder = new AxeBuilder({ page })
        .setLegacyMode(true)
        .options({ resultTypes: ['violations'] });
      builder = rules ? builder.withRules(rules) : builder.withTags(AXE_TAGS);
      if (include) builder = builder.include(include);
      // The index of all runs repeats one row template 864 times: axe reads its first rows
      // (about two minutes of axe saved per project); tests/site/traces-index.test.ts checks
      // that every row has the first row's markup, so what axe finds in one it finds in all.
      else if (p.axeExclude) builder = builder.exclude(p.axeExclude);
      return (await builder.analyze()).violations;
    };
    const found = (violations: Awaited<ReturnType<typeof axe>>) =>
      violations.map(
        (v) =>
          `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      );
    expect(found(await axe(null)), 'axe WCAG 2.2 A/AA violations, light').toEqual([]);
    // The same page in the dark scheme, loaded again dark from the start, as a reader in dark mode
    // gets it. Switched in place, the page's colours follow a task or more later (the toggle's
    // script sets <html data-theme> on the media query's change event), and axe run in between
    // failed colour contrast now and then on muted text (hashes, dates, the model version) that
    // measures 7:1 once settled; a second axe run over a page of 10,000+ restyled elements also
    // took minutes (the index of runs).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await ready();
    await page.waitForFunction(
      () =>
        matchMedia('(prefers-color-scheme: dark)').matches &&
        document.documentElement.dataset.theme === 'dark',
    );
    const dark = [
      ...(await axe(COLOUR_RULES)),
      ...(p.name === THEMED_ON ? await axe(null, THEMED) : []),
    ];
    {
      // COLOUR_RULES is axe-core's own list (read from the copy axe injected into the page): a
      // new colour rule in a later axe-core must join it.
      const colour = await page.evaluate(
        (tags) =>
          (
            window as unknown as {
              axe: { getRules(t: string[]): { ruleId: string; tags: string[] }[] };
            }
          ).axe
            .getRules(tags)
            .filter((r) => r.tags.includes('cat.color'))
            .map((r) => r.ruleId),
        AXE_TAGS,
      );
      expect(colour.sort(), 'axe-core’s colour rules in the WCAG sets').toEqual(
        [...COLOUR_RULES].sort(),
      );
    }
    expect(found(dark), 'axe colour violations, dark').toEqual([]);
  });

  // Sub-path build: every page loads under the base with no failed or off-site request.
  test(`${p.name} loads every resource @requests`, async ({ page, watch }) => {
    watch.expectStatus(status);
    const response = await page.goto(path);
    expect(response?.status()).toBe(status);
    await page.waitForFunction(
      () => document.readyState === 'complete' && !document.querySelector('astro-island[ssr]'),
    );
    await watch.quiet();
  });
}
