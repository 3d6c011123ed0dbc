/**
 * The exhaustive fault sweep (rules page: #rule-schedule): every schedule of
 * the bounded space below, for every setting with all four protections on
 * and every setting that weakens exactly one of them. No rule here: every
 * figure is a count over runs that `probe` (the engine without its event
 * log) produced.
 *
 * Schedules that must give the same run are simulated once and counted
 * for all of them. A run is a deterministic function of its setting and
 * schedule, and it reads the schedule only at a few points; when a run never
 * reads a dimension, or reads it only in a way another value would answer
 * the same, every such value gives the identical run:
 *   - wakeAfter is read only when #1's silence strikes and #1 was paused;
 *   - posterDies only when a post action reaches the poster's death with
 *     postDies=yes;
 *   - keyRetention only when a send finds its key stored: a retention
 *     longer than every such key's age expires nothing;
 *   - restartAt strikes only within the run (#rule-fault-restart): a
 *     restart after the last event of the same run without it never
 *     happens, so that run stands for it;
 *   - epoch only when the restart happens.
 * tests/unit/model/faults.test.ts simulates a sample of the schedules
 * counted this way and checks each against its representative.
 */
import { allSettings, settingIndex, type Switches, type SwitchId } from './switches.ts';
import { PROTECTIONS, WEAKENINGS, runFor } from './sweep.ts';
import { probe, simulate, type Probe } from './run.ts';
import {
  BASE_SCHEDULE,
  EPOCH,
  POSTER_DIES,
  SCHEDULE_IDS,
  SILENT_AT,
  changedFromBase,
  isBaseSchedule,
  type Schedule,
} from './schedule.ts';
import { INVARIANT_IDS, type InvariantId, type RuleId } from './types.ts';
import { TIMING } from './sim.ts';
import { at } from './lookup.ts';

/** A space of schedules: the values of each dimension (null: the base "whole run" / "no restart"; first value of epoch: durable). */
export type ScheduleSpace = { readonly [K in keyof Schedule]: readonly Schedule[K][] };

/** The bounds of the swept space: each dimension's values (null: the base "whole run" / "no restart"). */
export const FAULT_SPACE = {
  silentAt: [...SILENT_AT],
  wakeAfter: [1, 2, 3, 4, 5, 6, 7, 8],
  posterDies: [...POSTER_DIES],
  keyRetention: [null, ...Array.from({ length: TIMING.horizon }, (_, i) => i + 1)],
  restartAt: [null, ...Array.from({ length: TIMING.horizon }, (_, i) => i + 1)],
  epoch: [...EPOCH],
} as const satisfies { [K in keyof Schedule]: readonly Schedule[K][] };

/** How many schedules the space holds (the full cross product of its dimensions). */
export const SCHEDULES_PER_SETTING = SCHEDULE_IDS.reduce((n, id) => n * FAULT_SPACE[id].length, 1);

/** The protection variants swept: all four on, then each single weakening. */
export const PROTECTION_VARIANTS: { id: string; change: Partial<Switches> }[] = [
  { id: 'all-on', change: {} },
  ...WEAKENINGS,
];

/** The settings of a protection variant: per-step and end-only checkpoints, every event switch (24 each). */
export function variantSettings(change: Partial<Switches>): Switches[] {
  const want: Partial<Switches> = { ...PROTECTIONS, ...change };
  return allSettings().filter((s) =>
    (Object.keys(want) as SwitchId[]).every((k) => s[k] === want[k]),
  );
}

/** A fault that struck in a run (what a "fewest faults" count counts). */
export type FaultLabel =
  | `silence:${(typeof SILENT_AT)[number]}`
  | `poster:${(typeof POSTER_DIES)[number]}`
  | 'key-expired'
  | 'restart:durable'
  | 'restart:volatile';

/** The faults that struck in a run, in a fixed order (key-expired once however many keys expired). */
export function faultsStruck(sch: Schedule, p: Probe): FaultLabel[] {
  const out: FaultLabel[] = [];
  if (p.reads.silenced) out.push(`silence:${sch.silentAt}`);
  if (p.reads.posterStruck) out.push(`poster:${sch.posterDies}`);
  if (p.reads.keysExpired > 0) out.push('key-expired');
  if (p.reads.restarted) out.push(`restart:${sch.epoch}`);
  return out;
}

