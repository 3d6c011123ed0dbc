/**
 * A run's outcome as the views render it, in a form that needs no model to
 * read: label/value rows whose values are text and tick references, each
 * broken invariant with its first breach tick, and the one sentence the
 * polite live region says. src/lib/outcome.ts builds all of it from a run
 * (trace pages at build time, the explorer live); the article's Try-it panel
 * reads the same data for any of the 864 settings from /data/tryit.json, built
 * at build time, so it never simulates. Outcome.tsx and Invariants.tsx render
 * it, whoever supplied it.
 *
 * Pure, with no model code at run time (types only, plus the settings' order
 * and the vocabulary's words): safe for the smallest island.
 */
import type { InvariantId } from '../model/types.ts';
import { SETTING_COUNT, settingIndex, type Switches } from '../model/switches.ts';
import { INVARIANTS, changedLabels, recordFor, type RecordInfo } from './vocabulary.ts';

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

export const outcomeRow = (id: OutcomeId, parts: Part[]): OutcomeRow => ({ id, label: OUTCOME_LABELS[id], parts });

/** "t8" */
export const tickText = (t: number): string => `t${t}`;

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

/** The live region's sentence: what the setting changes, then what its run did (`ran`, outcome.ts runSummary). */
export function settingSummary(s: Switches, ran: string): string {
  return `${changedLabels(s)}. ${ran}`;
}

// ——— The article's Try-it panel: one glance per setting ———

/** The outcome rows the Try-it panel shows, in this order. */
export const GLANCE_ROWS = ['calls', 'posts', 'duplicates', 'newsletter', 'finished'] as const satisfies readonly OutcomeId[];

/** What the Try-it panel shows of one run. */
export interface Glance {
  /** The parts of the GLANCE_ROWS, in order. */
  o: Part[][];
  /** The broken invariants and their first breach ticks. */
  b: BrokenAt;
  /** What the run did, in one sentence (outcome.ts runSummary). */
  s: string;
}

/** /data/tryit.json: the distinct glances, and for each setting (in the settings' one order) which glance is its run's. */
export interface GlanceTable {
  model: string;
  glances: Glance[];
  at: number[];
}

export function glanceRows(g: Glance): OutcomeRow[] {
  return GLANCE_ROWS.map((id, i) => outcomeRow(id, g.o[i]));
}

const isPart = (p: unknown): p is Part => typeof p === 'string' || (typeof p === 'object' && p !== null && Number.isInteger((p as { tick: unknown }).tick));
const isGlance = (g: unknown): g is Glance => {
  const x = g as Glance;
  return (
    typeof x === 'object' && x !== null && typeof x.s === 'string' &&
    Array.isArray(x.o) && x.o.length === GLANCE_ROWS.length && x.o.every((ps) => Array.isArray(ps) && ps.every(isPart)) &&
    Array.isArray(x.b) && x.b.every((e) => Array.isArray(e) && INVARIANTS.some((i) => i.id === e[0]) && (e[1] === null || Number.isInteger(e[1])))
  );
};

/** The table, if `data` is one (a fetched file is checked before it is believed). */
export function asGlanceTable(data: unknown): GlanceTable | null {
  const t = data as GlanceTable;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.glances) || !Array.isArray(t.at)) return null;
  if (t.at.length !== SETTING_COUNT || !t.glances.every(isGlance)) return null;
  if (!t.at.every((i) => Number.isInteger(i) && i >= 0 && i < t.glances.length)) return null;
  return t;
}

/** The glance of the setting's run. */
export function glanceAt(table: GlanceTable, s: Switches): Glance {
  return table.glances[table.at[settingIndex(s)]];
}
