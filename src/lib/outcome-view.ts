/**
 * A run's outcome as the views render it, in a form that needs no model to
 * read: label/value rows whose values are text and tick references, each
 * broken invariant with its first breach tick, and the one sentence the
 * polite live region says, the last two built from a run's few facts (its
 * glance). src/lib/outcome.ts builds all of it from a run (trace pages at
 * build time, the explorer live); the article's Try-it panel gets each
 * setting's glance from /data/tryit.json (tryit-table.ts), built at build
 * time, so it never simulates. Outcome.tsx and Invariants.tsx render it,
 * whoever supplied it.
 *
 * Pure, with no model code at run time (types only, and the vocabulary's
 * words): safe for the smallest island.
 */
import type { InvariantId } from '../model/types.ts';
import type { Switches } from '../model/switches.ts';
import {
  INVARIANTS,
  changedLabels,
  invariantLabel,
  recordFor,
  type RecordInfo,
} from './vocabulary.ts';
import { formatTick } from './format.ts';

/** A piece of a value: text, or a tick a renderer may link. */
export type Part = string | { tick: number };

/** The outcome's rows, in the order every view lists them. */
export const OUTCOME_LABELS = {
  calls: 'Model calls',
  restored: 'Steps restored',
  rejected: 'Stale writes rejected',
  applied: 'Stale writes applied',
  posts: 'Posts applied by the feed',
  duplicates: 'Duplicate posts',
  acceptances: 'Acceptances',
  newsletter: 'Newsletter',
  finished: 'Finished',
  last: 'Last tick',
} as const;

export type OutcomeId = keyof typeof OUTCOME_LABELS;

export interface OutcomeRow {
  id: OutcomeId;
  label: string;
  parts: Part[];
}

export const outcomeRow = (id: OutcomeId, parts: Part[]): OutcomeRow => ({
  id,
  label: OUTCOME_LABELS[id],
  parts,
});

/** "t8" */
export const tickText = formatTick;

/** A row's value as plain text. */
export function partsText(parts: Part[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : tickText(p.tick))).join('');
}

/** Each broken invariant of a run, in the vocabulary's order, with the tick of its first breach (null if none was noted). */
export type BrokenAt = [InvariantId, number | null][];

/** One invariant as the explorer's and Try-it's list shows it. */
export interface InvariantItem {
  id: InvariantId;
  label: string;
  meaning: string;
  broken: boolean;
  /** The first breach's tick, when broken. */
  first: number | null;
  record: RecordInfo;
}

/** The five invariants, held or broken as `broken` says, with their words and records. */
export function invariantItems(broken: BrokenAt): InvariantItem[] {
  const at = new Map(broken);
  return INVARIANTS.map((inv) => ({
    id: inv.id,
    label: inv.label,
    meaning: inv.meaning,
    broken: at.has(inv.id),
    first: at.get(inv.id) ?? null,
    record: recordFor(inv.id),
  }));
}

/** An invariant's status as the explorer's and Try-it's list says it: "Idempotent posting: broken". */
export const invariantStatus = (item: Pick<InvariantItem, 'label' | 'broken'>): string =>
  `${item.label}: ${item.broken ? 'broken' : 'held'}`;

/** "First at t8. " before a broken invariant's record, or '' when no first breach was noted. */
export const firstBreachText = (first: number | null): string =>
  first === null ? '' : `First at ${tickText(first)}. `;

/** The Try-it panel's verdict: "Every invariant holds" or "2 of 5 invariants broken". */
export const verdictText = (broken: number): string =>
  broken === 0 ? 'Every invariant holds' : `${broken} of ${INVARIANTS.length} invariants broken`;

/** The live region's sentence: what the setting changes, then what its run did (`ran`, glanceSummary). */
export function settingSummary(s: Switches, ran: string): string {
  return `${changedLabels(s)}. ${ran}`;
}

// ——— The rows any run has, from its facts (outcome.ts builds the rest of a run's rows) ———

/** "#1 3 · #2 3 · #3 0": each attempt's model calls. */
/** Calls by attempt: "#1: 3, #2: 3, #3: 0" (a colon, so "#1 3" is not read as one name). */
export const byAttemptText = (byAttempt: [number, number][]): string =>
  byAttempt.map(([n, c]) => `#${n}: ${c}`).join(', ');

/** The few facts of a run that the Try-it panel shows (and its live sentence says). */
export interface Glance {
  calls: number;
  /** [attempt, its model calls], by attempt. */
  byAttempt: [number, number][];
  posts: number;
  duplicates: number;
  /** Tick, short digest and quoted figure of the newsletter's admission, if any. */
  newsletter: { tick: number; digest: string; quote: string } | null;
  finished: boolean;
  /** The broken invariants and their first breach ticks. */
  broken: BrokenAt;
}

/** The rows the Try-it panel shows, in the order every view lists them: calls, posts, duplicates, newsletter, finished. */
export const GLANCE_ROWS = [
  'calls',
  'posts',
  'duplicates',
  'newsletter',
  'finished',
] as const satisfies readonly OutcomeId[];

/** Those rows (outcomeRows(run) builds its own with these same words); `minimumCalls` is the model's TIMING.minimumCalls. */
export function glanceRows(
  g: Glance,
  minimumCalls: number,
): [
  calls: OutcomeRow,
  posts: OutcomeRow,
  duplicates: OutcomeRow,
  newsletter: OutcomeRow,
  finished: OutcomeRow,
] {
  return [
    outcomeRow('calls', [`${g.calls} (${byAttemptText(g.byAttempt)}; minimum ${minimumCalls})`]),
    outcomeRow('posts', [`${g.posts}`]),
    outcomeRow('duplicates', [`${g.duplicates}`]),
    outcomeRow(
      'newsletter',
      g.newsletter
        ? [
            'admitted ',
            { tick: g.newsletter.tick },
            ` on ${g.newsletter.digest}, quoting ${g.newsletter.quote}`,
          ]
        : ['never admitted'],
    ),
    outcomeRow('finished', [g.finished ? 'yes' : 'no']),
  ];
}

/** What the run did, in one sentence: calls, posts, the newsletter, finished, the broken invariants (the live region's words after the setting's). */
export function glanceSummary(g: Glance): string {
  const broken = g.broken.map(([id]) => invariantLabel(id, true));
  const news = g.newsletter
    ? `newsletter ${tickText(g.newsletter.tick)} quoting ${g.newsletter.quote}`
    : 'newsletter never admitted';
  return (
    `${g.calls} calls, ${g.posts} ${g.posts === 1 ? 'post' : 'posts'}, ${news}, ` +
    `${g.finished ? 'finished' : 'not finished'}. ` +
    (broken.length ? `Broken: ${broken.join(', ')}.` : 'No invariant broken.')
  );
}
