/**
 * The lab's durable store: one SQLite file per run (node:sqlite, WAL mode),
 * opened by every process of the run — the controller, each attempt, the
 * orchestrator. Nothing here imports src/model.
 *
 * Fencing is a conditional write against the store's epoch, inside the same
 * transaction as the record it protects: `UPDATE fence … WHERE epoch <= ?`
 * with the writer's token. When it changes no row the write is rejected and
 * nothing else is written (the model's rule: a token below the epoch is
 * refused; a token at or above it passes, which matters only after a
 * volatile controller restart lowered the epoch).
 */
import { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';

export type Db = DatabaseSync;

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function short(hash: string): string {
  return hash.slice(0, 8);
}

export function open(file: string, readOnly = false): Db {
  const db = new DatabaseSync(file, readOnly ? { readOnly: true } : {});
  db.exec('PRAGMA busy_timeout = 10000;');
  if (!readOnly) db.exec('PRAGMA journal_mode = WAL;');
  return db;
}

export const STORE_SCHEMA = `
CREATE TABLE fence (id INTEGER PRIMARY KEY CHECK (id = 1), epoch INTEGER NOT NULL, writes INTEGER NOT NULL DEFAULT 0);
CREATE TABLE report (version TEXT NOT NULL, step TEXT NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL, PRIMARY KEY (version, step));
CREATE TABLE inputs (tick INTEGER NOT NULL, version TEXT NOT NULL);
CREATE TABLE attempts (n INTEGER PRIMARY KEY, kind TEXT NOT NULL, token INTEGER NOT NULL, pin TEXT NOT NULL,
  admitted_tick INTEGER NOT NULL, state TEXT NOT NULL, settles INTEGER, pid INTEGER);
CREATE TABLE heartbeats (n INTEGER PRIMARY KEY, tick INTEGER NOT NULL, wall_ms REAL NOT NULL);
CREATE TABLE journal (id INTEGER PRIMARY KEY, step TEXT NOT NULL, result_id TEXT NOT NULL, read_hash TEXT NOT NULL,
  input_hash TEXT, writer INTEGER NOT NULL, token INTEGER NOT NULL, epoch INTEGER NOT NULL, tick INTEGER NOT NULL);
CREATE TABLE restores (attempt INTEGER NOT NULL, step TEXT NOT NULL, journal_id INTEGER NOT NULL, tick INTEGER NOT NULL);
CREATE TABLE candidates (id INTEGER PRIMARY KEY, digest TEXT NOT NULL, attempt INTEGER NOT NULL, token INTEGER NOT NULL,
  epoch INTEGER NOT NULL, pin TEXT, parts TEXT NOT NULL, tick INTEGER NOT NULL, status TEXT NOT NULL,
  assessed_tick INTEGER, refusal TEXT);
CREATE TABLE acceptances (id INTEGER PRIMARY KEY, digest TEXT NOT NULL, version TEXT, tick INTEGER NOT NULL);
CREATE TABLE intents (id INTEGER PRIMARY KEY, digest TEXT NOT NULL, attempt INTEGER NOT NULL, key TEXT, token INTEGER NOT NULL,
  epoch INTEGER NOT NULL, tick INTEGER NOT NULL, state TEXT NOT NULL, post TEXT, confirmed_tick INTEGER, confirmed_by INTEGER);
CREATE TABLE confirmations (id INTEGER PRIMARY KEY, intent INTEGER NOT NULL, post TEXT, writer INTEGER NOT NULL,
  token INTEGER NOT NULL, epoch INTEGER NOT NULL, tick INTEGER NOT NULL);
CREATE TABLE writes (id INTEGER PRIMARY KEY, tick INTEGER NOT NULL, store TEXT NOT NULL, writer INTEGER NOT NULL,
  token INTEGER NOT NULL, epoch INTEGER NOT NULL, subject TEXT NOT NULL, outcome TEXT NOT NULL);
CREATE TABLE newsletter (id INTEGER PRIMARY KEY CHECK (id = 1), tick INTEGER NOT NULL, digest TEXT NOT NULL, quote TEXT NOT NULL, why TEXT NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY, tick INTEGER NOT NULL, wall_ms REAL NOT NULL, actor TEXT NOT NULL,
  kind TEXT NOT NULL, detail TEXT NOT NULL);
`;

/** Log one event of the run (the lab's own trace; the checker does not read it). */
export function logEvent(db: Db, tick: number, actor: string, kind: string, detail: unknown = {}) {
  db.prepare('INSERT INTO events (tick, wall_ms, actor, kind, detail) VALUES (?, ?, ?, ?, ?)').run(
    tick,
    Date.now(),
    actor,
    kind,
    JSON.stringify(detail),
  );
}

export interface Writer {
  n: number;
  token: number;
}

/**
 * One protected write: the fence check and the record in one transaction.
 * Returns 'rejected' (nothing written), 'applied', or 'stale-applied'
 * (fencing off and the token is below the epoch: the write lands anyway).
 *
 * LAB_BREAK=fence drops the condition (a store that lets stale writes
 * through with fencing on): the short lab in `npm test` must then fail.
 */
export function protectedWrite(
  db: Db,
  w: Writer,
  fencing: boolean,
  store: string,
  subject: unknown,
  tick: number,
  apply: (epoch: number) => void,
): 'rejected' | 'applied' | 'stale-applied' {
  db.exec('BEGIN IMMEDIATE');
  try {
    const epoch = (db.prepare('SELECT epoch FROM fence WHERE id = 1').get() as { epoch: number })
      .epoch;
    let ok = true;
    if (fencing) {
      const cond = process.env.LAB_BREAK === 'fence' ? '' : ' AND epoch <= ?';
      const args = process.env.LAB_BREAK === 'fence' ? [] : [w.token];
      ok =
        db.prepare(`UPDATE fence SET writes = writes + 1 WHERE id = 1${cond}`).run(...args)
          .changes === 1;
    }
    const outcome = !ok ? 'rejected' : w.token < epoch ? 'stale-applied' : 'applied';
    if (ok) apply(epoch);
    db.prepare(
      'INSERT INTO writes (tick, store, writer, token, epoch, subject, outcome) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(tick, store, w.n, w.token, epoch, JSON.stringify(subject), outcome);
    db.exec('COMMIT');
    return outcome;
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

export const FEED_SCHEMA = `
CREATE TABLE keys (key TEXT PRIMARY KEY, params TEXT NOT NULL, post TEXT NOT NULL, stored_ms REAL NOT NULL, stored_tick INTEGER NOT NULL);
CREATE TABLE posts (seq INTEGER PRIMARY KEY, post TEXT NOT NULL, digest TEXT NOT NULL, key TEXT, tick INTEGER NOT NULL, wall_ms REAL NOT NULL);
CREATE TABLE requests (id INTEGER PRIMARY KEY, tick INTEGER NOT NULL, wall_ms REAL NOT NULL, key TEXT, digest TEXT NOT NULL,
  outcome TEXT NOT NULL, post TEXT, forgot TEXT, age_ms REAL, age_ticks INTEGER);
`;
