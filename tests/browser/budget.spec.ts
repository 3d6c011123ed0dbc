// The explorer's cost: all JavaScript it loads ≤ 40 KB gzip; median click-to-update
// latency (20 clicks, from the click to the outcome panel updated, with layout) < 16 ms,
// in the lowest of up to three rounds. Runs last and alone (project "timing").
import { gzipSync } from 'node:zlib';
import { test, expect } from './fixtures.ts';
import { ready } from './explorer-helpers.ts';

const JS_BUDGET = 40 * 1024;
const LATENCY_TARGET_MS = 16;

// Tracing records every DOM mutation and would be measured with the click.
test.use({ trace: 'off' });

test('budget: JavaScript ≤ 40 KB gzip, click-to-update < 16 ms', async ({ page }, info) => {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.set(r.url(), r.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto('explorer/', { waitUntil: 'networkidle' });
  await ready(page);
  let total = 0;
  for (const body of scripts.values()) total += gzipSync(await body, { level: 9 }).length;
  for (const s of await page.$$eval('script:not([src])', (ss) => ss.map((s) => s.textContent ?? ''))) total += gzipSync(Buffer.from(s), { level: 9 }).length;
  const measure = () => page.evaluate(async () => {
    const out: number[] = [];
    const target = document.querySelector('.ex-result')!;
    for (let i = 0; i < 21; i++) {
      const input = document.querySelector<HTMLInputElement>(`.ex-switches input[name="fencing"][value="${i % 2 === 0 ? 'off' : 'on'}"]`)!;
      const done = new Promise<void>((r) => {
        const mo = new MutationObserver(() => (mo.disconnect(), r()));
        mo.observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      const t0 = performance.now();
      input.click();
      await done;
      void document.body.offsetHeight; // include style and layout
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 30));
    }
    return out.slice(1); // the first click also warms up the JIT
  });
  // Three rounds of 20 clicks; the lowest median counts. Other processes on a shared
  // machine can only add time, so the lowest round is the closest to the page's own cost.
  const medians: number[] = [];
  for (let round = 0; round < 3; round++) {
    const sorted = [...(await measure())].sort((a, b) => a - b);
    medians.push((sorted[9] + sorted[10]) / 2);
    if (medians[round] < LATENCY_TARGET_MS) break;
  }
  const median = Math.min(...medians);
  info.annotations.push({ type: 'measured', description: `explorer JS ${(total / 1024).toFixed(1)} KB gzip; click-to-update median ${median.toFixed(2)} ms (rounds: ${medians.map((m) => m.toFixed(1)).join(', ')})` });
  expect(total, 'explorer JavaScript, gzip bytes').toBeLessThanOrEqual(JS_BUDGET);
  expect(median, 'median click-to-update, ms').toBeLessThan(LATENCY_TARGET_MS);
});
