/**
 * The one description of a run's outcome: label/value rows whose values are
 * text and tick references, and its five invariants with their breaches. Trace pages, the explorer and its TryIt panel
 * render it (src/components/trace/Outcome.tsx); Compare diffs its text.
 * Pure: it formats what the run says and decides nothing. The shapes it
 * builds, and what reads them without a run, are in outcome-view.ts (the
 * table's reader in tryit-table.ts); the
 * article's Try-it panel gets its glances from here at build time
 * (/data/tryit.json, `glanceTable`).
 */
import { TIMING, newsletterView, short, type InvariantId, type Run } from '../model/browser.ts';
import { breachText } from './narrate.ts';
import { INVARIANTS, invariantLabel, recordFor, type RecordInfo } from './vocabulary.ts';
import {
  byAttemptText,
  glanceRows,
  glanceSummary,
  outcomeRow,
  type BrokenAt,
  type Glance,
  type OutcomeRow,
  type Part,
} from './outcome-view.ts';
import type { GlanceTable } from './tryit-table.ts';

export { OUTCOME_LABELS, partsText, tickText, type OutcomeRow, type Part } from './outcome-view.ts';

/** "#1 3 · #2 3 · #3 0" */
export function callsByAttemptText(run: Run): string {
  return byAttemptText(Object.entries(run.callsByAttempt).map(([n, c]) => [Number(n), c]));
}

function join<T>(items: T[], each: (x: T) => Part[], sep: string): Part[] {
  return items.flatMap((x, i) => (i > 0 ? [sep, ...each(x)] : each(x)));
}

export function outcomeRows(run: Run): OutcomeRow[] {
  // The five rows the Try-it panel shows come from the run's glance, in the words both share.
  const [calls, posts, duplicates, newsletter, finished] = glanceRows(
    glanceOf(run),
    TIMING.minimumCalls,
  );
  return [
    calls,
    outcomeRow(
      'restored',
      run.restores.length
        ? [
            `${run.restored} (`,
            ...join(
              run.restores,
              (r) => [`${r.step} by #${r.attempt} from #${r.from}’s entry at `, { tick: r.tick }],
              ', ',
            ),
            ')',
          ]
        : [`${run.restored}`],
    ),
    outcomeRow('rejected', [`${run.staleWritesRejected}`]),
    outcomeRow('applied', [`${run.staleWritesApplied}`]),
    posts,
    duplicates,
    outcomeRow(
      'acceptances',
      run.acceptances.length
        ? join(
            run.acceptances,
            (a) => [
              { tick: a.tick },
              ` ${short(a.digest)} ${a.version ? `for ${a.version}` : '(no version recorded)'}`,
            ],
            '; ',
          )
        : ['none'],
    ),
    newsletter,
    finished,
    outcomeRow('last', [{ tick: run.lastTick }]),
  ];
}

/** One invariant of a run: held or broken, the breaches the engine noted (tick and sentence), and the record that guards it. */
export interface InvariantRow {
  id: InvariantId;
  label: string;
  meaning: string;
  broken: boolean;
  breaches: { tick: number; text: string }[];
  record: RecordInfo;
}

export function invariantRows(run: Run): InvariantRow[] {
  return INVARIANTS.map((inv) => ({
    id: inv.id,
    label: invariantLabel(inv.id),
    meaning: inv.meaning,
    broken: run.invariants[inv.id],
    breaches: run.breaches
      .filter((b) => b.invariant === inv.id)
      .map((b) => ({ tick: b.tick, text: breachText(b) })),
    record: recordFor(inv.id),
  }));
}

/** The broken invariants, each with its first breach's tick (the list's "First at"). */
export function brokenAt(run: Run): BrokenAt {
  return INVARIANTS.filter((inv) => run.invariants[inv.id]).map((inv) => [
    inv.id,
    run.breaches.find((b) => b.invariant === inv.id)?.tick ?? null,
  ]);
}

/** What the run did, in one sentence (the live region's words after the setting's). */
export function runSummary(run: Run): string {
  return glanceSummary(glanceOf(run));
}

/** The facts of the run that the article's Try-it panel shows. */
export function glanceOf(run: Run): Glance {
  return {
    calls: run.calls,
    byAttempt: Object.entries(run.callsByAttempt).map(([n, c]) => [Number(n), c]),
    posts: run.posts,
    duplicates: run.duplicatePosts,
    newsletter: newsletterView(run),
    finished: run.finished,
    broken: brokenAt(run),
  };
}

/** /data/tryit.json: `runs` in the settings' one order (allSettings()), each setting pointing at its run's glance; equal glances stored once. */
export function glanceTable(runs: Run[], model: string): GlanceTable {
  const index = new Map<string, number>();
  const glances: Glance[] = [];
  const at = runs.map((run) => {
    const g = glanceOf(run);
    const key = JSON.stringify(g);
    let i = index.get(key);
    if (i === undefined) {
      i = glances.push(g) - 1;
      index.set(key, i);
    }
    return i;
  });
  return { model, glances, at };
}
