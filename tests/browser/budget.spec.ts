// The explorer's weight: all JavaScript it loads ≤ 40 KB gzip. Byte counts are the
// same on any machine, so they are asserted here; time (click-to-update latency) is
// measured by `npm run bench` and printed beside its target, never asserted in a test,
// because these machines are shared and noisy.
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures.ts';
import { ready } from './explorer-helpers.ts';

const JS_BUDGET = 40 * 1024;

test('budget: the explorer loads ≤ 40 KB of JavaScript, gzip', async ({ page }, info) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.set(r.url(), r.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto('explorer/', { waitUntil: 'networkidle' });
  await ready(page);
  let total = 0;
  for (const body of scripts.values()) total += gzipSync(await body, { level: 9 }).length;
  for (const s of await page.$$eval('script:not([src])', (ss) => ss.map((s) => s.textContent ?? ''))) total += gzipSync(Buffer.from(s), { level: 9 }).length;
  info.annotations.push({ type: 'measured', description: `explorer JS ${(total / 1024).toFixed(1)} KB gzip` });
  expect(scripts.size, 'the explorer loads its islands').toBeGreaterThan(0);
  expect(total, 'explorer JavaScript, gzip bytes').toBeLessThanOrEqual(JS_BUDGET);
});
