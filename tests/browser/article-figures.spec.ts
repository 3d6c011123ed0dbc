// The article's fencing figure steps in place (CONTRIBUTING.md, "Figure grammar" 8):
// by keyboard (Home, →, ←, End on the focused drawing), by tapping its halves, and by
// its ◀/▶ buttons. At every tick the marks it shows are the main run's records up to
// that tick: the journal writes and the store's decisions, the epochs the controller
// published. Expectations come from the model (src/model), never from the page.
// Without JavaScript (the no-js project) the figure is a still of the rejected write.
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import {
  MAIN,
  STEPS,
  SWITCH_VALUES,
  TIMING,
  preset,
  runFor,
  type TraceEvent,
} from '../../src/model/index.ts';
import { narrate } from '../../src/lib/narrate.ts';
import { formatTick } from '../../src/lib/format.ts';

// What these tests check (the marks at each step, the readout, fitting 360 px) does not change
// with the colour scheme: they are @colour-free, which the desktop-dark project leaves out
// (playwright.config.ts); it checks these figures' contrast (axe's colour rules, pages.spec.ts).

/** A record's sentence as a figure's readout shows it: the tick, then the narrator's sentence. */
const said = (e: TraceEvent) => `${formatTick(e.tick)}: ${narrate(e)}`;

/**
 * A point in the drawing's left or right half that no showing mark covers, so that a tap there
 * steps the figure (a tap on a mark reads it instead).
 */
async function emptySpot(draw: Locator, side: 'left' | 'right') {
  const spot = await draw.evaluate((el, side) => {
    const box = el.getBoundingClientRect();
    const xs = side === 'left' ? [0.04, 0.1, 0.2, 0.3, 0.4] : [0.96, 0.9, 0.8, 0.7, 0.6];
    for (let y = 4; y < box.height - 4; y += 6)
      for (const f of xs) {
        const x = box.width * f;
        const hit = document.elementFromPoint(box.left + x, box.top + y);
        if (!hit || !el.contains(hit) || hit.closest('a')) continue;
        const mark = hit.closest('[data-mark]');
        if (mark && mark.querySelector(':scope > title') && !mark.closest('[visibility="hidden"]'))
          continue;
        return { x, y };
      }
    return null;
  }, side);
  if (!spot) throw new Error(`no empty spot in the ${side} half of the drawing`);
  return spot;
}

async function tapAt(draw: Locator, hasTouch: boolean, side: 'left' | 'right') {
  await draw.scrollIntoViewIfNeeded();
  const position = await emptySpot(draw, side);
  await (hasTouch ? draw.tap({ position }) : draw.click({ position }));
}

const run = runFor(MAIN);
const end = TIMING.wakeAt;
const writes = run.writes.filter((w) => w.store === 'journal' && w.tick <= end);
const epochs = run.events
  .filter((e) => e.kind === 'build-admitted' && e.tick <= end)
  .map((e) => ({ tick: e.tick, epoch: (e.values as { token: number }).token }));
const fencingEvents = run.events.filter(
  (e) =>
    e.tick <= end &&
    (e.kind === 'build-admitted' ||
      e.kind === 'falls-silent' ||
      e.kind === 'wakes-to-write' ||
      e.kind === 'step-journaled' ||
      e.kind === 'woken-step-journaled' ||
      (e.kind === 'write-rejected' && e.values.store === 'journal')),
);
// The ticks at which the main run has something the figure's point needs: admissions,
// the silence, the wake-up and the journal writes, up to the late write.
const ticks = [
  ...new Set(
    [
      ...epochs.map((e) => e.tick),
      ...run.events
        .filter((e) => (e.kind === 'falls-silent' || e.kind === 'wakes-to-write') && e.tick <= end)
        .map((e) => e.tick),
      ...writes.map((w) => w.tick),
    ].sort((a, b) => a - b),
  ),
];
const rejected = writes.find((w) => w.outcome === 'rejected')!;

