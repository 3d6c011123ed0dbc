/**
 * The exhaustive sweep over all 864 settings, and the aggregate figures the
 * pages quote. Nothing here adds a rule: every figure is a count or a mean
 * over runs that `simulate` produced.
 */
import { MAIN, SWITCH_IDS, SWITCH_VALUES, allSettings, slugOf, type SwitchId, type Switches } from './switches.ts';
import { simulate } from './run.ts';
import { INVARIANT_IDS, type InvariantId, type Run } from './types.ts';

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
  const byInvariant = Object.fromEntries(INVARIANT_IDS.map((id) => [id, runs.filter((r) => r.invariants[id]).length])) as Record<
    InvariantId,
    number
  >;
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
export function groupBy(id: SwitchId, runs: readonly Run[] = runAll()): { value: string; tally: Tally }[] {
  return SWITCH_VALUES[id].map((value) => ({ value, tally: tally(runs.filter((r) => r.switches[id] === value)) }));
}

/** The four protections whose values are fixed when "all protections are on". */
export const PROTECTIONS = { fencing: 'on', pins: 'on', key: 'per-operation', rule: 'current-accepted' } as const;

/** The event switches: what happens to the run, as opposed to what protects it. */
export const EVENT_SWITCHES: SwitchId[] = ['silent', 'change', 'postDies'];

export function allProtectionsOn(runs: readonly Run[] = runAll()): Run[] {
  return runs.filter((r) => (Object.keys(PROTECTIONS) as (keyof typeof PROTECTIONS)[]).every((k) => r.switches[k] === PROTECTIONS[k]));
}

export interface Weakening {
  id: string;
  label: string;
  change: Partial<Switches>;
  runs: Run[]; // the 12 event combinations, per-step checkpoints
  tally: Tally;
  /** Event combinations in which some invariant breaks. */
  breakingEvents: Pick<Switches, 'silent' | 'change' | 'postDies'>[];
}

export const WEAKENINGS: { id: string; label: string; change: Partial<Switches> }[] = [
  { id: 'fencing-off', label: 'fencing off', change: { fencing: 'off' } },
  { id: 'pins-off', label: 'version pins off', change: { pins: 'off' } },
  { id: 'key-per-attempt', label: 'key per attempt', change: { key: 'per-attempt' } },
  { id: 'key-none', label: 'no key', change: { key: 'none' } },
  { id: 'rule-any-accepted', label: 'newsletter takes any accepted digest', change: { rule: 'any-accepted' } },
  { id: 'rule-latest-finished', label: 'newsletter takes the latest finished digest', change: { rule: 'latest-finished' } },
];

/** Weaken exactly one protection, per-step checkpoints, over the 12 event combinations. */
export function weakenOne(runs: readonly Run[] = runAll()): Weakening[] {
  return WEAKENINGS.map((w) => {
    const want: Partial<Switches> = { ...PROTECTIONS, checkpoints: 'per-step', ...w.change };
    const picked = runs.filter((r) => (Object.keys(want) as SwitchId[]).every((k) => r.switches[k] === want[k]));
    return {
      ...w,
      runs: picked,
      tally: tally(picked),
      breakingEvents: picked
        .filter(breaksSomething)
        .map((r) => ({ silent: r.switches.silent, change: r.switches.change, postDies: r.switches.postDies })),
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
