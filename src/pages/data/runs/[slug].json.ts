/**
 * /data/runs/<slug>.json: one run, in the same shape as its entry in
 * /data/runs.json, plus the model version and its index there. Tiny, so a
 * citation or a script can fetch exactly the run it names.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { runAll, toRunJson } from '../../../model/index.ts';
import { at } from '../../../model/lookup.ts';
import { MODEL_VERSION } from '../../../lib/model-version.ts';
import { href } from '../../../lib/paths.ts';
import { tracePath } from '../../../lib/routes.ts';

export const getStaticPaths = (() =>
  runAll().map((run, index) => ({
    params: { slug: run.slug },
    props: { index },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => {
  const index = (props as { index: number }).index;
  const run = at(runAll(), index, 'runs');
  const body = { model: MODEL_VERSION, index, run: toRunJson(run, href(tracePath(run.switches))) };
  return new Response(JSON.stringify(body, null, 1), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
