/**
 * /data/faults.json: the fault sweep, machine-readable (README: "faults.json").
 * The model version, the space swept (each dimension and its values), the
 * counts, the table (per protection variant and invariant: breaking
 * schedules, the minimal sets of faults that break it, the shortest
 * counterexample and the one with the fewest faults), each counterexample of
 * the all-on variant its page features (the fewest faults) with its switches,
 * schedule, broken invariants and page URL and the shortest beside it, and
 * the properties.
 */
import type { APIRoute } from 'astro';
import {
  INVARIANT_IDS,
  SCHEDULE_IDS,
  counterexamples,
  faultSweep,
  type Counterexample,
} from '../../model/index.ts';
import { at } from '../../model/lookup.ts';
import { MODEL_VERSION } from '../../lib/model-version.ts';
import { href } from '../../lib/paths.ts';
import { explorerPath, faultPath } from '../../lib/routes.ts';

const ce = (c: Counterexample | null) =>
  c && {
    switches: c.switches,
    schedule: c.schedule,
    tick: c.tick,
    faults: c.faults,
    struck: c.struck,
    broken: c.broken,
    lastTick: c.lastTick,
  };

export const GET: APIRoute = () => {
  const sweep = faultSweep();
  const body = {
    model: MODEL_VERSION,
    space: Object.fromEntries(SCHEDULE_IDS.map((id) => [id, sweep.space[id]])),
    schedulesPerSetting: sweep.schedulesPerSetting,
    settings: sweep.settings,
    schedules: sweep.schedules,
    runs: sweep.runs,
    table: sweep.variants.map((v) => ({
      variant: v.id,
      change: v.change,
      settings: v.settings,
      schedules: v.schedules,
      runs: v.runs,
      breaking: v.breaking,
      invariants: Object.fromEntries(
        INVARIANT_IDS.map((id) => {
          const cell = v.byInvariant[id];
          return [
            id,
            {
              schedules: cell.schedules,
              minimalFaultSets: cell.minimalFaultSets,
              shortest: ce(cell.shortest),
              fewest: ce(cell.fewest),
            },
          ];
        }),
      ),
    })),
    counterexamples: counterexamples(sweep).map((shortest) => {
      const c =
        at(sweep.variants, 0, 'variants').byInvariant[shortest.invariant].fewest ?? shortest;
      return {
        invariant: c.invariant,
        url: href(faultPath(c.invariant)),
        explorer: href(explorerPath(c.switches, { schedule: c.schedule, tick: c.tick })),
        ...ce(c),
        shortest: {
          explorer: href(
            explorerPath(shortest.switches, { schedule: shortest.schedule, tick: shortest.tick }),
          ),
          ...ce(shortest),
        },
      };
    }),
    properties: sweep.properties,
  };
  return new Response(JSON.stringify(body, null, 1), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
