// The article's point figures against the model's records (CONTRIBUTING.md, "Figure grammar"):
// the pause figures (stills) draw #1's silence, the heartbeat deadline and #1's late writes with
// the stores' verdicts; the steppers (after acceptance, the lost acknowledgement) open at their
// first step and step by keyboard (→, ←, Home, End on the focused drawing), by tapping their
// halves and by their ◀/▶ buttons, showing at each step the run's records up to it. A tap on a
// mark reads its record. Expectations come from the model (src/model), never from the page.
// Without JavaScript (the no-js project) each figure is a still of the moment its claim names.
import type { Locator } from '@playwright/test';
import { test, expect } from './fixtures.ts';
import {
  MAIN,
  STEPS,
  SWITCH_VALUES,
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

// The pause, drawn twice for fencing's point (SilenceFigure, a still): in the main run and in the
// run without fencing. Each draws #1's silence as a span from the tick it falls silent to the tick
// it wakes, the heartbeat deadline at the tick the controller suspects it, and #1's writes after
// it wakes with what the store did to each. Expectations come from each run's records.
/** Counts as the figures write them in words (typed here, not taken from the formatter). */
const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function pauseOf(r: ReturnType<typeof runFor>) {
  const [first] = r.attempts;
  const at = (kind: TraceEvent['kind']) =>
    r.events.find((e) => e.kind === kind && e.attempt === first.n)!;
  const wake = at('wakes-to-write');
  const late = r.writes.filter((w) => w.writer === first.n && w.tick >= wake.tick);
  const refused = late.find((w) => w.outcome === 'rejected');
  return {
    quiet: at('falls-silent'),
    suspect: at('suspected'),
    wake,
    late: late.map((w) => `t${w.tick} ${w.outcome}`),
    claim: refused
      ? `${refused.token} < ${refused.epoch}: rejected`
      : `${WORDS[late.length]} late write${late.length === 1 ? ' lands' : 's land'}: stale write`,
  };
}

async function pauseShown(fig: Locator) {
  return fig.evaluate((el) => {
    const d = (sel: string) => (el.querySelector(sel) as SVGElement | null)?.dataset ?? {};
    return {
      silence: [d('[data-mark="silence"]').tick, d('[data-mark="silence"]').until].map(Number),
      deadline: Number(d('[data-mark="deadline"]').tick),
      late: [...el.querySelectorAll<SVGElement>('[data-mark="late-write"]')].map(
        (m) => `t${m.dataset.tick} ${m.dataset.outcome}`,
      ),
      claim: [...el.querySelectorAll('[data-claim]')].map((m) => m.textContent?.trim() ?? ''),
    };
  });
}

for (const [id, which] of [
  ['#fig-fencing', 'main'],
  ['#fig-fencing-off', 'fencing-off'],
] as const) {
  test(`@pages @colour-free ${id} draws the pause and #1's late writes from the ${which} run's records, and a tap reads them`, async ({
    page,
    javaScriptEnabled,
    hasTouch,
  }) => {
    const r = runFor(preset(which).switches);
    const want = pauseOf(r);
    expect(want.late.length, 'the run has late writes by #1').toBeGreaterThan(0);
    await page.goto('article/');
    const fig = page.locator(id);
    await expect(fig).toHaveCount(1);
    const s = await pauseShown(fig);
    expect(s.silence, 'the silence span').toEqual([want.quiet.tick, want.wake.tick]);
    expect(s.deadline, 'the heartbeat deadline').toBe(want.suspect.tick);
    expect(s.late, '#1’s late writes and their outcomes').toEqual(want.late);
    expect(s.claim.map((c) => c.toLowerCase())).toEqual([want.claim.toLowerCase()]);
    if (!javaScriptEnabled) return;
    // A still figure reads on a tap: the wake-up mark says the record of it.
    const mark = fig.locator('[data-mark="wakes"]');
    await (hasTouch ? mark.tap() : mark.click());
    await expect(fig.locator('.pf-readout')).toHaveText(said(want.wake));
  });
}

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

// The after-acceptance figures step the same ways, one per newsletter rule: the run corrected
// after acceptance under the rule that takes any accepted digest (#fig-after-acceptance-off) and
// under the current-report rule (#fig-after-acceptance, the second trace). Each draws, from the
// first acceptance to the careful newsletter's start, the run's acceptances, correction and
// rebuild, and its newsletter's wait and start. With JavaScript it opens at its first tick.
const strict = runFor(preset('second').switches);
const loose = runFor(preset('any-accepted-after').switches);
const aaFrom = strict.acceptances[0].tick;
const aaTo = strict.newsletter!.tick;
/** Which of a run's events the figure draws, by the mark kind it draws them as. */
const AA_KINDS: Partial<Record<TraceEvent['kind'], string>> = {
  'candidate-accepted': 'accepted',
  'report-changed': 'changed',
  'build-admitted': 'admit',
  'newsletter-waits': 'waits',
  'newsletter-admitted': 'starts',
};
const AA_SELECTOR = Object.values(AA_KINDS)
  .map((k) => `[data-mark="${k}"]`)
  .join(', ');
const aaCases = [
  { id: '#fig-after-acceptance-off', r: loose },
  { id: '#fig-after-acceptance', r: strict },
].map(({ id, r }) => {
  const marks = r.events
    .filter((e) => e.tick >= aaFrom && e.tick <= aaTo && AA_KINDS[e.kind])
    .map((e) => ({ tick: e.tick, id: `t${e.tick} ${AA_KINDS[e.kind]}`, e }));
  const acc = r.acceptances.find((a) => a.digest === r.newsletter!.digest)!;
  const ok = acc.version === r.finalVersion;
  const claim = `accepted for ${acc.version}, report is ${r.finalVersion}: ${ok ? 'starts' : 'wrong digest'}`;
  return { id, r, marks, claim, start: r.newsletter!.tick };
});
const aaTicks = Array.from({ length: aaTo - aaFrom + 1 }, (_, i) => aaFrom + i);

async function aaShown(fig: Locator) {
  return fig.evaluate((el, sel) => {
    const visible = (m: Element) => !m.closest('[visibility="hidden"]');
    const marks = [...el.querySelectorAll<SVGElement>(sel)]
      .filter(visible)
      .map((m) => `t${m.dataset.tick} ${m.dataset.mark}`);
    const claim = [...el.querySelectorAll('[data-claim]')]
      .filter(visible)
      .map((m) => m.textContent?.trim());
    return { marks: marks.sort(), claim };
  }, AA_SELECTOR);
}

for (const c of aaCases) {
  const expectTick = async (fig: Locator, t: number, readout = true) => {
    await expect(fig).toHaveAttribute('data-at', String(t));
    const s = await aaShown(fig);
    expect(s.marks, `marks shown at t${t}`).toEqual(
      c.marks
        .filter((m) => m.tick <= t)
        .map((m) => m.id)
        .sort(),
    );
    expect(s.claim, `claim at t${t}`).toEqual(t >= c.start ? [c.claim] : []);
    if (readout) {
      const text = (await fig.locator('.pf-readout').textContent()) ?? '';
      for (const m of c.marks.filter((m) => m.tick === t))
        expect(text, `readout at t${t}`).toContain(narrate(m.e));
    }
  };

  test(`@pages @colour-free ${c.id} opens at its first tick and steps by keyboard, button and tap, its marks following the run’s records`, async ({
    page,
    javaScriptEnabled,
    hasTouch,
  }) => {
    expect(c.marks.length, 'the model gives the figure several marks').toBeGreaterThan(3);
    await page.goto('article/');
    const fig = page.locator(c.id);
    await expect(fig).toHaveCount(1);
    const last = aaTicks[aaTicks.length - 1];
    if (!javaScriptEnabled) {
      await expect(fig.locator('.pf-controls')).toBeHidden();
      const s = await aaShown(fig);
      expect(s.marks).toEqual(c.marks.map((m) => m.id).sort());
      expect(s.claim).toEqual([c.claim]);
      return;
    }
    await expect(fig).toHaveAttribute('data-live', '');
    // A stepper opens at its first step, with ▶ enabled.
    await expectTick(fig, aaTicks[0], false);
    const prev = fig.getByRole('button', { name: 'Previous tick' });
    const next = fig.getByRole('button', { name: 'Next tick' });
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();

    // Keyboard: → through every tick, ←, Home, End.
    const draw = fig.locator('.pf-draw');
    await draw.focus();
    for (const t of aaTicks.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expectTick(fig, t);
    }
    await expect(next).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await expectTick(fig, aaTicks[aaTicks.length - 2]);
    await page.keyboard.press('Home');
    await expectTick(fig, aaTicks[0]);

    // Buttons, then taps away from the marks: right half forward, left half back.
    await next.click();
    await expectTick(fig, aaTicks[1]);
    await tapAt(draw, hasTouch, 'right');
    await expectTick(fig, aaTicks[2]);
    await tapAt(draw, hasTouch, 'left');
    await expectTick(fig, aaTicks[1]);
    await prev.click();
    await expectTick(fig, aaTicks[0]);

    // A tap on the newsletter's start reads its record, and does not step.
    await draw.focus();
    await page.keyboard.press('End');
    await expectTick(fig, last);
    const start = c.r.events.find((e) => e.kind === 'newsletter-admitted' && e.tick === c.start)!;
    const mark = fig.locator('[data-mark="starts"]');
    await (hasTouch ? mark.tap() : mark.click());
    await expect(fig.locator('.pf-readout')).toHaveText(said(start));
    await expect(fig).toHaveAttribute('data-at', String(last));
  });
}

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
const keyCases = [
  { id: '#fig-keys-off', key: 'per-attempt' as const },
  { id: '#fig-keys', key: 'per-operation' as const },
].map((c) => {
  const r = keyRuns[SWITCH_VALUES.key.indexOf(c.key)];
  return { ...c, r, messages: messagesOf(r) };
});

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

test('@pages @colour-free only the key that names the operation avoids a second post (the model, for the figures below)', () => {
  expect(
    keyRuns.map((r) => r.duplicatePosts > 0),
    'only the key that names the operation avoids a second post',
  ).toEqual(SWITCH_VALUES.key.map((k) => k !== 'per-operation'));
});

for (const c of keyCases) {
  const n = c.messages.length;
  const expectStep = async (fig: Locator, k: number) => {
    await expect(fig).toHaveAttribute('data-at', String(k));
    await expect(fig.locator('.pf-at')).toHaveText(`message ${k + 1} of ${n}`);
    const shown = await keysShown(fig);
    expect(shown.length).toBe(1);
    expect(shown[0].rows, `${c.key}: messages at step ${k + 1}`).toEqual(
      c.messages.slice(0, k + 1),
    );
    // The claim, the feed's posts and whether one was a duplicate, shows once the exchange is over.
    if (k < n - 1) expect(shown[0].claim).toEqual([]);
    else {
      expect(shown[0].claim).toHaveLength(1);
      expect(shown[0].claim[0].toLowerCase().includes('duplicate')).toBe(c.r.duplicatePosts > 0);
    }
  };

  test(`@pages @colour-free ${c.id} (key ${c.key}) opens at its first message and steps message by message, following its run’s records`, async ({
    page,
    javaScriptEnabled,
    hasTouch,
  }) => {
    expect(n, 'the run announces through a lost acknowledgement').toBeGreaterThan(3);
    await page.goto('article/');
    const fig = page.locator(c.id);
    await expect(fig).toHaveCount(1);
    if (!javaScriptEnabled) {
      await expect(fig.locator('.pf-controls')).toBeHidden();
      const shown = await keysShown(fig);
      expect(shown[0].rows).toEqual(c.messages);
      return;
    }
    await expect(fig).toHaveAttribute('data-live', '');
    await expectStep(fig, 0);
    const prev = fig.getByRole('button', { name: 'Previous message' });
    const next = fig.getByRole('button', { name: 'Next message' });
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();

    const draw = fig.locator('.pf-draw');
    await draw.focus();
    for (let k = 1; k < n; k++) {
      await page.keyboard.press('ArrowRight');
      await expectStep(fig, k);
    }
    await expect(next).toBeDisabled();
    await page.keyboard.press('ArrowLeft');
    await expectStep(fig, n - 2);
    await prev.click();
    await expectStep(fig, n - 3);
    await next.click();
    await expectStep(fig, n - 2);
    await tapAt(draw, hasTouch, 'left');
    await expectStep(fig, n - 3);
    await tapAt(draw, hasTouch, 'right');
    await expectStep(fig, n - 2);
    await draw.focus();
    await page.keyboard.press('Home');
    await expectStep(fig, 0);
  });
}