const expectedWrites = (t: number) =>
  writes
    .filter((w) => w.tick <= t)
    .map(
      (w) =>
        `t${w.tick} #${w.writer} ${w.subject.kind === 'step' ? w.subject.step : ''} ${w.token}/${w.epoch} ${w.outcome}`,
    )
    .sort();
const expectedEpochs = (t: number) => epochs.filter((e) => e.tick <= t).map((e) => e.epoch);

async function shown(fig: Locator) {
  return fig.evaluate((el) => {
    const visible = (m: Element) => !m.closest('[visibility="hidden"]');
    const ws = [...el.querySelectorAll('[data-mark="write"]')].filter(visible).map((m) => {
      const d = (m as HTMLElement).dataset;
      return `t${d.tick} #${d.attempt} ${d.step} ${d.token}/${d.epoch} ${d.outcome}`;
    });
    const es = [...el.querySelectorAll('[data-mark="epoch"]')]
      .filter(visible)
      .map((m) => Number((m as HTMLElement).dataset.epoch));
    const claim = [...el.querySelectorAll('[data-claim]')]
      .filter(visible)
      .map((m) => m.textContent?.trim());
    return { at: (el as HTMLElement).dataset.at, writes: ws.sort(), epochs: es, claim };
  });
}

async function expectTick(fig: Locator, t: number, readout = true) {
  await expect(fig).toHaveAttribute('data-at', String(t));
  // The readout says what this tick adds, in the narrator's words for the model's records.
  if (readout) {
    const text = (await fig.locator('.pf-readout').textContent()) ?? '';
    const sentences = [...new Set(fencingEvents.filter((e) => e.tick === t).map(said))];
    expect(sentences.length, `the main run records something at t${t}`).toBeGreaterThan(0);
    for (const s of sentences) expect(text, `readout at t${t}`).toContain(s);
  }
  const s = await shown(fig);
  expect(s.writes, `writes shown at t${t}`).toEqual(expectedWrites(t));
  expect(s.epochs, `epochs shown at t${t}`).toEqual(expectedEpochs(t));
  expect(s.claim, `claim at t${t}`).toEqual(
    t >= rejected.tick ? [`${rejected.token} < ${rejected.epoch}: rejected`] : [],
  );
}

async function open(page: Page) {
  await page.goto('article/');
  const fig = page.locator('#fig-fencing');
  await expect(fig).toHaveCount(1);
  return fig;
}

test('@pages @colour-free the fencing figure steps by keyboard, tap and button, its marks following the main run’s records', async ({
  page,
  javaScriptEnabled,
  hasTouch,
}) => {
  expect(ticks.length, 'the model gives the figure several ticks').toBeGreaterThan(3);
  expect(rejected.token).toBeLessThan(rejected.epoch);
  const fig = await open(page);
  if (!javaScriptEnabled) {
    // A still of the moment the claim names: every mark up to the late write, no controls.
    await expect(fig.locator('.pf-controls')).toBeHidden();
    const s = await shown(fig);
    expect(s.writes).toEqual(expectedWrites(end));
    expect(s.claim).toEqual([`${rejected.token} < ${rejected.epoch}: rejected`]);
    return;
  }
  await expect(fig).toHaveAttribute('data-live', '');
  const last = ticks[ticks.length - 1];
  await expectTick(fig, last, false);

  // Keyboard: Home, then → through every tick, ← once, End.
  const draw = fig.locator('.pf-draw');
  await draw.focus();
  await page.keyboard.press('Home');
  await expectTick(fig, ticks[0]);
  for (const t of ticks.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await expectTick(fig, t);
  }
  await page.keyboard.press('ArrowLeft');
  await expectTick(fig, ticks[ticks.length - 2]);
  await page.keyboard.press('End');
  await expectTick(fig, last);

  // Tap (a click where the page has no touch) away from the marks: the left half steps back,
  // the right half forward.
  await tapAt(draw, hasTouch, 'left');
  await expectTick(fig, ticks[ticks.length - 2]);
  await tapAt(draw, hasTouch, 'left');
  await expectTick(fig, ticks[ticks.length - 3]);
  await tapAt(draw, hasTouch, 'right');
  await expectTick(fig, ticks[ticks.length - 2]);

  // Buttons.
  const prev = fig.getByRole('button', { name: 'Previous tick' });
  const next = fig.getByRole('button', { name: 'Next tick' });
  await prev.click();
  await expectTick(fig, ticks[ticks.length - 3]);
  await next.click();
  await next.click();
  await expectTick(fig, last);
  await expect(next).toBeDisabled();

  // A tap on a mark reads its record: the rejected write says what the store did, and the
  // figure does not step.
  const rejectedMark = fig.locator('[data-mark="write"][data-outcome="rejected"]');
  const refusal = run.events.find(
    (e) => e.kind === 'write-rejected' && e.tick === rejected.tick && e.attempt === rejected.writer,
  )!;
  await (hasTouch ? rejectedMark.tap() : rejectedMark.click());
  await expect(fig.locator('.pf-readout')).toHaveText(said(refusal));
  await expect(fig).toHaveAttribute('data-at', String(last));
});

