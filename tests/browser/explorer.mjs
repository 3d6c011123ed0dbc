// Browser tests of /explorer/ (GitHub issue 4), in a real headless Chromium.
//
//   presets     each reference trace, chosen by its preset button, shows the outcome and
//               invariants that simulate() computes here in Node
//   route       the guided route walks all 14 scenes (buttons, arrow keys, transcript
//               links): scene counter, URL, switches, tick and highlighted panels
//   roundtrip   switches set by clicking and ticks by buttons survive a reload; back and
//               forward restore the previous states
//   mangled     a few hundred seeded random or malformed query strings and hashes: a
//               notice appears exactly when something was wrong, the valid parts apply,
//               never a blank page, a console error or an uncaught exception
//   compare     rows marked "differs" are exactly the ticks whose events differ
//   nojs        without JavaScript the main trace and the trace links are there
//   budget      all JavaScript the page loads ≤ 40 KB gzip; click-to-update latency
//               (median of 20) is reported and must stay under 16 ms
//   tryit       when the article embeds <TryIt>, flipping a switch there shows the model's outcome
//
// Used two ways:
//   import { run } from './explorer.mjs'; await run({ baseUrl, browser })  → { passed, failed, failures }
//   node tests/browser/explorer.mjs [--dist dist] [--base /]   (serves dist, launches Chromium)
import { gzipSync } from 'node:zlib';
import { resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { simulate, PRESETS, MAIN, SWITCH_IDS, SWITCH_VALUES, INVARIANT_IDS, short, slugOf } from '../../src/model/index.ts';
import { SCENES, sceneSwitches } from '../../src/components/explorer/scenes.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const JS_BUDGET = 40 * 1024;
const LATENCY_TARGET_MS = 16;
const MANGLED_CASES = 300;
const MANGLED_BY_LOAD = 60; // the rest go through history.pushState + popstate (same parser, faster)

/** Deterministic PRNG (mulberry32), so every run tests the same strings. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const runs = new Map();
const runOf = (s) => {
  const k = slugOf(s);
  if (!runs.has(k)) runs.set(k, simulate(s));
  return runs.get(k);
};
const same = (a, b) => SWITCH_IDS.every((id) => a[id] === b[id]);
const fmt = (s) => SWITCH_IDS.filter((id) => s[id] !== MAIN[id]).map((id) => `${id}=${s[id]}`).join('&') || '(main)';

/** A page that records console errors and uncaught exceptions. */
async function open(browser, opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce', ...opts });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return { context, page, errors };
}

async function ready(page) {
  await page.waitForSelector('.ex-switches input[name="silent"]', { timeout: 15_000 });
}

/** Let Preact flush its queued render and the browser paint. */
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));

/** Everything the tests read back from the page, in one round trip. */
function readState(page) {
  return page.evaluate(() => {
    const checked = {};
    for (const el of document.querySelectorAll('.ex-switches:not([aria-label*="compared"]) input[type=radio]:checked'))
      checked[el.name] = el.value;
    const outcome = {};
    for (const el of document.querySelectorAll('.ex-result [data-outcome]')) outcome[el.dataset.outcome] = el.querySelector('dd').textContent.trim();
    const invariants = {};
    for (const el of document.querySelectorAll('.ex-result [data-invariant]')) invariants[el.dataset.invariant] = el.dataset.broken === 'true';
    const notice = document.querySelector('.ex-notice[role="status"]');
    const range = document.querySelector('.ex-scrub input[type=range]');
    return {
      checked,
      outcome,
      invariants,
      notice: notice ? notice.textContent : null,
      tick: range ? Number(range.value) : null,
      lastTick: range ? Number(range.max) : null,
      heading: document.querySelector('#ex-now-h')?.textContent ?? null,
      sceneCount: document.querySelector('#ex-scene-count')?.textContent.trim() ?? null,
      focus: [...document.querySelectorAll('.is-focus')].map((el) => el.id),
      search: location.search,
      hash: location.hash,
    };
  });
}

