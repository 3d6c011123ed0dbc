/**
 * One annotated lab run for the /lab/ page: the run's own rows (store and
 * feed), the faults it injected and when, and the checker's verdict.
 */
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import type { Switches } from '../src/model/switches.ts';
import type { Schedule } from '../src/model/schedule.ts';
import { SECTION_TEXT } from '../src/model/world.ts';
import { open } from './store.ts';
import { Pool, runOnce, type FaultNote } from './run.ts';
import type { Verdict } from './check.ts';

type Row = Record<string, string | number | null>;

export interface Example {
  id: string;
  title: string;
  switches: Switches;
  verdict: Verdict;
  faults: FaultNote[];
  landing: string[];
  wallMs: number;
  writes: Row[];
  journal: Row[];
  candidates: Row[];
  acceptances: Row[];
  intents: Row[];
  posts: Row[];
  requests: Row[];
  events: Row[];
}

export async function example(
  id: string,
  title: string,
  s: Switches,
  sch: Schedule,
  pool: Pool,
  tickMs: number,
  dir: string,
): Promise<Example> {
  const r = await runOnce(s, sch, { dir, tickMs, report: SECTION_TEXT, pool, keepFiles: true });
  const store = open(join(dir, 'store.sqlite'), true);
  const feed = open(join(dir, 'feed.sqlite'), true);
  const all = (db: typeof store, sql: string) =>
    (db.prepare(sql).all() as Row[]).map((x) => ({ ...x }));
  try {
    return {
      id,
      title,
      switches: s,
      verdict: r.verdict,
      faults: r.faults,
      landing: r.landing,
      wallMs: r.wallMs,
      writes: all(
        store,
        'SELECT tick, store, writer, token, epoch, outcome, subject FROM writes ORDER BY id',
      ),
      journal: all(
        store,
        'SELECT id, tick, step, substr(result_id, 1, 8) AS result, substr(input_hash, 1, 8) AS input, writer, token, epoch FROM journal ORDER BY id',
      ),
      candidates: all(
        store,
        'SELECT id, tick, substr(digest, 1, 8) AS digest, attempt, token, epoch, pin, status, assessed_tick FROM candidates ORDER BY id',
      ),
      acceptances: all(
        store,
        'SELECT id, tick, substr(digest, 1, 8) AS digest, version FROM acceptances ORDER BY id',
      ),
      intents: all(
        store,
        'SELECT id, tick, substr(digest, 1, 8) AS digest, attempt, key, token, state, post, confirmed_tick, confirmed_by FROM intents ORDER BY id',
      ),
      posts: all(feed, 'SELECT seq, post, digest, key, tick FROM posts ORDER BY seq'),
      requests: all(
        feed,
        'SELECT id, tick, key, digest, outcome, post, age_ms, age_ticks FROM requests ORDER BY id',
      ),
      events: all(
        store,
        'SELECT tick, round(wall_ms - (SELECT MIN(wall_ms) FROM events)) AS ms, actor, kind, detail FROM events ORDER BY id',
      ),
    };
  } finally {
    store.close();
    feed.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
