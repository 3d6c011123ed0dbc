/**
 * The one description of a run's outcome: label/value rows whose values are
 * text and tick references, and its five invariants with their breaches. Trace pages, the explorer and its TryIt panel
 * render it (src/components/trace/Outcome.tsx); Compare diffs its text.
 * Pure: it formats what the run says and decides nothing.
 */
import { TIMING, short, type InvariantId, type Run } from '../model/browser.ts';
import { breachText } from './narrate.ts';
import { INVARIANTS, invariantLabel, recordFor, type RecordInfo } from './vocabulary.ts';

/** A piece of a value: text, or a tick a renderer may link. */
export type Part = string | { tick: number };

export interface OutcomeRow {
  id: 'calls' | 'restored' | 'rejected' | 'applied' | 'posts' | 'duplicates' | 'acceptances' | 'newsletter' | 'finished' | 'last';
  label: string;
  parts: Part[];
}

/** "t8" */
export const tickText = (t: number): string => `t${t}`;

/** A row's value as plain text. */
export function partsText(parts: Part[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : tickText(p.tick))).join('');
}

/** "#1 3 · #2 3 · #3 0" */
export function callsByAttemptText(run: Run): string {
  return Object.entries(run.callsByAttempt)
    .map(([n, c]) => `#${n} ${c}`)
    .join(' · ');
}

function join<T>(items: T[], each: (x: T) => Part[], sep: string): Part[] {
  return items.flatMap((x, i) => (i > 0 ? [sep, ...each(x)] : each(x)));
}

export function outcomeRows(run: Run): OutcomeRow[] {
  return [
    { id: 'calls', label: 'Model calls', parts: [`${run.calls} (minimum ${TIMING.minimumCalls}; ${callsByAttemptText(run)})`] },
    {
      id: 'restored',
      label: 'Steps restored',
      parts: run.restores.length
        ? [`${run.restored} (`, ...join(run.restores, (r) => [`${r.step} by #${r.attempt} from #${r.from}’s entry at `, { tick: r.tick }], ', '), ')']
        : [`${run.restored}`],
    },
    { id: 'rejected', label: 'Stale writes rejected', parts: [`${run.staleWritesRejected}`] },
    { id: 'applied', label: 'Stale writes applied', parts: [`${run.staleWritesApplied}`] },
    { id: 'posts', label: 'Posts applied by the feed', parts: [`${run.posts}`] },
    { id: 'duplicates', label: 'Duplicate posts', parts: [`${run.duplicatePosts}`] },
    {
      id: 'acceptances',
      label: 'Acceptances',
      parts: run.acceptances.length
        ? join(run.acceptances, (a) => [{ tick: a.tick }, ` ${short(a.digest)} ${a.version ? `for ${a.version}` : '(no version recorded)'}`], '; ')
        : ['none'],
    },
    {
      id: 'newsletter',
      label: 'Newsletter',
      parts: run.newsletter
        ? ['admitted ', { tick: run.newsletter.tick }, ` on ${short(run.newsletter.digest)}, quoting ${run.newsletter.quote}`]
        : ['never admitted'],
    },
    { id: 'finished', label: 'Finished', parts: [run.finished ? 'yes' : 'no'] },
    { id: 'last', label: 'Last tick', parts: [{ tick: run.lastTick }] },
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
    breaches: run.breaches.filter((b) => b.invariant === inv.id).map((b) => ({ tick: b.tick, text: breachText(b) })),
    record: recordFor(inv.id),
  }));
}
