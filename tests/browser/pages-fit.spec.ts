// Pages that fit their screen, in a real Chromium:
//   tables    at 1280 the companion's wide tables show every column, and its equations and
//             listings show whole; on the phone the tables' rows stack with each cell under
//             its column's name; the contents list fits its box
//   traces    the index opens on the table, keeps its column names in view, labels phone cards
//   search    a real label on the input; trace pages left out by default; the site's typeface
//   measure   running prose holds 65–72 characters a line
//   try-it    outcome rows on one line
//   landing   a sentence before the figure, the figure inside its column, its legend after it
// Print is figures-print.spec.ts's; Try-it without JavaScript is static HTML
// (tests/site/no-js.test.ts).
import { test, expect } from './fixtures.ts';

const wide = { width: 1280, height: 900 };
const phone = { width: 360, height: 740 };
const WIDE_TABLES = ['table.sweep', 'table.faults-matrix', 'table.one-change', 'table.tradeoffs'];

test('tables: the companion’s wide tables show every column at 1280 @desktop', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('companion/');
  const fit = await page.evaluate((sels) => {
    return sels.map((s) => {
      const t = document.querySelector(s)!;
      const wrap = t.closest('.table-wrap')!;
      return { s, table: t.getBoundingClientRect().width, box: wrap.clientWidth };
    });
  }, WIDE_TABLES);
  for (const f of fit)
    expect(f.table, `${f.s}: ${f.table} px in a ${f.box} px box`).toBeLessThanOrEqual(f.box + 1);
  // The display equations and the code listings show whole too: none scrolls inside its frame.
  const clipped = await page.$$eval('main :is(.equation, .code-figure pre)', (els) =>
    els
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => `${e.id || e.tagName}: ${e.scrollWidth} px in ${e.clientWidth}`),
  );
  expect(clipped, 'equations and listings that scroll at 1280').toEqual([]);
  // The contents list fits its sticky box instead of scrolling inside it.
  const toc = await page.evaluate(() => {
    const t = document.querySelector<HTMLElement>('.toc--side')!;
    return { scroll: t.scrollHeight, box: t.clientHeight };
  });
  expect(toc.scroll, `contents ${toc.scroll} px in ${toc.box} px`).toBeLessThanOrEqual(toc.box + 1);
});

test('tables: on a phone each row of the wide tables reads with its column names @phone', async ({
  page,
}) => {
  await page.goto('companion/');
  const bad = await page.evaluate(() => {
    const out: string[] = [];
    for (const s of ['table.sweep', 'table.faults-matrix']) {
      const t = document.querySelector(s)!;
      if (t.getBoundingClientRect().width > innerWidth)
        out.push(`${s} ${t.getBoundingClientRect().width} px wide`);
      for (const td of t.querySelectorAll('tbody td')) {
        const label = td.getAttribute('data-label');
        const before = getComputedStyle(td, '::before').content;
        if (!label || !before.includes(label)) {
          out.push(`${s}: a cell without its column's name (${td.textContent?.trim()})`);
          break;
        }
      }
    }
    return out;
  });
  expect(bad).toEqual([]);
});

