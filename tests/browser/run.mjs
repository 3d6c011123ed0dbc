// Browser tests over a built site, in a real headless Chromium (playwright-core and
// @axe-core/playwright; no @playwright/test). For every page in pages.mjs, in light and
// in dark (prefers-color-scheme), four tests:
//   desktop  1280 px: expected HTTP status, axe-core WCAG 2.2 A/AA finds no violation,
//            no console error or uncaught exception, no failed request, no request to
//            another origin (intercepted and aborted), a #fragment in the path exists
//   narrow   360 px: the page does not scroll sideways and no element sticks out of the
//            viewport unless it sits inside a horizontal scroll container
//   nojs     JavaScript disabled: <main> still holds the content, no console error
//   (each also saves a screenshot: test-results/screens/<name>-<theme>-<width>.png)
// Then every other tests/browser/*.mjs that exports `run({ baseUrl, browser, log })`
// (a page's own suite, e.g. explorer.mjs) runs against the same server and browser and
// returns { passed, failed }.
// With --requests-only (used for the sub-path build) only the request/console checks run.
//
//   node tests/browser/run.mjs [--dist dist] [--base /] [--requests-only] [--only name,name]
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, findChromium } from '../../scripts/chromium.mjs';
import { serve, normaliseBase } from '../../scripts/serve.mjs';
import { PAGES, REQUIRED, THEMES, AXE_TAGS, MIN_MAIN_TEXT, fileFor } from './pages.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const SUITE_TIMEOUT = 900_000;
const SCREENS = join(ROOT, 'test-results', 'screens');
const NAV_TIMEOUT = 30_000;
const TEST_TIMEOUT = 90_000;
const SHOT_TIMEOUT = 20_000;

const args = process.argv.slice(2);
const take = (flag, dflt) => {
  const i = args.indexOf(flag);
  return i < 0 ? dflt : args[i + 1];
};
const dist = resolve(ROOT, take('--dist', 'dist'));
const base = normaliseBase(take('--base', '/'));
const requestsOnly = args.includes('--requests-only');
const only = take('--only', null)?.split(',');

let passed = 0;
let failed = 0;
let skipped = 0;

function report(name, problems, ms) {
  if (problems.length === 0) {
    passed++;
    console.log(`  ok   ${name} (${(ms / 1000).toFixed(1)} s)`);
  } else {
    failed++;
    console.log(`  FAIL ${name} (${(ms / 1000).toFixed(1)} s)`);
    for (const p of problems.slice(0, 30)) console.log(`         ${p.replace(/\n/g, '\n         ')}`);
    if (problems.length > 30) console.log(`         … and ${problems.length - 30} more`);
  }
}