/** How many faults struck: one each for the silence, the poster's death and the restart, one per expired key. */
export function faultCount(p: Probe): number {
  return +p.reads.silenced + +p.reads.posterStruck + p.reads.keysExpired + +p.reads.restarted;
}

export interface Counterexample {
  variant: string;
  invariant: InvariantId;
  switches: Switches;
  schedule: Schedule;
  /** The tick at which the engine first noted the breach. */
  tick: number;
  faults: number;
  struck: FaultLabel[];
  /** Every invariant the run breaks. */
  broken: InvariantId[];
  lastTick: number;
}

/**
 * A property the sweep checks on every schedule of its population (rules page
 * #rule-sweep-properties). "A volatile restart" is a restart that struck
 * (within the run, #rule-fault-restart) with epoch=volatile; a schedule that
 * names a restart after the run's end, or names none, is in the other half.
 *   - verdicts-agree: every schedule; the engine's breaches and the
 *     after-the-fact checks name the same invariants.
 *   - settles-before-horizon: every schedule; the run ends before the horizon.
 *   - tokens-increase, durable-epoch-increases: every schedule without a
 *     volatile restart; tokens in admission order strictly increase, the
 *     epoch at the end of each tick never goes down.
 *   - tokens-increase-volatile: every schedule with one.
 *   - no-stale-write-fenced-durable, no-stale-write-fenced-volatile: the
 *     staleWrite invariant itself, over the settings with fencing on, without
 *     and with a volatile restart.
 */
export interface PropertyResult {
  id:
    | 'verdicts-agree'
    | 'settles-before-horizon'
    | 'tokens-increase'
    | 'durable-epoch-increases'
    | 'no-stale-write-fenced-durable'
    | 'tokens-increase-volatile'
    | 'no-stale-write-fenced-volatile';
  /** Schedules (weighted) on which the property was checked, and how many broke it. */
  checked: number;
  failed: number;
  example: { switches: Switches; schedule: Schedule } | null;
}

export interface VariantResult {
  id: string;
  change: Partial<Switches>;
  settings: number;
  schedules: number;
  runs: number;
  breaking: number;
  byInvariant: Record<
    InvariantId,
    {
      schedules: number;
      /** The shortest counterexample: fewest ticks to the breach, then fewest faults, then fewest schedule changes, then the setting's index. */
      shortest: Counterexample | null;
      /** The counterexample with the fewest faults: fewest faults, then fewest ticks to the breach, then fewest schedule changes, then the setting's index. */
      fewest: Counterexample | null;
      /** Sets of faults that struck in breaking runs and that contain no smaller such set, with the number of breaking schedules showing exactly that set. */
      minimalFaultSets: { faults: FaultLabel[]; schedules: number }[];
    }
  >;
}

export interface FaultSweep {
  space: typeof FAULT_SPACE;
  schedulesPerSetting: number;
  settings: number;
  /** Setting × schedule pairs covered (the full cross product). */
  schedules: number;
  /** Distinct runs simulated (the rest are equal by rule to one of them). */
  runs: number;
  variants: VariantResult[];
  properties: PropertyResult[];
}

/**
 * Is rank `a` before rank `b` (lexicographic; null: nothing yet)? Shortest:
 * fewest ticks to the breach, then fewest faults, then fewest schedule
 * changes from the base, then the setting's index, then the schedule's index
 * (scheduleIndex). Fewest faults: the same keys with faults first. Each
 * schedule the sweep visits stands for every schedule that gives the same
 * run, and is the one of them with the fewest changes and then the lowest
 * index, so the order is total and does not depend on the sweep's shortcuts.
 */
function shorter(a: readonly number[], b: readonly number[] | null): boolean {
  if (!b) return true;
  for (const [i, x] of a.entries()) {
    const y = b[i];
    if (x !== y) return y !== undefined && x < y;
  }
  return false;
}

/** A schedule's position in FAULT_SPACE: dimensions in SCHEDULE_IDS order, the first most significant, values in the space's order. */
export function scheduleIndex(sch: Schedule, space: ScheduleSpace = FAULT_SPACE): number {
  let i = 0;
  for (const id of SCHEDULE_IDS) {
    const values = space[id] as readonly unknown[];
    i = i * values.length + values.indexOf(sch[id]);
  }
  return i;
}

export type Visit = (sch: Schedule, p: Probe, weight: number) => void;
interface Leaf {
  sch: Schedule;
  p: Probe;
  weight: number;
}

