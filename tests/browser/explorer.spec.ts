// The explorer (/explorer/) in a real Chromium; the desktop project (@desktop).
//   presets    each reference trace, by its button and by URL, shows simulate()'s outcome
//   route      the guided route: buttons, arrow keys, a transcript link, the URL
//   roundtrip  clicked switches and ticks survive reload; back and forward restore states
//   compare    rows marked "differs" are exactly the ticks whose events differ
//   tryit      the article's <TryIt> panel shows the model's outcome (from the build's table, fetched when
//              its script starts), a short notice when the table cannot be read
// Without JavaScript (the main trace, the trace links; Try-it's disabled controls) it is static
// HTML: tests/site/no-js.test.ts.
//   fragment   a non-tick fragment (#ex-trace-h) is kept and scrolled to
//   stage      dragging across the run's figure, and ←/→/Home/End on it, move the tick; the
//              slider, heading, panels and URL follow; one history entry per drag; the panels
//              that changed since the tick before are the ones the model's records say
// Mangled URLs are in fuzz.spec.ts. Weight and latency budgets are measured by `npm run bench`, never asserted here.
import { test, expect, settle } from './fixtures.ts';
import {
  PRESETS,
  MAIN,
  SWITCH_IDS,
  SWITCH_VALUES,
  INVARIANT_IDS,
  TIMING,
  short,
  slugOf,
} from '../../src/model/index.ts';
import { at } from '../../src/model/lookup.ts';
import { SCENES, sceneSwitches } from '../../src/components/explorer/scenes.ts';
import {
  fmt,
  outcomeProblems,
  prng,
  readState,
  ready,
  runOf,
  switchProblems,
} from './explorer-helpers.ts';

