// Bad input, fuzzed (issue 10, items 9–10); runs in the desktop-light project. The seeded
// cases are tests/cases/addresses.ts; every one of them (2,000 explorer addresses, 100+ 404
// paths) goes through the parsers the pages run in tests/unit/explorer/addresses.test.ts.
// Here, a sample, as rendered:
//   explorer   60 of the 520 first addresses: the first 20 loaded, and 40 that stress the
//              notice (long values, many keys, payloads) through history: a notice exactly
//              when something was wrong, the valid parts applied, a rendered explorer, a
//              bounded notice, no sideways scroll, no injected markup, no console error
//   404        every junk path and 12 mistyped or oversized ones: status 404, the right
//              suggestion or none, no sideways scroll, no injection, no console error
//   and single cases: a long word in /search/?q=, a non-tick fragment on /explorer/,
//   repeated keys on /traces/.
import { test, expect, settle } from './fixtures.ts';
import { prng, readState, ready, switchProblems } from './explorer-helpers.ts';
import { mangledCase, notFoundCases } from '../cases/addresses.ts';

// Hundreds of 20 KB addresses would make a trace file of gigabytes; failures list their cases.
test.use({ trace: 'off' });

const MANGLED_BY_LOAD = 20; // the rest go through history.pushState + popstate (same parser, faster)
const MANGLED_STRESS = 40;
/** The browser's sample of the 520 first seeded addresses (see the head of this file). */
function mangledSample() {
  const rand = prng(20261129);
  const all = Array.from({ length: 520 }, () => mangledCase(rand));
  const stress = all
    .slice(MANGLED_BY_LOAD)
    .filter(
      (c) =>
        c.query.length > 1000 ||
        /%3C|pwned|javascript/i.test(c.query) ||
        c.query.split('&').length > 15,
    );
  const step = stress.length / MANGLED_STRESS;
  return [
    ...all.slice(0, MANGLED_BY_LOAD),
    ...Array.from({ length: MANGLED_STRESS }, (_, k) => stress[Math.floor(k * step)]),
  ];
}
// Chromium slows down sharply after a few dozen pushState calls on one page (each twice as
// slow as the last), so those cases run in batches, each on a fresh page.
const BATCH = 12;
const NOTICE_MAX_PX = 400;
const injected = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      Boolean((window as unknown as { __pwned?: number }).__pwned) ||
      !!document.getElementById('pwned'),
  );

test('explorer: 60 mangled addresses, as rendered', async ({ page: first, context, watch }) => {
  test.setTimeout(300_000);
  const cases = mangledSample();
  expect(cases.filter(Boolean)).toHaveLength(MANGLED_BY_LOAD + MANGLED_STRESS);
  const problems: string[] = [];
  let page = first;
  await page.goto('explorer/');
  await ready(page);
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i];
    const address = `explorer/${c.query ? `?${c.query}` : ''}${c.hash}`;
    if (i >= MANGLED_BY_LOAD && (i - MANGLED_BY_LOAD) % BATCH === 0) {
      if (page !== first) await page.close();
      page = await context.newPage();
      page.on(
        'console',
        (m) =>
          m.type() === 'error' && watch.errors.push(`console error: ${m.text().slice(0, 300)}`),
      );
      page.on('pageerror', (e) => watch.errors.push(`uncaught: ${e.message}`));
      await page.goto(address);
      await ready(page);
    } else if (i < MANGLED_BY_LOAD) {
      await page.goto(address);
      await ready(page);
    } else {
      await page.evaluate((a) => {
        history.pushState(
          null,
          '',
          new URL(a, location.href).href.replace(/^.*?\/explorer\//, location.pathname),
        );
        dispatchEvent(new PopStateEvent('popstate'));
      }, address);
      await settle(page);
    }
    const st = await readState(page);
    const where = `case ${i} ${c.query.slice(0, 80)}${c.query.length > 80 ? '…' : ''}${c.hash}`;
    if (st.heading === null) problems.push(`${where}: the explorer did not render`);
    if (c.bad && !st.notice) problems.push(`${where}: no notice`);
    if (!c.bad && st.notice)
      problems.push(`${where}: unexpected notice: ${st.notice.slice(0, 200)}`);
    if (st.noticeHeight > NOTICE_MAX_PX)
      problems.push(`${where}: notice ${Math.round(st.noticeHeight)} px tall (> ${NOTICE_MAX_PX})`);
    if (st.scrollsSideways) problems.push(`${where}: the page scrolls sideways`);
    if (await injected(page)) problems.push(`${where}: a payload became markup`);
    problems.push(...switchProblems(st, c.want).map((x) => `${where}: ${x}`));
    if (st.tick !== null && (st.tick < 0 || st.tick > st.lastTick!))
      problems.push(`${where}: tick ${st.tick} out of range`);
  }
  expect(problems.slice(0, 30), `${problems.length} problem(s)`).toEqual([]);
});

