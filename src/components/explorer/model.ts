/**
 * The islands' door into the model: its declared browser entry point
 * (src/model/browser.ts, without the 864-run sweep), plus a memo of runs by
 * slug so that flipping a switch back and forth never simulates the same
 * setting twice.
 */
import { simulate, slugOf, type Run, type Switches } from '../../model/browser.ts';

export * from '../../model/browser.ts';

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