function maxAge(p: Probe): number {
  let m = -1;
  for (const a of p.reads.keyAges) if (a > m) m = a;
  return m;
}

/**
 * The largest retention that expires exactly the same key look-ups as
 * retention `k` did in this run (a look-up of a key stored `a` ticks ago
 * expires when a ≥ k): up to the youngest age at or above k. Every
 * retention from k to it gives the same run, apart from the number the
 * expiry events name.
 */
function sameExpiries(p: Probe, k: number): number {
  let last = Infinity;
  for (const a of p.reads.keyAges) if (a >= k && a < last) last = a;
  return last;
}

/**
 * Every (keyRetention, restartAt, epoch) for one setting and one choice of
 * silence, wake and poster death: each distinct run once, with the number of
 * schedules it stands for.
 */
function block(
  s: Switches,
  outer: Pick<Schedule, 'silentAt' | 'wakeAfter' | 'posterDies'>,
  count: () => void,
  space: ScheduleSpace,
): { leaves: Leaf[]; silenced: boolean; posterRead: boolean } {
  const leaves: Leaf[] = [];
  let silenced = false;
  let posterRead = false;
  const run = (
    keyRetention: number | null,
    restartAt: number | null,
    epoch: Schedule['epoch'],
    runEnd?: number,
  ): Probe => {
    const sch: Schedule = { ...outer, keyRetention, restartAt, epoch };
    const p = probe(s, sch, runEnd);
    count();
    silenced ||= p.reads.silenced;
    posterRead ||= p.reads.posterRead;
    return p;
  };
  const epochs = space.epoch.length;
  const retentions = space.keyRetention.filter((k): k is number => k !== null);
  const restarts = space.restartAt.filter((r): r is number => r !== null);
  const noneEpoch = at(space.epoch, 0, 'epoch values');

  // No restart: both epoch values are unused.
  const none = run(null, null, noneEpoch);
  const noneLeaf: Leaf = {
    sch: { ...outer, keyRetention: null, restartAt: null, epoch: noneEpoch },
    p: none,
    weight: epochs,
  };
  leaves.push(noneLeaf);
  const noneByK = new Map<number, Leaf>();
  const oldest = maxAge(none);
  let cls: { leaf: Leaf; last: number } | null = null;
  for (const k of retentions) {
    if (k > oldest) {
      // No key was kept k ticks: the same run as with the whole run's retention.
      noneLeaf.weight += epochs;
      noneByK.set(k, noneLeaf);
    } else if (cls && k <= cls.last) {
      cls.leaf.weight += epochs; // every key looked up expires (or not) as with the class's first retention
      noneByK.set(k, cls.leaf);
    } else {
      const leaf: Leaf = {
        sch: { ...outer, keyRetention: k, restartAt: null, epoch: noneEpoch },
        p: run(k, null, noneEpoch),
        weight: epochs,
      };
      leaves.push(leaf);
      noneByK.set(k, leaf);
      cls = { leaf, last: sameExpiries(leaf.p, k) };
    }
  }
  for (const r of restarts) {
    for (const epoch of space.epoch) {
      let whole: Leaf;
      if (r > none.lastTick) {
        noneLeaf.weight += 1; // the run was over before r: no restart
        whole = noneLeaf;
      } else {
        whole = {
          sch: { ...outer, keyRetention: null, restartAt: r, epoch },
          p: run(null, r, epoch, none.lastTick),
          weight: 1,
        };
        leaves.push(whole);
      }
      const oldestHere = maxAge(whole.p);
      cls = null;
      for (const k of retentions) {
        const byK = noneByK.get(k) as Leaf;
        if (r > byK.p.lastTick) {
          byK.weight += 1; // over before r: no restart
        } else if (k > oldestHere) {
          whole.weight += 1; // no key kept k ticks
        } else if (cls && k <= cls.last) {
          cls.leaf.weight += 1;
        } else {
          const leaf: Leaf = {
            sch: { ...outer, keyRetention: k, restartAt: r, epoch },
            p: run(k, r, epoch, byK.p.lastTick),
            weight: 1,
          };
          leaves.push(leaf);
          cls = { leaf, last: sameExpiries(leaf.p, k) };
        }
      }
    }
  }
  return { leaves, silenced, posterRead };
}