test('@pages @colour-free no article figure makes a 360 px page scroll sideways, and figure text is at least 12 px', async ({
  page,
}) => {
  await page.goto('article/');
  const { overflow, small } = await page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - document.documentElement.clientWidth;
    const small: string[] = [];
    for (const t of document.querySelectorAll(
      'main figure.pf svg text, main figure.pf svg tspan',
    )) {
      const fs = parseFloat(getComputedStyle(t).fontSize);
      if (fs < 12 && t.textContent?.trim()) small.push(`${fs}px: ${t.textContent}`);
    }
    return { overflow, small };
  });
  expect(overflow, 'sideways scroll on the article').toBeLessThanOrEqual(0);
  expect(small).toEqual([]);
  // Each drawing fits its figure's column at 1:1 (no borrowed gutter, no scaling), and every
  // label stays inside its drawing.
  const fit = await page.evaluate(() => {
    const out: string[] = [];
    for (const fig of document.querySelectorAll<HTMLElement>('main figure.pf')) {
      for (const svg of fig.querySelectorAll('svg')) {
        const { width: W, height: H } = svg.viewBox.baseVal;
        const box = svg.getBoundingClientRect();
        const col = fig.getBoundingClientRect();
        if (Math.abs(box.width - W) > 0.5) out.push(`${fig.id}: drawn ${W}, rendered ${box.width}`);
        if (box.left < col.left - 0.5 || box.right > col.right + 0.5)
          out.push(
            `${fig.id}: ${box.left}–${box.right} outside its column ${col.left}–${col.right}`,
          );
        for (const t of svg.querySelectorAll('text')) {
          if (!t.textContent?.trim()) continue;
          const b = t.getBBox();
          if (b.x < -0.5 || b.y < -0.5 || b.x + b.width > W + 0.5 || b.y + b.height > H + 0.5)
            out.push(`${fig.id}: “${t.textContent.trim()}” outside the ${W}×${H} drawing`);
        }
      }
    }
    return out;
  });
  expect(fit).toEqual([]);
});