async function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what} did not finish within ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A fresh context + page that records console errors and every request it makes. */
async function open(browser, origin, options, expected = 200) {
  const context = await browser.newContext({ ...options, reducedMotion: 'reduce' });
  context.setDefaultTimeout(NAV_TIMEOUT);
  const log = { console: [], failed: [], foreign: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin + '/')) return route.continue();
    log.foreign.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // Chromium logs the document's own 404 as an error; on the 404 page that is the point.
    const own = m.location().url?.replace(/#.*/, '') === page.url().replace(/#.*/, '');
    if (expected !== 200 && own && m.text().includes(`status of ${expected}`)) return;
    log.console.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => log.console.push(`uncaught: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(origin + '/')) log.failed.push(`${r.failure()?.errorText ?? 'failed'}: ${r.url()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.request().isNavigationRequest()) log.failed.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return { context, page, log };
}

function requestProblems(log) {
  const all = [
    ...log.console,
    ...log.failed.map((f) => `failed request: ${f}`),
    ...log.foreign.map((u) => `request to another origin (blocked): ${u}`),
  ];
  // CSP messages are long; their start says what was blocked, their end which hash was wanted.
  return [...new Set(all.map((p) => (p.length > 300 ? `${p.slice(0, 160)} … ${p.slice(-130)}` : p)))];
}

async function load(page, url, expected) {
  const response = await page.goto(url, { waitUntil: 'load' });
  // Islands hydrate after load; give their module requests time to run and finish.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  const problems = [];
  const status = response?.status();
  if (status !== expected) problems.push(`HTTP status ${status}, expected ${expected}`);
  const hash = new URL(url).hash.slice(1);
  if (hash && !(await page.evaluate((id) => !!document.getElementById(id), decodeURIComponent(hash))))
    problems.push(`no element with id="${hash}" on the page`);
  return problems;
}

/**
 * The first screen of the page (viewport-sized). Full-page captures of the longest pages
 * (the companion is ~45 000 px tall) take minutes in software rendering, so they are not
 * taken; a screenshot is an artefact for review, so failing to take one only warns.
 */
async function screenshot(page, file) {
  try {
    await page.screenshot({ path: join(SCREENS, file), animations: 'disabled', timeout: SHOT_TIMEOUT });
  } catch (err) {
    console.log(`  warn screenshot ${file} not taken: ${err.message.split('\n')[0]}`);
  }
}

/** Runs in the page: what sticks out sideways at the current viewport width. */
function findOverflow() {
  const vw = document.documentElement.clientWidth;
  const out = [];
  const describe = (el) => {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    if (typeof el.className === 'string' && el.className.trim())
      s += '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.');
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return text ? `${s} "${text}"` : s;
  };
  const visit = (el) => {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.width > vw + 1)) {
      out.push(`${describe(el)} spans x=${Math.round(r.left)}…${Math.round(r.right)} (viewport ${vw} px wide)`);
      return; // its children would only repeat the finding
    }
    if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return; // contained: scrolls on its own
    for (const child of el.children) visit(child);
  };
  visit(document.body);
  const sw = document.documentElement.scrollWidth;
  if (sw > window.innerWidth) out.unshift(`the page scrolls sideways: scrollWidth ${sw} > innerWidth ${window.innerWidth}`);
  return out;
}

async function test(name, fn) {
  const t0 = performance.now();
  let problems;
  try {
    problems = await withTimeout(fn(), TEST_TIMEOUT, name);
  } catch (err) {
    problems = [`error: ${err.message.split('\n').slice(0, 6).join('\n')}`];
  }
  report(name, problems, performance.now() - t0);
}

