/**
 * Figures for prose. Every number about a run that a page prints comes
 * through here: a dotted key resolves into model output, and `<Fig k="…">`
 * renders it with `data-fig` so a test can recompute it from the model and
 * compare it with the built HTML.
 *
 * Roots:
 *   const.*     fixed timing and sizes (TIMING, number of runs, switches)
 *   hash.*      version and section hashes (8 hex digits)
 *   revenue.*   the revenue figure of v1 and v2
 *   <preset>.*  a reference trace's Run (presets.ts ids: main, crashed, second, …)
 *   agg.*       aggregates over all 864 runs (sweep.ts)
 */
import {
  PRESETS,
  REVENUE,
  STEPS,
  SWITCH_IDS,
  TIMING,
  allProtectionsOn,
  allSettings,
  failOpenVersusClosed,
  oneChangeAtATime,
  runAll,
  runFor,
  sectionHash,
  short,
  simulate,
  tally,
  versionHash,
  weakenOne,
} from '../model/index.ts';
import { mean } from './vocabulary.ts';

export type FigureFormat = 'plain' | 'tick' | 'short' | 'mean' | 'attempt' | 'percent';

let roots: Record<string, unknown> | null = null;

function buildRoots(): Record<string, unknown> {
  const runs = runAll();
  const on = allProtectionsOn(runs);
  const perStep = on.filter((r) => r.switches.checkpoints === 'per-step');
  const endOnly = on.filter((r) => r.switches.checkpoints === 'end-only');
  const weaken = Object.fromEntries(weakenOne(runs).map((w) => [w.id, { ...w.tally, breakingEvents: w.breakingEvents.length, events: w.runs.length }]));
  const r: Record<string, unknown> = {
    const: {
      ...TIMING,
      changeAtOutage: TIMING.changeAt.outage,
      changeAfterAcceptance: TIMING.changeAt['after-acceptance'],
      runs: allSettings().length,
      switches: SWITCH_IDS.length,
      steps: STEPS.length,
      secondToken: TIMING.firstToken + 1,
      thirdToken: TIMING.firstToken + 2,
    },
    hash: {
      v1: versionHash('v1'),
      v2: versionHash('v2'),
      sections: Object.fromEntries((['v1', 'v2'] as const).map((v) => [v, Object.fromEntries(STEPS.map((s) => [s, sectionHash(v, s)]))])),
    },
    revenue: REVENUE,
    agg: {
      all: tally(runs),
      on: { ...tally(on), perStep: tally(perStep), endOnly: tally(endOnly) },
      weaken,
      eventCombinations: perStep.length,
      failModes: failOpenVersusClosed(),
      oneChange: oneChangeAtATime().length,
    },
  };
  for (const p of PRESETS) r[p.id] = runFor(p.switches);
  r['pins-off-closed'] = simulate(PRESETS.find((p) => p.id === 'pins-off')!.switches, { failClosed: true });
  return r;
}

/** The raw model value at a dotted key; throws a clear error for a key that names nothing. */
export function resolve(key: string): unknown {
  roots ??= buildRoots();
  let value: unknown = roots;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object' || !(part in (value as object))) {
      throw new Error(`Figure key “${key}” does not resolve: no “${part}” there.`);
    }
    value = (value as Record<string, unknown>)[part];
  }
  if (value === null || typeof value === 'object') throw new Error(`Figure key “${key}” names an object, not a figure.`);
  return value;
}

export function format(value: unknown, as: FigureFormat = 'plain'): string {
  switch (as) {
    case 'tick':
      return `t${value}`;
    case 'short':
      return short(String(value));
    case 'attempt':
      return `#${value}`;
    case 'mean':
      return mean(Number(value));
    case 'percent':
      return `${Math.round(Number(value) * 100)}%`;
    default:
      return String(value);
  }
}

/** The text a `<Fig>` with this key and format shows. */
export function figure(key: string, as: FigureFormat = 'plain'): string {
  return format(resolve(key), as);
}
