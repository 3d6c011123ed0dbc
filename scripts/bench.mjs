// `npm run bench`: performance figures beside their targets. It never fails — a figure
// that cannot be measured yet says why, and the exit code is always 0.
//   build     `astro build` wall time, median of 3 (into tmp/bench-dist)
//   bytes     per page template: gzip size (level 9; 1 kB = 1000 bytes) of the HTML
//             document, the CSS and the JavaScript that Chromium actually loads while
//             the page is scrolled top to bottom (so client:visible islands count), plus
//             fonts and images, and the data the page fetches meanwhile (fetch/XHR, e.g. the
//             article's Try-it table on hydration); "total" is all of them, the first visit's
//             scrolled-through weight, against TOTAL_BUDGET (the article's is 60 kB)
//   `npm run bench -- --bytes [dist]` measures only the page weights of an existing build
//             (default dist), without building
//   sweep     all 864 runs simulated (what runAll() does before it memoises), median and
//             fastest of several, plus runAll()'s first, cold call; in a child Node that imports
//             src/model/index.ts directly (Node 22 type stripping)
//   faults    one run of the fault sweep (sweepFaults()), wall and CPU time, in a child Node
//   click     /explorer/: click a fencing radio, time until the DOM has changed and
//             laid out again (MutationObserver + forced layout, measured in the page
//             with performance.now()), median of 20 clicks after 4 warm-ups
//   tick      /explorer/: → pressed on the run's figure (the tick slider the figure is),
//             time until the DOM has changed and laid out again, median of 20 after 4
//             warm-ups (the tick walks right, then back from the end of the run)
//   size      size-limit's report (.size-limit.json: the JavaScript and CSS files and their
//             limits), printed beside its limits; never a failure
//   lighthouse  Lighthouse's mobile profile (its default: a Moto G Power screen, 4× CPU
//             slowdown, simulated slow 4G), performance score and total blocking time of the
//             landing page, the article, the explorer and a trace page, each measured
//             LIGHTHOUSE_RUNS times (LIGHTHOUSE_PAGES=landing,article picks pages), served by
//             `astro preview` on loopback, in the Chromium
//             scripts/chromium.mjs finds (CHROME_PATH); target: TBT ≤ 50 ms
//   `npm run bench -- --lighthouse [dist]` and `-- --size` run those two alone over a build
import { gzipSync } from 'node:zlib';
import { access, mkdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, run, astroBuild } from './repro.mjs';
import { preview } from 'astro';
import { findChromium, launch, launchArgs } from './chromium.mjs';
import { PAGES, fileFor } from '../tests/browser/pages.mjs';

const OUT = 'tmp/bench-dist';
const MODEL = join(ROOT, 'src', 'model', 'index.ts');
const BUILDS = 3;
const CLICKS = 20;
const WARMUP_CLICKS = 4;
// The JavaScript and CSS files' limits are size-limit's (.size-limit.json). What a page loads in
// all, scrolled through, is measured in Chromium: its target (gzip bytes) is here.
/** @type {Record<string, number>} */
const TOTAL_BUDGET = { article: 60_000, trace: 30_000 }; // gzip bytes, everything a first visit loads scrolling through (article ≤ 60 kB, a trace page ≤ 30 kB)

/**
 * `astro preview` over a build, on a free loopback port → { origin, url, close() }.
 * @param {string} dir
 */
async function serve(dir) {
  const s = await preview({
    root: ROOT,
    outDir: dir,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0 },
  });
  const origin = `http://127.0.0.1:${s.port}`;
  return { origin, url: `${origin}/`, close: () => s.stop() };
}

const LIGHTHOUSE_RUNS = 2;
const LIGHTHOUSE_PAGES = (process.env.LIGHTHOUSE_PAGES ?? 'landing,article,explorer,trace').split(
  ',',
);
const TBT_TARGET = 50; // ms, on every template

/**
 * Lighthouse (npm `lighthouse`, its CLI on this Node) over `dir`: for each page of
 * LIGHTHOUSE_PAGES, LIGHTHOUSE_RUNS runs → rows [page, scores, TBTs, target, verdict].
 * @param {string} dir
 */
