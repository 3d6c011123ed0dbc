// Bad input, fuzzed (issue 10, items 9–10); runs in the desktop-light project.
//   explorer   ≥ 500 seeded random or malformed addresses: a notice exactly when something
//              was wrong, the valid parts applied, a rendered explorer, a bounded notice,
//              no sideways scroll, no injected markup, no console error (fixtures.ts)
//   404        ≥ 100 mistyped, reordered, junk and oversized paths: status 404, the right
//              suggestion or none, no sideways scroll, no injection, no console error
//   and single cases: a long word in /search/?q=, a non-tick fragment on /explorer/,
//   repeated keys on /traces/.
import { test, expect, settle } from './fixtures.ts';
import {
  MAIN,
  PRESETS,
  SWITCH_IDS,
  SWITCH_VALUES,
  slugOf,
  allSettings,
  type Switches,
} from '../../src/model/index.ts';
import { prng, readState, ready, runOf, switchProblems } from './explorer-helpers.ts';

// Hundreds of 20 KB addresses would make a trace file of gigabytes; failures list their cases.
test.use({ trace: 'off' });

const MANGLED_CASES = 520;
const MANGLED_BY_LOAD = 80; // the rest go through history.pushState + popstate (same parser, faster)
// Chromium slows down sharply after a few dozen pushState calls on one page (each twice as
// slow as the last), so those cases run in batches, each on a fresh page.
const BATCH = 12;
const NOTICE_MAX_PX = 400;
/** Markup a payload would create if it were ever parsed as HTML. */
const PAYLOADS = [
  '<img src=x id=pwned onerror=window.__pwned=1>',
  '"><svg id=pwned onload=window.__pwned=1>',
  "'><script>window.__pwned=1</script>",
  'javascript:window.__pwned=1',
];
const injected = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () =>
      Boolean((window as unknown as { __pwned?: number }).__pwned) ||
      !!document.getElementById('pwned'),
  );

/** One random, possibly malformed address, with what the page must then show. */
function mangledCase(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const parts: string[] = [];
  const want: Record<string, string> = { ...MAIN };
  const seen = new Set<string>();
  let bad = false;
  let scene: string | null = null;
  const badValue = (id: string, raw: string) => {
    parts.push(`${id}=${raw}`);
    seen.add(id);
    bad = true;
  };
  const count = Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const kind = pick([
      'valid',
      'valid',
      'valid',
      'unknown',
      'badvalue',
      'dup',
      'garbage',
      'scene',
      'vs',
      'long',
      'many',
      'repeat',
      'unicode',
      'payload',
      'percent',
    ]);
    const id = pick(SWITCH_IDS);
    if (kind === 'valid') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${encodeURIComponent(v)}`);
      if (seen.has(id)) bad = true;
      else want[id] = v;
      seen.add(id);
    } else if (kind === 'unknown') {
      parts.push(
        pick([
          'foo=bar',
          'Fencing=off',
          'fencing_=on',
          'silent%20=paused',
          'x',
          'keys=none',
          'tick=3',
          '=on',
        ]),
      );
      bad = true;
    } else if (kind === 'badvalue') {
      badValue(
        id,
        pick([
          '',
          'maybe',
          'ON',
          'off%00',
          '%3Cscript%3E',
          'per-step%20',
          '1',
          encodeURIComponent('“on”'),
        ]),
      );
    } else if (kind === 'dup') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${v}`, `${id}=${v}`);
      if (!seen.has(id)) want[id] = v;
      seen.add(id);
      bad = true;
    } else if (kind === 'repeat') {
      // The same key five times with different values: the first is kept.
      const vs = Array.from({ length: 5 }, () => pick(SWITCH_VALUES[id]));
      parts.push(...vs.map((v) => `${id}=${v}`));
      if (!seen.has(id)) want[id] = vs[0];
      seen.add(id);
      bad = true;
    } else if (kind === 'garbage') {
      const g = pick(['%', '%E0%A4%A', '&', '==', '%FF%FE=1', 'a=b=c']);
      parts.push(g);
      bad = bad || g !== '&';
    } else if (kind === 'percent') {
      parts.push(pick(['%zz=1', `${id}=%E0%A4%A`, '%C0%AF=x', `${id}%=on`, '%%%=%%%']));
      if (parts[parts.length - 1].startsWith(`${id}=`)) seen.add(id);
      bad = true;
    } else if (kind === 'long') {
      const n = pick([200, 2000, 20000]);
      if (rand() < 0.5) badValue(id, 'x'.repeat(n));
      else {
        parts.push(`${'k'.repeat(n)}=1`);
        bad = true;
      }
    } else if (kind === 'many') {
      const n = 20 + Math.floor(rand() * 40);
      for (let k = 0; k < n; k++) parts.push(`unknown${k}=${k}`);
      bad = true;
    } else if (kind === 'unicode') {
      const u = pick(['😀', 'ﬁ', 'é', '\u202e', '\u0000', 'ｏｎ', '日本語']);
      if (rand() < 0.5) badValue(id, encodeURIComponent(u));
      else {
        parts.push(`${encodeURIComponent(u)}=on`);
        bad = true;
      }
    } else if (kind === 'payload') {
      const p = encodeURIComponent(pick(PAYLOADS));
      if (rand() < 0.5) badValue(id, p);
      else {
        parts.push(`${p}=${p}`);
        bad = true;
      }
    } else if (kind === 'scene') {
      if (scene !== null) continue;
      const v = pick(['0', '15', 'abc', '-1', '1.5', '99999']);
      parts.push(`scene=${v}`);
      scene = v;
      bad = true;
    } else {
      const v = pick([
        'main',
        'pins-off',
        'second',
        'nope',
        slugOf({ ...MAIN, key: 'none' }),
        'a.b.c',
      ]);
      if (parts.some((x) => x.startsWith('vs='))) continue;
      parts.push(`vs=${v}`);
      if (['nope', 'a.b.c'].includes(v)) bad = true;
    }
  }
  const lastTick = runOf(want as Switches).lastTick;
  const hashKind = pick(['', '', 'ok', 'far', 'word', 'neg', 'frac', 'other']);
  const hash = {
    '': '',
    ok: `#t${Math.floor(rand() * (lastTick + 1))}`,
    far: '#t999',
    word: '#tfoo',
    neg: '#t-1',
    frac: '#t3.5',
    other: '#main',
  }[hashKind];
  if (['far', 'word', 'neg', 'frac'].includes(hashKind)) bad = true;
  return { query: parts.join('&'), hash, want, bad };
}

