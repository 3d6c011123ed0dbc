/**
 * The orchestrator of one lab run: the clock, the report's owner, the
 * newsletter, and the fault injector. It forks real processes (lab/agent.ts)
 * for the feed, the controller and every attempt, drives the model's ticks
 * at a real pace (one tick every `tickMs` of wall-clock time, later when a
 * tick's work overruns), and injects the schedule's faults as real signals
 * at failpoints: SIGSTOP / SIGCONT for a pause, SIGKILL for a crash, a
 * poster's death or the controller's restart.
 *
 * It imports only the site's switch and schedule types (src/model/switches.ts,
 * src/model/schedule.ts): the rules it follows are written here again, and
 * the verdicts come from lab/check.ts.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Switches } from '../src/model/switches.ts';
import type { Schedule } from '../src/model/schedule.ts';
import { STORE_SCHEMA, logEvent, open, sha256, type Db } from './store.ts';
import { check, postsUnderRememberedKey, type Verdict } from './check.ts';

const AGENT = fileURLToPath(new URL('./agent.ts', import.meta.url));
const FIRST_TOKEN = 41;
const NEWSLETTER_READY = 12;
const HORIZON = 40;
const CHANGE_AT: Record<string, number | undefined> = { outage: 4, 'after-acceptance': 12 };

export interface ReportText {
  v1: Record<string, string>;
  v2: Record<string, string>;
}

type Msg = Record<string, any>;

/** One forked lab process, with a queue of the messages it sent. */
class Agent {
  child: ChildProcess;
  inbox: Msg[] = [];
  waiters: ((m: Msg) => void)[] = [];
  exited = false;
  constructor(child: ChildProcess) {
    this.child = child;
    child.on('message', (m: Msg) => {
      const w = this.waiters.shift();
      if (w) w(m);
      else this.inbox.push(m);
    });
    child.on('exit', () => {
      this.exited = true;
      for (const w of this.waiters.splice(0)) w({ op: 'exit' });
    });
  }
  next(timeoutMs = 60_000): Promise<Msg> {
    const m = this.inbox.shift();
    if (m) return Promise.resolve(m);
    if (this.exited) return Promise.resolve({ op: 'exit' });
    return new Promise((res, rej) => {
      const timer = setTimeout(
        () => rej(new Error(`lab: pid ${this.child.pid} silent for ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push((x) => {
        clearTimeout(timer);
        res(x);
      });
    });
  }
  async expect(op: string): Promise<Msg> {
    const m = await this.next();
    if (m.op === 'error') throw new Error(`lab agent failed: ${m.error}`);
    if (m.op !== op) throw new Error(`lab agent sent ${JSON.stringify(m)}, expected ${op}`);
    return m;
  }
  send(m: Msg) {
    this.child.send(m);
  }
  signal(sig: NodeJS.Signals) {
    if (!this.exited) this.child.kill(sig);
  }
  get pid() {
    return this.child.pid as number;
  }
}

/** Processes forked ahead of need (a fork costs far more than a tick), each used for one role. */
export class Pool {
  spares: Promise<Agent>[] = [];
  all = new Set<Agent>();
  /** Every process this pool forked (tests check none is left). */
  pids: number[] = [];
  size: number;
  constructor(size = 3) {
    this.size = size;
  }
  private spawn(): Promise<Agent> {
    const child = fork(AGENT, [], {
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    });
    const a = new Agent(child);
    this.all.add(a);
    this.pids.push(child.pid as number);
    child.on('exit', () => this.all.delete(a));
    const ready = a.expect('spare').then(() => a);
    ready.catch(() => {}); // a spare killed at close never says it is ready
    return ready;
  }
  /** A ready spare; one that died before it was ready is replaced (twice at most). */
  async take(): Promise<Agent> {
    for (let tries = 0; ; tries++) {
      while (this.spares.length < this.size + 1) this.spares.push(this.spawn());
      try {
        return await (this.spares.shift() as Promise<Agent>);
      } catch (e) {
        if (tries >= 2) throw e;
      }
    }
  }
  warm() {
    while (this.spares.length < this.size) this.spares.push(this.spawn());
  }
  /** SIGKILL every process still alive (stopped ones too) and wait for them to go. */
  async close() {
    const left = [...this.all];
    for (const a of left) a.signal('SIGKILL');
    await Promise.all(
      left.map((a) => (a.exited ? null : new Promise((r) => a.child.once('exit', r)))),
    );
    for (const p of this.spares) p.catch(() => {});
    this.spares = [];
  }
}

export interface FaultNote {
  tick: number;
  wallMs: number;
  what: string;
  pid: number;
  signal?: string;
}

export interface LabRun {
  verdict: Verdict;
  lastTick: number;
  wallMs: number;
  faults: FaultNote[];
  /** Where the real clock or the processes made the schedule land differently from the model's ticks. */
  landing: string[];
  calls: Record<string, number>;
  posts: number;
  staleApplied: number;
  staleRejected: number;
  postsUnderRememberedKey: number;
  dir: string;
}

export interface RunOptions {
  dir: string;
  tickMs: number;
  report: ReportText;
  pool: Pool;
  keepFiles?: boolean;
  /** Called as each tick starts (lab/one.ts prints it). */
  onTick?: (tick: number) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Processes a killed lab left behind in this run directory. A lab killed
 * outright (SIGKILL) cannot stop its children; they leave when their IPC
 * channel closes, except one it had paused with SIGSTOP, which cannot run to
 * notice. Every run writes its processes' ids to `pids`; the next run in the
 * same directory (and the test that kills a lab) SIGKILLs those that are
 * still lab agents. Returns the ids it killed.
 */
export function reapLeftovers(dir: string): number[] {
  const file = join(dir, 'pids');
  if (!existsSync(file)) return [];
  const killed: number[] = [];
  for (const pid of readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(AGENT)) continue;
      process.kill(pid, 'SIGKILL');
      killed.push(pid);
    } catch {
      // gone already (or no /proc: nothing to reap)
    }
  }
  return killed;
}

export async function runOnce(s: Switches, sch: Schedule, o: RunOptions): Promise<LabRun> {
  reapLeftovers(o.dir);
  rmSync(o.dir, { recursive: true, force: true });
  mkdirSync(o.dir, { recursive: true });
  const storeFile = join(o.dir, 'store.sqlite');
  const feedFile = join(o.dir, 'feed.sqlite');
  const db = open(storeFile);
  db.exec(STORE_SCHEMA);
  db.prepare('INSERT INTO fence (id, epoch) VALUES (1, ?)').run(FIRST_TOKEN - 1);
  for (const v of ['v1', 'v2'] as const)
    for (const [step, text] of Object.entries(o.report[v]))
      db.prepare('INSERT INTO report (version, step, text, hash) VALUES (?, ?, ?, ?)').run(
        v,
        step,
        text,
        sha256(text),
      );
  db.prepare("INSERT INTO inputs (tick, version) VALUES (0, 'v1')").run();

  const mine: Agent[] = [];
  const take = async () => {
    const a = await o.pool.take();
    mine.push(a);
    appendFileSync(join(o.dir, 'pids'), `${a.pid}\n`);
    return a;
  };
  const faults: FaultNote[] = [];
  const landing: string[] = [];
  // Read in `finally` too, when setting up the feed or the controller threw before tick 0.
  // eslint-disable-next-line no-useless-assignment
  let t0 = Date.now();
  let feedDb: Db | null = null;
  try {
    // The feed: its own process, port and SQLite file.
    const feed = await take();
    feed.send({
      op: 'feed',
      file: feedFile,
      retentionMs: sch.keyRetention === null ? null : sch.keyRetention * o.tickMs,
      tickMs: o.tickMs,
    });
    const { port } = await feed.expect('listening');
    const feedUrl = `http://127.0.0.1:${port}`;
    feedDb = open(feedFile, true);
    const postsSoFar = () =>
      (feedDb!.prepare('SELECT COUNT(*) AS n FROM posts').get() as { n: number }).n;

    const startController = async (tick: number, restart: boolean) => {
      const c = await take();
      c.send({
        op: 'controller',
        store: storeFile,
        fencing: s.fencing === 'on',
        pins: s.pins === 'on',
        durable: !restart || sch.epoch === 'durable',
        firstToken: FIRST_TOKEN,
        tick,
        restart,
      });
      await c.expect('ready');
      return c;
    };
    let controller: Agent | null = await startController(0, false);
    t0 = Date.now(); // tick 0 starts once the feed and the controller are up

    interface W {
      n: number;
      agent: Agent;
      admittedAt: number;
      paused: boolean;
      wakeAt: number | null;
      dead: boolean;
      stopped: boolean;
      dies: string | null;
    }
    const workers: W[] = [];
    let silenced = false;
    let posterStruck = false;
    const start = Date.now();
    const fault = (tick: number, what: string, a: Agent, signal?: string) => {
      faults.push({
        tick,
        wallMs: Date.now() - start,
        what,
        pid: a.pid,
        ...(signal ? { signal } : {}),
      });
      logEvent(db, tick, 'lab', 'fault', { what, pid: a.pid, signal: signal ?? null });
    };

    /** Drive one worker's action for tick t, answering its failpoints. */
    const drive = async (w: W, t: number, first: Msg) => {
      w.agent.send(first);
      for (;;) {
        const m = await w.agent.next();
        if (m.op === 'error') throw new Error(`attempt #${w.n}: ${m.error}`);
        if (m.op === 'exit') {
          w.dead = true;
          return;
        }
        if (m.op === 'done') {
          if (m.stop) w.stopped = true;
          return;
        }
        if (m.op !== 'at') throw new Error(`attempt #${w.n} sent ${JSON.stringify(m)}`);
        if (m.point === 'silence') {
          silenced = true;
          if (s.silent === 'crashed') {
            w.agent.signal('SIGKILL');
            w.dead = true;
            fault(
              t,
              `#${w.n} killed as it ${m.action === 'send' ? 'was about to send' : `starts ${m.action}`}`,
              w.agent,
              'SIGKILL',
            );
          } else {
            w.agent.signal('SIGSTOP');
            w.paused = true;
            w.wakeAt = t + sch.wakeAfter;
            fault(
              t,
              `#${w.n} paused as it ${m.action === 'send' ? 'was about to send' : `starts ${m.action}`}`,
              w.agent,
              'SIGSTOP',
            );
          }
          return;
        }
        if (m.point === 'deliver') {
          if (s.postDies === 'yes' && !posterStruck && postsSoFar() === 0) w.dies = sch.posterDies;
          if (w.dies === 'before-send') {
            posterStruck = true;
            w.agent.signal('SIGKILL');
            w.dead = true;
            fault(t, `#${w.n} killed before it sends`, w.agent, 'SIGKILL');
            return;
          }
        }
        if (
          (m.point === 'sent' && w.dies === 'after-apply') ||
          (m.point === 'confirmed' && w.dies === 'after-confirm')
        ) {
          if (m.outcome === 'applied') {
            posterStruck = true;
            w.agent.signal('SIGKILL');
            w.dead = true;
            fault(
              t,
              m.point === 'sent'
                ? `#${w.n} killed after the feed applied its post, before the confirmation write`
                : `#${w.n} killed after its confirmation`,
              w.agent,
              'SIGKILL',
            );
            return;
          }
        }
        w.agent.send({ op: 'go', tick: t });
      }
    };

    let newsletterWaiting = false;
    let lastTick = 0;
    for (let t = 0; t <= HORIZON; t++) {
      const due = t0 + t * o.tickMs;
      const late = Date.now() - due;
      if (late < 0) await sleep(-late);
      o.onTick?.(t);
      // 1. input
      if (CHANGE_AT[s.change] === t) {
        db.prepare("INSERT INTO inputs (tick, version) VALUES (?, 'v2')").run(t);
        logEvent(db, t, 'report', 'report-changed', { version: 'v2' });
      }
      // 2. controller (down at restartAt: killed; a new process from the next tick)
      if (t === sch.restartAt && controller) {
        controller.signal('SIGKILL');
        fault(t, 'controller killed', controller, 'SIGKILL');
        controller = null;
      } else {
        if (!controller) controller = await startController(t, true);
        controller.send({ op: 'tick', tick: t });
        const r = await controller.expect('done');
        for (const adm of r.admitted as { n: number; kind: string }[]) {
          const agent = await take();
          const armed: string[] = [];
          if (adm.n === 1 && sch.silentAt !== 'never' && !silenced)
            armed.push(`silence:${sch.silentAt}`);
          if (s.postDies === 'yes') armed.push('poster');
          agent.send({
            op: 'worker',
            store: storeFile,
            feedUrl,
            n: adm.n,
            fencing: s.fencing === 'on',
            pins: s.pins === 'on',
            checkpoints: s.checkpoints,
            key: s.key,
            armed,
          });
          await agent.expect('ready');
          workers.push({
            n: adm.n,
            agent,
            admittedAt: t,
            paused: false,
            wakeAt: null,
            dead: false,
            stopped: false,
            dies: null,
          });
        }
      }
      // 3. workers, in attempt order
      for (const w of workers) {
        if (w.admittedAt === t || w.dead || w.stopped) continue;
        if (w.paused) {
          if (w.wakeAt !== t) continue;
          w.paused = false;
          w.wakeAt = null;
          w.agent.signal('SIGCONT');
          fault(t, `#${w.n} resumed`, w.agent, 'SIGCONT');
          await drive(w, t, { op: 'go', tick: t });
          continue;
        }
        await drive(w, t, { op: 'tick', tick: t });
      }
      // 4. the newsletter
      if (t >= NEWSLETTER_READY && !db.prepare('SELECT 1 FROM newsletter').get()) {
        const pick = choose(db, s, t);
        if (pick) {
          db.prepare(
            'INSERT INTO newsletter (id, tick, digest, quote, why) VALUES (1, ?, ?, ?, ?)',
          ).run(t, pick.digest, pick.quote, pick.why);
          logEvent(db, t, 'newsletter', 'newsletter-admitted', {
            digest: pick.digest.slice(0, 8),
            quote: pick.quote,
          });
        } else if (!newsletterWaiting) {
          newsletterWaiting = true;
          logEvent(db, t, 'newsletter', 'newsletter-waits', {});
        }
      }
      lastTick = t;
      const lastEvent = (db.prepare('SELECT MAX(tick) AS t FROM events').get() as { t: number }).t;
      const pendingWake = workers.some((w) => w.paused && (w.wakeAt as number) > t);
      if (t > NEWSLETTER_READY && t - lastEvent > 3 && !pendingWake) break;
    }
    const wallMs = Date.now() - t0;
    // Ticks that overran their pace (process start-up, load) show in wallMs. They move no verdict,
    // because each phase of a tick waits for the one before; only what changes a run is a landing note.
    // key look-ups: the feed's retention is wall-clock; the model's is in ticks
    if (sch.keyRetention !== null) {
      for (const q of feedDb
        .prepare('SELECT * FROM requests WHERE age_ticks IS NOT NULL')
        .all() as any[]) {
        const modelForgets = q.age_ticks >= (sch.keyRetention as number);
        const labForgot = q.forgot !== null;
        if (modelForgets !== labForgot)
          landing.push(
            `key ${q.key} was ${q.age_ticks} ticks old but ${q.age_ms} ms: the feed ${labForgot ? 'forgot' : 'remembered'} it, the model's tick count would not`,
          );
      }
    }
    if (sch.restartAt !== null && lastTick < sch.restartAt)
      landing.push(
        `the run settled at t${lastTick}, before the controller restart at t${sch.restartAt}: it never struck`,
      );
    lastTick = (db.prepare('SELECT MAX(tick) AS t FROM events').get() as { t: number }).t; // as the model counts it: the last tick anything happened
    const verdict = check(db, feedDb);
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const calls: Record<string, number> = {};
    for (const r of db
      .prepare("SELECT actor, COUNT(*) AS n FROM events WHERE kind = 'model-call' GROUP BY actor")
      .all() as any[])
      calls[r.actor] = r.n;
    return {
      verdict,
      lastTick,
      wallMs,
      faults,
      landing,
      calls,
      posts: postsSoFar(),
      staleApplied: count("SELECT COUNT(*) AS n FROM writes WHERE outcome = 'stale-applied'"),
      staleRejected: count("SELECT COUNT(*) AS n FROM writes WHERE outcome = 'rejected'"),
      postsUnderRememberedKey: postsUnderRememberedKey(feedDb),
      dir: o.dir,
    };
  } finally {
    for (const a of mine) a.signal('SIGKILL');
    await Promise.all(
      mine.map((a) => (a.exited ? null : new Promise((r) => a.child.once('exit', r)))),
    );
    feedDb?.close();
    db.close();
    if (!o.keepFiles) rmSync(o.dir, { recursive: true, force: true });
  }
}

/** The newsletter's admission rule (current-accepted fails open to any-accepted without pins). */
function choose(
  db: Db,
  s: Switches,
  t: number,
): { digest: string; quote: string; why: string } | null {
  const cur = (
    db
      .prepare('SELECT version FROM inputs WHERE tick <= ? ORDER BY tick DESC, rowid DESC LIMIT 1')
      .get(t) as { version: string }
  ).version;
  let rule: string = s.rule;
  let why = rule;
  if (rule === 'current-accepted' && s.pins === 'off') {
    rule = 'any-accepted';
    why = 'fail-open';
  }
  let digest: string | undefined;
  if (rule === 'current-accepted')
    digest = (
      db
        .prepare('SELECT digest FROM acceptances WHERE version = ? ORDER BY id DESC LIMIT 1')
        .get(cur) as any
    )?.digest;
  else if (rule === 'any-accepted')
    digest = (db.prepare('SELECT digest FROM acceptances ORDER BY id DESC LIMIT 1').get() as any)
      ?.digest;
  else
    digest = (
      db
        .prepare('SELECT digest FROM candidates ORDER BY tick DESC, attempt DESC LIMIT 1')
        .get() as any
    )?.digest;
  if (!digest) return null;
  const parts = JSON.parse(
    (db.prepare('SELECT parts FROM candidates WHERE digest = ?').get(digest) as any).parts,
  ) as {
    step: string;
    readHash: string;
  }[];
  const s2 = parts.find((p) => p.step === 's2') as { readHash: string };
  const text = (
    db.prepare("SELECT text FROM report WHERE step = 's2' AND hash = ?").get(s2.readHash) as {
      text: string;
    }
  ).text;
  const quote = /(\d+(?:\.\d+)? million)/.exec(text)?.[1] ?? '?';
  return { digest, quote, why };
}
