// Browser tests over a built site (dist, or DIST_DIR), in a headless Chromium that is
// found, never downloaded (scripts/chromium.mjs). The one static server,
// scripts/serve.mjs, serves the build (404.html for unknown paths, like a static host).
//
//   npx playwright test                        every project over dist
//   npx playwright test --project phone-360    one project
//   DIST_DIR=tmp/dist-sub BASE_PATH=/sub/ npx playwright test --project desktop-light --grep @requests
//
//   SUBPATH_DIST=tmp/dist-sub npx playwright test --project subpath
//
// With SUBPATH_DIST (npm test sets it once the sub-path build exists) a second server
// serves that build under /sub/, and the project `subpath` loads every page there
// (the @requests test). TEST_PORT picks the first server's port (default: 40000 + pid
// mod 20000, so helpers that run at the same time do not collide; the second uses the
// next port). Set in the main process, inherited by workers.
import { defineConfig } from '@playwright/test';
import { findChromium, launchArgs } from './scripts/chromium.mjs';

process.env.TEST_PORT ??= String(40000 + (process.pid % 20000));
const port = Number(process.env.TEST_PORT);
const dist = process.env.DIST_DIR ?? 'dist';
const base = ('/' + (process.env.BASE_PATH ?? '/') + '/').replace(/\/+/g, '/');
const subDist = process.env.SUBPATH_DIST;
const SUB = '/sub/';
const subURL = `http://127.0.0.1:${port + 1}${SUB}`;
process.env.CHROME_PATH ??= await findChromium();

const desktop = { viewport: { width: 1280, height: 800 } };
const phone = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
};

export default defineConfig({
  testDir: 'tests/browser',
  // Its own folder for the sub-path run: npm test runs it beside the main one, and each run
  // empties its output folder when it starts.
  outputDir: subDist ? 'test-results/playwright-subpath' : 'test-results/playwright',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: Number(process.env.PW_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['line']] : [['list']],
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
  webServer: [
    {
      command: `node scripts/serve.mjs ${dist} --base ${base} --port ${port}`,
      url: `http://127.0.0.1:${port}${base}`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    ...(subDist
      ? [
          {
            command: `node scripts/serve.mjs ${subDist} --base ${SUB} --port ${port + 1}`,
            url: subURL,
            reuseExistingServer: false,
            timeout: 30_000,
            stdout: 'ignore' as const,
          },
        ]
      : []),
  ],
  projects: [
    // @requests is the sub-path step's test; over the root build the @pages test covers it.
    {
      name: 'desktop-light',
      use: { ...desktop, colorScheme: 'light' },
      grepInvert: base === '/' ? /@requests/ : undefined,
    },
    // Dark differs from light in colours only (tests/site/dark-theme.test.ts): a @colour-free
    // check (layout, steps, label geometry) gives the same result there, so it runs in light only.
    {
      name: 'desktop-dark',
      use: { ...desktop, colorScheme: 'dark' },
      grep: /@pages/,
      grepInvert: /@colour-free/,
    },
    { name: 'phone-360', use: { ...phone, colorScheme: 'light' }, grep: /@pages/ },
    { name: 'no-js', use: { ...desktop, javaScriptEnabled: false }, grep: /@pages/ },
    // The sub-path build (SUBPATH_DIST): every page loads under /sub/ with no failed or off-site request.
    ...(subDist
      ? [
          {
            name: 'subpath',
            use: { ...desktop, colorScheme: 'light' as const, baseURL: subURL },
            grep: /@requests/,
          },
        ]
      : []),
  ],
});
