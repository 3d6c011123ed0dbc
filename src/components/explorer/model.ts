/**
 * The islands' one door into src/model. It re-exports from the specific
 * model files the explorer needs (not from index.ts, which also pulls in the
 * 864-run sweep), and memoises runs by slug so that flipping a switch back
 * and forth never simulates the same setting twice.
 */
import { simulate } from '../../model/run.ts';
import { slugOf, type Switches } from '../../model/switches.ts';
import type { Run } from '../../model/types.ts';

export { simulate } from '../../model/run.ts';
export {
  MAIN,
  SWITCH_IDS,
  SWITCH_VALUES,
  SWITCH_INFO,
  slugOf,
  fromSlug,
  parseSwitches,
  changedFromMain,
  describeSetting,
  isValue,
  type SwitchId,
  type Switches,
  type ParseProblem,
} from '../../model/switches.ts';
export { PRESETS, type Preset } from '../../model/presets.ts';
export { TIMING } from '../../model/sim.ts';
export { short, WORK_ID, STEPS, REVENUE, SECTION_TITLES, type StepName, type VersionName } from '../../model/world.ts';
export { journalAt, writesAt, eventsAt, RECORDS, INVARIANTS, type RecordInfo, type InvariantInfo } from '../../model/views.ts';
export { INVARIANT_IDS } from '../../model/types.ts';
export type { Run, TickSnapshot, TraceEvent, InvariantId, WriteDecision, Lane } from '../../model/types.ts';

const cache = new Map<string, Run>();

/** The run for a setting, simulated once per page. */
export function runOf(s: Switches): Run {
  const slug = slugOf(s);
  let run = cache.get(slug);
  if (!run) {
    run = simulate(s);
    cache.set(slug, run);
  }
  return run;
}