async function lighthouseRows(dir) {
  const server = await serve(resolve(ROOT, dir));
  const chrome = process.env.CHROME_PATH ?? (await findChromium());
  await mkdir(join(ROOT, 'tmp'), { recursive: true });
  const rows = [];
  try {
    for (const name of LIGHTHOUSE_PAGES) {
      const page = PAGES.find((p) => p.name === name);
      if (!page) throw new Error(`LIGHTHOUSE_PAGES: no page "${name}" in tests/browser/pages.mjs`);
      const url = server.url + page.path.replace(/^\//, '');
      const scores = [];
      const tbts = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        const out = join(ROOT, 'tmp', `lighthouse-${name}-${i}.json`);
        await rm(out, { force: true });
        const r = await run(
          join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js'),
          [
            url,
            '--only-categories=performance',
            '--output=json',
            `--output-path=${out}`,
            '--quiet',
            `--chrome-flags=--headless=new ${launchArgs.join(' ')}`,
          ],
          { quiet: true, timeout: 180_000, env: { CHROME_PATH: chrome } },
        );
        try {
          if (r.code !== 0) throw new Error(r.tail.slice(-3).join(' '));
          const json = JSON.parse(await readFile(out, 'utf8'));
          scores.push(Math.round(json.categories.performance.score * 100));
          tbts.push(json.audits['total-blocking-time'].numericValue);
        } catch (err) {
          console.log(`  lighthouse ${name}: ${short(err)}`);
          scores.push(null);
          tbts.push(null);
        }
      }
      const ok = tbts.filter((t) => t !== null);
      rows.push([
        `Lighthouse mobile: ${name} (${LIGHTHOUSE_RUNS} runs)`,
        ok.length
          ? `performance ${scores.map((x) => x ?? 'n/a').join(', ')}; TBT ${tbts.map((t) => (t === null ? 'n/a' : `${Math.round(t)} ms`)).join(', ')}`
          : 'n/a (Lighthouse gave no result)',
        `TBT ≤ ${TBT_TARGET} ms`,
        ok.length ? verdict(Math.max(...ok), TBT_TARGET, false) : '',
      ]);
    }
  } finally {
    await server.close();
  }
  return rows;
}

/** size-limit's report over the build in dist (.size-limit.json) → rows. */
async function sizeRows() {
  const r = await run(join(ROOT, 'node_modules', 'size-limit', 'bin.js'), ['--json'], {
    quiet: true,
    timeout: 120_000,
  });
  try {
    const text = r.tail.join('\n');
    /** @type {{ name: string, size: number, passed: boolean }[]} */
    const report = JSON.parse(text.slice(text.indexOf('[')));
    /** @type {{ name: string, limit: string }[]} */
    const limits = JSON.parse(await readFile(join(ROOT, '.size-limit.json'), 'utf8'));
    return report.map((e) => [
      `size-limit: ${e.name}`,
      kB(e.size),
      `≤ ${limits.find((l) => l.name === e.name)?.limit ?? '?'}`,
      e.passed ? 'ok' : 'OVER',
    ]);
  } catch {
    return [['size-limit', `n/a (${r.tail.slice(-1)[0] ?? `exit ${r.code}`})`, '', '']];
  }
}

const median = (/** @type {number[]} */ xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  const [lo, hi] = [s[m - 1], s[m]];
  if (hi === undefined) return NaN; // no values
  return s.length % 2 || lo === undefined ? hi : (lo + hi) / 2;
};
const exists = (/** @type {string} */ p) =>
  access(p).then(
    () => true,
    () => false,
  );
const kB = (/** @type {number} */ n) => `${(n / 1000).toFixed(1)} kB`;
const ms = (/** @type {number} */ n) => (n < 10 ? `${n.toFixed(2)} ms` : `${n.toFixed(1)} ms`);
const short = (/** @type {unknown} */ err) =>
  String(err instanceof Error ? err.message : err)
    .replace(/\n[\s\S]*$/, '')
    .slice(0, 100);

// ---------------------------------------------------------------- sweep (child mode)

