/**
 * The timeline's legend: what every shape means, in words. One renderer for
 * the static figures (TimelineFigure.astro) and the explorer's stage.
 *
 * The fault schedule's marks get entries only where a figure has them: a
 * static figure passes the keys its run has (`faultKeys`), so a base-schedule
 * figure's legend is exactly what it was; the explorer's one legend lists them
 * all, each tagged data-k, and timeline.css hides those its figure lacks.
 */
import type { JSX } from 'preact';
import type { Run } from '../../model/browser.ts';
import { isFaultEvent } from '../../lib/narrate-faults.ts';
import { timelineMarks } from './marks.ts';

/** Legend keys of the fault marks, in legend order; 'epoch-back' is a restart that did not keep the epoch. */
export const FAULT_KEYS = [
  'controller-down',
  'controller-restarted',
  'epoch-back',
  'falls-silent-before',
  'wakes-to-act',
  'poster-dies-at',
  'key-expired',
] as const;
export type FaultKey = (typeof FAULT_KEYS)[number];

/** The fault legend keys a run's figure needs, read from its events. */
export function faultKeys(run: Run): FaultKey[] {
  const have = new Set<FaultKey>();
  for (const e of run.events) {
    if (!isFaultEvent(e)) continue;
    // A crashed #1 that falls silent before an action dies there: its mark is the death's ✕, not a pause.
    if (e.kind === 'falls-silent-before' && run.switches.silent === 'crashed') continue;
    have.add(e.kind);
    if (e.kind === 'controller-restarted' && e.values.epoch < e.values.before)
      have.add('epoch-back');
  }
  return FAULT_KEYS.filter((k) => have.has(k));
}

const FAULT_ENTRIES: Record<FaultKey, () => JSX.Element> = {
  'controller-down': () => (
    <>
      <span class="tl-k k-down">down</span>controller down
    </>
  ),
  'controller-restarted': () => (
    <>
      <span class="tl-k k-ring t-neutral">↻</span>controller restarts
    </>
  ),
  'epoch-back': () => (
    <>
      <span class="tl-k k-dash t-wrong">↓</span>owner epoch went back (old→new)
    </>
  ),
  'falls-silent-before': () => (
    <>
      <span class="tl-k t-waiting">‖</span>falls silent before an action
    </>
  ),
  'wakes-to-act': () => (
    <>
      <span class="tl-k k-ring t-waiting">{'\u00a0'}</span>wakes, and acts
    </>
  ),
  'poster-dies-at': () => (
    <>
      <span class="tl-k t-neutral">✕</span>dies at the schedule’s point
    </>
  ),
  'key-expired': () => (
    <>
      <span class="tl-k k-dots-box t-neutral">forgot</span>the feed forgot a key
    </>
  ),
};

