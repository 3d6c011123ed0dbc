/**
 * From a run's records to the marks of its timeline figure: one row per lane,
 * each row a list of spans (something lasting from one tick to another) and
 * points (something that happened at one tick). Pure and DOM-free, so a test
 * can count the marks against the records without rendering anything.
 *
 * It decides nothing about the model: every mark is one record (a write and
 * the store's decision, a send and the feed's answer, an acceptance, a breach)
 * or one stretch of a per-tick snapshot (an attempt's state, what it is really
 * doing, the owner epoch, the current report, the newsletter's state). Tones
 * name the semantic palette (src/styles/palette.css); which tone a mark gets
 * follows from the record's own outcome field, never from a rule re-derived here.
 */
import {
  REVENUE,
  short,
  type Run,
  type InvariantId,
  type Store,
  type TraceEvent,
} from '../../model/browser.ts';
import { at } from '../../model/lookup.ts';
import { breachText, narrate, subjectText } from '../../lib/narrate.ts';
import { isFaultEvent, narrateFault, type FaultEvent } from '../../lib/narrate-faults.ts';
import { invariantLabel } from '../../lib/vocabulary.ts';
import { formatTick } from '../../lib/format.ts';

export type Tone = 'safe' | 'stale' | 'duplicate' | 'wrong' | 'waiting' | 'neutral';

/** Something lasting: x from `from` to `to`, in ticks (tick t's column is [t, t + 1)). */
export interface Span {
  from: number;
  to: number;
  kind: string;
  tone: Tone;
  label?: string | undefined;
  title: string;
  /** Extra data-* attributes (only the fault schedule's marks have them). */
  data?: Record<string, string | number | boolean>;
}

/** Something that happened at one tick: drawn at the middle of the tick's column. */
export interface Point {
  tick: number;
  kind: string;
  tone: Tone;
  label?: string | undefined;
  /** The comparison that decides the run, written beside the mark (class fig-claim): "41 < 42: rejected". */
  claim?: string | undefined;
  title: string;
  /** Extra data-* attributes (the built-site test counts marks by them). */
  data?: Record<string, string | number | boolean>;
}

export interface Row {
  id: string;
  label: string;
  sub?: string;
  /** Rows of one group (an attempt's two tracks, the controller's two) are drawn as one lane. */
  group?: string;
  /** Points sit on one line (a track) instead of stacking when they share a tick. */
  flat?: boolean;
  spans: Span[];
  points: Point[];
}

export interface TimelineMarks {
  lastTick: number;
  rows: Row[];
}

/** An attempt's state in words: its own name, except the one the controller cannot see through. */
const stateWords = (state: string) => (state === 'unknown' ? 'unknown to the controller' : state);

/** Group consecutive ticks with the same value into spans [first, last + 1). */
function runs<T>(values: (T | null)[]): { value: T; from: number; to: number }[] {
  const out: { value: T; from: number; to: number }[] = [];
  values.forEach((v, t) => {
    if (v === null) return;
    const last = out[out.length - 1];
    if (last && last.value === v && last.to === t) last.to = t + 1;
    else out.push({ value: v, from: t, to: t + 1 });
  });
  return out;
}

/** Where a breach of each invariant is drawn. stale writes and duplicates are marked on their own write and post. */
const BREACH_ROW: Partial<Record<InvariantId, string>> = {
  supersededAccepted: 'controller',
  twoAccepted: 'controller',
  dependantWrong: 'newsletter',
};

/** The events that narrate a write, by store (or its rejection, whatever the store). */
const WRITE_EVENTS: Record<Store | 'rejected', string[]> = {
  journal: ['step-journaled', 'woken-step-journaled', 'steps-redone', 'candidate-written'],
  candidates: ['candidate-written'],
  intents: ['intent-recorded'],
  confirmations: ['confirmed'],
  rejected: ['write-rejected'],
};

/** Whether an event names the written subject (a step's or a digest's), when it names one. */
function sameSubject(e: TraceEvent, subject: Run['writes'][number]['subject']): boolean {
  const v = e.values as Record<string, unknown>;
  if (e.kind === 'write-rejected') return JSON.stringify(v.subject) === JSON.stringify(subject);
  if (subject.kind === 'step') return v.step === undefined || v.step === subject.step;
  return true;
}

/** The events that narrate an attempt's final state. */
const STATE_EVENTS: Record<string, string[]> = {
  fenced: ['write-rejected'],
  done: ['confirmed'],
  refused: ['candidate-refused'],
};

