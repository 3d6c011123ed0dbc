// Browser tests of the fault schedule in the explorer (issue 14), in a real headless Chromium.
//
//   counterexamples  each counterexample's explorer URL (from /data/faults.json) shows the
//                    invariants simulate() computes here in Node for its setting and schedule,
//                    at the breach's tick, with the faults panel open on its schedule, no notice
//   collapsed        the plain explorer shows the faults panel closed, on the base schedule
//   bad              bad schedule values: a notice names them, is shorter than the viewport, and
//                    the page shows the base schedule's run
//   select           choosing a value in the panel puts it in the URL and updates the invariants
//
// Used by tests/browser/run.mjs (exports run({ baseUrl, browser, log }) → { passed, failed }).
import { BASE_SCHEDULE, INVARIANT_IDS, MAIN, SCHEDULE_IDS, scheduleParam, simulate } from '../../src/model/index.ts';

async function open(browser, url, opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', ...opts });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`console error: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  await page.goto(url);
  await page.waitForSelector('.ex-switches input[name="silent"]', { timeout: 15_000 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return { context, page, errors };
}

function read(page) {
  return page.evaluate(() => {
    const invariants = {};
    for (const el of document.querySelectorAll('.ex-result [data-invariant]')) invariants[el.dataset.invariant] = el.dataset.broken === 'true';
    const selects = {};
    for (const el of document.querySelectorAll('[data-faults] select')) selects[el.name] = { value: el.value, disabled: el.disabled };
    const notice = document.querySelector('.ex-notice[role="status"]');
    const range = document.querySelector('.ex-scrub input[type=range]');
    return {
      invariants,
      selects,
      open: document.querySelector('[data-faults]')?.open ?? null,
      notice: notice ? notice.textContent : null,
      noticeHeight: notice ? notice.getBoundingClientRect().height : 0,
      tick: range ? Number(range.value) : null,
      lastTick: range ? Number(range.max) : null,
      search: location.search,
    };
  });
}

const invariantProblems = (got, run, where) =>
  INVARIANT_IDS.filter((id) => got[id] !== run.invariants[id]).map((id) => `${where}: invariant ${id} shows ${got[id]}, the model says ${run.invariants[id]}`);

async function counterexamples({ browser, url }) {
  const res = await fetch(url('/data/faults.json'));
  if (!res.ok) return { skipped: 'no /data/faults.json in this build' };
  const data = await res.json();
  const problems = [];
  if (!data.counterexamples.length) return problems;
  for (const c of data.counterexamples) {
    const { context, page, errors } = await open(browser, url(c.explorer.replace(/^.*?\/explorer\//, '/explorer/')));
    try {
      await page.waitForSelector('[data-faults] select', { timeout: 15_000 }); // the panel's code loads on demand
      const st = await read(page);
      const run = simulate(c.switches, { schedule: c.schedule });
      problems.push(...invariantProblems(st.invariants, run, c.invariant));
      if (!st.invariants[c.invariant]) problems.push(`${c.invariant}: the explorer does not show it broken`);
      if (st.notice) problems.push(`${c.invariant}: unexpected notice: ${st.notice}`);
      if (st.open !== true) problems.push(`${c.invariant}: faults panel not open`);
      if (st.tick !== c.tick) problems.push(`${c.invariant}: tick ${st.tick}, want ${c.tick}`);
      if (st.lastTick !== run.lastTick) problems.push(`${c.invariant}: last tick ${st.lastTick}, the model says ${run.lastTick}`);
      for (const id of SCHEDULE_IDS) {
        const s = st.selects[id];
        if (!s) problems.push(`${c.invariant}: no select for ${id}`);
        else if (!s.disabled) {
          const want = c.schedule[id] === null ? '' : String(c.schedule[id]);
          if (s.value !== want) problems.push(`${c.invariant}: ${id} shows "${s.value}", want "${want}"`);
        }
      }
      problems.push(...errors);
    } finally {
      await context.close();
    }
  }
  return problems;
}

async function collapsed({ browser, url }) {
  const { context, page, errors } = await open(browser, url('/explorer/'));
  try {
    const st = await read(page);
    const problems = [...errors];
    if (st.open !== false) problems.push(`faults panel open=${st.open} on the plain explorer`);
    problems.push(...invariantProblems(st.invariants, simulate(MAIN), 'main'));
    return problems;
  } finally {
    await context.close();
  }
}

async function bad({ browser, url }) {
  const problems = [];
  for (const q of ['silentAt=bogus', 'wakeAfter=0&keyRetention=-2', `restartAt=${'9'.repeat(400)}`, 'epoch=durable&epoch=volatile', 'silentAt=%3Cscript%3E']) {
    const { context, page, errors } = await open(browser, url(`/explorer/?${q}`), { viewport: { width: 360, height: 740 } });
    try {
      const st = await read(page);
      if (!st.notice) problems.push(`?${q}: no notice`);
      if (st.noticeHeight >= 740) problems.push(`?${q}: notice ${st.noticeHeight}px tall, taller than the viewport`);
      const want = q.startsWith('epoch') ? simulate(MAIN) : simulate(MAIN, { schedule: { ...BASE_SCHEDULE } });
      problems.push(...invariantProblems(st.invariants, want, `?${q}`));
      problems.push(...errors.map((e) => `?${q}: ${e}`));
    } finally {
      await context.close();
    }
  }
  return problems;
}

async function select({ browser, url }) {
  const { context, page, errors } = await open(browser, url('/explorer/?postDies=no&change=never'));
  try {
    const problems = [...errors];
    await page.click('[data-faults] > summary');
    const schedule = { ...BASE_SCHEDULE, silentAt: 'effect', keyRetention: 1 };
    await page.selectOption('[data-faults] select[name="silentAt"]', 'effect');
    await page.selectOption('[data-faults] select[name="keyRetention"]', '1');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const st = await read(page);
    for (const id of ['silentAt', 'keyRetention']) {
      const want = `${id}=${scheduleParam(id, schedule)}`;
      if (!st.search.includes(want)) problems.push(`URL ${st.search} lacks ${want}`);
    }
    problems.push(...invariantProblems(st.invariants, simulate({ ...MAIN, postDies: 'no', change: 'never' }, { schedule }), 'after selecting'));
    await page.reload();
    await page.waitForSelector('[data-faults] select', { timeout: 15_000 });
    const again = await read(page);
    if (again.selects.silentAt?.value !== 'effect' || again.open !== true) problems.push('the schedule did not survive a reload');
    return problems;
  } finally {
    await context.close();
  }
}

const TESTS = { counterexamples, collapsed, bad, select };

export async function run({ baseUrl, browser, log = console.log }) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = (path) => base + path.replace(/^\//, '');
  let passed = 0;
  let failed = 0;
  for (const [name, fn] of Object.entries(TESTS)) {
    let problems;
    try {
      problems = await fn({ browser, url });
    } catch (err) {
      problems = [`error: ${String(err.stack ?? err).split('\n').slice(0, 5).join('\n')}`];
    }
    if (problems && !Array.isArray(problems) && problems.skipped) {
      log(`  skip faults ${name}: ${problems.skipped}`);
      continue;
    }
    if (problems.length === 0) {
      passed++;
      log(`  ok   faults ${name}`);
    } else {
      failed++;
      log(`  FAIL faults ${name}`);
      for (const p of problems.slice(0, 20)) log(`         ${p}`);
    }
  }
  return { passed, failed };
}
