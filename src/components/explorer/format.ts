/**
 * Words and short strings for what a run already says. Pure functions of
 * model output: they format, they never decide. Shared by the explorer, the
 * TryIt panel and the unit tests.
 */
import { SWITCH_IDS, TIMING, changedFromMain, journalAt, short, type InvariantId, type Run, type Switches } from './model.ts';
import { outcomeRows as describeOutcome, partsText } from '../../lib/outcome.ts';
import { INVARIANTS, RECORDS, VOCABULARY, valueLabel } from '../../lib/vocabulary.ts';

export const tickLabel = (t: number): string => `t${t}`;

export { callsByAttemptText } from '../../lib/outcome.ts';

/** The outcome rows as label/value text (Compare diffs them; tests read them). */
export function outcomeRows(run: Run): { id: string; label: string; value: string }[] {
  return describeOutcome(run).map((r) => ({ id: r.id, label: r.label, value: partsText(r.parts) }));
}

export function brokenIds(run: Run): InvariantId[] {
  return INVARIANTS.filter((i) => run.invariants[i.id]).map((i) => i.id);
}

/** The first tick at which the engine noted a breach of the invariant, if any. */
export function breachTick(run: Run, id: InvariantId): number | null {
  const b = run.breaches.find((x) => x.invariant === id);
  return b ? b.tick : null;
}

export function recordFor(id: InvariantId) {
  const inv = INVARIANTS.find((i) => i.id === id)!;
  return RECORDS.find((r) => r.id === inv.record)!;
}

/** A one-sentence summary of a run for the polite live region. */
export function summarise(s: Switches, run: Run): string {
  const changed = changedFromMain(s);
  const what = changed.length
    ? changed.map((id) => `${VOCABULARY[id].label}: ${valueLabel(id, s[id])}`).join('; ')
    : 'Main trace';
  const broken = brokenIds(run).map((id) => INVARIANTS.find((i) => i.id === id)!.label.toLowerCase());
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