// The after-acceptance figure steps the same ways. Its marks are the records of two runs from
// the second trace's first acceptance to its newsletter's start: the second trace's acceptances,
// correction, rebuild and its newsletter (A, current-report rule), and the newsletter of the
// same run under the rule that takes any accepted digest (B). Expectations from the model.
const strict = runFor(preset('second').switches);
const loose = runFor(preset('any-accepted-after').switches);
const aaFrom = strict.acceptances[0].tick;
const aaTo = strict.newsletter!.tick;
/** Which of a run's events the figure draws, as "tick kind lane". */
const RECORD_KINDS: Partial<Record<TraceEvent['kind'], string>> = {
  'candidate-accepted': 'accepted',
  'report-changed': 'changed',
  'build-admitted': 'admit',
  'candidate-written': 'candidate',
};
const NEWSLETTER_KINDS: Partial<Record<TraceEvent['kind'], string>> = {
  'newsletter-waits': 'waits',
  'newsletter-admitted': 'starts',
};
const inRange = (e: TraceEvent) => e.tick >= aaFrom && e.tick <= aaTo;
const aaMarks = [
  ...strict.events
    .filter((e) => inRange(e) && RECORD_KINDS[e.kind])
    .map((e) => ({ tick: e.tick, id: `t${e.tick} ${RECORD_KINDS[e.kind]} 0`, e })),
  ...strict.events
    .filter((e) => inRange(e) && NEWSLETTER_KINDS[e.kind])
    .map((e) => ({ tick: e.tick, id: `t${e.tick} ${NEWSLETTER_KINDS[e.kind]} 1`, e })),
  ...loose.events
    .filter((e) => inRange(e) && NEWSLETTER_KINDS[e.kind])
    .map((e) => ({ tick: e.tick, id: `t${e.tick} ${NEWSLETTER_KINDS[e.kind]} 2`, e })),
];
const aaTicks = [...new Set(aaMarks.map((m) => m.tick))].sort((a, b) => a - b);
const looseStart = loose.newsletter!;
const looseAcc = loose.acceptances.find((a) => a.digest === looseStart.digest)!;
const aaClaim = `accepted for ${looseAcc.version}, report is ${strict.finalVersion}`;

async function aaShown(fig: Locator) {
  return fig.evaluate((el) => {
    const visible = (m: Element) => !m.closest('[visibility="hidden"]');
    const marks = [...el.querySelectorAll('[data-mark][data-lane]')].filter(visible).map((m) => {
      const d = (m as HTMLElement).dataset;
      return `t${d.tick} ${d.mark} ${d.lane}`;
    });
    const claim = [...el.querySelectorAll('[data-claim]')]
      .filter(visible)
      .map((m) => m.textContent?.trim());
    return { at: (el as HTMLElement).dataset.at, marks: marks.sort(), claim };
  });
}

async function aaExpectTick(fig: Locator, t: number, readout = true) {
  await expect(fig).toHaveAttribute('data-at', String(t));
  const s = await aaShown(fig);
  expect(s.marks, `marks shown at t${t}`).toEqual(
    aaMarks
      .filter((m) => m.tick <= t)
      .map((m) => m.id)
      .sort(),
  );
  expect(s.claim, `claim at t${t}`).toEqual(t >= looseStart.tick ? [aaClaim] : []);
  if (readout) {
    const text = (await fig.locator('.pf-readout').textContent()) ?? '';
    for (const m of aaMarks.filter((m) => m.tick === t))
      expect(text, `readout at t${t}`).toContain(narrate(m.e));
  }
}

