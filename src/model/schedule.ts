/**
 * The fault schedule (rules page: #rule-schedule and the fault rules after
 * it): when and how the faults of a run strike. The eight switches say what
 * kind of run it is; the schedule says at which moment each fault happens.
 * Every dimension has a base value, and the base schedule is exactly the
 * fixed timing of the 864 runs: with it every run is what it always was.
 *
 * How a dimension and a switch share a fault (#rule-schedule):
 *   - `silentAt` and `wakeAfter` say where attempt #1 goes silent and, when
 *     the `silent` switch says paused, after how many ticks it wakes; with
 *     `silent=crashed` it never wakes and `wakeAfter` is unused; with
 *     `silentAt=never` #1 never goes silent and both are unused.
 *   - `posterDies` says where the first poster dies when the `postDies`
 *     switch says yes; with `postDies=no` nobody dies and it is unused.
 *   - `keyRetention`: how many ticks the feed remembers a key (null: the
 *     whole run).
 *   - `restartAt`: the tick at which the controller is down (null: never);
 *     `epoch` says whether the owner epoch survives the restart.
 */
import type { Switches } from './switches.ts';
import { isOneOf, readValues, type Expected, type ParamProblem } from './params.ts';

export const SILENT_AT = ['s1', 's2', 's3', 's4', 'assemble', 'effect', 'never'] as const;
export type SilentAt = (typeof SILENT_AT)[number];

export const POSTER_DIES = ['before-send', 'after-apply', 'after-confirm'] as const;
export type PosterDies = (typeof POSTER_DIES)[number];

export const EPOCH = ['durable', 'volatile'] as const;
export type EpochKind = (typeof EPOCH)[number];

export interface Schedule {
  /** Where attempt #1 goes silent: as it starts a step's model call, before assembling, inside the effect (intent written, not yet sent), or never. */
  silentAt: SilentAt;
  /** With silent=paused: the silent attempt wakes this many ticks after it went silent (≥ 1). */
  wakeAfter: number;
  /** With postDies=yes: where the first poster dies. */
  posterDies: PosterDies;
  /** Ticks the feed remembers a key after storing it (≥ 1); null: the whole run. */
  keyRetention: number | null;
  /** The tick at which the controller is down (≥ 1); null: it never restarts. */
  restartAt: number | null;
  /** Whether the owner epoch survives the restart (unused without one). */
  epoch: EpochKind;
}

/** The base schedule: the fixed timing of the 864 runs (#3 of model.md). */
export const BASE_SCHEDULE: Readonly<Schedule> = Object.freeze({
  silentAt: 's3',
  wakeAfter: 5, // silent at t3, awake at t8
  posterDies: 'after-apply',
  keyRetention: null,
  restartAt: null,
  epoch: 'durable',
});

/** The dimensions of the schedule, in a fixed order (URLs and tables use it). */
export const SCHEDULE_IDS = [
  'silentAt',
  'wakeAfter',
  'posterDies',
  'keyRetention',
  'restartAt',
  'epoch',
] as const satisfies readonly (keyof Schedule)[];
export type ScheduleId = (typeof SCHEDULE_IDS)[number];

/** Which schedule dimensions a setting actually uses (the others cannot change its run). */
export function usedDimensions(
  s: Pick<Switches, 'silent' | 'postDies'>,
  sch: Schedule,
): Record<ScheduleId, boolean> {
  return {
    silentAt: true,
    wakeAfter: sch.silentAt !== 'never' && s.silent === 'paused',
    posterDies: s.postDies === 'yes',
    keyRetention: true,
    restartAt: true,
    epoch: sch.restartAt !== null,
  };
}

/** The schedule with every dimension the setting does not use set to its base value (one run per class). */
export function normalise(s: Pick<Switches, 'silent' | 'postDies'>, sch: Schedule): Schedule {
  const used = usedDimensions(s, sch);
  const out = { ...sch };
  for (const id of SCHEDULE_IDS)
    if (!used[id]) (out as Record<ScheduleId, unknown>)[id] = BASE_SCHEDULE[id];
  return out;
}

export function isBaseSchedule(sch: Schedule): boolean {
  return SCHEDULE_IDS.every((id) => sch[id] === BASE_SCHEDULE[id]);
}

/** The dimensions that differ from the base schedule. */
export function changedFromBase(sch: Schedule): ScheduleId[] {
  return SCHEDULE_IDS.filter((id) => sch[id] !== BASE_SCHEDULE[id]);
}

/** Upper bounds on the numeric dimensions that parsing accepts (the sweep's bounds are in faults.ts). */
export const SCHEDULE_LIMITS = { wakeAfter: 30, keyRetention: 40, restartAt: 40 } as const;

/** The schedule's query parameters: only dimensions that differ from the base ("" for the base schedule). */
export function scheduleSearch(sch: Schedule): string {
  const p = new URLSearchParams();
  for (const id of changedFromBase(sch)) p.set(id, scheduleParam(id, sch));
  return p.toString();
}

/** The text of a dimension's value in a URL (for null, the word SCHEDULE_ACCEPTS gives it: "run", "none"). */
export function scheduleParam(id: ScheduleId, sch: Schedule): string {
  const v = sch[id];
  const e = SCHEDULE_ACCEPTS[id];
  if (v === null && e.kind === 'whole' && e.or !== undefined) return e.or;
  return String(v);
}

/** What each dimension accepts in a URL, as data (src/lib/notices.ts words it). */
export const SCHEDULE_ACCEPTS: { readonly [K in ScheduleId]: Expected } = {
  silentAt: { kind: 'one-of', values: SILENT_AT },
  wakeAfter: { kind: 'whole', unit: 'ticks', min: 1, max: SCHEDULE_LIMITS.wakeAfter },
  posterDies: { kind: 'one-of', values: POSTER_DIES },
  keyRetention: {
    kind: 'whole',
    unit: 'ticks',
    min: 1,
    max: SCHEDULE_LIMITS.keyRetention,
    or: 'run',
  },
  restartAt: { kind: 'whole', unit: 'tick', min: 1, max: SCHEDULE_LIMITS.restartAt, or: 'none' },
  epoch: { kind: 'one-of', values: EPOCH },
};

/** Is this query parameter a schedule dimension? */
export const isScheduleId = (param: string): param is ScheduleId => isOneOf(SCHEDULE_IDS, param);

/**
 * Read a schedule from query parameters (the same names as the dimensions).
 * Parameters that are not schedule dimensions are left to the caller; bad
 * values are reported as problems (params.ts), never thrown, and fall back to
 * the base value.
 */
export function parseSchedule(params: Iterable<readonly [string, string]>): {
  schedule: Schedule;
  problems: ParamProblem[];
} {
  const { values, problems } = readValues(params, isScheduleId, BASE_SCHEDULE, {
    accepts: (id) => SCHEDULE_ACCEPTS[id],
    fallback: (id) => scheduleParam(id, BASE_SCHEDULE),
    unknown: 'skip',
  });
  // accept() gives each dimension a value of its type: SCHEDULE_ACCEPTS[id] describes exactly those.
  return { schedule: values as Schedule, problems };
}
