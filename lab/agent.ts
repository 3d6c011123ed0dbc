/**
 * One lab process. The orchestrator forks a few of these ahead of need and
 * hands each exactly one role, then it exits (or is killed):
 *   - feed: an HTTP server on 127.0.0.1 (ephemeral port) with its own SQLite file;
 *   - controller: assesses candidates, suspects silent attempts, admits;
 *   - worker: one attempt (build or settle), one action per tick.
 * Messages arrive over the IPC channel. Nothing here imports src/model.
 */
import { createServer, request } from 'node:http';
import { FEED_SCHEMA, logEvent, open, protectedWrite, sha256, short, type Db } from './store.ts';

type Msg = Record<string, any>;
/** Send to the orchestrator; once it has gone (killed), say nothing (no EPIPE). */
const send = (m: Msg) => {
  if (process.connected) process.send?.(m, undefined, {}, () => {});
};
const STEPS = ['s1', 's2', 's3', 's4'] as const;
type Step = (typeof STEPS)[number];
const WORK_ID = 'digest/q3-report';

process.on('disconnect', () => process.exit(0)); // the orchestrator went away: so do we

let handler: (m: Msg) => void | Promise<void> = (m) => {
  if (m.op === 'feed') return feed(m);
  if (m.op === 'controller') return controller(m);
  if (m.op === 'worker') return worker(m);
};
process.on('message', (m: Msg) => {
  void Promise.resolve(handler(m)).catch((e) => {
    send({ op: 'error', error: String(e?.stack ?? e) });
    process.exit(1);
  });
});
send({ op: 'spare' });

// ——— The feed ———

function feed(m: Msg) {
  const db = open(m.file);
  db.exec(FEED_SCHEMA);
  const retentionMs: number | null = m.retentionMs;
  const tickMs: number = m.tickMs;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      try {
        const out = receive(db, JSON.parse(body), retentionMs, tickMs);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(out));
      } catch (e) {
        res.writeHead(400);
        res.end(JSON.stringify({ kind: 'error', error: String(e) }));
      }
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const addr = server.address() as { port: number };
    send({ op: 'listening', port: addr.port });
  });
}

/**
 * One send, in one transaction: look the key up, forget it when it was kept
 * longer than the retention (wall-clock milliseconds), answer a remembered
 * key with its post, else apply a new post and log it.
 * LAB_BREAK=feed-key makes the feed ignore remembered keys (it posts again).
 */
