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

export function Legend({ faults = [] }: { faults?: readonly FaultKey[] }) {
  return (
    <ul class="tl-legend">
      <li>
        <span class="tl-k t-neutral">{'\u00a0'}</span>running
      </li>
      <li>
        <span class="tl-k k-hatch">{'\u00a0'}</span>unknown · unconfirmed · waiting
      </li>
      <li>
        <span class="tl-k k-line t-neutral" />
        working
      </li>
      <li>
        <span class="tl-k k-dots t-waiting" />
        asleep
      </li>
      <li>
        <span class="tl-k t-neutral">▶</span>admitted
      </li>
      <li>
        <span class="tl-k t-waiting">?</span>suspected
      </li>
      <li>
        <span class="tl-k t-safe">✓</span>accepted, done
      </li>
      <li>
        <span class="tl-k t-stale">⊣</span>fenced
      </li>
      <li>
        <span class="tl-k t-stale">✕</span>refused
      </li>
      <li>
        <span class="tl-k t-neutral">✕</span>dies
      </li>
      <li>
        <span class="tl-k t-neutral">#1 s1</span>write applied
      </li>
      <li>
        <span class="tl-k k-dash k-strike t-stale">#1 s3</span>write rejected, stale token
      </li>
      <li>
        <span class="tl-k k-heavy t-wrong">!</span>stale write applied
      </li>
      <li>
        <span class="tl-k k-dash t-safe">↺</span>restored
      </li>
      <li>
        <span class="tl-k t-neutral">P1</span>post
      </li>
      <li>
        <span class="tl-k k-double t-duplicate">P2 dup</span>duplicate post
      </li>
      <li>
        <span class="tl-k k-dash t-neutral">↺P1</span>answered from the key
      </li>
      <li>
        <span class="tl-k t-wrong">!</span>invariant broken
      </li>
      {faults.map((k) => (
        <li class="tl-fault-k" data-k={k} key={k}>
          {FAULT_ENTRIES[k]()}
        </li>
      ))}
    </ul>
  );
}
