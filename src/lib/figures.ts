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
import {
  count,
  formatCount,
  formatPercent,
  formatTick,
  mean,
  type CountOptions,
} from './format.ts';
import {
  INVARIANT_IDS,
  allOnVariant,
  brokenInvariants,
  faultSweep,
  type Run,
  type Switches,
} from '../model/index.ts';
import { at } from '../model/lookup.ts';

export interface CheckpointPair {
  perStep: Run;
  endOnly: Run;
  /** The two runs break different sets of invariants. */
  differ: boolean;
}

/**
 * Every pair of runs whose settings differ only in the checkpoints switch
 * (per-step against end-only), in the sweep's order.
 */
export function checkpointPairs(runs: readonly Run[] = runAll()): CheckpointPair[] {
  const others = (s: Switches) =>
    SWITCH_IDS.filter((id) => id !== 'checkpoints')
      .map((id) => s[id])
      .join('|');
  const endOnly = new Map(
    runs.filter((r) => r.switches.checkpoints === 'end-only').map((r) => [others(r.switches), r]),
  );
  return runs
    .filter((r) => r.switches.checkpoints === 'per-step')
    .map((perStep) => {
      const other = endOnly.get(others(perStep.switches)) as Run;
      return {
        perStep,
        endOnly: other,
        differ: brokenInvariants(perStep).join() !== brokenInvariants(other).join(),
      };
    });
}

export type FigureFormat =
  'plain' | 'tick' | 'short' | 'mean' | 'attempt' | 'percent' | 'count' | 'grouped';

let roots: Record<string, unknown> | null = null;

function buildRoots(): Record<string, unknown> {
  const runs = runAll();
  const on = allProtectionsOn(runs);
  const perStep = on.filter((r) => r.switches.checkpoints === 'per-step');
  const endOnly = on.filter((r) => r.switches.checkpoints === 'end-only');
  const pairs = checkpointPairs(runs);
  const onIds = new Set(on.map((r) => r.slug));
  const onPairs = pairs.filter((p) => onIds.has(p.perStep.slug));
  const weaken = Object.fromEntries(
    weakenOne(runs).map((w) => [
      w.id,
      { ...w.tally, breakingEvents: w.breakingEvents.length, events: w.runs.length },
    ]),
  );
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
      sections: Object.fromEntries(
        (['v1', 'v2'] as const).map((v) => [
          v,
          Object.fromEntries(STEPS.map((s) => [s, sectionHash(v, s)])),
        ]),
      ),
    },
    revenue: REVENUE,
    agg: {
      all: tally(runs),
      on: { ...tally(on), perStep: tally(perStep), endOnly: tally(endOnly) },
      weaken,
      eventCombinations: perStep.length,
      failModes: failOpenVersusClosed(),
      oneChange: oneChangeAtATime().length,
      /** Runs with a duplicate post although no poster dies (the companion explains them under the grid). */
      duplicateWithoutDeath: runs.filter(
        (r) => r.switches.postDies === 'no' && r.invariants.duplicateEffect,
      ).length,
      twoAnnouncements: twoAnnouncementFigures(runs),
      checkpoints: {
        pairs: pairs.length,
        differ: pairs.filter((p) => p.differ).length,
        differFinished: pairs.filter((p) => p.perStep.finished !== p.endOnly.finished).length,
        onPairs: onPairs.length,
        onDiffer: onPairs.filter((p) => p.differ).length,
      },
    },
  };
  for (const p of PRESETS) r[p.id] = runFor(p.switches);
  r['pins-off-closed'] = simulate(PRESETS.find((p) => p.id === 'pins-off')!.switches, {
    failClosed: true,
  });
  // The fault sweep takes seconds: computed only when a page asks for one of its figures.
  let faults: Record<string, unknown> | null = null;
  Object.defineProperty(r, 'faults', { enumerable: true, get: () => (faults ??= faultFigures()) });
  return r;
}

/**
 * faults.*: the exhaustive fault-schedule sweep (src/model/faults.ts).
 *   faults.settings / schedulesPerSetting / pairs / runs   the space covered
 *   faults.on.<invariant>.schedules / .tick / .faults      all four protections on: how many
 *                                                          schedules break it; its shortest counterexample
 *   faults.on.holding / .breaking                          invariants no schedule breaks / some does
 *   faults.variant.<weakening id>.<invariant>              schedules breaking it with one protection weakened
 *   faults.property.<property id>.checked / .failed        the properties checked over the space
 *   faults.space.<dimension>.min / .max / .count           the bounds of a dimension swept (min and
 *                                                          max over its numbers, null left out)
 */