test('traces index: opens on the table, keeps its header in view, labels phone cards @desktop', async ({
  page,
}) => {
  await page.setViewportSize(wide);
  await page.goto('traces/');
  expect(await page.locator('.ti-legend').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(
    false,
  );
  const tableTop = await page
    .locator('#all-runs')
    .evaluate((t) => t.getBoundingClientRect().top + scrollY);
  expect(tableTop, 'the table starts on the first screen').toBeLessThan(wide.height);
  await page.mouse.wheel(0, 4000);
  await page.waitForTimeout(200);
  const th = await page
    .locator('#all-runs thead th')
    .first()
    .evaluate((e) => e.getBoundingClientRect().top);
  expect(th, 'column names in view after scrolling').toBeGreaterThanOrEqual(-1);
  expect(th).toBeLessThan(80);
  // The phone view in a page of its own (a second load of 864 rows in the same page can abort).
  const small = await page.context().newPage();
  await small.setViewportSize(phone);
  await small.goto('traces/');
  const labels = await small.evaluate(() =>
    [...document.querySelector('#all-runs tbody tr')!.querySelectorAll('td')].map(
      (td) => getComputedStyle(td, '::before').content,
    ),
  );
  for (const l of labels) expect(l, 'every field of a card is labelled').not.toMatch(/^(none|)$/);
});

test('search: a labelled input, prose pages first, the site’s typeface @desktop', async ({
  page,
}) => {
  await page.goto('search/?q=fencing');
  const input = page.locator('input.pagefind-ui__search-input');
  await expect(input).toBeVisible();
  expect(await input.evaluate((i) => (i as HTMLInputElement).labels?.length ?? 0)).toBeGreaterThan(
    0,
  );
  await expect(page.locator('.pagefind-ui__result').first()).toBeVisible();
  const message = (await page.locator('.pagefind-ui__message').textContent()) ?? '';
  const n = Number(/(\d+) result/.exec(message)?.[1] ?? NaN);
  expect(n, message).toBeLessThan(50);
  const fonts = await page.evaluate(() => ({
    result: getComputedStyle(document.querySelector('.pagefind-ui__result-title')!).fontFamily,
    site: getComputedStyle(document.querySelector('.site-header, header')!).fontFamily,
  }));
  expect(fonts.result).toBe(fonts.site);
  // The trace pages come back when asked for.
  await page.locator('#search-traces').check();
  await expect(page.locator('.pagefind-ui__message')).not.toHaveText(message);
});

test('measure: running prose holds 65–72 characters a line at 1280 @desktop', async ({ page }) => {
  await page.setViewportSize(wide);
  for (const path of ['article/', 'companion/']) {
    await page.goto(path);
    const median = await page.evaluate(() => {
      const counts: number[] = [];
      for (const p of document.querySelectorAll('main p')) {
        if (p.closest('table, figure, .notice, .ex-tryit, nav, aside, details')) continue;
        if (parseFloat(getComputedStyle(p).fontSize) < 16) continue;
        const per = new Map<number, number>();
        const w = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
        let n: Node | null;
        while ((n = w.nextNode())) {
          const t = n as Text;
          for (let i = 0; i < t.length; i++) {
            const r = document.createRange();
            r.setStart(t, i);
            r.setEnd(t, i + 1);
            const b = r.getBoundingClientRect();
            if (!b.height) continue;
            const k = Math.round(b.top / 4);
            per.set(k, (per.get(k) ?? 0) + 1);
          }
        }
        const lines = [...per.values()];
        // Whole lines only: not the last line of a paragraph.
        if (lines.length >= 3) counts.push(...lines.slice(0, -1));
        if (counts.length > 80) break;
      }
      counts.sort((a, b) => a - b);
      return counts[Math.floor(counts.length / 2)];
    });
    expect(median, `${path}: median characters a line`).toBeGreaterThanOrEqual(63);
    expect(median, `${path}: median characters a line`).toBeLessThanOrEqual(72);
  }
});

test('try-it: outcome rows on one line; the article’s links spaced @desktop', async ({ page }) => {
  await page.setViewportSize(wide);
  await page.goto('article/');
  const row = page.locator('.ex-tryit [data-outcome="calls"] dd').first();
  await row.scrollIntoViewIfNeeded();
  const lines = await row.evaluate((dd) => {
    const lh = parseFloat(getComputedStyle(dd).lineHeight) || 20;
    return dd.getBoundingClientRect().height / lh;
  });
  expect(lines, 'the calls row on one line').toBeLessThan(1.5);
  const text = await page.locator('main').innerText();
  expect(text).not.toMatch(/·Step through/);
});

test('landing: a sentence before the figure of the failure, the figure inside its column @desktop', async ({
  page,
}) => {
  const problems: string[] = [];
  for (const size of [wide, phone]) {
    await page.setViewportSize(size);
    await page.goto('');
    const m = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const fig = main.querySelector<HTMLElement>('figure')!;
      const before = [...main.querySelectorAll('p')].find(
        (p) =>
          (p.textContent ?? '').trim().length > 40 &&
          !!(p.compareDocumentPosition(fig) & Node.DOCUMENT_POSITION_FOLLOWING),
      );
      // What of the figure shows: its visible drawings' boxes, and its caption's.
      const boxes = [...fig.querySelectorAll('svg, figcaption')]
        .filter((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden')
        .map((e) => e.getBoundingClientRect());
      const cap = fig.querySelector('figcaption')!.getBoundingClientRect();
      return {
        sentenceFirst: !!before,
        timelines: main.querySelectorAll('figure.tl').length,
        right: Math.max(...boxes.map((b) => b.right)),
        column: main.getBoundingClientRect().right,
        box: fig.getBoundingClientRect().width,
        caption: cap.width,
      };
    });
    const at = `${size.width} px`;
    if (!m.sentenceFirst) problems.push(`${at}: no sentence before the figure`);
    // One small figure of the failure leads, not the full run timeline.
    if (m.timelines > 0) problems.push(`${at}: the landing page draws a full run timeline`);
    if (m.right > m.column + 1)
      problems.push(
        `${at}: the figure reaches ${Math.round(m.right)} px, the column ${Math.round(m.column)}`,
      );
    // The caption is set to the figure's measure, not wider (it was 1,180 px under a 920 px figure).
    if (m.caption > m.box + 1)
      problems.push(
        `${at}: a ${Math.round(m.caption)} px caption under a ${Math.round(m.box)} px figure`,
      );
  }
  expect(problems).toEqual([]);
});
