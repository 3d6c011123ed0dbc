// Finds a Chromium for the browser tests and the bench without downloading one
// (`npx playwright install` cannot reach its CDN from the build machines).
// Lookup order: $CHROME_PATH, a system Chromium/Chrome, then the Chromium that ships
// inside the npm package @sparticuz/chromium (a devDependency; Linux x64 only), which
// unpacks itself to /tmp on first use (about 2 s) and launches under playwright-core.
import { access, constants } from 'node:fs/promises';
import { chromium } from 'playwright-core';

export const SYSTEM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** Flags that keep Chromium quiet and working on a closed network, as root, in a container. */
export const launchArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** @param {string} path */
async function isExecutable(path) {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The @sparticuz/chromium branch on its own (exported so it can be tested directly). */
export async function sparticuzChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `@sparticuz/chromium only ships a Linux x64 binary (this is ${process.platform} ${process.arch})`,
    );
  }
  const mod = await import('@sparticuz/chromium');
  const path = await mod.default.executablePath();
  if (!path || !(await isExecutable(path)))
    throw new Error(`@sparticuz/chromium gave no executable (${path})`);
  return path;
}

/** Path of a Chromium executable; throws an Error that lists everything it tried. */
export async function findChromium() {
  const tried = [];
  const env = process.env.CHROME_PATH;
  if (env) {
    if (await isExecutable(env)) return env;
    tried.push(`$CHROME_PATH=${env}: not an executable file`);
  } else {
    tried.push('$CHROME_PATH: not set');
  }
  for (const p of SYSTEM_PATHS) {
    if (await isExecutable(p)) return p;
    tried.push(`${p}: not found`);
  }
  try {
    return await sparticuzChromium();
  } catch (err) {
    tried.push(
      `npm package @sparticuz/chromium: ${String(err instanceof Error ? err.message : err).split('\n')[0]}`,
    );
  }
  throw new Error(
    [
      'No Chromium found for the browser tests. Tried:',
      ...tried.map((t) => `  - ${t}`),
      'Fix one of: `npm ci` (installs @sparticuz/chromium), `apt-get install -y chromium`,',
      'or set CHROME_PATH to a Chromium/Chrome executable.',
    ].join('\n'),
  );
}

/**
 * A headless playwright-core Browser on the Chromium found above.
 * @param {{ executablePath?: string, timeout?: number }} [options]
 */
export async function launch({ executablePath, timeout = 60_000 } = {}) {
  return chromium.launch({
    executablePath: executablePath ?? (await findChromium()),
    args: launchArgs,
    headless: true,
    timeout,
  });
}