test('explorer: a long value gives a short notice', async ({ page }) => {
  await page.goto(
    `explorer/?fencing=${'x'.repeat(20000)}&${Array.from({ length: 40 }, (_, k) => `u${k}=1`).join('&')}`,
  );
  await ready(page);
  const st = await readState(page);
  expect(st.noticeHeight).toBeGreaterThan(0);
  expect(st.noticeHeight).toBeLessThanOrEqual(NOTICE_MAX_PX);
  expect(st.notice).toContain('…');
  expect(st.notice).toMatch(/and \d+ more/);
  expect(st.notice!.length).toBeLessThan(2000);
});

test('explorer: a non-tick fragment is kept and scrolled to', async ({ page }) => {
  await page.goto('explorer/?fencing=off#ex-trace-h');
  await ready(page);
  await settle(page);
  expect(new URL(page.url()).hash).toBe('#ex-trace-h');
  expect(new URL(page.url()).searchParams.get('fencing')).toBe('off');
  const top = await page.evaluate(
    () => document.getElementById('ex-trace-h')!.getBoundingClientRect().top,
  );
  expect(Math.abs(top), 'the heading is at the top of the viewport').toBeLessThan(120);
});

test('search: a long unbroken word does not scroll the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`search/?q=${'fencing'.repeat(60)}`);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('traces index: repeated keys explained, URL cleaned', async ({ page }) => {
  await page.goto('traces/?fencing=off&fencing=on&bogus=1');
  await expect(page.locator('#filter-ignored')).toBeVisible();
  const text = await page.locator('#filter-ignored').innerText();
  expect(text).toMatch(/fencing.*more than once/);
  expect(text).not.toMatch(/Not a filter here, ignored: fencing=on/);
  expect(text).toContain('bogus');
  await expect(page).toHaveURL(/\/traces\/\?fencing=off$/);
});

// ── 404 ──────────────────────────────────────────────────────────────────────

test('404: junk, mistyped and oversized paths, as rendered', async ({ page, watch }) => {
  test.setTimeout(300_000);
  watch.expectStatus(404);
  const all = notFoundCases();
  const cases = [
    ...all.filter((c) => c.want === 'none'),
    ...all.filter((c) => c.want === 'first').slice(0, 6),
    ...all.filter((c) => c.want === 'any').filter((_, i) => i % 5 === 0),
  ];
  expect(cases.length).toBeGreaterThanOrEqual(35);
  const problems: string[] = [];
  for (const c of cases) {
    const response = await page.goto(c.path);
    const where = c.path.slice(0, 90);
    if (response?.status() !== 404) problems.push(`${where}: status ${response?.status()}`);
    const got = await page.evaluate(() => ({
      links: [...document.querySelectorAll('.nf-suggestions a')].map(
        (a) => a.getAttribute('href') ?? '',
      ),
      sideways: document.documentElement.scrollWidth > innerWidth,
      main: !!document.querySelector('main h1'),
    }));
    if (!got.main) problems.push(`${where}: no page heading`);
    if (got.sideways) problems.push(`${where}: scrolls sideways`);
    if (await injected(page)) problems.push(`${where}: a payload became markup`);
    if (c.want === 'none' && got.links.length)
      problems.push(`${where}: suggested ${got.links.join(' ')}`);
    if (c.want === 'first' && !got.links[0]?.endsWith(`/traces/${c.slug}/`))
      problems.push(`${where}: first suggestion ${got.links[0]}, want ${c.slug}`);
  }
  expect(problems.slice(0, 30), `${problems.length} problem(s)`).toEqual([]);
});