/** Sweep every schedule of FAULT_SPACE over the settings of every protection variant. */
export function sweepFaults(): FaultSweep {
  const variants: VariantResult[] = [];
  const props = new Map<PropertyResult['id'], PropertyResult>();
  const prop = (
    id: PropertyResult['id'],
    ok: boolean,
    weight: number,
    s: Switches,
    sch: Schedule,
  ) => {
    let r = props.get(id);
    if (!r) props.set(id, (r = { id, checked: 0, failed: 0, example: null }));
    r.checked += weight;
    if (!ok) {
      r.failed += weight;
      if (!r.example) r.example = { switches: s, schedule: sch };
    }
  };
  let totalRuns = 0;
  let totalSettings = 0;
  let totalSchedules = 0;
  for (const v of PROTECTION_VARIANTS) {
    const settings = variantSettings(v.change);
    totalSettings += settings.length;
    let runs = 0;
    let schedules = 0;
    let breaking = 0;
    const byInvariant = Object.fromEntries(
      INVARIANT_IDS.map((id) => [
        id,
        {
          schedules: 0,
          shortest: null as Counterexample | null,
          rank: null as number[] | null,
          fewest: null as Counterexample | null,
          fewRank: null as number[] | null,
          sets: new Map<string, number>(),
        },
      ]),
    ) as Record<
      InvariantId,
      {
        schedules: number;
        shortest: Counterexample | null;
        rank: number[] | null;
        fewest: Counterexample | null;
        fewRank: number[] | null;
        sets: Map<string, number>;
      }
    >;
    for (const s of settings) {
      const index = settingIndex(s);
      const visit: Visit = (sch, p, weight) => {
        schedules += weight;
        let broken: InvariantId[] | null = null;
        for (const id of INVARIANT_IDS) if (p.engine[id]) (broken ??= []).push(id);
        if (broken) {
          breaking += weight;
          const struck = faultsStruck(sch, p);
          const key = struck.join(' ');
          const faults = faultCount(p);
          const changes = changedFromBase(sch).length;
          for (const id of broken) {
            const cell = byInvariant[id];
            cell.schedules += weight;
            cell.sets.set(key, (cell.sets.get(key) ?? 0) + weight);
            const tick = p.firstBreach[id] as number;
            const example = (): Counterexample => ({
              variant: v.id,
              invariant: id,
              switches: s,
              schedule: sch,
              tick,
              faults,
              struck,
              broken,
              lastTick: p.lastTick,
            });
            const at = scheduleIndex(sch);
            if (shorter([tick, faults, changes, index, at], cell.rank)) {
              cell.rank = [tick, faults, changes, index, at];
              cell.shortest = example();
            }
            if (shorter([faults, tick, changes, index, at], cell.fewRank)) {
              cell.fewRank = [faults, tick, changes, index, at];
              cell.fewest = example();
            }
          }
        }
        // Properties over the whole space.
        prop(
          'verdicts-agree',
          INVARIANT_IDS.every((id) => p.engine[id] === p.checked[id]),
          weight,
          s,
          sch,
        );
        prop('settles-before-horizon', p.reads.endTick < TIMING.horizon, weight, s, sch);
        const increasing = p.tokens.every((t, i) => i === 0 || t > at(p.tokens, i - 1, 'tokens'));
        const volatile = p.reads.restarted && sch.epoch === 'volatile';
        if (!volatile) {
          prop('tokens-increase', increasing, weight, s, sch);
          prop(
            'durable-epoch-increases',
            p.epochs.every((e, i) => i === 0 || e >= at(p.epochs, i - 1, 'epochs')),
            weight,
            s,
            sch,
          );
          if (s.fencing === 'on')
            prop('no-stale-write-fenced-durable', !p.checked.staleWrite, weight, s, sch);
        } else {
          prop('tokens-increase-volatile', increasing, weight, s, sch);
          if (s.fencing === 'on')
            prop('no-stale-write-fenced-volatile', !p.checked.staleWrite, weight, s, sch);
        }
      };
      runs += sweepSetting(s, visit);
    }
    totalRuns += runs;
    totalSchedules += schedules;
    variants.push({
      id: v.id,
      change: v.change,
      settings: settings.length,
      schedules,
      runs,
      breaking,
      byInvariant: Object.fromEntries(
        INVARIANT_IDS.map((id) => {
          const cell = byInvariant[id];
          const sets = [...cell.sets].map(([k, n]) => ({
            faults: (k ? k.split(' ') : []) as FaultLabel[],
            schedules: n,
          }));
          const minimal = sets
            .filter(
              (x) =>
                !sets.some(
                  (y) =>
                    y !== x &&
                    y.faults.length < x.faults.length &&
                    y.faults.every((f) => x.faults.includes(f)),
                ),
            )
            .sort((a, b) => a.faults.length - b.faults.length || b.schedules - a.schedules);
          return [
            id,
            {
              schedules: cell.schedules,
              shortest: cell.shortest,
              fewest: cell.fewest,
              minimalFaultSets: minimal,
            },
          ];
        }),
      ) as VariantResult['byInvariant'],
    });
  }
  return {
    space: FAULT_SPACE,
    schedulesPerSetting: SCHEDULES_PER_SETTING,
    settings: totalSettings,
    schedules: totalSchedules,
    runs: totalRuns,
    variants,
    properties: [...props.values()],
  };
}

