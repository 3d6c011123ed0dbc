/**
 * /data/versions.json: every recorded model version, oldest first, with each
 * run's short hash, so a reader holding a citation that names any version can
 * tell whether the run it cites has changed since (the trace page shows the
 * run's hash today). Recorded in src/data/model-versions.json by
 * `npm run version:record`; a build whose version is not recorded yet lists it
 * last with no date.
 */
import type { APIRoute } from 'astro';
import { CURRENT_RECORD, MODEL_VERSION, RECORDED_VERSIONS } from '../../lib/model-version.ts';
import { RUN_HASH_LENGTH } from '../../lib/version-of.ts';
import { href } from '../../lib/paths.ts';
import { PAGE } from '../../lib/routes.ts';

export const GET: APIRoute = () => {
  const recorded = RECORDED_VERSIONS.some((v) => v.version === MODEL_VERSION);
  const body = {
    about:
      `runs: each run's hash (the first ${RUN_HASH_LENGTH} hex digits of SHA-256 over the JSON of the whole run), ` +
      `${RUN_HASH_LENGTH} digits per run, in the order of ${href(PAGE.runsJson)} (each run's own JSON file gives its index). ` +
      'changed: the runs whose hash differs from the version before; sweep: the same hash over the fault sweep.',
    current: MODEL_VERSION,
    versions: [...RECORDED_VERSIONS, ...(recorded ? [] : [{ ...CURRENT_RECORD, date: null }])],
  };
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