test('@pages @colour-free the after-acceptance figure steps by keyboard, button and tap, its marks following the two runs’ records', async ({
  page,
  javaScriptEnabled,
  hasTouch,
}) => {
  expect(aaTicks.length, 'the model gives the figure several ticks').toBeGreaterThan(3);
  expect(looseAcc.version, 'the looser newsletter starts on a digest accepted for v1').not.toBe(
    strict.finalVersion,
  );
  await page.goto('article/');
  const fig = page.locator('#fig-after-acceptance');
  await expect(fig).toHaveCount(1);
  const last = aaTicks[aaTicks.length - 1];
  if (!javaScriptEnabled) {
    await expect(fig.locator('.pf-controls')).toBeHidden();
    const s = await aaShown(fig);
    expect(s.marks).toEqual(aaMarks.map((m) => m.id).sort());
    expect(s.claim).toEqual([aaClaim]);
    return;
  }
  await expect(fig).toHaveAttribute('data-live', '');
  await aaExpectTick(fig, last, false);

  // Keyboard: Home, → through every tick, ←, End.
  const draw = fig.locator('.pf-draw');
  await draw.focus();
  await page.keyboard.press('Home');
  await aaExpectTick(fig, aaTicks[0]);
  for (const t of aaTicks.slice(1)) {
    await page.keyboard.press('ArrowRight');
    await aaExpectTick(fig, t);
  }
  await page.keyboard.press('ArrowLeft');
  await aaExpectTick(fig, aaTicks[aaTicks.length - 2]);
  await page.keyboard.press('End');
  await aaExpectTick(fig, last);

  // Buttons: back to the first tick and forward again.
  const prev = fig.getByRole('button', { name: 'Previous tick' });
  const next = fig.getByRole('button', { name: 'Next tick' });
  for (let k = aaTicks.length - 2; k >= 0; k--) {
    await prev.click();
    await aaExpectTick(fig, aaTicks[k]);
  }
  await expect(prev).toBeDisabled();
  await next.click();
  await aaExpectTick(fig, aaTicks[1]);

  // Tap away from the marks: right half forward, left half back.
  await tapAt(draw, hasTouch, 'right');
  await aaExpectTick(fig, aaTicks[2]);
  await tapAt(draw, hasTouch, 'right');
  await aaExpectTick(fig, aaTicks[3]);
  await tapAt(draw, hasTouch, 'left');
  await aaExpectTick(fig, aaTicks[2]);

  // A tap on the looser newsletter's start reads its record, and does not step.
  await page.keyboard.press('End');
  await aaExpectTick(fig, last);
  const start = loose.events.find(
    (e) => e.kind === 'newsletter-admitted' && e.tick === looseStart.tick,
  )!;
  const mark = fig.locator('[data-mark="starts"][data-lane="2"]');
  await (hasTouch ? mark.tap() : mark.click());
  await expect(fig.locator('.pf-readout')).toHaveText(
    `${formatTick(start.tick)}, newsletter B: ${narrate(start)}`,
  );
  await expect(fig).toHaveAttribute('data-at', String(last));
});

// A still figure reads on a tap too: each step of the restore figure says the successor's
// record of it at admission (its restore, or the steps it must compute), from the main run.
test('@pages @colour-free a tap on a step of the restore figure reads the successor’s record of it', async ({
  page,
  javaScriptEnabled,
  hasTouch,
}) => {
  test.skip(!javaScriptEnabled, 'the readout needs JavaScript; the marks keep their titles');
  const succ = run.attempts.filter((a) => a.kind === 'build')[1];
  const atAdmission = run.events.filter((e) => e.tick === succ.admittedAt && e.attempt === succ.n);
  await page.goto('article/');
  const fig = page.locator('#fig-restore');
  const readout = fig.locator('.pf-readout');
  await expect(readout).toBeVisible();
  for (const step of STEPS) {
    const record = atAdmission.find(
      (e) =>
        (e.kind === 'step-restored' && e.values.step === step) ||
        (e.kind === 'steps-redone' && e.values.redo.includes(step)),
    );
    expect(record, `the main run records ${step} at #${succ.n}’s admission`).toBeDefined();
    const mark = fig.locator(`[data-mark="lookup"][data-step="${step}"]`);
    await (hasTouch ? mark.tap() : mark.click());
    await expect(readout).toHaveText(said(record!));
  }
});

// The lost acknowledgement steps message by message, its three drawings together. At each step
// every drawing shows the first messages of its run's announcement, in the order the model
// recorded them: the intent, each send and what the feed did with it, the reply (lost when the
// sender died in that tick), the successor finding the intent, the confirmation. Expected rows
// come from the runs' events, not from the figure's own sequence code.
const keyRuns = SWITCH_VALUES.key.map((key) => runFor({ ...MAIN, key }));
function messagesOf(r: ReturnType<typeof runFor>): string[] {
  const out: string[] = [];
  const died = (attempt: number | null, tick: number) =>
    r.events.some((e) => e.kind === 'poster-dies' && e.attempt === attempt && e.tick === tick);
  for (const e of r.events) {
    const at = `@t${e.tick}`;
    if (e.kind === 'intent-recorded') out.push(`intent${at}`);
    else if (e.kind === 'settle-admitted') out.push(`finds${at}`);
    else if (e.kind === 'confirmed') out.push(`confirm${at}`);
    else if (e.kind === 'send-rejected') out.push(`send${at}`, `rejected${at}`);
    else if (e.kind === 'send-applied' || e.kind === 'send-remembered')
      out.push(
        `send${at}`,
        `${e.kind === 'send-applied' ? 'apply' : 'remembered'}${at}`,
        `${died(e.attempt, e.tick) ? 'lost-reply' : 'reply'}${at}`,
      );
  }
  return out;
}
const keyMessages = keyRuns.map(messagesOf);

