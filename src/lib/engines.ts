/**
 * The engines' results (src/data/engines.json, written by
 * `npm run lab -- --engines`) turned into what /engines/ shows: the records
 * table (the model, then each engine), the breaches per key × store choice,
 * the faults struck and the most instructive history per engine. Every count
 * on the page comes from here; tests/site/engines.test.ts checks the built
 * page against dist/data/engines.json.
 */
import data from '../data/engines.json';
import { RECORD_GUARDS, type RecordId } from '../model/records.ts';
import type { InvariantId } from '../model/types.ts';

export type RecordStatus = 'kept by the engine' | 'yours to write' | 'absent';
export interface ChoiceResult {
  key: 'per-operation' | 'per-attempt' | 'none';
  store: 'fenced' | 'plain';
  runs: number;
  finished: number;
  errors: number;
  breaches: Record<InvariantId, number>;
  seeds: Record<InvariantId, string[]>;
  replayPinned: number;
  staleApplied: number;
  staleRejected: number;
}
export interface EngineResult {
  name: string;
  version: string;
  available: boolean;
  why?: string;
  workers?: number;
  noServer?: string | null;
  records: Record<RecordId, { status: RecordStatus; why: string }>;
  runs?: number;
  seconds?: number;
  generated?: string;
  tickMs?: number;
  /** Runs asked for; fewer were made when cutShort. */
  asked?: number;
  cutShort?: boolean;
  faults?: Record<string, number>;
  finished?: number;
  /** Runs in which the job returned its result before the horizon. */
  returned?: number;
  errors?: number;
  choices?: ChoiceResult[];
  history?: {
    seed: string;
    key: string;
    store: string;
    invariant: InvariantId;
    why: string;
    lines: string[];
    step: 'announce' | 'summarise';
  } | null;
}
export interface EnginesData {
  invariants: InvariantId[];
  engines: EngineResult[];
}

export const ENGINES = data as unknown as EnginesData;

/** The columns of the records table: the engines the page knows, in this order; a missing one is "not run". */
export const ENGINE_COLUMNS = [
  { name: 'restate', label: 'Restate' },
  { name: 'dbos', label: 'DBOS' },
] as const;

export const engineOf = (name: string): EngineResult | null =>
  ENGINES.engines.find((e) => e.name === name && e.available) ?? null;

/**
 * Which of the runs' choices leave a record out, and the invariant that shows
 * it: the epoch without a fenced store, the effect without a per-operation key.
 * Null: no choice of these runs leaves it out.
 */
export const LEFT_OUT: Record<
  RecordId,
  { without: (c: ChoiceResult) => boolean; invariant: InvariantId } | null
> = {
  attempt: null,
  journal: null,
  epoch: { without: (c) => c.store === 'plain', invariant: 'staleWrite' },
  effect: { without: (c) => c.key !== 'per-operation', invariant: 'duplicateEffect' },
  acceptance: null,
};

/** Runs and breaches of a record's invariant with the record kept, and with it left out. */
export function withAndWithout(e: EngineResult, rec: RecordId) {
  const lo = LEFT_OUT[rec];
  if (!lo || !e.choices) return null;
  const sum = (cs: ChoiceResult[]) => ({
    runs: cs.reduce((n, c) => n + c.runs, 0),
    breaches: cs.reduce((n, c) => n + c.breaches[lo.invariant], 0),
  });
  const kept = e.choices.filter((c) => !lo.without(c));
  return {
    invariant: lo.invariant,
    kept: sum(kept),
    left: sum(e.choices.filter((c) => lo.without(c))),
    // The fence is put to the test only by a late write that reaches it: none applied or refused.
    untested:
      lo.invariant === 'staleWrite' &&
      kept.reduce((n, c) => n + c.staleApplied + c.staleRejected, 0) === 0,
  };
}

/** The model's column: every record is kept by its controller and journal store; a switch removes it. */
export const MODEL_RECORDS = RECORD_GUARDS;

/** The lines of a `// #region NAME` … `// #endregion NAME` block of a source file's text. */
export function region(source: string, name: string): string {
  const lines = source.split('\n');
  const from = lines.findIndex((l) => l.trim() === `// #region ${name}`);
  const to = lines.findIndex((l) => l.trim() === `// #endregion ${name}`);
  if (from < 0 || to < from) throw new Error(`no region ${name} in the job's source`);
  const body = lines.slice(from + 1, to);
  const indent = Math.min(
    ...body.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length),
  );
  return body.map((l) => l.slice(indent)).join('\n');
}

export const FAULT_WORDS: Record<string, string> = {
  'worker-kill': 'service process killed (SIGKILL)',
  'worker-stop': 'service process paused (SIGSTOP, then SIGCONT)',
  'server-kill': 'engine server killed (SIGKILL), then restarted',
  'server-stop': 'engine server paused (SIGSTOP, then SIGCONT)',
  'kill-after-post': 'sender killed after the feed applied its post, before the step was recorded',
  correct: 'report corrected mid-run',
};