/** Differences between what the page shows and what simulate() computed. */
function outcomeProblems(state, run) {
  const p = [];
  const o = state.outcome;
  const expect = (cond, what) => cond || p.push(what);
  expect(o.calls?.startsWith(`${run.calls} `), `calls "${o.calls}" ≠ ${run.calls}`);
  expect(o.restored?.startsWith(`${run.restored}`), `restored "${o.restored}" ≠ ${run.restored}`);
  expect(o.rejected === `${run.staleWritesRejected}`, `rejected "${o.rejected}" ≠ ${run.staleWritesRejected}`);
  expect(o.applied === `${run.staleWritesApplied}`, `applied "${o.applied}" ≠ ${run.staleWritesApplied}`);
  expect(o.posts === `${run.posts}`, `posts "${o.posts}" ≠ ${run.posts}`);
  expect(o.duplicates === `${run.duplicatePosts}`, `duplicates "${o.duplicates}" ≠ ${run.duplicatePosts}`);
  if (run.acceptances.length === 0) expect(o.acceptances === 'none', `acceptances "${o.acceptances}" ≠ none`);
  for (const a of run.acceptances)
    expect(o.acceptances?.includes(`t${a.tick} ${short(a.digest)}`), `acceptances "${o.acceptances}" lacks t${a.tick} ${short(a.digest)}`);
  if (run.newsletter) {
    const n = run.newsletter;
    expect(
      o.newsletter?.includes(`t${n.tick}`) && o.newsletter.includes(short(n.digest)) && o.newsletter.includes(n.quote),
      `newsletter "${o.newsletter}" ≠ t${n.tick} ${short(n.digest)} ${n.quote}`,
    );
  } else expect(o.newsletter === 'never admitted', `newsletter "${o.newsletter}" ≠ never admitted`);
  expect(o.finished === (run.finished ? 'yes' : 'no'), `finished "${o.finished}" ≠ ${run.finished}`);
  for (const id of INVARIANT_IDS)
    expect(state.invariants[id] === run.invariants[id], `invariant ${id}: page says ${state.invariants[id]}, model ${run.invariants[id]}`);
  return p;
}

function switchProblems(state, want) {
  const p = [];
  for (const id of SWITCH_IDS) if (state.checked[id] !== want[id]) p.push(`switch ${id}: checked "${state.checked[id]}", want "${want[id]}"`);
  return p;
}

// ── the tests ───────────────────────────────────────────────────────────────