/** What every lane reads: the run, its last tick, its per-tick snapshots and its fault events. */
interface Ctx {
  run: Run;
  ticks: Run['ticks'];
  last: number;
  faults: FaultEvent[];
  /** The narrator's sentence for the event of `kinds` at `tick` (by `attempt`, passing `pick`), with its tick. */
  said(
    kinds: string[],
    tick: number,
    attempt: number | null,
    fallback: string,
    pick?: (e: TraceEvent) => boolean,
  ): string;
}

function context(run: Run): Ctx {
  return {
    run,
    ticks: run.ticks,
    last: run.lastTick,
    faults: run.events.filter(isFaultEvent),
    said(kinds, tick, attempt, fallback, pick) {
      const e = run.events.find(
        (x) =>
          x.tick === tick &&
          kinds.includes(x.kind) &&
          (attempt === null || x.attempt === attempt) &&
          (!pick || pick(x)),
      );
      return e ? `${formatTick(tick)}: ${narrate(e)}` : fallback;
    },
  };
}

/** The report: which version is current at each tick, and the tick it changes. */
function reportRow(cx: Ctx): Row {
  const { run, ticks } = cx;
  // ── The report: which version is current at each tick.
  const report: Row = { id: 'report', label: 'report', spans: [], points: [] };
  for (const r of runs(ticks.map((s) => s.current))) {
    report.spans.push({
      from: r.from,
      to: r.to,
      kind: 'version',
      tone: 'neutral',
      label: `${r.value} · revenue ${REVENUE[r.value]}`,
      title: `report ${r.value} current (revenue ${REVENUE[r.value]}), ${formatTick(r.from)}–t${r.to - 1}`,
    });
  }
  if (run.versionChangedAt !== null) {
    report.points.push({
      tick: run.versionChangedAt,
      kind: 'change',
      tone: 'neutral',
      title: cx.said(
        ['report-changed'],
        run.versionChangedAt,
        null,
        `${formatTick(run.versionChangedAt)}: report ${run.finalVersion} becomes current`,
      ),
    });
  }
  return report;
}

/** The controller: owner epoch steps, admissions, suspicions, assessments, its own faults. */
function controllerRows(cx: Ctx): Row[] {
  const { run, ticks, faults } = cx;
  // ── The controller: owner epoch steps, admissions, suspicions, assessments, breaches it lets through.
  const epoch: Row = {
    id: 'epoch',
    group: 'controller',
    flat: true,
    label: 'controller',
    sub: 'owner epoch',
    spans: [],
    points: [],
  };
  const controller: Row = {
    id: 'controller',
    group: 'controller',
    label: '',
    sub: 'decisions',
    spans: [],
    points: [],
  };
  const epochRuns = runs(ticks.map((s) => (s.attempts.length ? s.ownerEpoch : null)));
  epochRuns.forEach((r, i) => {
    // After a restart that did not keep it, the epoch goes back: a step down, not up (#rule-fault-restart).
    const back = i > 0 && r.value < at(epochRuns, i - 1, 'epoch runs').value;
    epoch.spans.push({
      from: r.from,
      to: r.to,
      kind: back ? 'epoch-back' : 'epoch',
      tone: back ? 'wrong' : 'neutral',
      label: i === 0 ? `epoch ${r.value}` : back ? `${r.value} ↓` : String(r.value),
      title: back
        ? `owner epoch back to ${r.value}, ${formatTick(r.from)}–t${r.to - 1}`
        : `owner epoch ${r.value}, ${formatTick(r.from)}–t${r.to - 1}`,
    });
  });
  for (const a of run.attempts) {
    controller.points.push({
      tick: a.admittedAt,
      kind: 'admit',
      tone: 'neutral',
      label: `#${a.n}`,
      title: cx.said(
        ['build-admitted', 'settle-admitted'],
        a.admittedAt,
        a.n,
        `${formatTick(a.admittedAt)}: the controller admits #${a.n} (${a.kind}, token ${a.token}, pinned to ${a.pin})`,
      ),
      data: { attempt: a.n },
    });
    const suspected = ticks.findIndex(
      (s) => s.attempts.find((x) => x.n === a.n)?.state === 'unknown',
    );
    if (suspected >= 0) {
      controller.points.push({
        tick: suspected,
        kind: 'suspect',
        tone: 'waiting',
        label: `#${a.n}`,
        title: cx.said(
          ['suspected'],
          suspected,
          a.n,
          `${formatTick(suspected)}: #${a.n} has missed its heartbeats; to the controller it is unknown`,
        ),
        data: { attempt: a.n },
      });
    }
  }
  for (const acc of run.acceptances) {
    const c = run.candidates.find((x) => x.digest === acc.digest);
    controller.points.push({
      tick: acc.tick,
      kind: 'accept',
      tone: 'safe',
      label: acc.version ?? 'accepts',
      title: cx.said(
        ['candidate-accepted'],
        acc.tick,
        null,
        `${formatTick(acc.tick)}: accepts ${short(acc.digest)}${c ? ` from #${c.attempt}` : ''}${acc.version ? ` for ${acc.version}` : ' (the record names no version)'}`,
      ),
      data: { digest: short(acc.digest) },
    });
  }
  for (const c of run.candidates) {
    if (c.status !== 'refused' || c.assessedAt === null) continue;
    controller.points.push({
      tick: c.assessedAt,
      kind: 'refuse',
      tone: 'stale',
      label: `#${c.attempt}`,
      title: cx.said(
        ['candidate-refused'],
        c.assessedAt,
        c.attempt,
        `${formatTick(c.assessedAt)}: refuses ${short(c.digest)} from #${c.attempt}`,
      ),
      data: { digest: short(c.digest), attempt: c.attempt },
    });
  }
  for (const e of faults) {
    if (e.kind === 'controller-down') {
      controller.spans.push({
        from: e.tick,
        to: e.tick + 1,
        kind: 'down',
        tone: 'neutral',
        label: 'down',
        title: `${formatTick(e.tick)}: ${narrateFault(e)}`,
        data: { fault: e.kind },
      });
    } else if (e.kind === 'controller-restarted') {
      const back = e.values.epoch < e.values.before;
      controller.points.push({
        tick: e.tick,
        kind: 'restart',
        tone: back ? 'wrong' : 'neutral',
        // The glyph says restart (legend); a label only when the epoch went back, short enough for its column.
        label: back ? `${e.values.before}→${e.values.epoch}` : undefined,
        title: `${formatTick(e.tick)}: ${narrateFault(e)}`,
        data: { fault: e.kind, back, epoch: e.values.epoch },
      });
    }
  }
  return [epoch, controller];
}