test('presets: by button and by URL, the model’s outcome @desktop', async ({ page }) => {
  await page.goto('explorer/');
  await ready(page);
  const problems: string[] = [];
  for (const p of [...PRESETS].reverse()) {
    await page.click(`[data-preset="${p.id}"]`);
    await settle(page);
    const st = await readState(page);
    const run = runOf(p.switches);
    const here = [...switchProblems(st, p.switches), ...outcomeProblems(st, run)];
    // (explorer.mjs compared `!attr === 'true'`, which is always false: this check never failed)
    if ((await page.getAttribute(`[data-preset="${p.id}"]`, 'aria-pressed')) !== 'true')
      here.push('preset button not pressed');
    const pressed = await page.$$eval('[data-preset][aria-pressed="true"]', (bs) =>
      bs.map((b) => (b as HTMLElement).dataset.preset),
    );
    if (pressed.length !== 1) here.push(`pressed preset buttons: ${pressed.join(', ')}`);
    const q = new URLSearchParams(st.search);
    for (const id of SWITCH_IDS)
      if ((q.get(id) ?? MAIN[id]) !== p.switches[id])
        here.push(`URL ${id}=${q.get(id)} ≠ ${p.switches[id]}`);
    // Every broken invariant names its record and links to the article.
    const links = await page.$$eval('.ex-result li.is-broken a', (as) =>
      as.map((a) => a.getAttribute('href')!),
    );
    const broken = INVARIANT_IDS.filter((id) => run.invariants[id]).length;
    if (links.length !== broken || links.some((h) => !/\/article\/#[a-z-]+$/.test(h)))
      here.push(`article links ${JSON.stringify(links)} for ${broken} broken`);
    problems.push(...here.map((x) => `${p.id}: ${x}`));
  }
  // By URL once: the address's parser is unit-tested over every setting (tests/unit/explorer).
  for (const p of PRESETS.filter((x) => x.id === 'pins-off')) {
    await page.goto(`explorer/?${fmt(p.switches)}`);
    await ready(page);
    const st = await readState(page);
    problems.push(
      ...[...switchProblems(st, p.switches), ...outcomeProblems(st, runOf(p.switches))].map(
        (x) => `${p.id} by URL: ${x}`,
      ),
    );
    if (st.notice) problems.push(`${p.id} by URL: unexpected notice ${st.notice}`);
  }
  expect(problems).toEqual([]);
});

test('route: scenes by button, arrow keys, transcript link and URL @desktop', async ({ page }) => {
  const n = SCENES.length;
  expect(n).toBe(14);
  const problems: string[] = [];
  const checkScene = async (k: number, how: string) => {
    await settle(page);
    const st = await readState(page);
    const sc = at(SCENES, k - 1, 'scene');
    const sw = sceneSwitches(sc);
    const tick = sc.tick(runOf(sw));
    const here: string[] = [];
    if (st.sceneCount !== `Scene ${k} of ${n}`) here.push(`counter "${st.sceneCount}"`);
    if (new URLSearchParams(st.search).get('scene') !== String(k))
      here.push(`URL ${st.search} lacks scene=${k}`);
    if (st.hash !== `#t${tick}`) here.push(`hash ${st.hash} ≠ #t${tick}`);
    if (st.tick !== tick) here.push(`slider at ${st.tick}, want ${tick}`);
    if (!st.heading?.includes(`t${tick}`)) here.push(`heading "${st.heading}"`);
    here.push(...switchProblems(st, sw));
    for (const f of sc.focus)
      if (!st.focus.includes(`ex-${f}`))
        here.push(`panel ex-${f} not highlighted (${st.focus.join(', ')})`);
    problems.push(...here.map((x) => `scene ${k} (${how}): ${x}`));
  };
  // A bare address opens on scene 1: its setting, its tick, its panels marked, and the address left bare.
  await page.goto('explorer/');
  await ready(page);
  {
    const st = await readState(page);
    const first = at(SCENES, 0, 'scene');
    const tick = first.tick(runOf(sceneSwitches(first)));
    if (st.sceneCount !== `Scene 1 of ${n}`) problems.push(`opening: counter "${st.sceneCount}"`);
    if (st.tick !== tick) problems.push(`opening: slider at ${st.tick}, want scene 1's t${tick}`);
    if (st.search !== '' || st.hash !== '')
      problems.push(`opening: address became ${st.search}${st.hash}`);
    for (const f of first.focus)
      if (!st.focus.includes(`ex-${f}`)) problems.push(`opening: panel ex-${f} not highlighted`);
    if (await page.locator('.ex-guide__panel.is-away').count())
      problems.push('opening: the guide says it is away from its scene');
  }
  // Two steps by the button, then the keys; every scene's setting and tick are unit-tested
  // (tests/unit/explorer/scenes.test.ts), and the URL reaches the last one below.
  await page.click('[data-guide="next"]');
  await checkScene(2, 'next button');
  await page.click('[data-guide="next"]');
  await checkScene(3, 'next button');
  await page.focus('#ex-guide-panel');
  await page.keyboard.press('ArrowLeft');
  await checkScene(2, 'ArrowLeft');
  await page.keyboard.press('ArrowRight');
  await checkScene(3, 'ArrowRight');
  // Arrows inside a radio group stay with the radio group.
  await page.focus('input[name="fencing"]:checked');
  await page.keyboard.press('ArrowDown');
  await settle(page);
  const st = await readState(page);
  if (st.checked.fencing !== 'off')
    problems.push(`ArrowDown in the fencing group: fencing=${st.checked.fencing}`);
  if (st.sceneCount !== `Scene 3 of ${n}`)
    problems.push(`ArrowDown in a radio group moved the route: ${st.sceneCount}`);
  await page.click('.ex-transcript summary');
  await page.click('.ex-transcript li:nth-child(5) a');
  await checkScene(5, 'transcript link');
  await page.goBack();
  await settle(page);
  const back = await readState(page);
  if (back.checked.fencing !== 'off')
    problems.push(`back after the transcript link: fencing=${back.checked.fencing}, want off`);
  await page.goto(`explorer/?scene=${n}`);
  await ready(page);
  await checkScene(n, 'URL');
  expect(problems).toEqual([]);
});

test('roundtrip: reload, back and forward restore the state @desktop', async ({ page }) => {
  // One round of four changes, a reload, Back and Forward (the URL's state is unit-tested:
  // tests/unit/explorer/state.test.ts).
  test.setTimeout(120_000);
  const rand = prng(4413);
  const problems: string[] = [];
  for (let i = 0; i < 1; i++) {
    // At the last tick of the main trace (a bare address would open on scene 1's tick instead).
    await page.goto(`explorer/#t${runOf(MAIN).lastTick}`);
    await ready(page);
    const want: Record<string, string> = { ...MAIN };
    const states = [];
    for (let c = 0; c < 4; c++) {
      const id = at(SWITCH_IDS, Math.floor(rand() * SWITCH_IDS.length), 'switch');
      const values = SWITCH_VALUES[id].filter((x: string) => x !== want[id]); // a real change: one history entry
      const v = at(values, Math.floor(rand() * values.length), 'other value');
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
    problems.push(
      ...switchProblems(after, want).map(
        (x) => `round ${i} after reload (${fmt(want as never)}): ${x}`,
      ),
    );
    if (after.tick !== before.tick)
      problems.push(`round ${i}: tick ${before.tick} became ${after.tick} after reload`);
    if (after.notice) problems.push(`round ${i}: notice after reload: ${after.notice}`);
    problems.push(...outcomeProblems(after, runOf(want as never)).map((x) => `round ${i}: ${x}`));
    // Tick steps replace the history entry (they add none): one Back leaves this run.
    await page.goBack();
    await settle(page);
    problems.push(
      ...switchProblems(await readState(page), at(states, 2, 'state').checked).map(
        (x) => `round ${i} back: ${x}`,
      ),
    );
    await page.goForward();
    await settle(page);
    const fwd = await readState(page);
    problems.push(
      ...switchProblems(fwd, at(states, 3, 'state').checked).map((x) => `round ${i} forward: ${x}`),
    );
    if (fwd.tick !== before.tick)
      problems.push(`round ${i}: forward gave t${fwd.tick}, want the stepped-to t${before.tick}`);
  }
  expect(problems).toEqual([]);
});

/** The ticks at which two runs' events differ, computed here independently of the page. */
function expectedDiff(a: ReturnType<typeof runOf>, b: ReturnType<typeof runOf>) {
  const at = (run: typeof a, t: number) =>
    JSON.stringify(
      run.events
        .filter((e) => e.tick === t)
        .map((e) => [e.lane, e.actor, e.kind, e.attempt, e.values]),
    );
  const ticks = [...new Set([...a.events, ...b.events].map((e) => e.tick))].sort((x, y) => x - y);
  return ticks.map((t) => [t, at(a, t) !== at(b, t)]);
}

test('compare: "differs" rows are the ticks whose events differ @desktop', async ({ page }) => {
  // Two pairs: the page against a preset it selects; the diff itself is unit-tested
  // (tests/unit/explorer/diff.test.ts).
  const pairs: [Record<string, string>, string][] = [
    [{ fencing: 'off' }, 'main'],
    [{ checkpoints: 'end-only' }, 'fencing-off-never'],
  ];
  for (const [change, presetId] of pairs) {
    const s = { ...MAIN, ...change } as typeof MAIN;
    await page.goto(`explorer/?${fmt(s)}`);
    await ready(page);
    await page.selectOption('#ex-vs-preset', presetId);
    await settle(page);
    const rows = await page.$$eval('table.ex-cmp tbody tr', (trs) =>
      trs.map((tr) => ({
        tick: Number((tr as HTMLElement).dataset.tick),
        differs: (tr as HTMLElement).dataset.differs === 'true',
        label: tr.querySelector('th')!.textContent!.includes('differs'),
      })),
    );
    const other = PRESETS.find((p) => p.id === presetId)!.switches;
    const where = `${fmt(s)} vs ${presetId}`;
    expect(
      rows.map((r) => [r.tick, r.differs]),
      where,
    ).toEqual(expectedDiff(runOf(s), runOf(other)));
    for (const r of rows) expect(r.label, `${where}: t${r.tick} "differs" label`).toBe(r.differs);
    if (presetId !== 'main')
      expect(new URL(page.url()).searchParams.get('vs'), where).toBe(presetId);
  }
});

/**
 * What the Try-it panel shows: verdict, rows, invariants (with "First at tN"), links and live region.
 * Only what is rendered counts: the panel's markup holds every state it can show and hides the
 * ones that do not apply (TryIt.astro), so hidden elements are skipped and text is read as shown.
 */
async function readTryIt(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const root = document.querySelector('.ex-tryit')!;
    const shown = <T extends Element>(sel: string) =>
      [...root.querySelectorAll<T & HTMLElement>(sel)].filter((el) => el.checkVisibility());
    const inv: Record<string, { broken: boolean; first: string | null }> = {};
    for (const el of shown('[data-invariant]'))
      inv[el.dataset.invariant!] = {
        broken: el.dataset.broken === 'true',
        first: el.innerText.match(/First at (t\d+)/)?.[1] ?? null,
      };
    const rows: Record<string, string> = {};
    for (const el of shown('[data-outcome]'))
      rows[el.dataset.outcome!] = el.querySelector('dd')?.innerText ?? '';
    return {
      verdict: shown('.ex-tryit__verdict')[0]?.innerText ?? null,
      rows,
      inv,
      links: shown('.ex-tryit__links a').map((a) => a.getAttribute('href') ?? ''),
      said: root.querySelector('[aria-live]')?.textContent ?? '',
      missing: shown('[data-tryit-missing]')[0]?.innerText ?? null,
      disabled: [
        ...root.querySelectorAll<HTMLInputElement | HTMLButtonElement>('input, button'),
      ].map((c) => c.disabled),
    };
  });
}

/** Everything the panel gets wrong about setting `s`, expected from the model's run directly. */
function tryItProblems(got: Awaited<ReturnType<typeof readTryIt>>, s: typeof MAIN): string[] {
  const run = runOf(s);
  const out: string[] = [];
  const broken = INVARIANT_IDS.filter((id) => run.invariants[id]);
  const want = broken.length
    ? `${broken.length} of ${INVARIANT_IDS.length} invariants broken`
    : 'Every invariant holds';
  if (!got.verdict?.includes(want)) out.push(`verdict "${got.verdict}", want "${want}"`);
  const rows: Record<string, string> = {
    calls: `${run.calls} (${Object.entries(run.callsByAttempt)
      .map(([n, c]) => `#${n}: ${c}`)
      .join(', ')}; minimum ${TIMING.minimumCalls})`,
    posts: String(run.posts),
    duplicates: String(run.duplicatePosts),
    newsletter: run.newsletter
      ? `admitted t${run.newsletter.tick} on ${short(run.newsletter.digest)}, quoting ${run.newsletter.quote}`
      : 'never admitted',
    finished: run.finished ? 'yes' : 'no',
  };
  if (Object.keys(got.rows).join() !== Object.keys(rows).join())
    out.push(`rows ${Object.keys(got.rows).join()}`);
  for (const [id, v] of Object.entries(rows))
    if (!(got.rows[id] ?? '').startsWith(v)) out.push(`${id} "${got.rows[id]}", want "${v}"`);
  for (const id of INVARIANT_IDS) {
    const ticks = run.breaches.filter((b) => b.invariant === id).map((b) => b.tick);
    const first = run.invariants[id] && ticks.length ? `t${Math.min(...ticks)}` : null;
    if (got.inv[id]?.broken !== run.invariants[id] || got.inv[id]?.first !== first)
      out.push(
        `${id} ${JSON.stringify(got.inv[id])}, want broken ${run.invariants[id]} first ${first}`,
      );
  }
  if (!got.links.some((h) => h.endsWith(`/traces/${slugOf(s)}/`)))
    out.push(`no link to the trace page: ${got.links.join(' ')}`);
  const q = new URLSearchParams(
    got.links.find((h) => h.includes('/explorer/?'))?.split('?')[1] ?? '',
  );
  if (SWITCH_IDS.some((id) => (q.get(id) ?? MAIN[id]) !== s[id]))
    out.push(`explorer link without the setting: ${got.links.join(' ')}`);
  return out;
}

/** The panel's script has run (tryit-panel.ts marks the panel data-live once its controls are on). */
const hydrated = (page: import('@playwright/test').Page) =>
  page.waitForFunction(() => document.querySelector('.ex-tryit')?.hasAttribute('data-live'), null, {
    timeout: 15_000,
  });

test('TryIt: the article’s panel shows the model’s outcome for every setting it is switched to @desktop', async ({
  page,
}) => {
  // The table of all settings is fetched when the panel's script starts, before any click.
  const table = page.waitForResponse((r) => r.url().endsWith('/data/tryit.json'));
  await page.goto('article/');
  // The article must embed <TryIt>: losing the panel fails here rather than skipping.
  const tryit = page.locator('.ex-tryit');
  await expect(tryit, 'the article embeds <TryIt>').toHaveCount(1);
  await tryit.scrollIntoViewIfNeeded();
  await hydrated(page);
  expect((await table).ok(), 'the table was fetched when the script started').toBe(true);
  const problems: string[] = [];
  problems.push(...tryItProblems(await readTryIt(page), MAIN).map((x) => `main: ${x}`));
  // A walk through settings: each click changes one switch; a seeded order covers many values.
  let s = { ...MAIN };
  const rnd = prng(13);
  const steps: [string, string][] = [
    ['key', 'per-attempt'],
    ['pins', 'off'],
  ];
  for (let i = 0; i < 10; i++) {
    const id = at(SWITCH_IDS, Math.floor(rnd() * SWITCH_IDS.length), 'switch');
    const vals = SWITCH_VALUES[id].filter((v) => v !== (s as Record<string, string>)[id]);
    steps.push([id, at(vals, Math.floor(rnd() * vals.length), 'other value')]);
  }
  for (const [id, v] of steps) {
    await page.click(`.ex-tryit input[name="${id}"][value="${v}"]`);
    await settle(page);
    s = { ...s, [id]: v } as typeof MAIN;
    const got = await readTryIt(page);
    problems.push(...tryItProblems(got, s).map((x) => `${slugOf(s)}: ${x}`));
    if (!got.said.includes(`${runOf(s).calls} calls`))
      problems.push(`${slugOf(s)}: live region "${got.said}"`);
  }
  await page.click('.ex-tryit__links button');
  await settle(page);
  problems.push(...tryItProblems(await readTryIt(page), MAIN).map((x) => `after reset: ${x}`));
  expect((await readTryIt(page)).said).toContain('Main trace.');
  expect(problems).toEqual([]);
});

test('TryIt: a table that cannot be read gives a short notice; the switches and links still work @desktop', async ({
  page,
}) => {
  await page.route('**/data/tryit.json', (r) =>
    r.fulfill({ status: 200, contentType: 'application/json', body: '{"glances":[],"at":[]}' }),
  );
  await page.goto('article/');
  await page.locator('.ex-tryit').scrollIntoViewIfNeeded();
  await hydrated(page);
  await settle(page);
  // The starting setting was computed at build time: still shown.
  expect(tryItProblems(await readTryIt(page), MAIN)).toEqual([]);
  await page.click('.ex-tryit input[name="fencing"][value="off"]');
  await settle(page);
  const s = { ...MAIN, fencing: 'off' } as typeof MAIN;
  const got = await readTryIt(page);
  expect(got.missing, 'a notice says the outcome is missing').toMatch(/could not be loaded/);
  expect(got.missing!.length).toBeLessThan(200);
  expect(got.verdict, 'no verdict for a setting it cannot look up').toBeNull();
  expect(Object.keys(got.rows)).toEqual([]);
  expect(
    got.links.some((h) => h.endsWith(`/traces/${slugOf(s)}/`)),
    'the trace link follows the switch',
  ).toBe(true);
  const box = await page.locator('[data-tryit-missing]').boundingBox();
  expect(box!.height, 'the notice is a line or two, not a wall').toBeLessThan(150);
  // Back to the starting setting: its outcome again.
  await page.click('.ex-tryit input[name="fencing"][value="on"]');
  await settle(page);
  expect(tryItProblems(await readTryIt(page), MAIN)).toEqual([]);
});

/** Centre of the figure's axis label for tick t, in page coordinates. */
async function tickCentre(page: import('@playwright/test').Page, t: number) {
  const box = await page
    .locator('.ex-fig .tl-axis text', { hasText: new RegExp(`^t${t}$`) })
    .first()
    .boundingBox();
  if (!box) throw new Error(`no axis label t${t} on the figure`);
  return box.x + box.width / 2;
}

test('stage: drag across the figure and ←/→ on it move the tick; slider, panels and URL follow @desktop', async ({
  page,
}) => {
  const s = { ...MAIN, fencing: 'off' } as typeof MAIN;
  const run = runOf(s);
  await page.goto(`explorer/?${fmt(s)}`);
  await ready(page);
  const plot = page.locator('.ex-fig svg.tl-plot[role="slider"]');
  await expect(plot, 'the figure is a slider').toHaveCount(1);
  const before = await readState(page);
  // A reader drags what is on the screen: the redrawn figure (19 px lines, 12 px text) is taller
  // than the rest of the first 1280×800 screen, so bring it into view first.
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  const y = box.y + box.height * 0.6;
  const from = 2;
  const to = Math.min(run.lastTick - 1, 9);
  await page.mouse.move(await tickCentre(page, from), y);
  await page.mouse.down();
  for (let t = from + 1; t <= to; t++)
    await page.mouse.move(await tickCentre(page, t), y, { steps: 3 });
  await page.mouse.up();
  await settle(page);
  const problems: string[] = [];
  const check = async (t: number, how: string) => {
    const st = await readState(page);
    const here: string[] = [];
    if (st.tick !== t) here.push(`slider at ${st.tick}`);
    if (st.hash !== `#t${t}`) here.push(`hash ${st.hash}`);
    if (!st.heading?.includes(`t${t}`)) here.push(`heading "${st.heading}"`);
    if ((await plot.getAttribute('aria-valuenow')) !== String(t))
      here.push(`figure aria-valuenow ${await plot.getAttribute('aria-valuenow')}`);
    const now = await page.locator('#ex-tick-h').textContent();
    if (!now?.includes(`t${t}`)) here.push(`state panel heading "${now}"`);
    const events = await page.locator('#ex-tick .ex-events li').count();
    const want = run.events.filter((e) => e.tick === t).length;
    if (events !== want) here.push(`${events} events listed, the run has ${want} at t${t}`);
    // Changed panels, expected from the records directly: a write at t → the stores' panel;
    // a post → the feed; an acceptance → the candidates; an attempt admitted → the attempts.
    const changed = await page.$$eval('.ex-panel[data-changed="true"]', (els) =>
      els.map((e) => e.id),
    );
    const expectChanged: [boolean, string][] = [
      [run.writes.some((w) => w.tick === t), 'ex-epoch'],
      [run.feedPosts.some((p) => p.tick === t), 'ex-feed'],
      [run.acceptances.some((a) => a.tick === t), 'ex-artifacts'],
      [run.attempts.some((a) => a.admittedAt === t), 'ex-attempts'],
    ];
    for (const [yes, id] of expectChanged)
      if (yes && !changed.includes(id))
        here.push(`${id} not marked changed (${changed.join(', ')})`);
    if (
      t > 0 &&
      JSON.stringify(at(run.ticks, t, 'tick').newsletter) ===
        JSON.stringify(at(run.ticks, t - 1, 'tick').newsletter) &&
      changed.includes('ex-newsletter')
    )
      here.push('ex-newsletter marked changed although the newsletter is the same');
    problems.push(...here.map((x) => `${how} → t${t}: ${x}`));
  };
  await check(to, 'drag');
  // One drag is one history entry: back returns to where the drag started from.
  await page.goBack();
  await settle(page);
  const back = await readState(page);
  if (back.tick !== before.tick || back.hash !== before.hash)
    problems.push(
      `back after the drag: t${back.tick} ${back.hash}, want t${before.tick} ${before.hash}`,
    );
  await page.goForward();
  await settle(page);
  await check(to, 'forward');
  // The keyboard on the figure.
  await plot.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await settle(page);
  await check(to - 2, 'ArrowLeft ×2');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  await check(to - 1, 'ArrowRight');
  await page.keyboard.press('Home');
  await settle(page);
  await check(0, 'Home');
  await page.keyboard.press('End');
  await settle(page);
  await check(run.lastTick, 'End');
  // A click on one tick.
  await page.mouse.click(await tickCentre(page, 5), y);
  await settle(page);
  await check(5, 'click');
  expect(problems).toEqual([]);
});