async function presets({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser);
  try {
    await page.goto(url('/explorer/'));
    await ready(page);
    for (const p of [...PRESETS].reverse()) {
      await page.click(`[data-preset="${p.id}"]`);
      await settle(page);
      const st = await readState(page);
      const run = runOf(p.switches);
      const here = [...switchProblems(st, p.switches), ...outcomeProblems(st, run)];
      if (!(await page.getAttribute(`[data-preset="${p.id}"]`, 'aria-pressed')) === 'true') here.push('preset button not pressed');
      const q = new URLSearchParams(st.search);
      for (const id of SWITCH_IDS) if ((q.get(id) ?? MAIN[id]) !== p.switches[id]) here.push(`URL ${id}=${q.get(id)} ≠ ${p.switches[id]}`);
      // Every broken invariant names its record and links to the article.
      const links = await page.$$eval('.ex-result li.is-broken a', (as) => as.map((a) => a.getAttribute('href')));
      const broken = INVARIANT_IDS.filter((id) => run.invariants[id]).length;
      if (links.length !== broken || links.some((h) => !/\/article\/#[a-z-]+$/.test(h))) here.push(`article links ${JSON.stringify(links)} for ${broken} broken`);
      problems.push(...here.map((x) => `${p.id}: ${x}`));
    }
    // The same outcomes when the setting arrives by URL.
    for (const p of PRESETS) {
      await page.goto(url(`/explorer/?${fmt(p.switches) === '(main)' ? '' : fmt(p.switches)}`));
      await ready(page);
      const st = await readState(page);
      problems.push(...[...switchProblems(st, p.switches), ...outcomeProblems(st, runOf(p.switches))].map((x) => `${p.id} by URL: ${x}`));
      if (st.notice) problems.push(`${p.id} by URL: unexpected notice ${st.notice}`);
    }
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

async function route({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser);
  const n = SCENES.length;
  const checkScene = async (k, how) => {
    await settle(page);
    const st = await readState(page);
    const sc = SCENES[k - 1];
    const sw = sceneSwitches(sc);
    const tick = sc.tick(runOf(sw));
    const here = [];
    if (st.sceneCount !== `Scene ${k} of ${n}`) here.push(`counter "${st.sceneCount}"`);
    if (new URLSearchParams(st.search).get('scene') !== String(k)) here.push(`URL ${st.search} lacks scene=${k}`);
    if (st.hash !== `#t${tick}`) here.push(`hash ${st.hash} ≠ #t${tick}`);
    if (st.tick !== tick) here.push(`slider at ${st.tick}, want ${tick}`);
    if (!st.heading?.includes(`t${tick}`)) here.push(`heading "${st.heading}"`);
    here.push(...switchProblems(st, sw));
    for (const f of sc.focus) if (!st.focus.includes(`ex-${f}`)) here.push(`panel ex-${f} not highlighted (highlighted: ${st.focus.join(', ')})`);
    problems.push(...here.map((x) => `scene ${k} (${how}): ${x}`));
  };
  try {
    await page.goto(url('/explorer/'));
    await ready(page);
    await page.click('[data-guide="next"]'); // first press shows scene 1
    for (let k = 1; k <= n; k++) {
      await checkScene(k, 'next button');
      if (k < n) await page.click('[data-guide="next"]');
    }
    // Arrow keys while the scene panel has focus.
    await page.focus('#ex-guide-panel');
    await page.keyboard.press('ArrowLeft');
    await checkScene(n - 1, 'ArrowLeft');
    await page.keyboard.press('ArrowRight');
    await checkScene(n, 'ArrowRight');
    // Arrows inside a radio group stay with the radio group.
    await page.focus('input[name="fencing"]:checked');
    await page.keyboard.press('ArrowDown');
    await settle(page);
    const st = await readState(page);
    if (st.checked.fencing !== 'off') problems.push(`ArrowDown in the fencing group: fencing=${st.checked.fencing}`);
    if (st.sceneCount !== `Scene ${n} of ${n}`) problems.push(`ArrowDown in a radio group moved the route: ${st.sceneCount}`);
    // Transcript links jump to their scene; back returns.
    await page.click('.ex-transcript summary');
    await page.click('.ex-transcript li:nth-child(5) a');
    await checkScene(5, 'transcript link');
    await page.goBack();
    await settle(page);
    const back = await readState(page);
    if (back.checked.fencing !== 'off') problems.push(`back after the transcript link: fencing=${back.checked.fencing}, want off`);
    // A scene in the URL opens that scene.
    await page.goto(url('/explorer/?scene=11'));
    await ready(page);
    await checkScene(11, 'URL');
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

async function roundtrip({ browser, url }) {
  const problems = [];
  const rand = prng(4413);
  const { context, page, errors } = await open(browser);
  try {
    for (let i = 0; i < 6; i++) {
      await page.goto(url('/explorer/'));
      await ready(page);
      const want = { ...MAIN };
      const states = [];
      for (let c = 0; c < 4; c++) {
        const id = SWITCH_IDS[Math.floor(rand() * SWITCH_IDS.length)];
        const values = SWITCH_VALUES[id].filter((x) => x !== want[id]); // a real change: one history entry
        const v = values[Math.floor(rand() * values.length)];
        await page.click(`.ex-switches input[name="${id}"][value="${v}"]`);
        want[id] = v;
        await settle(page);
        states.push(await readState(page));
      }
      const steps = 1 + Math.floor(rand() * 4);
      await page.click('[data-tick-step="-1"]'); // leave the end of the run
      for (let s = 0; s < steps; s++) await page.click('[data-tick-step="-1"]');
      await settle(page);
      const before = await readState(page);
      problems.push(...switchProblems(before, want).map((x) => `round ${i} before reload: ${x}`));
      await page.reload();
      await ready(page);
      const after = await readState(page);
      problems.push(...switchProblems(after, want).map((x) => `round ${i} after reload (${fmt(want)}): ${x}`));
      if (after.tick !== before.tick) problems.push(`round ${i}: tick ${before.tick} became ${after.tick} after reload`);
      if (after.notice) problems.push(`round ${i}: notice after reload: ${after.notice}`);
      problems.push(...outcomeProblems(after, runOf(want)).map((x) => `round ${i}: ${x}`));
      // Back through the tick steps and the last switch click, then forward again.
      for (let s = 0; s <= steps; s++) await page.goBack();
      await settle(page);
      const prev = await readState(page);
      if (prev.search !== states[3].search || prev.tick !== states[3].tick)
        problems.push(`round ${i}: back gave ${prev.search}${prev.hash}, want ${states[3].search} at t${states[3].tick}`);
      await page.goBack();
      await settle(page);
      const prev2 = await readState(page);
      problems.push(...switchProblems(prev2, Object.fromEntries(Object.entries(states[2].checked))).map((x) => `round ${i} back ×2: ${x}`));
      await page.goForward();
      await settle(page);
      const fwd = await readState(page);
      problems.push(...switchProblems(fwd, states[3].checked).map((x) => `round ${i} forward: ${x}`));
    }
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

/** One random, possibly malformed address, with what the page must then show. */
function mangledCase(rand) {
  const pick = (xs) => xs[Math.floor(rand() * xs.length)];
  const parts = [];
  const want = { ...MAIN };
  const seen = new Set();
  let bad = false;
  let scene = null;
  const count = Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const kind = pick(['valid', 'valid', 'valid', 'unknown', 'badvalue', 'dup', 'garbage', 'scene', 'vs']);
    const id = pick(SWITCH_IDS);
    if (kind === 'valid') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${encodeURIComponent(v)}`);
      if (seen.has(id)) bad = true;
      else want[id] = v;
      seen.add(id);
    } else if (kind === 'unknown') {
      parts.push(pick(['foo=bar', 'Fencing=off', 'fencing_=on', 'silent%20=paused', 'x', 'keys=none', 'tick=3', '=on']));
      bad = true;
    } else if (kind === 'badvalue') {
      parts.push(`${id}=${pick(['', 'maybe', 'ON', 'off%00', '%3Cscript%3E', 'per-step%20', '1', encodeURIComponent('“on”')])}`);
      if (!seen.has(id)) seen.add(id);
      bad = true;
    } else if (kind === 'dup') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${v}`, `${id}=${v}`);
      if (!seen.has(id)) want[id] = v;
      seen.add(id);
      bad = true;
    } else if (kind === 'garbage') {
      parts.push(pick(['%', '%E0%A4%A', '&', '==', '%FF%FE=1', 'a=b=c']));
      bad = bad || !['&'].includes(parts[parts.length - 1]);
    } else if (kind === 'scene') {
      if (scene !== null) continue;
      const v = pick(['0', '15', 'abc', '-1', '1.5', '99999']);
      parts.push(`scene=${v}`);
      scene = v;
      bad = true;
    } else {
      const v = pick(['main', 'pins-off', 'second', 'nope', slugOf({ ...MAIN, key: 'none' }), 'a.b.c']);
      if (parts.some((x) => x.startsWith('vs='))) continue;
      parts.push(`vs=${v}`);
      if (['nope', 'a.b.c'].includes(v)) bad = true;
    }
  }
  const lastTick = runOf(want).lastTick;
  const hashKind = pick(['', '', 'ok', 'far', 'word', 'neg', 'frac', 'other']);
  const hash = {
    '': '',
    ok: `#t${Math.floor(rand() * (lastTick + 1))}`,
    far: '#t999',
    word: '#tfoo',
    neg: '#t-1',
    frac: '#t3.5',
    other: '#main',
  }[hashKind];
  if (['far', 'word', 'neg', 'frac'].includes(hashKind)) bad = true;
  return { query: parts.join('&'), hash, want, bad };
}

async function mangled({ browser, url }) {
  const problems = [];
  const rand = prng(20261129);
  const { context, page, errors } = await open(browser);
  try {
    await page.goto(url('/explorer/'));
    await ready(page);
    for (let i = 0; i < MANGLED_CASES; i++) {
      const c = mangledCase(rand);
      const address = `${url('/explorer/')}${c.query ? `?${c.query}` : ''}${c.hash}`;
      if (i < MANGLED_BY_LOAD) {
        await page.goto(address);
        await ready(page);
      } else {
        await page.evaluate((a) => {
          history.pushState(null, '', a);
          dispatchEvent(new PopStateEvent('popstate'));
        }, address);
        await settle(page);
      }
      const st = await readState(page);
      const where = `case ${i} ${c.query}${c.hash}`;
      if (st.heading === null) problems.push(`${where}: the explorer did not render`);
      if (c.bad && !st.notice) problems.push(`${where}: no notice`);
      if (!c.bad && st.notice) problems.push(`${where}: unexpected notice: ${st.notice}`);
      problems.push(...switchProblems(st, c.want).map((x) => `${where}: ${x}`));
      if (st.tick !== null && (st.tick < 0 || st.tick > st.lastTick)) problems.push(`${where}: tick ${st.tick} out of range`);
      if (errors.length) break;
    }
  } finally {
    await context.close();
  }
  return [...problems.slice(0, 40), ...errors];
}

/** The ticks at which two runs' events differ, computed here independently of the page. */
function expectedDiff(a, b) {
  const at = (run, t) => JSON.stringify(run.events.filter((e) => e.tick === t).map((e) => [e.lane, e.actor, e.kind, e.attempt, e.values]));
  const ticks = [...new Set([...a.events, ...b.events].map((e) => e.tick))].sort((x, y) => x - y);
  return ticks.map((t) => ({ tick: t, differs: at(a, t) !== at(b, t) }));
}

async function compare({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser);
  const pairs = [
    [{ fencing: 'off' }, 'main'],
    [{ pins: 'off' }, 'main'],
    [{ key: 'per-attempt' }, 'main'],
    [{}, 'second'],
    [{ checkpoints: 'end-only' }, 'fencing-off-never'],
  ];
  try {
    for (const [change, presetId] of pairs) {
      const s = { ...MAIN, ...change };
      await page.goto(url(`/explorer/?${fmt(s) === '(main)' ? '' : fmt(s)}`));
      await ready(page);
      await page.selectOption('#ex-vs-preset', presetId);
      await settle(page);
      const rows = await page.$$eval('table.ex-cmp tbody tr', (trs) =>
        trs.map((tr) => ({
          tick: Number(tr.dataset.tick),
          differs: tr.dataset.differs === 'true',
          label: tr.querySelector('th').textContent.includes('differs'),
        })),
      );
      const other = PRESETS.find((p) => p.id === presetId).switches;
      const want = expectedDiff(runOf(s), runOf(other));
      const where = `${fmt(s)} vs ${presetId}`;
      if (JSON.stringify(rows.map((r) => [r.tick, r.differs])) !== JSON.stringify(want.map((r) => [r.tick, r.differs])))
        problems.push(`${where}: rows ${JSON.stringify(rows.map((r) => [r.tick, r.differs]))}, want ${JSON.stringify(want.map((r) => [r.tick, r.differs]))}`);
      for (const r of rows) if (r.differs !== r.label) problems.push(`${where}: t${r.tick} "differs" label ${r.label}, marked ${r.differs}`);
      const q = new URLSearchParams(new URL(page.url()).search);
      if (presetId !== 'main' && q.get('vs') !== presetId) problems.push(`${where}: URL vs=${q.get('vs')}`);
    }
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

async function nojs({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser, { javaScriptEnabled: false });
  try {
    await page.goto(url('/explorer/'));
    const rows = await page.$$eval('main table.trace tbody', (b) => b.length);
    const main = runOf(MAIN);
    const ticks = new Set(main.events.map((e) => e.tick)).size;
    if (rows !== ticks) problems.push(`main trace shows ${rows} ticks, model has ${ticks}`);
    const hrefs = await page.$$eval('main a', (as) => as.map((a) => a.getAttribute('href')));
    if (!hrefs.some((h) => /\/traces\/$/.test(h))) problems.push('no link to /traces/');
    for (const p of PRESETS) if (!hrefs.some((h) => h.endsWith(`/traces/${slugOf(p.switches)}/`))) problems.push(`no link to the ${p.id} trace page`);
    const text = await page.textContent('main');
    if (!/needs JavaScript/.test(text)) problems.push('no note that the interactive part needs JavaScript');
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

/** Measured figures, printed by the runner. */
export const measured = {};

async function budget({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser);
  const scripts = new Map();
  page.on('response', async (r) => {
    if (r.request().resourceType() === 'script') scripts.set(r.url(), r.body().catch(() => Buffer.alloc(0)));
  });
  try {
    await page.goto(url('/explorer/'), { waitUntil: 'networkidle' });
    await ready(page);
    let total = 0;
    const files = [];
    for (const [u, body] of scripts) {
      const gz = gzipSync(await body, { level: 9 }).length;
      total += gz;
      files.push(`${u.replace(/^.*\//, '')} ${gz}`);
    }
    const inline = await page.$$eval('script:not([src])', (ss) => ss.map((s) => s.textContent));
    for (const s of inline) total += gzipSync(Buffer.from(s), { level: 9 }).length;
    measured.jsGzipBytes = total;
    measured.jsFiles = files;
    if (total > JS_BUDGET) problems.push(`JavaScript ${total} B gzip > budget ${JS_BUDGET} B (${files.join(', ')})`);

    // Click-to-update latency: from the click to the outcome panel showing the new run, with layout.
    const times = await page.evaluate(async () => {
      const out = [];
      const target = document.querySelector('.ex-result');
      for (let i = 0; i < 21; i++) {
        const v = i % 2 === 0 ? 'off' : 'on';
        const input = document.querySelector(`.ex-switches input[name="fencing"][value="${v}"]`);
        const done = new Promise((r) => {
          const mo = new MutationObserver(() => {
            mo.disconnect();
            r();
          });
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
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[9] + sorted[10]) / 2;
    measured.latencyMedianMs = Math.round(median * 100) / 100;
    measured.latencyMaxMs = Math.round(sorted[sorted.length - 1] * 100) / 100;
    if (median >= LATENCY_TARGET_MS) problems.push(`median click-to-update ${median.toFixed(1)} ms ≥ ${LATENCY_TARGET_MS} ms`);
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

async function tryit({ browser, url }) {
  const problems = [];
  const { context, page, errors } = await open(browser);
  try {
    const res = await page.goto(url('/article/'));
    if (!res || res.status() !== 200 || !(await page.$('.ex-tryit'))) return { skipped: 'the article does not embed <TryIt> yet' };
    await page.locator('.ex-tryit').scrollIntoViewIfNeeded();
    await page.waitForFunction(() => !document.querySelector('.ex-tryit')?.closest('astro-island')?.hasAttribute('ssr'), null, { timeout: 15_000 });
    for (const [id, v] of [['key', 'per-attempt'], ['pins', 'off']]) {
      await page.click(`.ex-tryit input[name="${id}"][value="${v}"]`);
      await settle(page);
    }
    const s = { ...MAIN, key: 'per-attempt', pins: 'off' };
    const run = runOf(s);
    const got = await page.evaluate(() => {
      const inv = {};
      for (const el of document.querySelectorAll('.ex-tryit [data-invariant]')) inv[el.dataset.invariant] = el.dataset.broken === 'true';
      const calls = document.querySelector('.ex-tryit [data-outcome="calls"] dd')?.textContent ?? '';
      const links = [...document.querySelectorAll('.ex-tryit__links a')].map((a) => a.getAttribute('href'));
      return { inv, calls, links };
    });
    for (const id of INVARIANT_IDS) if (got.inv[id] !== run.invariants[id]) problems.push(`TryIt invariant ${id}: ${got.inv[id]} ≠ ${run.invariants[id]}`);
    if (!got.calls.startsWith(`${run.calls} `)) problems.push(`TryIt calls "${got.calls}" ≠ ${run.calls}`);
    if (!got.links.some((h) => h.endsWith(`/traces/${slugOf(s)}/`))) problems.push(`TryIt has no link to /traces/${slugOf(s)}/`);
    if (!got.links.some((h) => h.includes('/explorer/?') && h.includes('key=per-attempt') && h.includes('pins=off'))) problems.push('TryIt explorer link lacks the setting');
  } finally {
    await context.close();
  }
  return [...problems, ...errors];
}

const TESTS = { presets, route, roundtrip, mangled, compare, nojs, budget, tryit };

/**
 * Run every explorer test against a served build.
 * @param {{ baseUrl: string, browser: import('playwright-core').Browser, only?: string[], log?: (s: string) => void }} o
 */
export async function run({ baseUrl, browser, only, log = console.log }) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const url = (path) => base + path.replace(/^\//, '');
  let passed = 0;
  let failed = 0;
  const failures = [];
  for (const [name, fn] of Object.entries(TESTS)) {
    if (only && !only.includes(name)) continue;
    const t0 = performance.now();
    let problems;
    try {
      problems = await fn({ browser, url });
    } catch (err) {
      problems = [`error: ${String(err.stack ?? err).split('\n').slice(0, 5).join('\n')}`];
    }
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    if (problems && !Array.isArray(problems) && problems.skipped) {
      log(`  skip explorer ${name}: ${problems.skipped}`);
      continue;
    }
    if (problems.length === 0) {
      passed++;
      log(`  ok   explorer ${name} (${secs} s)`);
    } else {
      failed++;
      failures.push({ name: `explorer ${name}`, problems });
      log(`  FAIL explorer ${name} (${secs} s)`);
      for (const p of problems.slice(0, 20)) log(`         ${p}`);
      if (problems.length > 20) log(`         … and ${problems.length - 20} more`);
    }
  }
  if (measured.jsGzipBytes !== undefined) log(`  explorer JavaScript: ${(measured.jsGzipBytes / 1024).toFixed(1)} KB gzip (${measured.jsFiles.join('; ')})`);
  if (measured.latencyMedianMs !== undefined) log(`  explorer click-to-update: median ${measured.latencyMedianMs} ms, max ${measured.latencyMaxMs} ms (20 clicks)`);
  return { passed, failed, failures };
}

// Standalone: serve a build and run.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const take = (flag, d) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : d);
  const { launch } = await import('../../scripts/chromium.mjs');
  const { serve } = await import('../../scripts/serve.mjs');
  const server = await serve(resolve(ROOT, take('--dist', 'dist')), { base: take('--base', '/') });
  const browser = await launch();
  try {
    const r = await run({ baseUrl: server.url, browser, only: take('--only', null)?.split(',') });
    console.log(`explorer: ${r.passed} passed, ${r.failed} failed`);
    process.exitCode = r.failed ? 1 : 0;
  } finally {
    await browser.close();
    await server.close();
  }
}
