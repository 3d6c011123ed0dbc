// Bad input, as rendered. Every seeded case (tests/cases/addresses.ts: 2,000 explorer addresses,
// 100+ 404 paths) goes through the parsers the pages run in tests/unit/explorer/addresses.test.ts;
// what only a rendered page shows is checked here, once for each kind of input:
//   explorer   a mangled address with a script payload: a bounded notice, the valid parts
//              applied, no injected markup; a long value: a short notice
//   404        a mistyped trace address: the right suggestion first; a junk path: none
//   and single cases: a long word in /search/?q= on the phone, a non-tick fragment on
//   /explorer/, repeated keys on /traces/.
import { test, expect, settle } from './fixtures.ts';
import { prng, readState, ready, switchProblems } from './explorer-helpers.ts';
import { PAYLOADS, mangledCase, notFoundCases } from '../cases/addresses.ts';

const NOTICE_MAX_PX = 400;
const injected = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      Boolean((window as unknown as { __pwned?: number }).__pwned) ||
      !!document.getElementById('pwned'),
  );

test('explorer: a mangled address with a payload, as rendered @desktop', async ({ page }) => {
  // The first seeded bad case that carries a script payload (the unit test reads all of them).
  const rand = prng(20261129);
  let c = mangledCase(rand);
  for (
    let i = 0;
    i < 2000 &&
    !(
      c.bad && PAYLOADS.some((p) => c.query.includes(encodeURIComponent(p)) || c.query.includes(p))
    );
    i++
  )
    c = mangledCase(rand);
  expect(c.bad, 'a seeded case with a payload').toBe(true);
  await page.goto(`explorer/?${c.query}${c.hash}`);
  await ready(page);
  await settle(page);
  const st = await readState(page);
  expect(st.heading, 'the explorer rendered').not.toBeNull();
  expect(st.notice, 'a notice').toBeTruthy();
  expect(st.noticeHeight).toBeLessThanOrEqual(NOTICE_MAX_PX);
  expect(st.scrollsSideways).toBe(false);
  expect(await injected(page), 'a payload became markup').toBe(false);
  expect(switchProblems(st, c.want)).toEqual([]);
});

test('explorer: a long value gives a short notice @desktop', async ({ page }) => {
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

test('explorer: a non-tick fragment is kept and scrolled to @desktop', async ({ page }) => {
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

test('search: a long unbroken word does not scroll the page sideways @phone', async ({ page }) => {
  await page.goto(`search/?q=${'fencing'.repeat(60)}`);
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await settle(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('traces index: repeated keys explained, URL cleaned @desktop', async ({ page }) => {
  await page.goto('traces/?fencing=off&fencing=on&bogus=1');
  await expect(page.locator('#filter-ignored')).toBeVisible();
  const text = await page.locator('#filter-ignored').innerText();
  expect(text).toMatch(/fencing.*more than once/);
  expect(text).not.toMatch(/Not a filter here, ignored: fencing=on/);
  expect(text).toContain('bogus');
  await expect(page).toHaveURL(/\/traces\/\?fencing=off$/);
});

// ── 404 ──────────────────────────────────────────────────────────────────────

test('404: a mistyped trace address suggests its run; a junk path suggests nothing @desktop', async ({
  page,
  watch,
}) => {
  watch.expectStatus(404);
  const all = notFoundCases();
  const typo = all.find((c) => c.want === 'first')!;
  const junk = all.find((c) => c.want === 'none' && c.path.includes('pwned'))!;
  for (const c of [typo, junk]) {
    const response = await page.goto(c.path);
    expect(response?.status(), c.path).toBe(404);
    await expect(page.locator('main h1')).toHaveCount(1);
    const links = await page.$$eval('.nf-suggestions a', (as) =>
      as.map((a) => a.getAttribute('href') ?? ''),
    );
    if (c === junk) expect(links, c.path).toEqual([]);
    else expect(links[0], c.path).toMatch(new RegExp(`/traces/${c.slug}/$`));
    expect(await injected(page)).toBe(false);
  }
});
