/**
 * The exhaustive sweep over all 864 settings, and the aggregate figures the
 * pages quote. Nothing here adds a rule: every figure is a count or a mean
 * over runs that `simulate` produced.
 */
import {
  MAIN,
  SWITCH_IDS,
  SWITCH_VALUES,
  allSettings,
  slugOf,
  type SwitchId,
  type Switches,
} from './switches.ts';
import { simulate } from './run.ts';
import { INVARIANT_IDS, type InvariantId, type Run } from './types.ts';
import { RECORD_GUARDS, type RecordId } from './records.ts';

let cache: Run[] | null = null;
const bySlug = new Map<string, Run>();

/** All 864 runs in the fixed order of `allSettings`; computed once. */
export function runAll(): Run[] {
  if (!cache) {
    cache = allSettings().map((s) => simulate(s));
    for (const r of cache) bySlug.set(r.slug, r);
  }
  return cache;
}

/** The run for a setting, from the sweep's cache. */
export function runFor(s: Switches): Run {
  runAll();
  return bySlug.get(slugOf(s)) as Run;
}

export function breaksSomething(r: Run): boolean {
  return INVARIANT_IDS.some((id) => r.invariants[id]);
}

export function brokenInvariants(r: Run): InvariantId[] {
  return INVARIANT_IDS.filter((id) => r.invariants[id]);
}

export interface Tally {
  runs: number;
  breaking: number;
  finished: number;
  byInvariant: Record<InvariantId, number>;
  calls: { min: number; max: number; mean: number };
}

export function tally(runs: readonly Run[]): Tally {
  const byInvariant = Object.fromEntries(
    INVARIANT_IDS.map((id) => [id, runs.filter((r) => r.invariants[id]).length]),
  ) as Record<InvariantId, number>;
  const calls = runs.map((r) => r.calls);
  return {
    runs: runs.length,
    breaking: runs.filter(breaksSomething).length,
    finished: runs.filter((r) => r.finished).length,
    byInvariant,
    calls: {
      min: calls.length ? Math.min(...calls) : 0,
      max: calls.length ? Math.max(...calls) : 0,
      mean: calls.length ? calls.reduce((a, b) => a + b, 0) / calls.length : 0,
    },
  };
}

/** Runs grouped by the value of one switch. */
export function groupBy(
  id: SwitchId,
  runs: readonly Run[] = runAll(),
): { value: string; tally: Tally }[] {
  return SWITCH_VALUES[id].map((value) => ({
    value,
    tally: tally(runs.filter((r) => r.switches[id] === value)),
  }));
}

/** The four protections whose values are fixed when "all protections are on". */
export const PROTECTIONS = {
  fencing: 'on',
  pins: 'on',
  key: 'per-operation',
  rule: 'current-accepted',
} as const;

/** The event switches: what happens to the run, as opposed to what protects it. */
export const EVENT_SWITCHES = [
  'silent',
  'change',
  'postDies',
] as const satisfies readonly SwitchId[];

export function allProtectionsOn(runs: readonly Run[] = runAll()): Run[] {
  return runs.filter((r) =>
    (Object.keys(PROTECTIONS) as (keyof typeof PROTECTIONS)[]).every(
      (k) => r.switches[k] === PROTECTIONS[k],
    ),
  );
}

export type EventCombination = Pick<Switches, 'silent' | 'change' | 'postDies'>;

/** Every combination of the event switches, first switch slowest (12). */
export function eventCombinations(): EventCombination[] {
  return SWITCH_VALUES.silent.flatMap((silent) =>
    SWITCH_VALUES.change.flatMap((change) =>
      SWITCH_VALUES.postDies.map((postDies) => ({ silent, change, postDies })),
    ),
  );
}

/**
 * The simplest condition on one event switch that picks out exactly the
 * runs that break an invariant: `never`, `always`, `id = value`, `id ≠ value`
 * (found by search over the event switches, in order), or `several` when no
 * single switch does.
 */
export type BreakCondition =
  | { kind: 'never' | 'always' | 'several' }
  | { kind: 'eq' | 'ne'; id: (typeof EVENT_SWITCHES)[number]; value: string };

export function breakingCondition(runs: readonly Run[]): BreakCondition {
  const breaking = new Set(runs.filter(breaksSomething));
  if (breaking.size === 0) return { kind: 'never' };
  if (breaking.size === runs.length) return { kind: 'always' };
  for (const id of EVENT_SWITCHES) {
    for (const value of SWITCH_VALUES[id] as readonly string[]) {
      const eq = runs.filter((r) => r.switches[id] === value);
      if (eq.length === breaking.size && eq.every((r) => breaking.has(r)))
        return { kind: 'eq', id, value };
      const ne = runs.filter((r) => r.switches[id] !== value);
      if (ne.length === breaking.size && ne.every((r) => breaking.has(r)))
        return { kind: 'ne', id, value };
    }
  }
  return { kind: 'several' };
}

