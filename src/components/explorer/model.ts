/**
 * The islands' door into the model: its declared browser entry point
 * (src/model/browser.ts, without the 864-run sweep), plus a memo of runs by
 * slug so that flipping a switch back and forth never simulates the same
 * setting twice.
 */
import {
  BASE_SCHEDULE,
  SCHEDULE_IDS,
  simulate,
  slugOf,
  type Run,
  type Schedule,
  type Switches,
} from '../../model/browser.ts';

export * from '../../model/browser.ts';

const cache = new Map<string, Run>();

/** The run for a setting (under a fault schedule, the base one by default), simulated once per page. */
export function runOf(s: Switches, schedule: Schedule = BASE_SCHEDULE): Run {
  const slug = slugOf(s) + SCHEDULE_IDS.map((id) => `|${schedule[id]}`).join('');
  let run = cache.get(slug);
  if (!run) {
    run = simulate(s, { schedule });
    cache.set(slug, run);
  }
  return run;
}