async function desktop(browser, server, page, theme) {
  const { context, page: p, log } = await open(browser, server.origin, {
    viewport: { width: 1280, height: 800 },
    colorScheme: theme,
  }, page.status);
  try {
    const problems = await load(p, server.url + page.path.replace(/^\//, ''), page.status ?? 200);
    if (!requestsOnly) {
      const axe = await new AxeBuilder({ page: p }).withTags(AXE_TAGS).analyze();
      for (const v of axe.violations) {
        const where = v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ');
        problems.push(`axe ${v.id} (${v.impact}, ${v.nodes.length} node(s)): ${v.help} — ${where}`);
      }
      await screenshot(p, `${page.name}-${theme}-1280.png`);
    }
    return [...problems, ...requestProblems(log)];
  } finally {
    await context.close();
  }
}

async function narrow(browser, server, page, theme) {
  const { context, page: p, log } = await open(browser, server.origin, {
    viewport: { width: 360, height: 740 },
    colorScheme: theme,
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 1,
  }, page.status);
  try {
    const problems = await load(p, server.url + page.path.replace(/^\//, ''), page.status ?? 200);
    problems.push(...(await p.evaluate(findOverflow)));
    await screenshot(p, `${page.name}-${theme}-360.png`);
    return [...problems, ...requestProblems(log)];
  } finally {
    await context.close();
  }
}

async function noJs(browser, server, page, theme) {
  const { context, page: p, log } = await open(browser, server.origin, {
    viewport: { width: 1280, height: 800 },
    colorScheme: theme,
    javaScriptEnabled: false,
  }, page.status);
  try {
    const response = await p.goto(server.url + page.path.replace(/^\//, ''), { waitUntil: 'load' });
    const problems = [];
    if (response?.status() !== (page.status ?? 200)) problems.push(`HTTP status ${response?.status()}`);
    const main = p.locator('main');
    const count = await main.count();
    if (count !== 1) problems.push(`expected one <main>, found ${count}`);
    else {
      const text = (await main.innerText()).trim();
      const min = page.minText ?? MIN_MAIN_TEXT;
      if (text.length < min) problems.push(`<main> has ${text.length} characters of text without JavaScript (want ≥ ${min})`);
    }
    return [...problems, ...requestProblems(log)];
  } finally {
    await context.close();
  }
}

/** Page-specific suites: the other modules here that export run(). */
async function runSuites(browser, server) {
  const files = (await readdir(HERE)).filter((f) => f.endsWith('.mjs') && !['run.mjs', 'pages.mjs'].includes(f)).sort();
  for (const file of files) {
    console.log(`suite ${file}:`);
    const t0 = performance.now();
    try {
      const mod = await import(pathToFileURL(join(HERE, file)).href);
      if (typeof mod.run !== 'function') {
        console.log(`  skip ${file}: exports no run()`);
        continue;
      }
      const r = await withTimeout(mod.run({ baseUrl: server.url, browser, log: console.log }), SUITE_TIMEOUT, file);
      passed += r.passed ?? 0;
      failed += r.failed ?? 0;
    } catch (err) {
      failed++;
      console.log(`  FAIL ${file}: ${String(err.stack ?? err).split('\n').slice(0, 6).join('\n         ')}`);
    }
    console.log(`  (${file}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  }
}

async function exists(path) {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

async function main() {
  if (!(await stat(dist).catch(() => null))?.isDirectory()) {
    console.log(`browser tests: no build at ${dist} (run npx astro build first)`);
    return 1;
  }
  const pages = [];
  for (const page of PAGES) {
    if (only && !only.includes(page.name)) continue;
    if (await exists(join(dist, fileFor(page)))) pages.push(page);
    else if (REQUIRED.includes(page.name)) {
      console.log(`  FAIL ${page.name}: required page ${fileFor(page)} is not in the build`);
      failed++;
    } else {
      console.log(`  skip ${page.name}: ${fileFor(page)} is not in the build yet (warning, not a failure)`);
      skipped++;
    }
  }

  let executablePath;
  try {
    executablePath = await findChromium();
  } catch (err) {
    console.log(err.message);
    return 1;
  }
  if (!requestsOnly) {
    await rm(SCREENS, { recursive: true, force: true });
    await mkdir(SCREENS, { recursive: true });
    console.log(`screenshots: ${SCREENS}`);
  }
  console.log(`chromium: ${executablePath}`);
  const server = await serve(dist, { base });
  const browser = await launch({ executablePath });
  console.log(`serving ${dist} at ${server.url} · Chromium ${browser.version()}`);
  try {
    for (const page of pages) {
      for (const theme of requestsOnly ? ['light'] : THEMES) {
        const label = `${page.name} ${theme}`;
        await test(`${label} desktop: ${requestsOnly ? 'requests, console' : 'axe, requests, console'}`, () =>
          desktop(browser, server, page, theme),
        );
        if (requestsOnly) continue;
        await test(`${label} 360px: no horizontal overflow`, () => narrow(browser, server, page, theme));
        await test(`${label} no JavaScript: content present`, () => noJs(browser, server, page, theme));
      }
    }
    if (!requestsOnly && !only) await runSuites(browser, server);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
  if (!requestsOnly) console.log(`screenshots: ${SCREENS}`);
  console.log(`browser: ${passed} passed, ${failed} failed, ${skipped} page(s) skipped`);
  return failed ? 1 : 0;
}

process.exitCode = await main().catch((err) => {
  console.log(`browser tests crashed: ${err.stack ?? err}`);
  return 1;
});