/** One lane per attempt, two tracks: what the controller sees, and what the worker really does. */
function attemptRows(cx: Ctx): Row[] {
  const { run, ticks, last, faults } = cx;
  // ── One lane per attempt, two tracks: what the controller sees, and what the worker really does.
  const rows: Row[] = [];
  for (const a of run.attempts) {
    const snap = ticks.map((s) => s.attempts.find((x) => x.n === a.n) ?? null);
    const seen: Row = {
      id: `attempt-${a.n}-seen`,
      group: `attempt-${a.n}`,
      flat: true,
      label: `#${a.n} ${a.kind} ${a.pin}`,
      sub: 'seen',
      spans: [],
      points: [],
    };
    const really: Row = {
      id: `attempt-${a.n}-really`,
      group: `attempt-${a.n}`,
      flat: true,
      label: `token ${a.token}`,
      sub: 'really',
      spans: [],
      points: [],
    };
    const states = snap.map((s) => (s ? s.state : null));
    for (const r of runs(states.map((s) => (s === 'admitted' ? 'running' : s)))) {
      if (r.value === 'running' || r.value === 'unknown') {
        seen.spans.push({
          from: r.from,
          to: r.to,
          kind: r.value,
          tone: r.value === 'unknown' ? 'waiting' : 'neutral',
          label: r.value === 'unknown' ? 'unknown' : undefined,
          title: `#${a.n} ${stateWords(r.value)}, ${formatTick(r.from)}–t${r.to - 1}`,
        });
      } else {
        // A final state: drawn once, where it begins.
        seen.points.push({
          tick: r.from,
          kind: r.value,
          tone: r.value === 'done' ? 'safe' : 'stale',
          label: r.value,
          title: cx.said(
            STATE_EVENTS[r.value] ?? [],
            r.from,
            a.n,
            `${formatTick(r.from)}: #${a.n} ${stateWords(r.value)}`,
          ),
          data: { attempt: a.n },
        });
      }
    }
    // Really: a segment from the middle of tick t to the middle of t + 1 shows what it did in between.
    const acts = snap.map((s) => (s ? s.activity : null));
    const segments: (string | null)[] = acts.map((act, t) => {
      if (t >= last || acts[t + 1] === null) return null;
      return act === 'working' ? 'working' : act === 'silent' ? 'asleep' : null;
    });
    for (const r of runs(segments)) {
      really.spans.push({
        from: r.from + 0.5,
        to: r.to + 0.5,
        kind: r.value,
        tone: r.value === 'asleep' ? 'waiting' : 'neutral',
        label: r.value === 'asleep' ? 'asleep' : undefined,
        title: `#${a.n} ${r.value === 'asleep' ? 'asleep: alive but silent, no heartbeat' : 'working'}, ${formatTick(r.from)}–t${r.to}`,
      });
    }
    // The schedule's faults on this attempt, each one mark: where it fell silent before an action (a pause, or
    // its death when it never wakes), what it woke to do, where the poster died. An attempt wakes and dies at
    // most once: these take the place of the plain 'wakes' / 'dies' marks the snapshots give.
    for (const e of faults) {
      if (e.attempt !== a.n) continue;
      const data = { attempt: a.n, fault: e.kind };
      const title = `${formatTick(e.tick)}: ${narrateFault(e)}`;
      if (e.kind === 'falls-silent-before') {
        const where = e.values.action === 'assemble' ? 'before assembling' : 'inside the effect';
        const dead = acts[e.tick] === 'dead';
        really.points.push({
          tick: e.tick,
          kind: dead ? 'dies' : 'silent',
          tone: dead ? 'neutral' : 'waiting',
          label: `${dead ? 'dies' : 'silent'} ${where}`,
          title,
          data,
        });
      } else if (e.kind === 'wakes-to-act') {
        really.points.push({
          tick: e.tick,
          kind: 'wakes',
          tone: 'waiting',
          label: `wakes, ${e.values.action === 'assemble' ? 'assembles' : 'sends'}`,
          title,
          data,
        });
      } else if (e.kind === 'poster-dies-at') {
        really.points.push({
          tick: e.tick,
          kind: 'dies',
          tone: 'neutral',
          label: `dies ${e.values.point === 'before-send' ? 'before sending' : 'after confirming'}`,
          title,
          data,
        });
      }
    }
    const woke = acts.findIndex(
      (act, t) => t > 0 && acts[t - 1] === 'silent' && act !== 'silent' && act !== 'dead',
    );
    if (woke >= 0 && !really.points.some((p) => p.kind === 'wakes')) {
      really.points.push({
        tick: woke,
        kind: 'wakes',
        tone: 'waiting',
        label: 'wakes',
        title: cx.said(
          ['wakes-to-write', 'wakes-holding'],
          woke,
          a.n,
          `${formatTick(woke)}: #${a.n} wakes and carries on`,
        ),
        data: { attempt: a.n },
      });
    }
    const died = acts.indexOf('dead');
    if (died >= 0 && !really.points.some((p) => p.kind === 'dies')) {
      really.points.push({
        tick: died,
        kind: 'dies',
        tone: 'neutral',
        label: 'dies',
        title: cx.said(['poster-dies'], died, a.n, `${formatTick(died)}: #${a.n} dies`),
        data: { attempt: a.n },
      });
    }
    snap.forEach((s, t) => {
      const before = t > 0 ? (snap[t - 1]?.calls ?? 0) : 0;
      if (s && s.calls > before) {
        really.points.push({
          tick: t,
          kind: 'call',
          tone: 'neutral',
          title: `${formatTick(t)}: #${a.n} makes a model call`,
          data: { attempt: a.n, calls: s.calls - before },
        });
      }
    });
    rows.push(seen, really);
  }
  return rows;
}