if (process.argv[2] === '--sweep-child') {
  const mod = await import(pathToFileURL(MODEL).href);
  if (typeof mod.runAll !== 'function')
    throw new Error('src/model/index.ts does not export runAll()');
  let t = performance.now();
  const first = mod.runAll();
  const cold = performance.now() - t;
  // runAll() memoises its result, so repeat the work it does on a cache miss.
  const sweepOnce =
    typeof mod.simulate === 'function' && typeof mod.allSettings === 'function'
      ? () => mod.allSettings().map((/** @type {unknown} */ s) => mod.simulate(s))
      : null;
  const times = [];
  const t0 = performance.now();
  for (let i = 0; sweepOnce && i < 30 && (i < 5 || performance.now() - t0 < 20_000); i++) {
    t = performance.now();
    sweepOnce();
    times.push(performance.now() - t);
  }
  console.log(JSON.stringify({ runs: first.length, cold, times }));
  process.exit(0);
}

// The fault sweep (src/model/faults.ts): one run of sweepFaults(), wall and CPU time.
if (process.argv[2] === '--faults-child') {
  const mod = await import(pathToFileURL(MODEL).href);
  if (typeof mod.sweepFaults !== 'function')
    throw new Error('src/model/index.ts does not export sweepFaults()');
  const cpu0 = process.cpuUsage();
  const t = performance.now();
  const r = mod.sweepFaults();
  const wall = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({
      wall,
      cpu: (cpu.user + cpu.system) / 1000,
      runs: r.runs,
      schedules: r.schedules,
    }),
  );
  process.exit(0);
}

async function faultSweepTime() {
  if (!(await exists(MODEL))) return { note: 'n/a (not built yet: no src/model/index.ts)' };
  const r = await run(import.meta.filename, ['--faults-child'], { quiet: true, timeout: 300_000 });
  const json = r.tail.findLast((l) => l.startsWith('{'));
  if (r.code !== 0 || !json)
    return {
      note: `n/a (${r.tail.filter(Boolean).slice(-1)[0]?.slice(0, 90) ?? `exit ${r.code}`})`,
    };
  return JSON.parse(json);
}

async function sweep() {
  if (!(await exists(MODEL))) return { note: 'n/a (not built yet: no src/model/index.ts)' };
  const r = await run(import.meta.filename, ['--sweep-child'], { quiet: true, timeout: 120_000 });
  const json = r.tail.findLast((l) => l.startsWith('{'));
  if (r.code !== 0 || !json)
    return {
      note: `n/a (${r.tail.filter(Boolean).slice(-1)[0]?.slice(0, 90) ?? `exit ${r.code}`})`,
    };
  const { runs, cold, times } = JSON.parse(json);
  if (!times.length) return { value: cold, n: 1, runs, cold }; // no simulate/allSettings: first call only
  return { value: median(times), best: Math.min(...times), n: times.length, runs, cold };
}

// ---------------------------------------------------------------- browser measures

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {Awaited<ReturnType<typeof serve>>} Server */
/** @typedef {(typeof PAGES)[number]} Page */

/**
 * What `page` loads scrolled through, gzip bytes by kind, and the number of files of each.
 * @param {Browser} browser @param {Server} server @param {Page} page
 */
async function pageBytes(browser, server, page) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  /** @type {Promise<void>[]} */
  const pending = [];
  const sums = { document: 0, stylesheet: 0, script: 0, font: 0, image: 0, fetch: 0, xhr: 0 };
  const counts = { document: 0, stylesheet: 0, script: 0, font: 0, image: 0, fetch: 0, xhr: 0 };
  /** @param {string} type @returns {type is keyof typeof sums} */
  const counted = (type) => type in sums;
  tab.on('response', (res) => {
    const type = res.request().resourceType();
    if (!counted(type) || !res.url().startsWith(server.origin)) return;
    pending.push(
      res
        .body()
        .then((body) => {
          sums[type] += gzipSync(body, { level: 9 }).length;
          counts[type]++;
        })
        .catch(() => {}),
    );
  });
  try {
    await tab.goto(server.url + page.path.replace(/^\//, ''), {
      waitUntil: 'load',
      timeout: 30_000,
    });
    // Scroll through the page so islands hydrated on `client:visible` load their code too.
    await tab.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));
      for (
        let y = 0, i = 0;
        y < document.documentElement.scrollHeight && i < 200;
        y += innerHeight, i++
      ) {
        scrollTo(0, y);
        await frame();
      }
    });
    await tab.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await tab.waitForTimeout(300);
    await tab.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await Promise.all(pending);
    const total = Object.values(sums).reduce((a, b) => a + b, 0);
    return {
      html: sums.document,
      css: sums.stylesheet,
      js: sums.script,
      fonts: sums.font + sums.image,
      data: sums.fetch + sums.xhr,
      total,
      counts,
    };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: click `sel`, resolve with ms until the DOM settled and was laid out.
 * @param {string} sel
 * @returns {Promise<{ error: string, ms?: undefined } | { ms: number, error?: undefined }>}
 */