export interface Weakening {
  id: string;
  change: Partial<Switches>;
  runs: Run[]; // the 12 event combinations, per-step checkpoints
  tally: Tally;
  /** Event combinations in which some invariant breaks. */
  breakingEvents: EventCombination[];
  /** The run for each event combination, in eventCombinations() order. */
  byEvents: { events: EventCombination; run: Run }[];
  /** When it breaks, as a condition on one event switch. */
  condition: BreakCondition;
}

/** The six single weakenings of the protections (ids are stable; words live in the vocabulary). */
export const WEAKENINGS: { id: string; change: Partial<Switches> }[] = [
  { id: 'fencing-off', change: { fencing: 'off' } },
  { id: 'pins-off', change: { pins: 'off' } },
  { id: 'key-per-attempt', change: { key: 'per-attempt' } },
  { id: 'key-none', change: { key: 'none' } },
  { id: 'rule-any-accepted', change: { rule: 'any-accepted' } },
  { id: 'rule-latest-finished', change: { rule: 'latest-finished' } },
];

/** Weaken exactly one protection, per-step checkpoints, over the 12 event combinations. */
export function weakenOne(runs: readonly Run[] = runAll()): Weakening[] {
  return WEAKENINGS.map((w) => {
    const want: Partial<Switches> = { ...PROTECTIONS, checkpoints: 'per-step', ...w.change };
    const picked = runs.filter((r) =>
      (Object.keys(want) as SwitchId[]).every((k) => r.switches[k] === want[k]),
    );
    return {
      ...w,
      runs: picked,
      tally: tally(picked),
      breakingEvents: picked.filter(breaksSomething).map((r) => ({
        silent: r.switches.silent,
        change: r.switches.change,
        postDies: r.switches.postDies,
      })),
      byEvents: eventCombinations().map((events) => ({
        events,
        run: picked.find(
          (r) =>
            r.switches.silent === events.silent &&
            r.switches.change === events.change &&
            r.switches.postDies === events.postDies,
        )!,
      })),
      condition: breakingCondition(picked),
    };
  });
}

/** Every setting that differs from the main trace in exactly one switch. */
export function oneChangeAtATime(): { id: SwitchId; value: string; run: Run }[] {
  const out: { id: SwitchId; value: string; run: Run }[] = [];
  for (const id of SWITCH_IDS) {
    for (const value of SWITCH_VALUES[id]) {
      if (value === MAIN[id]) continue;
      out.push({ id, value, run: runFor({ ...MAIN, [id]: value } as Switches) });
    }
  }
  return out;
}

export interface FailModes {
  combinations: number;
  open: { wrongNewsletter: number; admitted: number; wrongAccepted: number };
  closed: { wrongNewsletter: number; admitted: number; wrongAccepted: number };
}

/**
 * Fail open versus fail closed for the strict rule when records carry no
 * version: the 144 settings with pins off and the current-accepted rule,
 * each run both ways (fail closed is outside the 864 grid).
 */
export function failOpenVersusClosed(): FailModes {
  const settings = allSettings().filter((s) => s.pins === 'off' && s.rule === 'current-accepted');
  const measure = (runs: Run[]) => ({
    wrongNewsletter: runs.filter((r) => r.invariants.dependantWrong).length,
    admitted: runs.filter((r) => r.newsletter !== null).length,
    wrongAccepted: runs.filter((r) => r.invariants.supersededAccepted).length,
  });
  return {
    combinations: settings.length,
    open: measure(settings.map((s) => runFor(s))),
    closed: measure(settings.map((s) => simulate(s, { failClosed: true }))),
  };
}

/** Over all runs: those in which the record is removed by its switch, and how many of them break an invariant it guards. */
export function withoutRecord(
  id: RecordId,
  runs: readonly Run[] = runAll(),
): { without: number; broken: number } {
  const g = RECORD_GUARDS[id];
  if (!g.removedBy) return { without: 0, broken: 0 };
  const { id: sw, values } = g.removedBy;
  const without = runs.filter((r) => values.includes(r.switches[sw]));
  return {
    without: without.length,
    broken: without.filter((r) => g.invariants.some((inv) => r.invariants[inv])).length,
  };
}
