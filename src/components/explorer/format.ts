/**
 * Words and short strings for what a run already says. Pure functions of
 * model output: they format, they never decide. Shared by the explorer, the
 * companion's sweep tables and the unit tests.
 */
import {
  INVARIANT_IDS,
  journalAt,
  short,
  type InvariantId,
  type Run,
  type Switches,
} from './model.ts';
import { outcomeRows as describeOutcome, partsText, runSummary } from '../../lib/outcome.ts';
import { settingSummary } from '../../lib/outcome-view.ts';
import { formatTick } from '../../lib/format.ts';

export const tickLabel = formatTick;

export { callsByAttemptText } from '../../lib/outcome.ts';

/** The outcome rows as label/value text (Compare diffs them; tests read them). */
export function outcomeRows(run: Run): { id: string; label: string; value: string }[] {
  return describeOutcome(run).map((r) => ({ id: r.id, label: r.label, value: partsText(r.parts) }));
}

export function brokenIds(run: Run): InvariantId[] {
  return INVARIANT_IDS.filter((id) => run.invariants[id]);
}

/** A one-sentence summary of a run for the polite live region (the Try-it panel says the same from its table). */
export function summarise(s: Switches, run: Run): string {
  return settingSummary(s, runSummary(run));
}

export { sameSwitches } from '../../model/presets.ts';

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