function clickAndTime(sel) {
  const el = /** @type {HTMLElement | null} */ (document.querySelector(sel));
  if (!el) return Promise.resolve({ error: `no ${sel}` });
  return new Promise((resolve) => {
    /** @type {number | null} */
    let last = null;
    const mo = new MutationObserver(() => {
      document.documentElement.getBoundingClientRect(); // force style + layout of the change
      last = performance.now();
    });
    mo.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    const t0 = performance.now();
    el.click();
    /** @type {number | null} */
    let seen = last;
    let quietFrames = 0;
    const frame = () => {
      if (last !== null && last === seen) quietFrames++;
      else quietFrames = 0;
      seen = last;
      if (quietFrames >= 3 || performance.now() - t0 > 3000) {
        mo.disconnect();
        return resolve(
          last === null ? { error: 'the click changed nothing in the DOM' } : { ms: last - t0 },
        );
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** @param {Browser} browser @param {Server} server */
async function clickLatency(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tab = await context.newPage();
  try {
    await tab.goto(server.url + 'explorer/', { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    const sel = (/** @type {string} */ v) => `input[name="fencing"][value="${v}"]`;
    // Islands hydrate asynchronously: wait until a click actually changes something.
    const times = [];
    for (let i = 0; i < WARMUP_CLICKS + CLICKS; i++) {
      const r = await tab.evaluate(clickAndTime, sel(i % 2 === 0 ? 'off' : 'on'));
      if (r.error !== undefined) return { note: `n/a (${r.error})` };
      if (i >= WARMUP_CLICKS) times.push(r.ms);
    }
    return { value: median(times), n: times.length, max: Math.max(...times) };
  } finally {
    await context.close();
  }
}

/**
 * Runs in the page: press `key` on the figure, resolve with ms until the DOM settled and was laid out.
 * @param {string} key
 * @returns {Promise<{ error: string, ms?: undefined, at?: undefined, max?: undefined } | { ms: number, at: string | null, max: string | null, error?: undefined }>}
 */
function keyAndTime(key) {
  const el = document.querySelector('.ex-fig svg[role="slider"]');
  if (!el) return Promise.resolve({ error: 'no figure slider' });
  return new Promise((resolve) => {
    /** @type {number | null} */
    let last = null;
    const mo = new MutationObserver(() => {
      document.documentElement.getBoundingClientRect();
      last = performance.now();
    });
    mo.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    /** @type {HTMLElement} */ (el).focus();
    const t0 = performance.now();
    el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    el.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }));
    /** @type {number | null} */
    let seen = last;
    let quiet = 0;
    const frame = () => {
      if (last !== null && last === seen) quiet++;
      else quiet = 0;
      seen = last;
      if (quiet >= 3 || performance.now() - t0 > 3000) {
        mo.disconnect();
        return resolve(
          last === null
            ? { error: 'the key changed nothing in the DOM' }
            : {
                ms: last - t0,
                at: el.getAttribute('aria-valuenow'),
                max: el.getAttribute('aria-valuemax'),
              },
        );
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** @param {Browser} browser @param {Server} server */
async function tickLatency(browser, server) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const tab = await context.newPage();
  try {
    await tab.goto(server.url + 'explorer/#t0', { waitUntil: 'load', timeout: 30_000 });
    await tab.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await tab.waitForSelector('.ex-fig svg[role="slider"]', { timeout: 15_000 });
    const times = [];
    let key = 'ArrowRight';
    for (let i = 0; i < WARMUP_CLICKS + CLICKS; i++) {
      const r = await tab.evaluate(keyAndTime, key);
      if (r.error !== undefined) return { note: `n/a (${r.error})` };
      if (i >= WARMUP_CLICKS) times.push(r.ms);
      if (r.at === r.max) key = 'ArrowLeft';
      else if (r.at === '0') key = 'ArrowRight';
    }
    return { value: median(times), n: times.length, max: Math.max(...times) };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------- main

const BYTE_HEADERS = [
  'page (pages.mjs)',
  'HTML',
  'CSS (files)',
  'JS (files)',
  'fonts+img (files)',
  'data (files)',
  'total',
  'total target',
  '',
];

/** @param {Page} page @param {Awaited<ReturnType<typeof pageBytes>>} b */
function byteRow(page, b) {
  const total = TOTAL_BUDGET[page.name];
  return [
    page.name,
    kB(b.html),
    `${kB(b.css)} (${b.counts.stylesheet})`,
    `${kB(b.js)} (${b.counts.script})`,
    `${kB(b.fonts)} (${b.counts.font + b.counts.image})`,
    `${kB(b.data)} (${b.counts.fetch + b.counts.xhr})`,
    kB(b.total),
    total ? `≤ ${kB(total)}` : '—',
    total ? verdict(b.total, total, false) : '',
  ];
}

/** @param {string[][]} byteRows */
function printBytes(byteRows) {
  table(byteRows, BYTE_HEADERS);
  console.log(
    'gzip -9 of what Chromium loads while the page is scrolled through (fonts, images and fetched data too); 1 kB = 1000 bytes; inline <script> counts as HTML',
  );
}

/**
 * `--bytes [dist]`: page weights of an existing build only.
 * @param {string} dir
 */
async function bytesOnly(dir) {
  const server = await serve(join(ROOT, dir));
  const browser = await launch();
  const byteRows = [];
  try {
    for (const page of PAGES) {
      if (!(await exists(join(ROOT, dir, fileFor(page)))))
        byteRows.push([page.name, 'n/a (not built)']);
      else byteRows.push(byteRow(page, await pageBytes(browser, server, page)));
    }
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  printBytes(byteRows);
}

/** @param {unknown[][]} rows @param {string[]} headers */
function table(rows, headers) {
  const widths = headers.map((h, i) =>
    Math.max(h.length, ...rows.map((r) => String(r[i] ?? '').length)),
  );
  const line = (/** @type {unknown[]} */ cells) =>
    cells
      .map((c, i) => String(c ?? '').padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

/** @param {number | null | undefined} value @param {number} limit @param {boolean} [strict] */
const verdict = (value, limit, strict = true) =>
  value == null ? '' : (strict ? value < limit : value <= limit) ? 'ok' : 'OVER';

async function main() {
  const t0 = performance.now();
  const rows = [];

  // Build time
  console.log(`building ${BUILDS}× into ${OUT} …`);
  const buildTimes = [];
  let buildNote = null;
  for (let i = 0; i < BUILDS; i++) {
    const r = await astroBuild(OUT, { quiet: true, timeout: 300_000 });
    if (r.code !== 0) {
      buildNote = `n/a (build failed: ${
        r.tail
          .filter((l) => /error/i.test(l))[0]
          ?.trim()
          .slice(0, 80) ?? `exit ${r.code}`
      })`;
      break;
    }
    buildTimes.push(r.ms / 1000);
    console.log(`  build ${i + 1}: ${(r.ms / 1000).toFixed(1)} s`);
  }
  const buildMedian = buildTimes.length === BUILDS ? median(buildTimes) : null;
  rows.push([
    'build time (astro build, median of 3)',
    buildMedian === null ? buildNote : `${buildMedian.toFixed(1)} s`,
    '< 30 s',
    verdict(buildMedian, 30),
  ]);

  // Model sweep
  console.log('timing the 864-run sweep …');
  let s;
  try {
    s = await sweep();
  } catch (err) {
    s = { note: `n/a (${short(err)})` };
  }
  const sweepRuns = s.runs != null && s.runs !== 864 ? ` — got ${s.runs} runs, not 864` : '';
  rows.push([
    `model sweep, 864 runs (median of ${s.n ?? '…'})`,
    s.note ?? `${ms(s.value)} (first, cold: ${ms(s.cold)})${sweepRuns}`,
    '< 50 ms',
    verdict(s.value, 50),
  ]);
  // The target for the warm sweep is about 10 ms; most of the median is garbage collection
  // of the 864 runs the sweep keeps alive, so the fastest of the repeats is printed beside it.
  if (s.best != null)
    rows.push([
      'model sweep, warm (target about 10 ms)',
      `${ms(s.value)} median, ${ms(s.best)} fastest of ${s.n}`,
      '≈ 10 ms',
      verdict(s.value, 10),
    ]);

  // Fault sweep
  console.log('timing the fault sweep …');
  let f;
  try {
    f = await faultSweepTime();
  } catch (err) {
    f = { note: `n/a (${short(err)})` };
  }
  rows.push([
    'fault sweep (one run of sweepFaults)',
    f.note ??
      `${(f.wall / 1000).toFixed(1)} s wall, ${(f.cpu / 1000).toFixed(1)} s CPU: ${f.runs.toLocaleString('en-GB')} runs for ${f.schedules.toLocaleString('en-GB')} schedules`,
    '< 10 s',
    verdict(f.wall, 10_000),
  ]);

  // Browser figures
  const byteRows = [];
  let browser;
  let server;
  try {
    if (buildNote) throw new Error('no build');
    server = await serve(join(ROOT, OUT));
    browser = await launch();
    console.log('timing explorer clicks …');
    let click;
    if (!(await exists(join(ROOT, OUT, 'explorer', 'index.html'))))
      click = { note: 'n/a (not built yet: no /explorer/)' };
    else {
      try {
        click = await clickLatency(browser, server);
      } catch (err) {
        click = { note: `n/a (${short(err)})` };
      }
    }
    rows.push([
      `explorer click → DOM updated (median of ${click.n ?? CLICKS})`,
      click.note ?? `${ms(click.value)} (max ${ms(click.max)})`,
      '< 16 ms',
      verdict(click.value, 16),
    ]);

    console.log('timing tick moves on the explorer’s figure …');
    let tk;
    try {
      tk = await tickLatency(browser, server);
    } catch (err) {
      tk = { note: `n/a (${short(err)})` };
    }
    rows.push([
      `explorer figure → → tick moved (median of ${tk.n ?? CLICKS})`,
      tk.note ?? `${ms(tk.value)} (max ${ms(tk.max)})`,
      '≤ 16 ms',
      verdict(tk.value, 16, false),
    ]);

    console.log('measuring page weights …');
    for (const page of PAGES) {
      if (!(await exists(join(ROOT, OUT, fileFor(page))))) {
        byteRows.push([page.name, 'n/a (not built yet)']);
        continue;
      }
      try {
        byteRows.push(byteRow(page, await pageBytes(browser, server, page)));
      } catch (err) {
        byteRows.push([page.name, `n/a (${short(err)})`]);
      }
    }
  } catch (err) {
    if (!rows.some((r) => r[0].startsWith('explorer click')))
      rows.push([
        'explorer click → DOM updated',
        `n/a (${buildNote ? 'no build' : short(err)})`,
        '< 16 ms',
        '',
      ]);
    if (!byteRows.length)
      byteRows.push(['(all pages)', `n/a (${buildNote ? 'no build' : short(err)})`]);
  } finally {
    await browser?.close().catch(() => {});
    await server?.close();
  }

  console.log('size-limit over dist …');
  rows.push(...(await sizeRows()));
  console.log('Lighthouse, mobile …');
  try {
    rows.push(...(buildNote ? [] : await lighthouseRows(OUT)));
  } catch (err) {
    rows.push(['Lighthouse mobile', `n/a (${short(err)})`, `TBT ≤ ${TBT_TARGET} ms`, '']);
  }
  console.log('');
  table(rows, ['measure', 'figure', 'target', '']);
  console.log('');
  printBytes(byteRows);
  console.log(
    `\nbuilds: ${buildTimes.map((t) => `${t.toFixed(1)} s`).join(', ') || '—'} · bench took ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
}

try {
  const i = process.argv.indexOf('--bytes');
  const dirArg = (/** @type {string} */ flag) => {
    const next = process.argv[process.argv.indexOf(flag) + 1];
    return next && !next.startsWith('-') ? next : 'dist';
  };
  if (process.argv.includes('--lighthouse'))
    table(await lighthouseRows(dirArg('--lighthouse')), ['measure', 'figure', 'target', '']);
  else if (process.argv.includes('--size'))
    table(await sizeRows(), ['measure', 'figure', 'target', '']);
  else if (i >= 0) await bytesOnly(dirArg('--bytes'));
  else await main();
} catch (err) {
  console.log(`bench: could not finish: ${err instanceof Error ? (err.stack ?? err) : err}`);
}
process.exit(0);