test('stage: first screen at 1280×900 holds the scene, its buttons, the switches, the presets and the figure’s axis with its selected tick; compare draws the second run @desktop', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('explorer/');
  await ready(page);
  // The route heads the stage; under it the switches in a rail beside the figure and the presets
  // right over it (explorer-layout.spec.ts checks the Tab order and that a press keeps the figure
  // in view). On the first screen: the scene's text and buttons, the first switches, the presets,
  // and the figure's tick axis with the selected tick's column, inside the viewport and inside the
  // part of the sideways scrolling frame that shows.
  const fig = (await page.locator('.ex-fig .tl-scroll').first().boundingBox())!;
  expect(fig.y, 'figure top on the first screen').toBeGreaterThanOrEqual(0);
  expect(fig.y, 'figure top in the first screen’s upper part').toBeLessThanOrEqual(900 - 200);
  const sel = (await page.locator('.ex-fig .tl-scroll').first().locator('.tl-sel').boundingBox())!;
  const names = (await page
    .locator('.ex-fig .tl-scroll')
    .first()
    .locator('.tl-gutter')
    .boundingBox())!;
  expect(sel.x, 'the selected tick right of the lane names').toBeGreaterThanOrEqual(
    names.x + names.width - 1,
  );
  expect(sel.x + sel.width, 'the selected tick inside the frame').toBeLessThanOrEqual(
    fig.x + fig.width,
  );
  expect(sel.y, 'the selected tick on the first screen').toBeLessThan(900 - 100);
  const axis = (await page
    .locator('.ex-fig .tl-scroll')
    .first()
    .locator('.tl-axis')
    .boundingBox())!;
  expect(axis.y + axis.height, 'the tick axis on the first screen').toBeLessThanOrEqual(900);
  const cap = (await page.locator('.ex-guide__caption').boundingBox())!;
  expect(cap.y + cap.height, 'the scene’s text on the first screen').toBeLessThanOrEqual(900);
  const next = (await page.locator('[data-guide="next"]').boundingBox())!;
  expect(next.y + next.height, 'the scene’s Next button on the first screen').toBeLessThanOrEqual(
    900,
  );
  const sw = (await page.locator('.ex-stage .ex-switch').first().boundingBox())!;
  expect(sw.x + sw.width, 'the switches beside the figure, in the rail').toBeLessThan(fig.x);
  expect(sw.y + sw.height, 'the first switch on the first screen').toBeLessThanOrEqual(900);
  const presets = (await page.locator('.ex-presets').boundingBox())!;
  expect(presets.y + presets.height, 'the presets over the figure').toBeLessThanOrEqual(fig.y);
  // Compare: fencing off against the main trace, on one axis, differing ticks marked on both figures.
  await page.click('.ex-stage input[name="fencing"][value="off"]');
  await page.check('[data-compare-toggle]');
  await settle(page);
  const a = runOf({ ...MAIN, fencing: 'off' } as typeof MAIN);
  const want = expectedDiff(a, runOf(MAIN))
    .filter(([, d]) => d)
    .map(([t]) => t);
  const marked = await page.$$eval('.ex-fig .ex-fig2 [data-differs]', (els) =>
    els.map((e) => Number((e as HTMLElement).dataset.differs)),
  );
  expect(marked).toEqual(want);
  const first = await page.$$eval('.ex-fig .tl-scroll:first-child [data-differs]', (els) =>
    els.map((e) => Number((e as HTMLElement).dataset.differs)),
  );
  expect(first).toEqual(want);
  // One axis: the same tick sits at the same x in both figures.
  const x1 = await page
    .locator('.ex-fig .tl-scroll:first-child .tl-axis text', { hasText: /^t6$/ })
    .boundingBox();
  const x2 = await page
    .locator('.ex-fig .ex-fig2 .tl-axis text', { hasText: /^t6$/ })
    .boundingBox();
  expect(Math.abs(x1!.x - x2!.x), 't6 at the same x in both figures').toBeLessThan(1);
});

void short;
