/**
 * The journal store: one process owning one SQLite file (node:sqlite, WAL),
 * served over loopback HTTP. It holds the report, the owner epoch (the
 * fence), the attempt records, the journal, candidates, acceptances, effect
 * intents, confirmations and the newsletter's admission. Every request runs
 * alone, in order; a write runs in one transaction that stays open for
 * `commitMs` (the time a real commit takes), so a SIGKILL can land inside it.
 *
 * Protected writes compare the writer's token with the epoch inside that
 * transaction (`token < epoch`: rejected, nothing written). The mutant
 * LAB_MUTANT=fence drops the comparison; =acceptance-version records
 * acceptances without their version.
 */
import { DatabaseSync } from 'node:sqlite';
import { existsSync, readFileSync } from 'node:fs';
import { conf, MUTANT, serialiser, serve, sha256, type Json } from './common.ts';

const fresh = !existsSync(conf.file);
const db = new DatabaseSync(conf.file);
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA busy_timeout = 2000;');
if (fresh) {
  db.exec(`
CREATE TABLE fence (id INTEGER PRIMARY KEY CHECK (id = 1), epoch INTEGER NOT NULL);
CREATE TABLE report (version TEXT NOT NULL, step TEXT NOT NULL, text TEXT NOT NULL, PRIMARY KEY (version, step));
CREATE TABLE current (id INTEGER PRIMARY KEY CHECK (id = 1), version TEXT NOT NULL, since_acc INTEGER NOT NULL, op TEXT);
CREATE TABLE attempts (n INTEGER PRIMARY KEY, kind TEXT NOT NULL, token INTEGER NOT NULL, pin TEXT NOT NULL, settles INTEGER, state TEXT NOT NULL);
CREATE TABLE writes (op TEXT PRIMARY KEY, tbl TEXT NOT NULL, writer INTEGER NOT NULL, token INTEGER NOT NULL, epoch INTEGER NOT NULL, outcome TEXT NOT NULL, row INTEGER);
CREATE TABLE journal (id INTEGER PRIMARY KEY, op TEXT NOT NULL, step TEXT NOT NULL, result_id TEXT NOT NULL, read_hash TEXT NOT NULL, input_hash TEXT, writer INTEGER NOT NULL, token INTEGER NOT NULL);
CREATE TABLE candidates (id INTEGER PRIMARY KEY, op TEXT NOT NULL, digest TEXT NOT NULL, attempt INTEGER NOT NULL, token INTEGER NOT NULL, pin TEXT, parts TEXT NOT NULL, status TEXT NOT NULL);
CREATE TABLE acceptances (id INTEGER PRIMARY KEY, op TEXT NOT NULL UNIQUE, digest TEXT NOT NULL, version TEXT, candidate INTEGER NOT NULL);
CREATE TABLE intents (id INTEGER PRIMARY KEY, op TEXT NOT NULL, digest TEXT NOT NULL, attempt INTEGER NOT NULL, key TEXT, token INTEGER NOT NULL, state TEXT NOT NULL, post TEXT);
CREATE TABLE confirmations (id INTEGER PRIMARY KEY, op TEXT NOT NULL, intent INTEGER NOT NULL, post TEXT NOT NULL, writer INTEGER NOT NULL, token INTEGER NOT NULL);
CREATE TABLE newsletter (id INTEGER PRIMARY KEY CHECK (id = 1), op TEXT NOT NULL, digest TEXT NOT NULL, rule TEXT NOT NULL);
`);
  const report = JSON.parse(readFileSync(conf.report, 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  db.exec('BEGIN');
  db.prepare('INSERT INTO fence (id, epoch) VALUES (1, ?)').run(conf.firstToken - 1);
  for (const [v, sections] of Object.entries(report))
    for (const [step, text] of Object.entries(sections))
      db.prepare('INSERT INTO report (version, step, text) VALUES (?, ?, ?)').run(v, step, text);
  db.prepare("INSERT INTO current (id, version, since_acc) VALUES (1, 'v1', 0)").run();
  db.exec('COMMIT');
}

const one = (sql: string, ...a: any[]) => db.prepare(sql).get(...a) as Json | undefined;
const all = (sql: string, ...a: any[]) => db.prepare(sql).all(...a) as Json[];
const epoch = () => (one('SELECT epoch FROM fence WHERE id = 1') as Json).epoch as number;
const current = () => one('SELECT version, since_acc FROM current WHERE id = 1') as Json;
const sectionHash = (version: string, step: string) =>
  sha256(
    (one('SELECT text FROM report WHERE version = ? AND step = ?', version, step) as Json).text,
  );
const STOPPED = ['unknown', 'fenced', 'refused', 'done'];

const serial = serialiser(db);

/** A protected write: the fence compared in the same transaction as the record (idempotent by op). */
function protectedWrite(b: Json): Json {
  const seen = one('SELECT outcome, row FROM writes WHERE op = ?', b.op);
  if (seen) return { outcome: seen.outcome, id: seen.row, again: true };
  const e = epoch();
  if (b.fencing && MUTANT !== 'fence' && b.token < e) {
    db.prepare(
      'INSERT INTO writes (op, tbl, writer, token, epoch, outcome) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(b.op, b.tbl, b.writer, b.token, e, 'rejected');
    return { outcome: 'rejected', epoch: e };
  }
  const r = b.row;
  let id: number;
  if (b.tbl === 'journal')
    id = Number(
      db
        .prepare(
          'INSERT INTO journal (op, step, result_id, read_hash, input_hash, writer, token) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(b.op, r.step, r.resultId, r.readHash, r.inputHash, b.writer, b.token).lastInsertRowid,
    );
  else if (b.tbl === 'candidate')
    id = Number(
      db
        .prepare(
          "INSERT INTO candidates (op, digest, attempt, token, pin, parts, status) VALUES (?, ?, ?, ?, ?, ?, 'candidate')",
        )
        .run(b.op, r.digest, b.writer, b.token, r.pin, JSON.stringify(r.parts)).lastInsertRowid,
    );
  else if (b.tbl === 'intent')
    id = Number(
      db
        .prepare(
          "INSERT INTO intents (op, digest, attempt, key, token, state) VALUES (?, ?, ?, ?, ?, 'recorded')",
        )
        .run(b.op, r.digest, b.writer, r.key, b.token).lastInsertRowid,
    );
  else if (b.tbl === 'confirmation') {
    id = Number(
      db
        .prepare(
          'INSERT INTO confirmations (op, intent, post, writer, token) VALUES (?, ?, ?, ?, ?)',
        )
        .run(b.op, r.intent, r.post, b.writer, b.token).lastInsertRowid,
    );
    db.prepare("UPDATE intents SET state = 'confirmed', post = ? WHERE id = ?").run(
      r.post,
      r.intent,
    );
  } else throw new Error(`no table ${b.tbl}`);
  db.prepare(
    'INSERT INTO writes (op, tbl, writer, token, epoch, outcome, row) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(b.op, b.tbl, b.writer, b.token, e, 'applied', id);
  return { outcome: 'applied', id, epoch: e };
}

/** The controller's assessment of one candidate, decided and recorded in one transaction. */
function assess(b: Json): Json {
  const c = one('SELECT * FROM candidates WHERE id = ?', b.candidate) as Json;
  if (c.status !== 'candidate') return { status: c.status, again: true };
  const cur = current();
  const e = epoch();
  let refusal: string | null = null;
  if (b.fencing && c.token < e) refusal = `token ${c.token} < epoch ${e}`;
  else if (b.pins) {
    if (c.pin !== cur.version) refusal = `pinned ${c.pin}, current ${cur.version}`;
    else {
      const bad = (JSON.parse(c.parts) as Json[]).find(
        (p) => p.inputHash !== sectionHash(cur.version, p.step),
      );
      if (bad) refusal = `${bad.step} read other input`;
    }
  }
  if (refusal) {
    db.prepare("UPDATE candidates SET status = 'refused' WHERE id = ?").run(c.id);
    db.prepare(
      `UPDATE attempts SET state = 'refused' WHERE n = ? AND state NOT IN ('fenced', 'refused', 'done')`,
    ).run(c.attempt);
    return { status: 'refused', refusal };
  }
  db.prepare("UPDATE candidates SET status = 'accepted' WHERE id = ?").run(c.id);
  const version = b.pins && MUTANT !== 'acceptance-version' ? cur.version : null;
  db.prepare('INSERT INTO acceptances (op, digest, version, candidate) VALUES (?, ?, ?, ?)').run(
    b.op,
    c.digest,
    version,
    c.id,
  );
  return { status: 'accepted', digest: c.digest, version };
}

/** The newsletter's rule, evaluated and its admission recorded in one transaction. */
function admitNewsletter(b: Json): Json {
  const had = one('SELECT digest FROM newsletter');
  if (had) return { admitted: had.digest, again: true };
  const cur = current();
  let pick: Json | undefined;
  if (b.rule === 'latest-finished')
    pick = one('SELECT digest FROM candidates ORDER BY id DESC LIMIT 1');
  else {
    const newest = one('SELECT digest, version FROM acceptances ORDER BY id DESC LIMIT 1');
    // current-accepted fails open when records carry no version
    if (b.rule === 'any-accepted' || (newest && newest.version === null)) pick = newest;
    else
      pick = one(
        'SELECT digest FROM acceptances WHERE version = ? ORDER BY id DESC LIMIT 1',
        cur.version,
      );
  }
  if (!pick) return { admitted: null };
  db.prepare('INSERT INTO newsletter (id, op, digest, rule) VALUES (1, ?, ?, ?)').run(
    b.op,
    pick.digest,
    b.rule,
  );
  return { admitted: pick.digest };
}

serve((path, b) => {
  switch (path) {
    case '/write':
      return serial(b.op, true, () => protectedWrite(b));
    case '/assess':
      return serial(b.op, true, () => assess(b));
    case '/newsletter':
      return serial(b.op, true, () => admitNewsletter(b));
    case '/epoch': // the controller publishes its epoch (b.epoch) or reads it back (no b.epoch)
      return serial(b.op, b.epoch !== undefined, () => {
        if (b.epoch !== undefined)
          db.prepare('UPDATE fence SET epoch = ? WHERE id = 1').run(b.epoch);
        return { epoch: epoch() };
      });
    case '/attempt':
      return serial(b.op, true, () => {
        db.prepare(
          "INSERT OR IGNORE INTO attempts (n, kind, token, pin, settles, state) VALUES (?, ?, ?, ?, ?, 'admitted')",
        ).run(b.n, b.kind, b.token, b.pin, b.settles ?? null);
        return { n: b.n };
      });
    case '/state': // a conditional state change: only from one of b.from
      return serial(b.op, true, () => {
        const from = b.from as string[];
        const r = db
          .prepare(
            `UPDATE attempts SET state = ? WHERE n = ? AND state IN (${from.map(() => '?').join(',')})`,
          )
          .run(b.to, b.n, ...from);
        return { changed: r.changes === 1 };
      });
    case '/correct': // the report corrected: v2 becomes current
      return serial(b.op, true, () => {
        const maxAcc = (one('SELECT COALESCE(MAX(id), 0) AS m FROM acceptances') as Json).m;
        if (current().version !== 'v2')
          db.prepare("UPDATE current SET version = 'v2', since_acc = ?, op = ? WHERE id = 1").run(
            maxAcc,
            b.op,
          );
        return { version: 'v2' };
      });
    case '/section':
      return serial(b.op, false, () => ({
        text: (
          one('SELECT text FROM report WHERE version = ? AND step = ?', b.version, b.step) as Json
        ).text,
      }));
    case '/restore': // newest journal entry for a step (with b.hash: whose input hash is that)
      return serial(b.op, false, () =>
        b.hash
          ? (one(
              'SELECT id, step, result_id, read_hash, input_hash FROM journal WHERE step = ? AND input_hash = ? ORDER BY id DESC LIMIT 1',
              b.step,
              b.hash,
            ) ?? {})
          : (one(
              'SELECT id, step, result_id, read_hash, input_hash FROM journal WHERE step = ? ORDER BY id DESC LIMIT 1',
              b.step,
            ) ?? {}),
      );
    case '/candidate':
      return serial(
        b.op,
        false,
        () => one('SELECT id, status FROM candidates WHERE id = ?', b.id) ?? {},
      );
    case '/intent':
      return serial(b.op, false, () => one('SELECT * FROM intents WHERE id = ?', b.id) ?? {});
    case '/status':
      return serial(b.op, false, () => {
        const cur = current();
        const accs = all('SELECT id, digest, version FROM acceptances ORDER BY id');
        return {
          epoch: epoch(),
          current: cur.version,
          attempts: all('SELECT n, kind, token, pin, settles, state FROM attempts ORDER BY n'),
          unassessed: all("SELECT id FROM candidates WHERE status = 'candidate' ORDER BY id").map(
            (r) => r.id,
          ),
          unconfirmed: all(
            "SELECT id, attempt FROM intents WHERE state != 'confirmed' ORDER BY id",
          ),
          // with versions recorded, an acceptance names the current one; without, it came after the change
          serves: accs.some((a) =>
            a.version === null ? a.id > cur.since_acc : a.version === cur.version,
          ),
          confirmed: (one("SELECT COUNT(*) AS n FROM intents WHERE state = 'confirmed'") as Json).n,
          newsletter: one('SELECT digest FROM newsletter')?.digest ?? null,
          stopped: STOPPED,
        };
      });
    default:
      throw new Error(`no route ${path}`);
  }
});
