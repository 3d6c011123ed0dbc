// Every page of pages.mjs, in each project (playwright.config.ts):
//   desktop-light, desktop-dark  expected status; axe-core WCAG 2.2 A/AA; a #fragment exists
//   phone-360                    no sideways scroll; nothing sticks out of the viewport
//                                unless inside its own horizontal scroll container
//   no-js                        <main> still holds the content
// and in all: no console error, uncaught exception, failed or off-site request (fixtures.ts).
// A first-screen screenshot of each goes to test-results/screens/<page>-<project>.png.
// The @requests test alone runs for the sub-path build (test-all's subpath step).
import { AxeBuilder } from '@axe-core/playwright';
import { test, expect } from './fixtures.ts';
import { PAGES, AXE_TAGS, MIN_MAIN_TEXT } from './pages.mjs';

/** Runs in the page: what sticks out sideways at the current viewport width. */
function findOverflow() {
  const vw = document.documentElement.clientWidth;
  const out: string[] = [];
  const describe = (el: Element) => {
    let s = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '');
    if (typeof el.className === 'string' && el.className.trim())
      s += '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.');
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return text ? `${s} "${text}"` : s;
  };
  const visit = (el: Element) => {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    // Visually hidden for assistive technology (KaTeX's MathML copy, .sr-only): clipped to nothing.
    if (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none')) return;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.width > vw + 1)) {
      out.push(
        `${describe(el)} spans x=${Math.round(r.left)}…${Math.round(r.right)} (viewport ${vw} px wide)`,
      );
      return; // its children would only repeat the finding
    }
    if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return; // scrolls on its own
    for (const child of el.children) visit(child);
  };
  visit(document.body);
  const sw = document.documentElement.scrollWidth;
  if (sw > window.innerWidth)
    out.unshift(`the page scrolls sideways: scrollWidth ${sw} > innerWidth ${window.innerWidth}`);
  return out;
}

export { findOverflow };

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
    if (project === 'phone-360') {
      expect(await page.evaluate(findOverflow), 'elements past the 360 px viewport').toEqual([]);
      return;
    }
    const hash = new URL(page.url()).hash.slice(1);
    if (hash)
      expect(
        await page.evaluate((id) => !!document.getElementById(id), decodeURIComponent(hash)),
        `element #${hash}`,
      ).toBe(true);
    const axe = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
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
