/**
 * /data/tryit.json: what the article's Try-it panel shows for each of the 864
 * settings (src/lib/tryit-table.ts GlanceTable), computed here at build time
 * from the model's runs so the panel never simulates in the browser. Equal
 * glances are stored once; `at` is in allSettings() order.
 */
import type { APIRoute } from 'astro';
import { runAll } from '../../model/index.ts';
import { MODEL_VERSION } from '../../lib/model-version.ts';
import { glanceTable } from '../../lib/outcome.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(glanceTable(runAll(), MODEL_VERSION)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