test('explorer: 520 mangled addresses', async ({ page: first, context, watch }) => {
  test.setTimeout(300_000);
  const rand = prng(20261129);
  const problems: string[] = [];
  let page = first;
  await page.goto('explorer/');
  await ready(page);
  for (let i = 0; i < MANGLED_CASES; i++) {
    const c = mangledCase(rand);
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

const SETTINGS = allSettings();
function notFoundCases() {
  const rand = prng(404);
  const cases: { path: string; want: 'first' | 'none' | 'any'; slug?: string }[] = [];
  const shuffle = <T>(xs: T[]) => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
    return a;
  };
  for (let i = 0; i < 40; i++) {
    // Eight right words in the wrong order find their run.
    const s = SETTINGS[Math.floor(rand() * SETTINGS.length)];
    const slug = slugOf(s);
    let words = shuffle(slug.split('.'));
    if (words.join('.') === slug) words = [...words.slice(1), words[0]];
    cases.push({ path: `traces/${words.join('.')}/`, want: 'first', slug });
  }
  for (const p of PRESETS)
    cases.push({ path: `traces/${p.id}/`, want: 'first', slug: slugOf(p.switches) });
  for (let i = 0; i < 20; i++) {
    // One letter dropped somewhere.
    const slug = slugOf(SETTINGS[Math.floor(rand() * SETTINGS.length)]);
    const at = 1 + Math.floor(rand() * (slug.length - 2));
    cases.push({ path: `traces/${slug.slice(0, at)}${slug.slice(at + 1)}/`, want: 'any' });
  }
  const junk = [
    'traces/😀/',
    'traces/%00/',
    'traces/..%2F..%2Fetc%2Fpasswd/',
    'traces/%2e%2e%2fetc/',
    'traces/%/',
    'traces/%E0%A4%A/',
    `traces/${encodeURIComponent(PAYLOADS[0])}/`,
    `traces/${encodeURIComponent(PAYLOADS[1])}/`,
    `traces/${encodeURIComponent(PAYLOADS[2])}/`,
    'traces/x/',
    'traces/1/',
    'traces/zzzzzzzzzz/',
    'traces/日本語/',
    'traces/\u202e/',
    'traces/%20%20/',
    'traces/....../',
    `traces/${'q'.repeat(6000)}/`,
    `traces/${'😀'.repeat(500)}/`,
    `traces/${'a.'.repeat(2000)}/`,
  ];
  for (const j of junk) cases.push({ path: j, want: 'none' });
  for (const j of [
    'no-such-page/',
    'article/nope/',
    `${encodeURIComponent(PAYLOADS[0])}/`,
    'a/b/c/d/e/f/',
    '%00/',
    `${'w'.repeat(5000)}/`,
  ])
    cases.push({ path: j, want: 'none' });
  // Long paths that still hold a real slug: suggestion or none, but bounded and quiet.
  for (let i = 0; i < 10; i++)
    cases.push({
      path: `traces/${slugOf(SETTINGS[i * 80])}.${'pad'.repeat(400 * (i + 1))}/`,
      want: 'any',
    });
  return cases;
}

test('404: 100+ mistyped, reordered, junk and oversized paths', async ({ page, watch }) => {
  test.setTimeout(300_000);
  watch.expectStatus(404);
  const cases = notFoundCases();
  expect(cases.length).toBeGreaterThanOrEqual(100);
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
