/**
 * The lab's results (src/data/lab.json, written by `npm run lab`) turned into
 * what /lab/ shows: the summary grid (variants × invariants, model against
 * lab), the totals, the mutants, the fixed cases and the annotated
 * histories. Every count on the page comes from here; the words stay in
 * src/pages/lab.astro. tests/site/lab.test.ts checks the built page against
 * dist/data/lab.json.
 */
import labData from '../data/lab.json';
import { INVARIANT_IDS, type InvariantId } from '../model/types.ts';
import type { Switches } from '../model/switches.ts';
import { weakeningLabel } from './vocabulary.ts';

type Counts = Record<InvariantId, number>;
export interface Tally {
  runs: number;
  breaches: Counts;
  seeds: Record<InvariantId, string[]>;
  finished: number;
  example: { invariant: InvariantId; why: string; lines: string[] }[];
}
export interface FixedResult extends Tally {
  id: string;
  slug: string;
  switches: Switches;
  schedule: Record<string, unknown>;
  predicted: Record<InvariantId, boolean>;
}
export interface VariantResult {
  id: string;
  epoch: 'durable' | 'volatile';
  prediction: Record<InvariantId, boolean>;
  predictionCase: string;
  random: Tally;
  fixed: FixedResult[];
}
export interface MutantResult extends Tally {
  id: string;
  what: string;
  caughtRuns: number;
  caught: boolean;
}
export interface HistoryEntry {
  ms: number;
  p: string;
  type: string;
  f: string;
  v: Record<string, unknown>;
}
export interface AnnotatedHistory {
  id: string;
  seed: string;
  variant: string;
  entries: HistoryEntry[];
  marks: Record<string, number>;
}
export interface LabData {
  tickMsSet: number;
  tickMsMeasured: { median: number | null; p10: number | null; p90: number | null };
  jobs: number;
  seconds: number;
  node: string;
  sqlite: string;
  asked: { runsPerVariant: number; runsPerMutant: number; minutes: number | null };
  cutShort: boolean;
  fixedRunsPerCase: number;
  totalRuns: number;
  variants: VariantResult[];
  mutants: MutantResult[];
  histories: AnnotatedHistory[];
  failed: string[];
}

export const LAB = labData as unknown as LabData;
export const LAB_INVARIANTS: InvariantId[] = [...INVARIANT_IDS];

export function variantLabel(id: string): string {
  if (id === 'all-on') return 'All four protections on';
  if (id === 'epoch-lost') return 'All four on, the epoch lost on a controller restart';
  return `One weakened: ${weakeningLabel(id)}`;
}

/** One cell of the summary: a variant and an invariant, the model's prediction beside the lab's random and fixed runs. */
export interface SummaryCell {
  variant: string;
  invariant: InvariantId;
  predicted: boolean;
  randomRuns: number;
  randomBreaches: number;
  fixedRuns: number;
  fixedBreaches: number;
  /** The lab's runs found what the model predicts for the matching fixed case: a breach where it predicts one, none where it predicts none. */
  agree: boolean;
  /** 0..1: the cell's side, by the variant's random runs against the most any variant had. */
  size: number;
}

export function summary(lab: LabData = LAB): SummaryCell[][] {
  const most = Math.max(1, ...lab.variants.map((v) => v.random.runs));
  return lab.variants.map((v) => {
    const main = v.fixed.find((f) => f.id === v.predictionCase);
    return LAB_INVARIANTS.map((inv) => {
      const predicted = v.prediction[inv];
      const randomBreaches = v.random.breaches[inv];
      const fixedBreaches = main?.breaches[inv] ?? 0;
      const found = randomBreaches + fixedBreaches > 0;
      return {
        variant: v.id,
        invariant: inv,
        predicted,
        randomRuns: v.random.runs,
        randomBreaches,
        fixedRuns: main?.runs ?? 0,
        fixedBreaches,
        agree: predicted === found,
        size: Math.sqrt(v.random.runs / most),
      };
    });
  });
}

