// The fault schedule in the explorer, in Chromium (desktop; bad values on the phone):
//   counterexamples  each counterexample's explorer URL (from /data/faults.json) shows the
//                    invariants simulate() computes here in Node for its setting and schedule,
//                    at the breach's tick, with the faults panel open on its schedule, no notice
//   collapsed        the plain explorer shows the faults panel closed, on the base schedule
//   bad              bad schedule values: a notice names them, is shorter than the viewport,
//                    and the page shows the base schedule's run
//   select           choosing a value in the panel puts it in the URL and updates the invariants
//   not-main         under a changed schedule no preset is pressed and the run is not called the main trace
// Console errors, uncaught exceptions and failed requests fail every test (fixtures.ts).
import type { Page } from '@playwright/test';
import { test, expect, settle } from './fixtures.ts';
import { ready } from './explorer-helpers.ts';
import {
  BASE_SCHEDULE,
  INVARIANT_IDS,
  MAIN,
  SCHEDULE_IDS,
  scheduleParam,
  simulate,
  type Run,
} from '../../src/model/index.ts';

test.describe.configure({ mode: 'serial' });

async function open(page: Page, path: string) {
  await page.goto(path);
  await ready(page);
  await settle(page);
}

function read(page: Page) {
  return page.evaluate(() => {
    const invariants: Record<string, boolean> = {};
    for (const el of document.querySelectorAll<HTMLElement>('.ex-result [data-invariant]'))
      invariants[el.dataset.invariant!] = el.dataset.broken === 'true';
    const selects: Record<string, { value: string; disabled: boolean }> = {};
    for (const el of document.querySelectorAll<HTMLSelectElement>('[data-faults] select'))
      selects[el.name] = { value: el.value, disabled: el.disabled };
    const notice = document.querySelector('.ex-notice[role="status"]');
    const range = document.querySelector<HTMLInputElement>('.ex-scrub input[type=range]');
    return {
      invariants,
      selects,
      open: document.querySelector<HTMLDetailsElement>('[data-faults]')?.open ?? null,
      notice: notice ? notice.textContent : null,
      noticeHeight: notice ? notice.getBoundingClientRect().height : 0,
      tick: range ? Number(range.value) : null,
      lastTick: range ? Number(range.max) : null,
      search: location.search,
    };
  });
}

const invariantProblems = (got: Record<string, boolean>, run: Run, where: string) =>
  INVARIANT_IDS.filter((id) => got[id] !== run.invariants[id]).map(
    (id) => `${where}: invariant ${id} shows ${got[id]}, the model says ${run.invariants[id]}`,
  );

test('faults: every counterexample opens in the explorer with the model’s broken invariants @desktop', async ({
  page,
  request,
}) => {
  const res = await request.get('data/faults.json');
  expect(res.ok(), '/data/faults.json exists').toBe(true);
  const data = await res.json();
  expect(data.counterexamples.length, 'counterexamples in faults.json').toBeGreaterThan(0);
  const problems: string[] = [];
  for (const c of data.counterexamples) {
    await open(page, c.explorer.replace(/^.*?\/explorer\//, 'explorer/'));
    await page.waitForSelector('[data-faults] select', { timeout: 15_000 }); // the panel's code loads on demand
    const st = await read(page);
    const run = simulate(c.switches, { schedule: c.schedule });
    problems.push(...invariantProblems(st.invariants, run, c.invariant));
    if (!st.invariants[c.invariant])
      problems.push(`${c.invariant}: the explorer does not show it broken`);
    if (st.notice) problems.push(`${c.invariant}: unexpected notice: ${st.notice}`);
    if (st.open !== true) problems.push(`${c.invariant}: faults panel not open`);
    if (st.tick !== c.tick) problems.push(`${c.invariant}: tick ${st.tick}, want ${c.tick}`);
    if (st.lastTick !== run.lastTick)
      problems.push(`${c.invariant}: last tick ${st.lastTick}, the model says ${run.lastTick}`);
    for (const id of SCHEDULE_IDS) {
      const s = st.selects[id];
      if (!s) problems.push(`${c.invariant}: no select for ${id}`);
      else if (!s.disabled) {
        const want = c.schedule[id] === null ? '' : String(c.schedule[id]);
        if (s.value !== want)
          problems.push(`${c.invariant}: ${id} shows "${s.value}", want "${want}"`);
      }
    }
  }
  expect(problems).toEqual([]);
});

test('faults: the plain explorer keeps the panel closed, on the base schedule @desktop', async ({
  page,
}) => {
  await open(page, 'explorer/');
  const st = await read(page);
  expect(st.open).toBe(false);
  expect(invariantProblems(st.invariants, simulate(MAIN), 'main')).toEqual([]);
});

test.describe('faults: bad schedule values', () => {
  test('a bounded notice and the base schedule’s run @phone', async ({ page }) => {
    const problems: string[] = [];
    for (const q of [
      'silentAt=bogus',
      'wakeAfter=0&keyRetention=-2',
      `restartAt=${'9'.repeat(400)}`,
      'epoch=durable&epoch=volatile',
      'silentAt=%3Cscript%3E',
    ]) {
      await open(page, `explorer/?${q}`);
      const st = await read(page);
      if (!st.notice) problems.push(`?${q}: no notice`);
      if (st.noticeHeight >= 740)
        problems.push(`?${q}: notice ${st.noticeHeight}px tall, taller than the viewport`);
      const want = q.startsWith('epoch')
        ? simulate(MAIN)
        : simulate(MAIN, { schedule: { ...BASE_SCHEDULE } });
      problems.push(...invariantProblems(st.invariants, want, `?${q}`));
    }
    expect(problems).toEqual([]);
  });
});

test('faults: choosing a value puts it in the URL, updates the run and survives a reload @desktop', async ({
  page,
}) => {
  await open(page, 'explorer/?postDies=no&change=never');
  await page.click('[data-faults] > summary');
  const schedule = { ...BASE_SCHEDULE, silentAt: 'effect' as const, keyRetention: 1 };
  await page.selectOption('[data-faults] select[name="silentAt"]', 'effect');
  await page.selectOption('[data-faults] select[name="keyRetention"]', '1');
  await settle(page);
  const st = await read(page);
  for (const id of ['silentAt', 'keyRetention'] as const)
    expect(st.search).toContain(`${id}=${scheduleParam(id, schedule)}`);
  expect(
    invariantProblems(
      st.invariants,
      simulate({ ...MAIN, postDies: 'no', change: 'never' }, { schedule }),
      'after selecting',
    ),
  ).toEqual([]);
  await page.reload();
  await page.waitForSelector('[data-faults] select', { timeout: 15_000 });
  const again = await read(page);
  expect(again.selects.silentAt?.value).toBe('effect');
  expect(again.open).toBe(true);
});

test('faults: under a changed schedule no preset is pressed and the run is not called the main trace @desktop', async ({
  page,
}) => {
  await open(page, 'explorer/');
  expect(await page.getAttribute('[data-preset="main"]', 'aria-pressed')).toBe('true');
  await page.click('[data-faults] > summary');
  await page.selectOption('[data-faults] select[name="keyRetention"]', '1');
  await settle(page);
  // The main trace's switches, but a duplicate post: it is not the main trace any more.
  expect(
    await page.$$eval('[data-preset][aria-pressed="true"]', (bs) =>
      bs.map((b) => (b as HTMLElement).dataset.preset),
    ),
  ).toEqual([]);
  const setting = (await page.textContent('.ex-setting'))!.replace(/\s+/g, ' ');
  expect(setting).toContain('not the base one');
  expect(setting).not.toMatch(/^This run: the main trace/);
});
