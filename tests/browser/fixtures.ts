// The fixture every browser test uses: a page whose console errors, uncaught exceptions,
// failed same-origin requests and requests to other origins (aborted) are recorded, and
// which fails the test at its end if any were seen. `problems.allow404` lets the 404 page
// load with the status it is meant to have.
import { test as base, expect } from '@playwright/test';

export interface Watch {
  errors: string[];
  /**
   * Wait until no request of the page is in flight, and none has been for `quietMs`: what a
   * page asked for has answered (or failed, and is recorded). Cheaper and more exact than
   * `waitForLoadState('networkidle')`, which always waits 500 ms.
   */
  quiet(quietMs?: number, timeoutMs?: number): Promise<void>;
  /** Expect the document itself to answer with this status (its console line is not an error). */
  expectStatus(status: number): void;
}

export const test = base.extend<{ watch: Watch }>({
  watch: [
    async ({ page, context, baseURL }, use) => {
      const origin = new URL(baseURL!).origin;
      const errors: string[] = [];
      let status = 200;
      const inFlight = new Set<import('@playwright/test').Request>();
      let lastChange = Date.now();
      const done = (r: import('@playwright/test').Request) => {
        inFlight.delete(r);
        lastChange = Date.now();
      };
      context.on('request', (r) => {
        inFlight.add(r);
        lastChange = Date.now();
      });
      context.on('requestfinished', done);
      context.on('requestfailed', done);
      const quiet = async (quietMs = 100, timeoutMs = 10_000) => {
        const end = Date.now() + timeoutMs;
        while (inFlight.size > 0 || Date.now() - lastChange < quietMs) {
          if (Date.now() > end)
            throw new Error(
              `requests still in flight after ${timeoutMs} ms: ${[...inFlight].map((r) => r.url()).join(' ')}`,
            );
          await new Promise((r) => setTimeout(r, 25));
        }
      };
      // A request to another origin is an error. It never leaves the machine: Chromium resolves
      // no host name but 127.0.0.1 (--host-resolver-rules in playwright.config.ts), so it fails
      // at once. Watched, not routed: routing every request through Playwright (the former
      // context.route('**/*')) cost a round trip to this process per request.
      context.on('request', (r) => {
        const url = r.url();
        if (/^(https?|wss?):/.test(url) && !url.startsWith(origin + '/'))
          errors.push(`request to another origin (blocked): ${url}`);
      });
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        // Chromium logs the document's own 404 as an error; on the 404 page that is the point.
        const own = m.location().url?.replace(/#.*/, '') === page.url().replace(/#.*/, '');
        if (status !== 200 && own && m.text().includes(`status of ${status}`)) return;
        errors.push(`console error: ${m.text().slice(0, 300)}`);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
      page.on('requestfailed', (r) => {
        // ERR_ABORTED is the browser cancelling a request because the page moved on (a test
        // navigates while search is still fetching fragments); an answer that failed shows
        // up as net::ERR_* otherwise, and an error status is caught by the response handler.
        const why = r.failure()?.errorText ?? '';
        if (r.url().startsWith(origin + '/') && why !== 'net::ERR_ABORTED')
          errors.push(`failed request: ${why}: ${r.url()}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400 && !r.request().isNavigationRequest())
          errors.push(`HTTP ${r.status()}: ${r.url()}`);
      });
      await use({ errors, expectStatus: (s) => (status = s), quiet });
      expect(errors, 'console errors, uncaught exceptions, failed or off-site requests').toEqual(
        [],
      );
    },
    { auto: true },
  ],
});

export { expect };

/** Let Preact flush its queued render and the browser paint. */
export const settle = (page: import('@playwright/test').Page) =>
  page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