/** The base entries, each under the key legendKeys() gives it. */
const BASE_ENTRIES: [string, () => JSX.Element][] = [
  [
    'change',
    () => (
      <>
        <span class="tl-k k-change t-neutral">▽</span>the report changes (dashed line down the
        lanes)
      </>
    ),
  ],
  [
    'epoch',
    () => (
      <>
        <span class="tl-k k-step" />
        owner epoch (steps up)
      </>
    ),
  ],
  [
    'running',
    () => (
      <>
        <span class="tl-k t-neutral">{'\u00a0'}</span>running
      </>
    ),
  ],
  [
    'hatch',
    () => (
      <>
        <span class="tl-k k-hatch">{'\u00a0'}</span>unknown · unconfirmed · waiting
      </>
    ),
  ],
  [
    'working',
    () => (
      <>
        <span class="tl-k k-line t-neutral" />
        working (• a model call)
      </>
    ),
  ],
  [
    'asleep',
    () => (
      <>
        <span class="tl-k k-dots t-waiting" />
        asleep
      </>
    ),
  ],
  [
    'wakes',
    () => (
      <>
        <span class="tl-k k-ring t-waiting">{'\u00a0'}</span>wakes
      </>
    ),
  ],
  [
    'admit',
    () => (
      <>
        <span class="tl-k t-neutral">▶</span>admitted
      </>
    ),
  ],
  [
    'suspect',
    () => (
      <>
        <span class="tl-k t-waiting">?</span>suspected
      </>
    ),
  ],
  [
    'accept',
    () => (
      <>
        <span class="tl-k t-safe">✓</span>accepted, done
      </>
    ),
  ],
  [
    'fenced',
    () => (
      <>
        <span class="tl-k t-stale">⊣</span>fenced
      </>
    ),
  ],
  [
    'refuse',
    () => (
      <>
        <span class="tl-k t-stale">✕</span>refused
      </>
    ),
  ],
  [
    'dies',
    () => (
      <>
        <span class="tl-k t-neutral">✕</span>dies
      </>
    ),
  ],
  [
    'write',
    () => (
      <>
        <span class="tl-k t-neutral">#1 s1</span>write applied
      </>
    ),
  ],
  [
    'rejected',
    () => (
      <>
        <span class="tl-k k-dash k-strike t-stale">#1 s3</span>write rejected, stale token
      </>
    ),
  ],
  [
    'stale-applied',
    () => (
      <>
        <span class="tl-k k-heavy t-wrong">#1 s3</span>stale write applied
      </>
    ),
  ],
  [
    'restore',
    () => (
      <>
        <span class="tl-k k-dash t-safe">↺</span>restored
      </>
    ),
  ],
  [
    'awaiting',
    () => (
      <>
        <span class="tl-k k-dots k-thin t-neutral" />
        candidate awaiting assessment
      </>
    ),
  ],
  [
    'post',
    () => (
      <>
        <span class="tl-k t-neutral">P1</span>post
      </>
    ),
  ],
  [
    'dup',
    () => (
      <>
        <span class="tl-k k-double t-duplicate">P2 dup</span>duplicate post
      </>
    ),
  ],
  [
    'remembered',
    () => (
      <>
        <span class="tl-k k-dash t-neutral">↺P1</span>answered from the key
      </>
    ),
  ],
  [
    'newsletter',
    () => (
      <>
        <span class="tl-k k-dot t-neutral" />
        newsletter admitted
      </>
    ),
  ],
  [
    'breach',
    () => (
      <>
        <span class="tl-k t-wrong">!</span>invariant broken (named beside it)
      </>
    ),
  ],
  [
    'claim',
    () => (
      <>
        <span class="tl-k k-claim t-wrong">|</span>invariant broken by the mark beside it
      </>
    ),
  ],
  [
    'highlight',
    () => (
      <>
        <span class="tl-k k-band">{'\u00a0'}</span>the ticks the caption names
      </>
    ),
  ],
];

/** The legend keys of the marks a run's figure draws (and the highlight band when it has one). */
export function legendKeys(run: Run, opts: { highlight?: boolean } = {}): string[] {
  const m = timelineMarks(run);
  const have = new Set<string>();
  for (const r of m.rows) {
    for (const sp of r.spans) {
      if (sp.kind === 'epoch') have.add('epoch');
      else if (sp.kind === 'running') have.add('running');
      else if (sp.tone === 'waiting' && sp.kind !== 'asleep') have.add('hatch');
      else if (sp.kind === 'working' || sp.kind === 'asleep' || sp.kind === 'awaiting')
        have.add(sp.kind);
    }
    for (const p of r.points) {
      const o = p.data?.outcome;
      if (p.kind === 'write') have.add(o === 'applied' ? 'write' : String(o));
      else if (p.kind === 'post') have.add(p.data?.duplicate === true ? 'dup' : 'post');
      else if (p.kind === 'done') have.add('accept');
      else if (p.kind === 'refused') have.add('refuse');
      else if (p.kind === 'call') have.add('working');
      else have.add(p.kind);
    }
  }
  if (opts.highlight) have.add('highlight');
  return BASE_ENTRIES.map(([k]) => k).filter((k) => have.has(k));
}

/**
 * The legend: `keys` lists the base entries to show (legendKeys: what the figure uses); without it,
 * every entry (the explorer's one legend, shared by every run it shows).
 */
export function Legend({
  faults = [],
  keys,
}: {
  faults?: readonly FaultKey[];
  keys?: readonly string[];
}) {
  const shown = keys
    ? BASE_ENTRIES.filter(([k]) => keys.includes(k))
    : BASE_ENTRIES.filter(([k]) => k !== 'highlight');
  return (
    <ul class="tl-legend">
      {shown.map(([k, entry]) => (
        <li key={k} data-entry={k}>
          {entry()}
        </li>
      ))}
      {faults.map((k) => (
        <li class="tl-fault-k" data-k={k} key={k}>
          {FAULT_ENTRIES[k]()}
        </li>
      ))}
    </ul>
  );
}