/** Protected writes, one row per store kind: each write with the store’s decision. */
function storeRows(cx: Ctx): Row[] {
  const { run, last } = cx;
  // ── Protected writes, one row per store kind: each write with the store's decision.
  // The first write a store rejects as stale is the run's turning point: its comparison is written beside it.
  const decisive = run.writes.find((w) => w.outcome === 'rejected');
  const writeRow = (id: string, label: string, stores: string[]): Row => {
    const row: Row = { id, label, spans: [], points: [] };
    for (const w of run.writes.filter((x) => stores.includes(x.store))) {
      const step = w.subject.kind === 'step' ? w.subject.step : undefined;
      const what =
        w.store === 'journal' ? ` ${step ?? ''}` : w.store === 'confirmations' ? ' ✓' : '';
      const decision =
        w.outcome === 'applied'
          ? 'applied'
          : w.outcome === 'rejected'
            ? `rejected: token ${w.token} is below the epoch ${w.epoch}`
            : `applied although stale: token ${w.token} is below the epoch ${w.epoch}`;
      row.points.push({
        tick: w.tick,
        kind: 'write',
        tone: w.outcome === 'applied' ? 'neutral' : w.outcome === 'rejected' ? 'stale' : 'wrong',
        label: `#${w.writer}${what}`,
        claim: w === decisive ? `${w.token} < ${w.epoch}: rejected` : undefined,
        title: cx.said(
          WRITE_EVENTS[w.outcome === 'rejected' ? 'rejected' : w.store],
          w.tick,
          w.writer,
          `${formatTick(w.tick)}: #${w.writer} writes ${subjectText(w.subject)} to the ${w.store} store — ${decision}`,
          (e) => sameSubject(e, w.subject),
        ),
        data: { store: w.store, outcome: w.outcome, attempt: w.writer },
      });
    }
    return row;
  };
  const journal = writeRow('journal', 'journal', ['journal']);
  journal.sub = 'writes, ↺ restores';
  for (const r of run.restores) {
    journal.points.push({
      tick: r.tick,
      kind: 'restore',
      tone: 'safe',
      label: `↺${r.step}`,
      title: cx.said(
        ['step-restored'],
        r.tick,
        r.attempt,
        `${formatTick(r.tick)}: #${r.attempt} restores ${r.step} from #${r.from}’s journal entry (no model call)`,
        (e) => e.kind === 'step-restored' && e.values.step === r.step,
      ),
      data: { attempt: r.attempt, step: r.step },
    });
  }
  const cands = writeRow('candidates', 'candidates', ['candidates']);
  for (const c of run.candidates) {
    const end = c.assessedAt ?? last;
    if (end > c.tick) {
      cands.spans.push({
        from: c.tick + 1,
        to: end + 0.5,
        kind: 'awaiting',
        tone: 'neutral',
        title: `${short(c.digest)} from #${c.attempt}: ${c.assessedAt === null ? 'never assessed' : `written ${formatTick(c.tick)}, ${c.status} ${formatTick(c.assessedAt)}`}`,
      });
    }
  }
  const effects = writeRow('effects', 'intents', ['intents', 'confirmations']);
  effects.sub = 'and confirmations';
  for (const i of run.intents) {
    const end = i.confirmedAt ?? last + 1;
    if (end > i.tick + 1) {
      effects.spans.push({
        from: i.tick + 1,
        to: end,
        kind: 'unconfirmed',
        tone: 'waiting',
        label: 'unconfirmed',
        title: `#${i.attempt}’s intent to announce ${short(i.digest)}: ${i.confirmedAt === null ? 'never confirmed' : `unconfirmed ${formatTick(i.tick)}–t${i.confirmedAt}, confirmed by #${i.confirmedBy}`}`,
      });
    }
  }
  return [journal, cands, effects];
}

