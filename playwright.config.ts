// Browser tests over a built site (dist, or DIST_DIR), in a headless Chromium that is
// found, never downloaded (scripts/chromium.mjs), served by `astro preview` (404.html for
// unknown paths, like a static host).
//
//   npx playwright test                        both projects over dist
//   npx playwright test --project phone        one project
//   DIST_DIR=tmp/dist-sub BASE_PATH=/sub/ npx playwright test --project desktop --grep @requests
//                                              the sub-path step (npm test's `subpath`)
//
// Two projects, and every spec file under tests/browser runs in both unless a test says
// otherwise: a test tagged @desktop runs in `desktop` only, one tagged @phone in `phone` only.
// Only what needs layout, scripts or input is tested here; facts of the static HTML are site
// tests (tests/site), logic is unit tests (CONTRIBUTING.md, "Where each check lives").
// TEST_PORT picks the server's port (default: 40000 + pid mod 20000, so runs at the same time
// do not collide). Set in the main process, inherited by workers.
import { defineConfig } from '@playwright/test';
import { findChromium, launchArgs } from './scripts/chromium.mjs';

process.env.TEST_PORT ??= String(40000 + (process.pid % 20000));
const port = Number(process.env.TEST_PORT);
const dist = process.env.DIST_DIR ?? 'dist';
const base = ('/' + (process.env.BASE_PATH ?? '/') + '/').replace(/\/+/g, '/');
process.env.CHROME_PATH ??= await findChromium();

export default defineConfig({
  testDir: 'tests/browser',
  // Its own folder for the sub-path run: npm test runs it beside the main one, and each run
  // empties its output folder when it starts.
  outputDir: base === '/' ? 'test-results/playwright' : 'test-results/playwright-subpath',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.PW_WORKERS ?? 2),
  // In CI a failed test runs once more: a pass on the retry is reported as flaky, by name and
  // with its first error, at the end of `npm test` (scripts/test-all.mjs reads the JSON report).
  // Flaky is a defect to fix, never a pass: it is printed where CI's tail shows it.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [
        ['line'],
        [
          'json',
          { outputFile: `test-results/${base === '/' ? 'browser' : 'browser-subpath'}.json` },
        ],
      ]
    : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    reducedMotion: 'reduce',
    // On a failure: a trace of the actions, console and network, without DOM snapshots or a
    // screencast, which cost about a third of the suite's CPU (recorded for every test, kept for
    // the failing ones); `--trace retain-on-failure` on the command line records them all.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: false },
    screenshot: 'only-on-failure',
    navigationTimeout: 30_000,
    // No host name resolves but 127.0.0.1's: a request to another origin fails at once and
    // never leaves the machine (tests/browser/fixtures.ts records it as an error).
    launchOptions: {
      executablePath: process.env.CHROME_PATH,
      args: [...launchArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
    },
  },
  webServer: {
    // `astro preview`, Astro's static server over the build (404.html, with status 404, for an
    // unknown path). Node's header limit raised: the fuzzed addresses are longer than its 16 KB.
    // --ignore-lock: Astro 7 lets one preview server hold the project's lock, and npm test runs
    // the sub-path build's server beside the main one (as would a reader's own `npm start`).
    command: `node --max-http-header-size=262144 node_modules/astro/bin/astro.mjs preview --ignore-lock --outDir ${dist} --base ${base} --port ${port} --host 127.0.0.1`,
    url: `http://127.0.0.1:${port}${base}`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
  },
  projects: [
    // 1280×800, light. Dark only where colour is the question (pages.spec.ts: axe's colour
    // rules on every page, in the same load; publication.spec.ts: search's colours).
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
      // @requests is the sub-path step's test; over the root build the pages test covers it.
      grepInvert: base === '/' ? /@phone|@requests/ : /@phone/,
    },
    // 360×740, touch.
    {
      name: 'phone',
      use: {
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 1,
        colorScheme: 'light',
      },
      grepInvert: /@desktop|@requests/,
    },
  ],
});