/**
 * Every schedule of `space` for one setting; `visit` gets each distinct run
 * once with the number of schedules it stands for. Returns the number of
 * runs simulated. The space must hold null (whole run, no restart) in
 * keyRetention and restartAt, and every value of posterDies and epoch
 * (their weights assume it), and the base wake when wakeAfter is unused.
 */
export function sweepSetting(
  s: Switches,
  visit: Visit,
  space: ScheduleSpace = FAULT_SPACE,
): number {
  let runs = 0;
  const count = () => {
    runs++;
  };
  const wakeUsed = s.silent === 'paused';
  const posterUsed = s.postDies === 'yes';
  for (const silentAt of space.silentAt) {
    const wakes = wakeUsed && silentAt !== 'never' ? space.wakeAfter : [BASE_SCHEDULE.wakeAfter];
    const wakeWeight = space.wakeAfter.length / wakes.length;
    const posters = posterUsed ? space.posterDies : [BASE_SCHEDULE.posterDies];
    const posterWeight = space.posterDies.length / posters.length;
    for (let wi = 0; wi < wakes.length; wi++) {
      let silenced = false;
      const blocks: { leaves: Leaf[]; weight: number }[] = [];
      for (let pi = 0; pi < posters.length; pi++) {
        const b = block(
          s,
          {
            silentAt,
            wakeAfter: at(wakes, wi, 'wake points'),
            posterDies: at(posters, pi, 'poster deaths'),
          },
          count,
          space,
        );
        silenced ||= b.silenced;
        if (pi === 0 && !b.posterRead) {
          // No post action reached the poster's death: every point gives these runs.
          blocks.push({ leaves: b.leaves, weight: posters.length });
          break;
        }
        blocks.push({ leaves: b.leaves, weight: 1 });
      }
      const allWakes = wi === 0 && !silenced && wakes.length > 1; // the silence never struck: every wake gives these runs
      const w = (allWakes ? wakes.length : 1) * wakeWeight * posterWeight;
      for (const b of blocks)
        for (const l of b.leaves) {
          // A dimension the run never read stands at its base value (the fewest changes).
          let sch = l.sch;
          if (allWakes) sch = { ...sch, wakeAfter: BASE_SCHEDULE.wakeAfter };
          if (b.weight > 1) sch = { ...sch, posterDies: BASE_SCHEDULE.posterDies };
          visit(sch, l.p, l.weight * b.weight * w);
        }
      if (allWakes) break;
    }
  }
  return runs;
}

let sweepCache: FaultSweep | null = null;

/** The fault sweep, computed once per process (pages, faults.json and the companion share it). */
export function faultSweep(): FaultSweep {
  return (sweepCache ??= sweepFaults());
}

/** Hand over a sweep computed earlier from these same sources (src/lib/sweep-cache.ts reads it from a file). */
export function provideFaultSweep(sweep: FaultSweep): void {
  sweepCache = sweep;
}

/** The sweep's results with all four protections on. */
export function allOnVariant(sweep: FaultSweep): VariantResult {
  const v = sweep.variants.find((x) => x.id === 'all-on');
  if (!v) throw new Error('fault sweep: no all-on variant');
  return v;
}