/** The feed: every send and the feed’s answer. */
function feedRow(cx: Ctx): Row {
  const { run, faults } = cx;
  // ── The feed: every send and the feed's answer.
  const feed: Row = { id: 'feed', label: 'feed', spans: [], points: [] };
  for (const e of faults) {
    if (e.kind !== 'key-expired') continue;
    feed.points.push({
      tick: e.tick,
      kind: 'expired',
      tone: 'neutral',
      label: 'forgot',
      title: `${formatTick(e.tick)}: ${narrateFault(e)}`,
      data: { fault: e.kind, post: e.values.post },
    });
  }
  for (const s of run.sends) {
    const keyText = s.key ? `key ${s.key}` : 'no key';
    const kind = s.receipt === 'applied' ? 'post' : s.receipt;
    feed.points.push({
      tick: s.tick,
      kind,
      tone: s.duplicate ? 'duplicate' : s.receipt === 'rejected' ? 'stale' : 'neutral',
      label:
        s.receipt === 'remembered'
          ? `↺${s.post}`
          : s.receipt === 'rejected'
            ? '✕'
            : `${s.post}${s.duplicate ? ' dup' : ''}`,
      title: cx.said(
        [`send-${s.receipt}`],
        s.tick,
        s.attempt,
        s.receipt === 'applied'
          ? `${formatTick(s.tick)}: #${s.attempt} sends with ${keyText}; the feed applies ${s.post}${s.duplicate ? ', a second post for the same digest' : ''}`
          : s.receipt === 'remembered'
            ? `${formatTick(s.tick)}: #${s.attempt} sends with ${keyText}; the feed has seen the key and returns ${s.post}, posting nothing`
            : `${formatTick(s.tick)}: #${s.attempt} sends with ${keyText}; the feed rejects it`,
      ),
      data: { attempt: s.attempt, receipt: s.receipt, duplicate: s.duplicate, post: s.post ?? '' },
    });
  }
  return feed;
}