export function totals(lab: LabData = LAB) {
  const randomRuns = lab.variants.reduce((n, v) => n + v.random.runs, 0);
  const fixedCases = lab.variants.reduce((n, v) => n + v.fixed.length, 0);
  const fixedRuns = lab.variants.reduce((n, v) => n + v.fixed.reduce((k, f) => k + f.runs, 0), 0);
  const mutantRuns = lab.mutants.reduce((n, m) => n + m.runs, 0);
  const runsPerVariant = lab.variants.map((v) => v.random.runs);
  const cells = summary(lab).flat();
  const allOn = lab.variants.find((v) => v.id === 'all-on');
  const lost = lab.variants.find((v) => v.id === 'epoch-lost');
  return {
    runs: lab.totalRuns,
    randomRuns,
    fixedCases,
    fixedRuns,
    mutantRuns,
    variants: lab.variants.length,
    fewestPerVariant: Math.min(...runsPerVariant),
    mostPerVariant: Math.max(...runsPerVariant),
    mutants: lab.mutants.length,
    caught: lab.mutants.filter((m) => m.caught).length,
    survived: lab.mutants.filter((m) => !m.caught).map((m) => m.id),
    cells: cells.length,
    agreeing: cells.filter((c) => c.agree).length,
    differing: cells.filter((c) => !c.agree),
    allOnBreaches: allOn ? LAB_INVARIANTS.reduce((n, i) => n + allOn.random.breaches[i], 0) : null,
    allOnRuns: allOn?.random.runs ?? 0,
    lostStale: lost?.random.breaches.staleWrite ?? null,
    lostRuns: lost?.random.runs ?? 0,
    minutes: Math.round(lab.seconds / 60),
    asked: lab.asked.runsPerVariant,
  };
}

/** Fixed cases whose lab runs did not all come out as the model predicts (a breach predicted and missed in some run, or found and not predicted). */
export function fixedDisagreements(lab: LabData = LAB) {
  return lab.variants.flatMap((v) =>
    v.fixed.flatMap((f) =>
      LAB_INVARIANTS.filter(
        (i) => f.runs > 0 && (f.predicted[i] ? f.breaches[i] < f.runs : f.breaches[i] > 0),
      ).map((i) => ({ variant: v.id, fixed: f, invariant: i })),
    ),
  );
}

/** One entry of an annotated history in words (the page's own words come from here for each kind of entry). */
export function entryText(e: HistoryEntry): string {
  const v = e.v as Record<string, unknown>;
  switch (e.f) {
    case 'fault':
      return v.signal
        ? `the nemesis sends ${String(v.signal)} to ${String(v.proc)}`
        : `the nemesis: ${String(v.kind ?? '')} on the ${String(v.link ?? '')} link`;
    case 'txn':
      return e.type === 'invoke'
        ? 'the store begins a transaction'
        : e.type === 'ok'
          ? 'the store commits'
          : 'the store rolls back';
    case 'write':
      return e.type === 'invoke'
        ? `writes ${String(v.tbl)} with token ${String(v.token)}`
        : e.type === 'fail'
          ? `the write is rejected${v.epoch === undefined ? ' as stale' : `: the epoch is ${String(v.epoch)}`}`
          : e.type === 'ok'
            ? `the write is applied${v.again ? ' (the store had applied it once already)' : ''}`
            : `no reply (${String(v.why)})`;
    case 'issue':
      return e.type === 'invoke'
        ? `issues token ${String(v.token)} to attempt #${String(v.attempt)}`
        : `token ${String(v.token)} issued: the epoch is published`;
    case 'suspect':
      return e.type === 'invoke'
        ? `suspects attempt #${String(v.attempt)}: its heartbeat deadline passed`
        : 'attempt marked unknown';
    case 'restart':
      return `the nemesis restarts the ${String(v.proc)}`;
    case 'start':
      return `${String(v.proc)} starts (pid ${String(v.pid)})`;
    default:
      return `${e.f} ${e.type}`;
  }
}