/** The shortest counterexample of each invariant that some schedule breaks with every protection on, in invariant order. */
export function counterexamples(sweep: FaultSweep = faultSweep()): Counterexample[] {
  const allOn = allOnVariant(sweep);
  return INVARIANT_IDS.map((id) => allOn.byInvariant[id].shortest).filter(
    (c): c is Counterexample => c !== null,
  );
}

/** A run and tick where a rule fires or an invariant breaks, under the base schedule (a trace page) or another (the explorer). */
export interface RuleWitness {
  switches: Switches;
  schedule: Schedule;
  tick: number;
  /** The schedule is the base one: the run has a trace page. */
  base: boolean;
}

/** Schedules tried, in order, for rules no run of the grid fires: one fault moved at a time, then the sweep's counterexamples. */
function witnessSchedules(sweep: FaultSweep): Schedule[] {
  const b = BASE_SCHEDULE;
  const out: Schedule[] = [
    { ...b, silentAt: 'assemble' },
    { ...b, silentAt: 'effect' },
    { ...b, posterDies: 'before-send' },
    { ...b, posterDies: 'after-confirm' },
    { ...b, keyRetention: 1 },
    { ...b, restartAt: 6 },
    { ...b, restartAt: 6, epoch: 'volatile' },
  ];
  for (const v of sweep.variants)
    for (const id of INVARIANT_IDS) {
      const c = v.byInvariant[id];
      if (c.fewest) out.push(c.fewest.schedule);
      if (c.shortest) out.push(c.shortest.schedule);
    }
  return out;
}

/**
 * For every event rule, the first run where it fires ("see it happen" on the
 * rules page): the first setting of the grid, in setting order, whose run
 * under the base schedule logs an event of that rule; for a rule no such run
 * fires, the first (schedule, setting) in witnessSchedules order that does.
 *
 * Each rule's witness is the first place in that one fixed order where it
 * fires, whatever else is asked for, so the order is walked once per sweep and
 * the first place of every rule met on the way is kept: a later call for
 * another rule goes on from where the last one stopped (the rules page asks
 * for one rule at a time, and the fault rules lie thousands of runs along).
 */
export function ruleWitnesses(
  rules: readonly RuleId[],
  sweep: FaultSweep = faultSweep(),
): Record<string, RuleWitness | null> {
  const walk = witnessWalks.get(sweep) ?? witnessWalk(sweep);
  witnessWalks.set(sweep, walk);
  return Object.fromEntries(rules.map((r) => [r, walk(r)]));
}

/** Per sweep: the walk through the witness order (a WeakMap, so a sweep let go takes its walk with it). */
const witnessWalks = new WeakMap<FaultSweep, (rule: RuleId) => RuleWitness | null>();

/** A walk through (schedule, setting) in witness order that stops as soon as the rule asked for is met. */
function witnessWalk(sweep: FaultSweep): (rule: RuleId) => RuleWitness | null {
  const settings = allSettings();
  const first = new Map<RuleId, RuleWitness>();
  const schedules = [BASE_SCHEDULE, ...witnessSchedules(sweep)];
  let k = 0; // schedules[k] …
  let i = 0; // … with settings[i] is the next place to look
  const look = () => {
    const s = at(settings, i, 'settings');
    const schedule = at(schedules, k, 'witness schedules');
    const events = k === 0 ? runFor(s).events : simulate(s, { schedule, noSnapshots: true }).events;
    for (const e of events)
      if (!first.has(e.rule))
        first.set(e.rule, { switches: s, schedule, tick: e.tick, base: isBaseSchedule(schedule) });
    if (++i === settings.length) [k, i] = [k + 1, 0];
  };
  return (rule) => {
    while (!first.has(rule) && k < schedules.length) look();
    return first.get(rule) ?? null;
  };
}

/**
 * Where a weakening breaks an invariant ("see it fail"): the counterexample
 * with the fewest faults the sweep found for that invariant under that
 * protection variant (all-on for a fault rule), or null when none breaks it.
 */
export function failWitness(
  variant: string,
  invariant: InvariantId,
  sweep: FaultSweep = faultSweep(),
): (RuleWitness & { invariant: InvariantId; variant: string }) | null {
  const v = sweep.variants.find((x) => x.id === variant);
  const c = v?.byInvariant[invariant].fewest;
  if (!c) return null;
  return {
    switches: c.switches,
    schedule: c.schedule,
    tick: c.tick,
    base: isBaseSchedule(c.schedule),
    invariant,
    variant,
  };
}
