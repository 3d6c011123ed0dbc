/**
 * Words and short strings for what a run already says. Pure functions of
 * model output: they format, they never decide. Shared by the explorer, the
 * TryIt panel and the unit tests.
 */
import { INVARIANT_IDS, SWITCH_IDS, journalAt, short, type InvariantId, type Run, type Switches } from './model.ts';
import { outcomeRows as describeOutcome, partsText } from '../../lib/outcome.ts';
import { changedLabels, invariantLabel } from '../../lib/vocabulary.ts';

export const tickLabel = (t: number): string => `t${t}`;

export { callsByAttemptText } from '../../lib/outcome.ts';

/** The outcome rows as label/value text (Compare diffs them; tests read them). */
export function outcomeRows(run: Run): { id: string; label: string; value: string }[] {
  return describeOutcome(run).map((r) => ({ id: r.id, label: r.label, value: partsText(r.parts) }));
}

export function brokenIds(run: Run): InvariantId[] {
  return INVARIANT_IDS.filter((id) => run.invariants[id]);
}

/** A one-sentence summary of a run for the polite live region. */
export function summarise(s: Switches, run: Run): string {
  const what = changedLabels(s);
  const broken = brokenIds(run).map((id) => invariantLabel(id, true));
  const news = run.newsletter ? `newsletter ${tickLabel(run.newsletter.tick)} quoting ${run.newsletter.quote}` : 'newsletter never admitted';
  return (
    `${what}. ${run.calls} calls, ${run.posts} ${run.posts === 1 ? 'post' : 'posts'}, ${news}, ` +
    `${run.finished ? 'finished' : 'not finished'}. ` +
    (broken.length ? `Broken: ${broken.join(', ')}.` : 'No invariant broken.')
  );
}

export function sameSwitches(a: Switches, b: Switches): boolean {
  return SWITCH_IDS.every((id) => a[id] === b[id]);
}

export interface JournalRow {
  step: string;
  result: string;
  input: string; // short input hash, or "none (pins off)"
  writer: number;
  token: number;
  tick: number;
  stale: boolean;
  restoredBy: number[];
  redoneBy: number[];
}

/** The journal as it stands at `tick` (journalAt), formatted for the explorer's journal panel. */
export function journalRows(run: Run, tick: number): JournalRow[] {
  return journalAt(run, tick).map((e) => ({
    step: e.step,
    result: short(e.resultId),
    input: e.inputHash ? short(e.inputHash) : 'none (pins off)',
    writer: e.writer,
    token: e.token,
    tick: e.tick,
    stale: e.stale,
    restoredBy: e.restoredBy,
    redoneBy: e.redoneBy,
  }));
}

/** The panels of the state at a tick (Focus ids, plus 'now'). */
export type PanelId = 'attempts' | 'epoch' | 'journal' | 'artifacts' | 'effects' | 'feed' | 'newsletter';

/**
 * Which panels show something different at `tick` than at the tick before:
 * a plain comparison of the two snapshots' parts (and of the records written
 * at this tick). At t0 a panel has changed when it shows anything at all.
 */
export function changedPanels(run: Run, tick: number): Set<PanelId> {
  const now = run.ticks[tick];
  const before = tick > 0 ? run.ticks[tick - 1] : null;
  const out = new Set<PanelId>();
  const j = (x: unknown) => JSON.stringify(x);
  const differs = (a: unknown, b: unknown) => j(a) !== j(b);
  const empty = { attempts: [], ownerEpoch: null, journal: 0, candidates: [], intents: [], posts: 0, feedKeys: [], newsletter: null };
  const b = before ?? empty;
  if (differs(now.attempts, b.attempts)) out.add('attempts');
  if ((before && now.ownerEpoch !== before.ownerEpoch) || run.writes.some((w) => w.tick === tick)) out.add('epoch');
  if (differs(now.journal, b.journal) || run.restores.some((r) => r.tick === tick)) out.add('journal');
  if (differs(now.candidates, b.candidates) || run.acceptances.some((a) => a.tick === tick)) out.add('artifacts');
  if (differs(now.intents, b.intents)) out.add('effects');
  if (now.posts !== b.posts || differs(now.feedKeys, b.feedKeys)) out.add('feed');
  if (before && differs(now.newsletter, before.newsletter)) out.add('newsletter');
  return out;
}

/** Where the tick control marks something: ticks with events, and ticks where an invariant breaks. */
export function tickMarks(run: Run): { events: number[]; breaks: number[] } {
  return {
    events: [...new Set(run.events.map((e) => e.tick))],
    breaks: [...new Set(run.breaches.map((b) => b.tick))],
  };
}
