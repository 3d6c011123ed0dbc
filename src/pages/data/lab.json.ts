/**
 * /data/lab.json: the lab's results as `npm run lab` wrote them
 * (src/data/lab.json): per protection variant the random nemesis runs and
 * the breaches per invariant with each breach's seed (replay one with
 * `npm run lab -- --replay SEED`), the fixed cases with the model's
 * prediction beside the lab's count, the mutants and whether the checker
 * caught each, the tick length measured and the annotated histories.
 */
import type { APIRoute } from 'astro';
import lab from '../../data/lab.json';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(lab), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