function faultFigures(): Record<string, unknown> {
  const sweep = faultSweep();
  const on = allOnVariant(sweep);
  const inv = (v: (typeof sweep.variants)[number]) =>
    Object.fromEntries(
      INVARIANT_IDS.map((id) => {
        const b = v.byInvariant[id];
        return [
          id,
          {
            schedules: b.schedules,
            ...(b.shortest ? { tick: b.shortest.tick, faults: b.shortest.faults } : {}),
          },
        ];
      }),
    );
  return {
    settings: sweep.settings,
    schedulesPerSetting: sweep.schedulesPerSetting,
    pairs: sweep.schedules,
    runs: sweep.runs,
    variants: sweep.variants.length,
    space: Object.fromEntries(
      Object.entries(sweep.space).map(([id, values]) => {
        const nums = (values as readonly unknown[]).filter(
          (v): v is number => typeof v === 'number',
        );
        return [
          id,
          {
            count: values.length,
            ...(nums.length ? { min: Math.min(...nums), max: Math.max(...nums) } : {}),
          },
        ];
      }),
    ),
    on: {
      ...inv(on),
      schedules: on.schedules,
      breaking: INVARIANT_IDS.filter((id) => on.byInvariant[id].schedules > 0).length,
      holding: INVARIANT_IDS.filter((id) => on.byInvariant[id].schedules === 0).length,
    },
    variant: Object.fromEntries(sweep.variants.map((v) => [v.id, inv(v)])),
    property: Object.fromEntries(
      sweep.properties.map((p) => [p.id, { checked: p.checked, failed: p.failed }]),
    ),
  };
}

/**
 * Runs in which the feed applies announcements of two different digests accepted for one
 * report version (a key names the operation "announce this digest", so two digests are two
 * operations): how many, how many of them break each of the two invariants that could count
 * them, and how many have fencing off, a paused worker and no correction.
 */
export function twoAnnouncementRuns(runs: readonly Run[]): Run[] {
  return runs.filter((r) => {
    const versions = new Map<string, Set<string>>();
    for (const s of r.sends) {
      if (s.receipt !== 'applied') continue;
      const digest = at(r.intents, s.intent, 'intents').digest;
      const acc = r.acceptances.find((a) => a.digest === digest);
      if (!acc) continue;
      // The version current when the digest was accepted (the record may name none: pins off).
      const current =
        r.versionChangedAt !== null && acc.tick >= r.versionChangedAt ? r.finalVersion : 'v1';
      const set = versions.get(current) ?? new Set<string>();
      set.add(digest);
      versions.set(current, set);
    }
    return [...versions.values()].some((d) => d.size >= 2);
  });
}

function twoAnnouncementFigures(runs: readonly Run[]): Record<string, number> {
  const two = twoAnnouncementRuns(runs);
  return {
    runs: two.length,
    duplicateEffect: two.filter((r) => r.invariants.duplicateEffect).length,
    twoAccepted: two.filter((r) => r.invariants.twoAccepted).length,
    fencingOffPausedNever: two.filter(
      (r) =>
        r.switches.fencing === 'off' &&
        r.switches.silent === 'paused' &&
        r.switches.change === 'never',
    ).length,
    settingFencingOffPausedNever: runs.filter(
      (r) =>
        r.switches.fencing === 'off' &&
        r.switches.silent === 'paused' &&
        r.switches.change === 'never',
    ).length,
  };
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
  if (value === null || typeof value === 'object')
    throw new Error(`Figure key “${key}” names an object, not a figure.`);
  return value;
}

export function format(
  value: unknown,
  as: FigureFormat = 'plain',
  opts: CountOptions = {},
): string {
  switch (as) {
    case 'count':
      return count(value, opts);
    case 'grouped': // 94,889,088
      return formatCount(Number(value));
    case 'tick':
      return formatTick(Number(value));
    case 'short':
      return short(String(value));
    case 'attempt':
      return `#${value}`;
    case 'mean':
      return mean(Number(value));
    case 'percent':
      return formatPercent(Number(value));
    default:
      return String(value);
  }
}

/** The text a `<Fig>` with this key and format shows. */
export function figure(key: string, as: FigureFormat = 'plain', opts: CountOptions = {}): string {
  return format(resolve(key), as, opts);
}