async function keysShown(fig: Locator) {
  return fig.evaluate((el) => {
    const visible = (m: Element) => !m.closest('[visibility="hidden"]');
    return [...el.querySelectorAll('svg')].map((svg) => ({
      rows: [...svg.querySelectorAll('g[data-mark][data-seq]')]
        .filter(visible)
        .map((m) => `${(m as SVGElement).dataset.mark}@t${(m as SVGElement).dataset.tick}`),
      claim: [...svg.querySelectorAll('[data-claim]')]
        .filter(visible)
        .map((m) => m.textContent?.trim() ?? ''),
    }));
  });
}

async function keysExpectStep(fig: Locator, k: number) {
  const n = keyMessages[0].length;
  await expect(fig).toHaveAttribute('data-at', String(k));
  await expect(fig.locator('.pf-at')).toHaveText(`message ${k + 1} of ${n}`);
  const shown = await keysShown(fig);
  expect(shown.length).toBe(keyRuns.length);
  shown.forEach((d, j) => {
    expect(d.rows, `${SWITCH_VALUES.key[j]}: messages at step ${k + 1}`).toEqual(
      keyMessages[j].slice(0, k + 1),
    );
    // The claim, the feed's posts and whether one was a duplicate, shows once the exchange is over.
    if (k < n - 1) expect(d.claim).toEqual([]);
    else {
      expect(d.claim).toHaveLength(1);
      expect(d.claim[0].toLowerCase().includes('duplicate')).toBe(keyRuns[j].duplicatePosts > 0);
    }
  });
}

test('@pages @colour-free the lost-acknowledgement figure steps message by message, each drawing following its run’s records', async ({
  page,
  javaScriptEnabled,
  hasTouch,
}) => {
  const n = keyMessages[0].length;
  expect(n, 'the main run announces through a lost acknowledgement').toBeGreaterThan(3);
  for (const m of keyMessages) expect(m.length, 'the three runs exchange as many messages').toBe(n);
  expect(
    keyRuns.map((r) => r.duplicatePosts > 0),
    'only the key that names the operation avoids a second post',
  ).toEqual(SWITCH_VALUES.key.map((k) => k !== 'per-operation'));
  await page.goto('article/');
  const fig = page.locator('#fig-keys');
  await expect(fig).toHaveCount(1);
  if (!javaScriptEnabled) {
    await expect(fig.locator('.pf-controls')).toBeHidden();
    const shown = await keysShown(fig);
    shown.forEach((d, j) => expect(d.rows).toEqual(keyMessages[j]));
    return;
  }
  await expect(fig).toHaveAttribute('data-live', '');
  await keysExpectStep(fig, n - 1);

  const draw = fig.locator('.pf-draw');
  await draw.focus();
  await page.keyboard.press('Home');
  await keysExpectStep(fig, 0);
  for (let k = 1; k < n; k++) {
    await page.keyboard.press('ArrowRight');
    await keysExpectStep(fig, k);
  }
  await page.keyboard.press('ArrowLeft');
  await keysExpectStep(fig, n - 2);

  const prev = fig.getByRole('button', { name: 'Previous message' });
  const next = fig.getByRole('button', { name: 'Next message' });
  await prev.click();
  await keysExpectStep(fig, n - 3);
  await next.click();
  await keysExpectStep(fig, n - 2);

  await tapAt(draw, hasTouch, 'left');
  await keysExpectStep(fig, n - 3);
  await tapAt(draw, hasTouch, 'right');
  await keysExpectStep(fig, n - 2);
  await tapAt(draw, hasTouch, 'right');
  await keysExpectStep(fig, n - 1);
  await expect(next).toBeDisabled();
});