function receive(
  db: Db,
  r: { key: string | null; digest: string; text: string; tick: number },
  retentionMs: number | null,
  tickMs: number,
) {
  const now = Date.now();
  const params = JSON.stringify({ digest: r.digest, text: r.text });
  db.exec('BEGIN IMMEDIATE');
  try {
    let forgot: string | null = null;
    let ageMs: number | null = null;
    let ageTicks: number | null = null;
    let saved: any = null;
    if (r.key !== null) {
      saved = db.prepare('SELECT * FROM keys WHERE key = ?').get(r.key) ?? null;
      if (saved) {
        ageMs = now - saved.stored_ms;
        ageTicks = r.tick - saved.stored_tick;
        if (retentionMs !== null && ageMs >= retentionMs) {
          forgot = saved.post;
          db.prepare('DELETE FROM keys WHERE key = ?').run(r.key);
          saved = null;
        }
      }
      if (process.env.LAB_BREAK === 'feed-key') saved = null;
    }
    let out: { kind: string; post?: string; forgot?: string | null; reason?: string };
    if (saved && saved.params !== params) out = { kind: 'rejected', reason: 'different request' };
    else if (saved) out = { kind: 'remembered', post: saved.post };
    else {
      const n = (db.prepare('SELECT COUNT(*) AS n FROM posts').get() as { n: number }).n;
      const post = `P${n + 1}`;
      db.prepare('INSERT INTO posts (post, digest, key, tick, wall_ms) VALUES (?, ?, ?, ?, ?)').run(
        post,
        r.digest,
        r.key,
        r.tick,
        now,
      );
      if (r.key !== null)
        db.prepare(
          'INSERT OR REPLACE INTO keys (key, params, post, stored_ms, stored_tick) VALUES (?, ?, ?, ?, ?)',
        ).run(r.key, params, post, now, r.tick);
      out = { kind: 'applied', post, forgot };
    }
    db.prepare(
      'INSERT INTO requests (tick, wall_ms, key, digest, outcome, post, forgot, age_ms, age_ticks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(r.tick, now, r.key, r.digest, out.kind, out.post ?? null, forgot, ageMs, ageTicks);
    db.exec('COMMIT');
    void tickMs;
    return out;
  } catch (e) {
    db.exec('ROLLBACK');
    throw e;
  }
}

// ——— The controller ———

const STOPPED = ['unknown', 'fenced', 'refused', 'done'];

function controller(m: Msg) {
  const db = open(m.store);
  const fencing: boolean = m.fencing;
  const pins: boolean = m.pins;
  const startedAt: number = m.tick;
  // The owner epoch: durable = read back from the store; volatile = held in
  // this process's memory, starting again below the first token.
  let epoch: number;
  if (m.durable)
    epoch = (db.prepare('SELECT epoch FROM fence WHERE id = 1').get() as { epoch: number }).epoch;
  else {
    epoch = m.firstToken - 1;
    db.prepare('UPDATE fence SET epoch = ? WHERE id = 1').run(epoch); // publish it for the store's fence
  }
  if (m.restart)
    logEvent(db, m.tick, 'controller', 'controller-restarted', { epoch, durable: m.durable });
  handler = (t: Msg) => {
    if (t.op !== 'tick') return;
    const admitted = tick(db, t.tick);
    send({ op: 'done', tick: t.tick, admitted });
  };
  send({ op: 'ready' });

  function current(t: number): { version: string; since: number } {
    const row = db
      .prepare(
        'SELECT version, tick FROM inputs WHERE tick <= ? ORDER BY tick DESC, rowid DESC LIMIT 1',
      )
      .get(t) as { version: string; tick: number };
    return { version: row.version, since: row.tick };
  }

  function tick(db: Db, t: number) {
    const cur = current(t);
    const sectionHash = (step: string) =>
      (
        db
          .prepare('SELECT hash FROM report WHERE version = ? AND step = ?')
          .get(cur.version, step) as {
          hash: string;
        }
      ).hash;
    // a. assess every candidate written at an earlier tick, in the order written
    const cands = db
      .prepare("SELECT * FROM candidates WHERE status = 'candidate' AND tick < ? ORDER BY id")
      .all(t) as any[];
    for (const c of cands) {
      let refusal: any = null;
      if (fencing && c.token < epoch) refusal = { reason: 'token', token: c.token, epoch };
      else if (pins) {
        if (c.pin !== cur.version) refusal = { reason: 'pin', pin: c.pin, current: cur.version };
        else {
          const parts = JSON.parse(c.parts) as { step: string; inputHash: string | null }[];
          const bad = parts.find((p) => p.inputHash !== sectionHash(p.step));
          if (bad) refusal = { reason: 'input', step: bad.step, current: cur.version };
        }
      }
      db.exec('BEGIN IMMEDIATE');
      if (refusal) {
        db.prepare(
          "UPDATE candidates SET status = 'refused', assessed_tick = ?, refusal = ? WHERE id = ?",
        ).run(t, JSON.stringify(refusal), c.id);
        db.prepare(
          "UPDATE attempts SET state = 'refused' WHERE n = ? AND state NOT IN ('fenced', 'refused', 'done')",
        ).run(c.attempt);
        logEvent(db, t, 'controller', 'candidate-refused', { digest: short(c.digest), refusal });
      } else {
        db.prepare("UPDATE candidates SET status = 'accepted', assessed_tick = ? WHERE id = ?").run(
          t,
          c.id,
        );
        db.prepare('INSERT INTO acceptances (digest, version, tick) VALUES (?, ?, ?)').run(
          c.digest,
          pins ? cur.version : null,
          t,
        );
        logEvent(db, t, 'controller', 'candidate-accepted', {
          digest: short(c.digest),
          attempt: c.attempt,
          version: pins ? cur.version : null,
        });
      }
      db.exec('COMMIT');
    }
    // b. suspect: running attempts whose last heartbeat is 3 or more ticks old (timers count from this controller's start)
    const attempts = db.prepare('SELECT * FROM attempts ORDER BY n').all() as any[];
    for (const a of attempts) {
      if (a.state !== 'running' && a.state !== 'admitted') continue;
      const hb = db.prepare('SELECT tick FROM heartbeats WHERE n = ?').get(a.n) as { tick: number };
      if (t - hb.tick >= 3 && t - startedAt >= 3) {
        db.prepare("UPDATE attempts SET state = 'unknown' WHERE n = ? AND state = ?").run(
          a.n,
          a.state,
        );
        a.state = 'unknown';
        logEvent(db, t, 'controller', 'suspected', { attempt: a.n, last: hb.tick });
      }
    }
    // c. admit when there is no owner or the owner has stopped
    const owner = attempts.at(-1);
    if (owner && !STOPPED.includes(owner.state)) return [];
    const open = db
      .prepare("SELECT * FROM intents WHERE state != 'confirmed' ORDER BY id LIMIT 1")
      .get() as any;
    if (open) {
      const writer = attempts.find((a) => a.n === open.attempt);
      if (writer.state === 'running' || writer.state === 'admitted') return [];
      const n = admit(t, 'settle', cur.version, open.id);
      logEvent(db, t, 'controller', 'settle-admitted', {
        attempt: n,
        token: epoch,
        intent: open.id,
      });
      return [{ n, kind: 'settle' }];
    }
    const accs = db.prepare('SELECT * FROM acceptances').all() as any[];
    if (accs.some((a) => (pins ? a.version === cur.version : a.tick >= cur.since))) return [];
    const n = admit(t, 'build', cur.version, null);
    logEvent(db, t, 'controller', 'build-admitted', { attempt: n, token: epoch, pin: cur.version });
    // restore at admission: newest matching journal entry per step
    for (const step of STEPS) {
      const want = sectionHash(step);
      const e = (
        pins
          ? db
              .prepare(
                'SELECT id FROM journal WHERE step = ? AND input_hash = ? ORDER BY id DESC LIMIT 1',
              )
              .get(step, want)
          : db.prepare('SELECT id FROM journal WHERE step = ? ORDER BY id DESC LIMIT 1').get(step)
      ) as { id: number } | undefined;
      if (e) {
        db.prepare(
          'INSERT INTO restores (attempt, step, journal_id, tick) VALUES (?, ?, ?, ?)',
        ).run(n, step, e.id, t);
        logEvent(db, t, `#${n}`, 'step-restored', { step, journal: e.id });
      }
    }
    return [{ n, kind: 'build' }];
  }

  /** Admission publishes epoch+1 first, then writes the attempt record. */
  function admit(t: number, kind: string, pin: string, settles: number | null): number {
    epoch += 1;
    db.exec('BEGIN IMMEDIATE');
    db.prepare('UPDATE fence SET epoch = ? WHERE id = 1').run(epoch);
    const n =
      ((db.prepare('SELECT MAX(n) AS n FROM attempts').get() as { n: number | null }).n ?? 0) + 1;
    db.prepare(
      "INSERT INTO attempts (n, kind, token, pin, admitted_tick, state, settles) VALUES (?, ?, ?, ?, ?, 'admitted', ?)",
    ).run(n, kind, epoch, pin, t, settles);
    db.prepare('INSERT OR REPLACE INTO heartbeats (n, tick, wall_ms) VALUES (?, ?, ?)').run(
      n,
      t,
      Date.now(),
    );
    db.exec('COMMIT');
    return n;
  }
}

// ——— A worker (one attempt) ———

interface Part {
  step: Step;
  resultId: string;
  readHash: string;
  inputHash: string | null;
  restored: boolean;
}

function worker(m: Msg) {
  const db = open(m.store);
  const me = db.prepare('SELECT * FROM attempts WHERE n = ?').get(m.n) as any;
  const w = { n: me.n as number, token: me.token as number };
  const fencing: boolean = m.fencing;
  const pins: boolean = m.pins;
  const perStep: boolean = m.checkpoints === 'per-step';
  const keyKind: string = m.key;
  const armed = new Set<string>(m.armed);
  const actor = `#${w.n}`;
  db.prepare('UPDATE attempts SET pid = ? WHERE n = ?').run(process.pid, w.n);
  const parts: Partial<Record<Step, Part>> = {};
  for (const r of db
    .prepare(
      'SELECT r.step, j.result_id, j.read_hash, j.input_hash FROM restores r JOIN journal j ON j.id = r.journal_id WHERE r.attempt = ?',
    )
    .all(w.n) as any[])
    parts[r.step as Step] = {
      step: r.step,
      resultId: r.result_id,
      readHash: r.read_hash,
      inputHash: r.input_hash,
      restored: true,
    };
  const unsaved: Step[] = [];
  let candidate: string | null = null;
  let posted = false;
  let t = 0;

  // Failpoints: ask the orchestrator before a point it armed; it may SIGSTOP or SIGKILL us here.
  let resume: ((tick: number) => void) | null = null;
  const at = (point: string, extra: Msg = {}) =>
    new Promise<number>((res) => {
      resume = res;
      send({ op: 'at', point, tick: t, ...extra });
    });

  handler = async (msg: Msg) => {
    if (msg.op === 'go') {
      const r = resume;
      resume = null;
      r?.(msg.tick);
      return;
    }
    if (msg.op !== 'tick') return;
    t = msg.tick;
    const stop = await act();
    send({ op: 'done', tick: t, stop });
    if (stop) setTimeout(() => process.exit(0), 0);
  };
  send({ op: 'ready' });

  const state = () =>
    (db.prepare('SELECT state FROM attempts WHERE n = ?').get(w.n) as { state: string }).state;
  const setState = (s: string) =>
    db.prepare('UPDATE attempts SET state = ? WHERE n = ?').run(s, w.n);
  const heartbeat = () =>
    db
      .prepare('INSERT OR REPLACE INTO heartbeats (n, tick, wall_ms) VALUES (?, ?, ?)')
      .run(w.n, t, Date.now());
  const write = (store: string, subject: unknown, apply: (epoch: number) => void): boolean => {
    const out = protectedWrite(db, w, fencing, store, subject, t, apply);
    if (out === 'rejected') {
      setState('fenced');
      logEvent(db, t, actor, 'write-rejected', { store, subject, token: w.token });
      return false;
    }
    if (out === 'stale-applied')
      logEvent(db, t, actor, 'stale-write-applied', { store, subject, token: w.token });
    return true;
  };

  /** One action; true when the attempt has stopped. */
  async function act(): Promise<boolean> {
    const s = state();
    if (s === 'fenced' || s === 'refused' || s === 'done') return true;
    if (s === 'admitted') setState('running');
    if (me.kind === 'settle') return settle();
    if (candidate && !posted) {
      const c = db
        .prepare('SELECT status FROM candidates WHERE digest = ? AND attempt = ?')
        .get(candidate, w.n) as any;
      if (c.status === 'accepted') return post();
    }
    const next = STEPS.find((x) => !parts[x]);
    if (next) return compute(next);
    if (!candidate) {
      if (armed.has('silence:assemble')) {
        armed.delete('silence:assemble');
        t = await at('silence', { action: 'assemble' });
      }
      heartbeat();
      return assemble();
    }
    heartbeat(); // waiting for assessment
    return false;
  }

  /** The "model call": a deterministic function of the section text it reads. */
  function modelCall(step: Step): Part {
    const row = db
      .prepare('SELECT text FROM report WHERE version = ? AND step = ?')
      .get(me.pin, step) as {
      text: string;
    };
    const readHash = sha256(row.text);
    return {
      step,
      resultId: sha256(`${step}\n${readHash}\n#${w.n}`),
      readHash,
      inputHash: pins ? readHash : null,
      restored: false,
    };
  }

  function saveStep(p: Part): boolean {
    return write('journal', { kind: 'step', step: p.step }, (epoch) =>
      db
        .prepare(
          'INSERT INTO journal (step, result_id, read_hash, input_hash, writer, token, epoch, tick) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(p.step, p.resultId, p.readHash, p.inputHash, w.n, w.token, epoch, t),
    );
  }

  async function compute(step: Step): Promise<boolean> {
    logEvent(db, t, actor, 'model-call', { step });
    if (armed.has(`silence:${step}`)) {
      armed.delete(`silence:${step}`);
      t = await at('silence', { action: step }); // the call is out; a pause or a kill lands here
      logEvent(db, t, actor, 'call-returned', { step });
    }
    heartbeat();
    const p = modelCall(step);
    parts[step] = p;
    if (perStep) {
      if (!saveStep(p)) return true;
      logEvent(db, t, actor, 'step-journaled', { step, result: short(p.resultId) });
    } else {
      unsaved.push(step);
      logEvent(db, t, actor, 'step-held', { step, result: short(p.resultId) });
    }
    return false;
  }

  function assemble(): boolean {
    while (unsaved.length) {
      if (!saveStep(parts[unsaved[0]] as Part)) return true;
      unsaved.shift();
    }
    const ps = STEPS.map((s) => parts[s] as Part);
    const digest = sha256(ps.map((p) => p.resultId).join('\n'));
    const ok = write('candidates', { kind: 'candidate', digest: short(digest) }, (epoch) =>
      db
        .prepare(
          "INSERT INTO candidates (digest, attempt, token, epoch, pin, parts, tick, status) VALUES (?, ?, ?, ?, ?, ?, ?, 'candidate')",
        )
        .run(digest, w.n, w.token, epoch, pins ? me.pin : null, JSON.stringify(ps), t),
    );
    if (!ok) return true;
    candidate = digest;
    logEvent(db, t, actor, 'candidate-written', { digest: short(digest) });
    return false;
  }

  function keyFor(digest: string): string | null {
    if (keyKind === 'per-operation') return `announce:${WORK_ID}:${short(digest)}`;
    if (keyKind === 'per-attempt') return `announce:${WORK_ID}:#${w.n}`;
    return null;
  }

  async function post(): Promise<boolean> {
    posted = true;
    heartbeat();
    const digest = candidate as string;
    let id = 0;
    const ok = write('intents', { kind: 'intent', digest: short(digest) }, (epoch) => {
      id = Number(
        db
          .prepare(
            "INSERT INTO intents (digest, attempt, key, token, epoch, tick, state) VALUES (?, ?, ?, ?, ?, ?, 'recorded')",
          )
          .run(digest, w.n, keyFor(digest), w.token, epoch, t).lastInsertRowid,
      );
    });
    if (!ok) return true;
    logEvent(db, t, actor, 'intent-recorded', { digest: short(digest), intent: id });
    if (armed.has('silence:effect')) {
      armed.delete('silence:effect');
      t = await at('silence', { action: 'send' });
      heartbeat();
    }
    return deliver(id);
  }

  async function sendToFeed(intentId: number): Promise<{ kind: string; post?: string }> {
    const intent = db.prepare('SELECT digest FROM intents WHERE id = ?').get(intentId) as {
      digest: string;
    };
    const key = keyFor(intent.digest);
    const body = JSON.stringify({
      key,
      digest: short(intent.digest),
      text: `New digest for ${WORK_ID}`,
      tick: t,
    });
    const out = await new Promise<{ kind: string; post?: string; forgot?: string | null }>(
      (res, rej) => {
        const req = request(`${m.feedUrl}/announce`, { method: 'POST', agent: false }, (r) => {
          let text = '';
          r.on('data', (c) => (text += c));
          r.on('end', () => res(JSON.parse(text)));
        });
        req.on('error', rej);
        req.end(body);
      },
    );
    logEvent(db, t, 'feed', `send-${out.kind}`, {
      attempt: w.n,
      key,
      post: out.post ?? null,
      forgot: out.forgot ?? null,
    });
    if (out.kind === 'rejected') return out;
    // The send's outcome on the intent: never over a confirmed one, and with fencing on never by a stale token.
    db.exec('BEGIN IMMEDIATE');
    const e = (db.prepare('SELECT epoch FROM fence WHERE id = 1').get() as { epoch: number }).epoch;
    if (!fencing || w.token >= e)
      db.prepare(
        "UPDATE intents SET state = 'unconfirmed', post = ? WHERE id = ? AND state != 'confirmed'",
      ).run(out.post as string, intentId);
    db.exec('COMMIT');
    return out;
  }

  function confirm(intentId: number, post: string): boolean {
    const ok = write('confirmations', { kind: 'confirmation', post }, (epoch) => {
      db.prepare(
        "UPDATE intents SET state = 'confirmed', post = ?, confirmed_tick = ?, confirmed_by = ? WHERE id = ?",
      ).run(post, t, w.n, intentId);
      db.prepare(
        'INSERT INTO confirmations (intent, post, writer, token, epoch, tick) VALUES (?, ?, ?, ?, ?, ?)',
      ).run(intentId, post, w.n, w.token, epoch, t);
    });
    if (!ok) return false;
    setState('done');
    logEvent(db, t, actor, 'confirmed', { post });
    return true;
  }

  async function deliver(intentId: number): Promise<boolean> {
    if (armed.has('poster')) await at('deliver'); // before-send: the orchestrator may kill us here
    const out = await sendToFeed(intentId);
    if (out.kind === 'rejected') return true;
    if (armed.has('poster')) await at('sent', { outcome: out.kind }); // after-apply
    if (!confirm(intentId, out.post as string)) return true;
    if (armed.has('poster')) await at('confirmed', { outcome: out.kind }); // after-confirm
    return true;
  }

  async function settle(): Promise<boolean> {
    heartbeat();
    const out = await sendToFeed(me.settles);
    if (out.kind === 'rejected') {
      setState('refused');
      return true;
    }
    confirm(me.settles, out.post as string);
    return true;
  }
}