/** The newsletter: waiting, then admitted on one digest, quoting its figure. */
function newsletterRow(cx: Ctx): Row {
  const { run, ticks } = cx;
  // ── The newsletter: waiting, then admitted on one digest, quoting its figure.
  const news: Row = {
    id: 'newsletter',
    label: 'newsletter',
    sub: 'admitted on · quoting',
    spans: [],
    points: [],
  };
  for (const r of runs(ticks.map((s) => (s.newsletter.state === 'waiting' ? 'waiting' : null)))) {
    news.spans.push({
      from: r.from,
      to: r.to,
      kind: 'waiting',
      tone: 'waiting',
      label: 'waiting',
      title: `newsletter ready, waiting, ${formatTick(r.from)}–t${r.to - 1}`,
    });
  }
  if (run.newsletter) {
    const n = run.newsletter;
    news.points.push({
      tick: n.tick,
      kind: 'newsletter',
      tone: 'neutral',
      label: `${short(n.digest)} · ${n.quote}`,
      title: cx.said(
        ['newsletter-admitted'],
        n.tick,
        null,
        `${formatTick(n.tick)}: the newsletter is admitted on ${short(n.digest)}, quoting ${n.quote}`,
      ),
      data: { digest: short(n.digest) },
    });
  }
  return news;
}

/** Breaches, each named on the figure by its invariant, added to the lanes where they happen. */
function addBreaches(cx: Ctx, rows: Row[]): void {
  const { run } = cx;
  // ── Breaches, each named on the figure by its invariant (#fig grammar 6). The controller's and the
  // newsletter's get a mark of their own; a stale write or a duplicate post is already marked on its own
  // chip, so it gets its name beside it: one claim per run of breaches in one lane at the same or
  // consecutive ticks.
  for (const b of run.breaches) {
    const id = BREACH_ROW[b.invariant];
    const row = rows.find((r) => r.id === id);
    if (!row) continue;
    row.points.push({
      tick: b.tick,
      kind: 'breach',
      tone: 'wrong',
      label: invariantLabel(b.invariant, true),
      title: `${formatTick(b.tick)}: ${breachText(b)}`,
      data: { invariant: b.invariant },
    });
  }
  const claimRow = (b: Run['breaches'][number]): string | undefined => {
    if (b.invariant === 'duplicateEffect') return 'feed';
    if (b.invariant !== 'staleWrite') return undefined;
    const store = b.values.store;
    return store === 'journal' ? 'journal' : store === 'candidates' ? 'candidates' : 'effects';
  };
  const claims: { row: string; inv: InvariantId; from: number; to: number; titles: string[] }[] =
    [];
  for (const b of run.breaches) {
    const id = claimRow(b);
    if (!id) continue;
    // One claim per run of ticks: the same tick (two stores drawn in one lane) or the next one.
    const prev = claims.find(
      (c) => c.row === id && c.inv === b.invariant && b.tick >= c.to && b.tick <= c.to + 1,
    );
    if (prev) {
      prev.to = b.tick;
      prev.titles.push(`${formatTick(b.tick)}: ${breachText(b)}`);
    } else
      claims.push({
        row: id,
        inv: b.invariant,
        from: b.tick,
        to: b.tick,
        titles: [`${formatTick(b.tick)}: ${breachText(b)}`],
      });
  }
  for (const c of claims) {
    const n = c.titles.length;
    const name = invariantLabel(c.inv, true);
    rows
      .find((r) => r.id === c.row)
      ?.points.push({
        tick: c.from,
        kind: 'claim',
        tone: 'wrong',
        label: n > 1 ? `${name} ×${n}` : name,
        title: c.titles.join(' '),
        data: { invariant: c.inv },
      });
  }
}

export function timelineMarks(run: Run): TimelineMarks {
  const cx = context(run);
  const rows: Row[] = [
    reportRow(cx),
    ...controllerRows(cx),
    ...attemptRows(cx),
    ...storeRows(cx),
    feedRow(cx),
    newsletterRow(cx),
  ];
  addBreaches(cx, rows);
  return { lastTick: run.lastTick, rows };
}
