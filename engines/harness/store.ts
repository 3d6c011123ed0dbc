/**
 * The outside store of an engine run: a database the job writes to that the
 * engine knows nothing of. One process, one SQLite file, loopback HTTP (the
 * lab's serve and history, lab/proc/common.ts). It holds the report (v1, then
 * v2 once corrected), issues owner tokens (the application's epoch: asked at
 * the start of every attempt), applies the job's writes (fenced: a token below
 * the highest issued is rejected; plain: every write applied), assesses a
 * candidate against the report current at that moment and records the
 * acceptance with its version, and admits the newsletter on a digest accepted
 * for the current version (the current-accepted rule).
 */
import { DatabaseSync } from 'node:sqlite';
import { readFileSync } from 'node:fs';
import { conf, serialiser, serve, sha256, type Json } from '../../lab/proc/common.ts';

const db = new DatabaseSync(conf.file);
db.exec(`PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;
CREATE TABLE IF NOT EXISTS report (version TEXT, step TEXT, text TEXT, PRIMARY KEY (version, step));
CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT);
CREATE TABLE IF NOT EXISTS tokens (op TEXT PRIMARY KEY, token INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS writes (id INTEGER PRIMARY KEY, op TEXT UNIQUE, tbl TEXT, token INTEGER, step TEXT, digest TEXT);
CREATE TABLE IF NOT EXISTS candidates (op TEXT PRIMARY KEY, round INTEGER, digest TEXT, parts TEXT);
CREATE TABLE IF NOT EXISTS acceptances (id INTEGER PRIMARY KEY, op TEXT UNIQUE, round INTEGER, digest TEXT, version TEXT, accepted INTEGER);
CREATE TABLE IF NOT EXISTS newsletter (op TEXT PRIMARY KEY, digest TEXT);`);
if (!db.prepare('SELECT 1 FROM report').get()) {
  const report = JSON.parse(readFileSync(conf.report, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  for (const [v, secs] of Object.entries(report))
    for (const [s, t] of Object.entries(secs))
      db.prepare('INSERT INTO report VALUES (?, ?, ?)').run(v, s, t);
  db.prepare("INSERT INTO meta VALUES ('current', 'v1')").run();
}
const one = (sql: string, ...a: (string | number | null)[]) =>
  db.prepare(sql).get(...a) as Json | undefined;
const current = () => one("SELECT v FROM meta WHERE k = 'current'")!.v as string;
const highest = () => (one('SELECT COALESCE(MAX(token), 0) AS m FROM tokens')!.m as number) || 0;

/** One transaction at a time, held open for commitMs (a commit's time). */
const serial = serialiser(db);
const txn = (op: string, fn: () => Json): Promise<Json> => serial(op, true, fn);

function need(b: Json, ...keys: string[]) {
  for (const k of keys)
    if (b[k] === undefined || b[k] === null) throw new Error(`missing field ${k}`);
}

serve((path, b) => {
  if (path === '/issue') {
    need(b, 'op');
    return txn(b.op, () => {
      const had = one('SELECT token FROM tokens WHERE op = ?', b.op);
      if (had) return { token: had.token };
      const token = Math.max(highest(), conf.firstToken - 1) + 1;
      db.prepare('INSERT INTO tokens VALUES (?, ?)').run(b.op, token);
      return { token };
    });
  }
  if (path === '/section') {
    need(b, 'step');
    const v = current();
    const r = one('SELECT text FROM report WHERE version = ? AND step = ?', v, b.step);
    if (!r) throw new Error(`no section ${b.step}`);
    return { version: v, readHash: sha256(r.text as string) };
  }
  if (path === '/write') {
    need(b, 'op', 'tbl', 'token');
    return txn(b.op, () => {
      if (one('SELECT 1 FROM writes WHERE op = ?', b.op))
        return { outcome: 'applied', again: true };
      if (b.fenced && b.token < highest()) return { outcome: 'rejected', highest: highest() };
      db.prepare('INSERT INTO writes (op, tbl, token, step, digest) VALUES (?, ?, ?, ?, ?)').run(
        b.op,
        b.tbl,
        b.token,
        b.step ?? null,
        b.digest ?? null,
      );
      if (b.tbl === 'candidate')
        db.prepare('INSERT INTO candidates VALUES (?, ?, ?, ?)').run(
          b.op,
          b.round,
          b.digest,
          JSON.stringify(b.parts),
        );
      return { outcome: 'applied' };
    });
  }
  if (path === '/pending') {
    // candidates not yet assessed
    return {
      candidates: db
        .prepare(
          'SELECT round, digest FROM candidates WHERE digest NOT IN (SELECT digest FROM acceptances)',
        )
        .all(),
    };
  }
  if (path === '/assess') {
    need(b, 'op', 'digest');
    return txn(b.op, () => {
      const had = one('SELECT * FROM acceptances WHERE op = ?', b.op);
      if (had) return { accepted: !!had.accepted, version: had.version, again: true };
      const c = one('SELECT parts FROM candidates WHERE digest = ?', b.digest);
      if (!c) throw new Error(`no candidate ${b.digest}`);
      const v = current();
      const parts = JSON.parse(c.parts as string) as { step: string; readHash: string }[];
      const ok = parts.every(
        (p) =>
          sha256(
            one('SELECT text FROM report WHERE version = ? AND step = ?', v, p.step)!
              .text as string,
          ) === p.readHash,
      );
      db.prepare(
        'INSERT INTO acceptances (op, round, digest, version, accepted) VALUES (?, ?, ?, ?, ?)',
      ).run(b.op, b.round ?? null, b.digest, v, ok ? 1 : 0);
      return { accepted: ok, version: v };
    });
  }
  if (path === '/admit') {
    need(b, 'op', 'digest');
    return txn(b.op, () => {
      const had = one('SELECT digest FROM newsletter');
      if (had) return { outcome: had.digest === b.digest ? 'admitted' : 'rejected', again: true };
      const acc = one(
        'SELECT 1 FROM acceptances WHERE digest = ? AND accepted = 1 AND version = ?',
        b.digest,
        current(),
      );
      if (!acc) return { outcome: 'rejected', why: 'not accepted for the current report' };
      db.prepare('INSERT INTO newsletter VALUES (?, ?)').run(b.op, b.digest);
      return { outcome: 'admitted' };
    });
  }
  if (path === '/correct') {
    need(b, 'op');
    return txn(b.op, () => {
      db.prepare("UPDATE meta SET v = 'v2' WHERE k = 'current'").run();
      return { version: 'v2' };
    });
  }
  throw new Error(`no route ${path}`);
});
