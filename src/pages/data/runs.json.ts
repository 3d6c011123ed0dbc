/**
 * /data/runs.json: every run, machine-readable:
 * { model: MODEL_VERSION, runs: [toRunJson(run, url)…] } in allSettings() order.
 * Each url is the run's trace page, with the site's base.
 */
import type { APIRoute } from 'astro';
import { runAll, toRunJson } from '../../model/index.ts';
import { MODEL_VERSION } from '../../lib/model-version.ts';
import { href } from '../../lib/paths.ts';
import { tracePath } from '../../lib/routes.ts';

export const GET: APIRoute = () => {
  const body = {
    model: MODEL_VERSION,
    runs: runAll().map((run) => toRunJson(run, href(tracePath(run.switches)))),
  };
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
