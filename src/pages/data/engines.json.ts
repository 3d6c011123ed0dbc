/**
 * /data/engines.json: the engines' results as `npm run lab -- --engines`
 * wrote them (src/data/engines.json): per engine its version, the runs, the
 * faults struck, the breaches per invariant under each key × store choice
 * with the seeds to replay them, the five records' status and the most
 * instructive history.
 */
import type { APIRoute } from 'astro';
import engines from '../../data/engines.json';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(engines), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
