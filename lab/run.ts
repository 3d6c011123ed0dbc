/**
 * One lab run: starts the journal store, the feed, the controller and the
 * newsletter as processes, each attempt when the controller asks for it,
 * routes every call between them through a loopback proxy of this process,
 * and lets the nemesis strike: at random moments from a seeded schedule
 * (lab/nemesis.ts), or at the moments a fixed case of the site names. At the
 * end it kills every process it started, checks that both SQLite files open
 * and pass integrity_check, writes their contents to final.json, and hands
 * the run to the checker (lab/checker), which reads only the history and
 * final.json.
 *
 * This file is the harness: it knows which processes exist, not what they
 * decide. It imports nothing from src/model.
 */
import { fork, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { Agent, createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forward, replyWith } from './forward.ts';
import { readStore, reportOf } from './stores.ts';
import type { Fault, FixedFaults } from './nemesis.ts';

const SRC = fileURLToPath(new URL('./proc/', import.meta.url));
const BUILD = fileURLToPath(new URL('../tmp/lab-build/', import.meta.url));
let built = false;
/**
 * The processes run as plain JavaScript: their TypeScript stripped once per
 * lab (node:module's stripTypeScriptTypes) rather than at every one of the
 * thousands of process starts (it is about a third of a start's CPU).
 */
function buildProcs() {
  if (built) return;
  mkdirSync(BUILD, { recursive: true });
  for (const f of readdirSync(SRC).filter((x) => x.endsWith('.ts'))) {
    const js = stripTypeScriptTypes(readFileSync(join(SRC, f), 'utf8')).replace(
      /from '\.\/(\w+)\.ts'/g,
      "from './$1.mjs'",
    );
    writeFileSync(join(BUILD, f.replace(/\.ts$/, '.mjs')), js);
  }
  built = true;
}

/** Spare processes, ready before they are needed; each takes one role once. */
class Spares {
  ready: Promise<ChildProcess>[] = [];
  all = new Set<ChildProcess>();
  size: number;
  constructor(size: number) {
    this.size = size;
  }
  private spawn(): Promise<ChildProcess> {
    buildProcs();
    const c = fork(join(BUILD, 'spare.mjs'), [], {
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.all.add(c);
    c.once('exit', () => this.all.delete(c));
    const p = new Promise<ChildProcess>((res, rej) => {
      c.once('message', () => res(c));
      c.once('exit', () => rej(new Error('a spare died before it was ready')));
    });
    p.catch(() => {});
    return p;
  }
  async take(): Promise<ChildProcess> {
    for (let tries = 0; ; tries++) {
      while (this.ready.length < this.size + 1) this.ready.push(this.spawn());
      try {
        return await this.ready.shift()!;
      } catch (e) {
        if (tries >= 3) throw e;
      }
    }
  }
  close() {
    for (const c of this.all) c.kill('SIGKILL');
    this.ready = [];
  }
}
let spares: Spares | null = null;
/** The lab's spares (kill them with closeSpares when the lab ends). */
export function closeSpares() {
  spares?.close();
  spares = null;
}
export const FIRST_TOKEN = 41;

type Json = Record<string, any>;
export interface Protections {
  fencing: boolean;
  pins: boolean;
  key: 'per-operation' | 'per-attempt' | 'none';
  rule: 'current-accepted' | 'any-accepted' | 'latest-finished';
}
export interface RunSpec {
  dir: string;
  tickMs: number;
  protections: Protections;
  checkpoints: 'per-step' | 'end-only';
  /** What a controller restart does to the epoch. */
  epoch: 'durable' | 'volatile';
  mutant: string;
  report: Record<string, Record<string, string>>;
  /** Random faults, at ticks after the base processes are up. */
  faults: Fault[];
  /** A fixed case's faults, triggered by what the proxy sees. */
  fixed?: FixedFaults;
  /** The run ends at this many ticks at the latest. */
  horizon: number;
}
export interface RunOut {
  dir: string;
  wallMs: number;
  pids: number[];
  struck: Json[];
  integrity: Record<string, string>;
}

const upstream = new Agent({ keepAlive: true, maxSockets: 16 });
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

interface Link {
  port: number | null;
  dropUntil: number;
  delayUntil: number;
  delayMs: number;
  holdUntil: number;
}

export async function runOnce(spec: RunSpec): Promise<RunOut> {
  const { dir, tickMs: T } = spec;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'history'), { recursive: true });
  writeFileSync(join(dir, 'report.json'), JSON.stringify(spec.report));
  const hfd = openSync(join(dir, 'history', `nemesis.${process.pid}.jsonl`), 'a');
  const hist = (type: string, f: string, op: string | null, v: Json = {}) =>
    writeSync(
      hfd,
      JSON.stringify({ t: nowUs(), p: 'nemesis', pid: process.pid, type, f, op, v }) + '\n',
    );
  const errFd = openSync(join(dir, 'stderr.log'), 'a');
  const started = Date.now();
  const children = new Map<string, ChildProcess>(); // current process of each name
  const every: ChildProcess[] = [];
  const struck: Json[] = [];
  const servers: Server[] = [];
  const timers: NodeJS.Timeout[] = [];
  const link = (): Link => ({ port: null, dropUntil: 0, delayUntil: 0, delayMs: 0, holdUntil: 0 });
  const links: Record<'store' | 'feed' | 'ctl', Link> = {
    store: link(),
    feed: link(),
    ctl: link(),
  };
  const killed = new Set<ChildProcess>();
  let closed = false;
  const alive = (c: ChildProcess | undefined) =>
    !!c && !killed.has(c) && c.exitCode === null && c.signalCode === null;
  spares ??= new Spares(4);
  const spawnRole = async (role: string, name: string, conf: Json): Promise<number | null> => {
    hist('info', 'want', null, { proc: name });
    const c = await spares!.take();
    if (closed) {
      // the run ended while this process was on its way: it never gets a role
      c.kill('SIGKILL');
      return null;
    }
    c.stderr?.on('data', (d: Buffer) => {
      try {
        writeSync(errFd, `${name}: ${d}`);
      } catch {
        // the run is over and its log closed
      }
    });
    c.send({ role, conf: JSON.stringify({ ...conf, name, dir, tickMs: T, mutant: spec.mutant }) });
    children.set(name, c);
    every.push(c);
    hist('info', 'start', null, { proc: name, pid: c.pid });
    return new Promise((res) => {
      c.once('message', (m: Json) => res(m.port ?? null));
      c.once('exit', () => res(null));
      if (role === 'attempt' || role === 'newsletter') res(null);
    });
  };
  const proxyUrl: Record<string, string> = {};
  const listen = (s: Server) =>
    new Promise<number>((res) =>
      s.listen(0, '127.0.0.1', () => res((s.address() as { port: number }).port)),
    );

  // the moments random faults count from, as the proxy first sees them
  const anchor = () => {
    let mark = () => {};
    const wait = new Promise<void>((r) => (mark = r));
    const a = { seen: false, wait, mark: () => ((a.seen = true), mark()) };
    return a;
  };
  const anchors = {
    launch: anchor(),
    candidate: anchor(),
    acceptance: anchor(),
    send: anchor(),
    silence: anchor(),
    second: anchor(),
  };

  // ——— the proxy: every call between the processes passes here ———
  const fx = spec.fixed;
  const fixedState = { silenced: false, posterStruck: false, firstSender: null as string | null };
  const signal = (name: string, sig: NodeJS.Signals, why: string) => {
    const c = children.get(name);
    if (!alive(c)) return false;
    c!.kill(sig);
    if (sig === 'SIGKILL') killed.add(c!);
    struck.push({ atMs: Date.now() - started, proc: name, sig, why });
    hist('info', 'fault', null, { proc: name, pid: c!.pid, signal: sig, why });
    return true;
  };
  /** A fixed case's silence of #1: 'hold' keeps its request until it wakes; null forwards it. */
  const silence = (from: string, at: string): 'drop' | Promise<void> | null => {
    if (!fx || fixedState.silenced || from !== 'attempt#1' || fx.silentAt !== at) return null;
    fixedState.silenced = true;
    anchors.silence.mark();
    if (fx.silent === 'crashed') {
      signal(from, 'SIGKILL', `#1 crashed as it ${at}`);
      return 'drop';
    }
    signal(from, 'SIGSTOP', `#1 paused as it ${at}`);
    // The model suspects #1 three ticks after it went silent and admits #2 then: a wake after
    // that is set from #2's admission, an earlier one from the silence.
    return new Promise((res) => {
      const wake = () => (signal(from, 'SIGCONT', '#1 wakes'), res());
      if (fx.wakeAfter <= 3) timers.push(setTimeout(wake, fx.wakeAfter * T));
      else
        void anchors.second.wait.then(() => timers.push(setTimeout(wake, (fx.wakeAfter - 3) * T)));
    });
  };
  for (const [name, L] of Object.entries(links)) {
    const s = createServer((req, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (c) => (text += c));
      req.on('end', async () => {
        const from = String(req.headers['x-proc'] ?? '');
        let body: Json = {};
        try {
          body = JSON.parse(text || '{}');
        } catch {
          // forwarded as it came
        }
        const path = req.url ?? '/';
        // a run's clock starts when attempt #1 is up and calling (its process start can take many ticks)
        if (from === 'attempt#1') anchors.launch.mark();
        if (name === 'store' && path === '/write' && body.tbl === 'candidate')
          anchors.candidate.mark();
        if (name === 'feed' && path === '/announce') anchors.send.mark();
        if (name === 'store' && path === '/attempt' && body.n === 2) anchors.second.mark();
        let hold: 'drop' | Promise<void> | null = null;
        let killAfterApply = false;
        let killAfterReply = false;
        if (fx) {
          if (name === 'store' && path === '/section' && body.call)
            hold = silence(from, `starts ${body.step}`);
          if (
            name === 'store' &&
            path === '/write' &&
            (body.tbl === 'candidate' || (fx.checkpoints === 'end-only' && body.tbl === 'journal'))
          )
            hold = silence(from, 'assembles');
          if (name === 'feed' && path === '/announce') {
            hold = silence(from, 'sends');
            if (
              !hold &&
              fx.postDies &&
              !fixedState.posterStruck &&
              fixedState.firstSender === null
            ) {
              fixedState.firstSender = from;
              if (fx.posterDies === 'before-send') {
                fixedState.posterStruck = true;
                signal(from, 'SIGKILL', `${from} killed before it sends`);
                hold = 'drop';
              }
            }
            if (
              fx.postDies &&
              fx.posterDies === 'after-apply' &&
              fixedState.firstSender === from &&
              !fixedState.posterStruck
            )
              killAfterApply = true;
          }
          if (
            name === 'store' &&
            path === '/write' &&
            body.tbl === 'confirmation' &&
            fx.postDies &&
            fx.posterDies === 'after-confirm' &&
            fixedState.firstSender === from &&
            !fixedState.posterStruck
          )
            killAfterReply = true;
        }
        if (hold === 'drop') return void res.destroy();
        if (hold) await hold;
        if (nowUs() < L.holdUntil) await sleep((L.holdUntil - nowUs()) / 1000);
        if (!L.port) return void res.destroy();
        forward({ port: L.port, path, agent: upstream }, text, res, async (out, status) => {
          if (path === '/assess' && out.includes('"accepted"')) anchors.acceptance.mark();
          if (killAfterApply) {
            let r: Json = {};
            try {
              r = JSON.parse(out);
            } catch {
              // not a reply to read
            }
            if (r.outcome === 'applied') {
              fixedState.posterStruck = true;
              signal(from, 'SIGKILL', `${from} killed after the feed applied its post`);
              return void res.destroy();
            }
          }
          if (nowUs() < L.dropUntil) {
            hist('info', 'fault', null, { link: name, reply: 'dropped', path, from });
            return void res.destroy();
          }
          if (nowUs() < L.delayUntil) await sleep(L.delayMs);
          if (res.destroyed) return;
          replyWith(res, status, out);
          if (killAfterReply) {
            fixedState.posterStruck = true;
            signal(from, 'SIGKILL', `${from} killed after its confirmation`);
          }
        });
      });
    });
    servers.push(s);
    proxyUrl[name] = `http://127.0.0.1:${await listen(s)}`;
  }

  // ——— the launcher: the controller asks it to start an attempt's process ———
  const launched = new Set<number>();
  const firstLaunch = anchors.launch.wait;
  const base = {
    store: proxyUrl.store,
    feed: proxyUrl.feed,
    ctl: proxyUrl.ctl,
    firstToken: FIRST_TOKEN,
    fencing: spec.protections.fencing,
    pins: spec.protections.pins,
    commitMs: 2,
    retries: 12,
    // a heartbeat promises the next within this many ticks (the model's three missed the first time it ran on a loaded machine: every attempt was suspected before it finished)
    deadlineTicks: 8,
    maxTicks: Math.ceil(Math.max(spec.horizon * T, 20_000) / T),
  };
  const launcher = createServer((req, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      const rec = JSON.parse(text || '{}');
      if (!launched.has(rec.n)) {
        launched.add(rec.n);
        void spawnRole('attempt', `attempt#${rec.n}`, {
          ...base,
          ...rec,
          key: spec.protections.key,
          checkpoints: spec.checkpoints,
        });
      }
      res.end('{}');
    });
  });
  servers.push(launcher);
  const launcherUrl = `http://127.0.0.1:${await listen(launcher)}`;

  const startStore = async (n: number) => {
    links.store.port = await spawnRole('store', `store@${n}`, {
      file: join(dir, 'journal.sqlite'),
      report: join(dir, 'report.json'),
      firstToken: FIRST_TOKEN,
      commitMs: 2,
    });
  };
  const startFeed = async (n: number) => {
    links.feed.port = await spawnRole('feed', `feed@${n}`, {
      file: join(dir, 'feed.sqlite'),
      retentionMs: fx?.keyRetention ? fx.keyRetention * T : null,
      commitMs: 2,
    });
  };
  let ctlN = 0;
  const startController = async (restart: boolean) => {
    ctlN++;
    links.ctl.port = await spawnRole('controller', `controller@${ctlN}`, {
      ...base,
      launcher: launcherUrl,
      restart,
      epoch: spec.epoch,
      graceMs: 3000,
    });
  };
  let readyAtUs = Infinity;
  let nlN = 0;
  const startNewsletter = () =>
    spawnRole('newsletter', `newsletter@${++nlN}`, {
      store: proxyUrl.store,
      rule: spec.protections.rule,
      readyAtUs,
      maxTicks: Math.ceil(Math.max(spec.horizon * T, 20_000) / T),
    });
  type Restartable = Exclude<Fault['target'], 'attempt' | undefined>;
  const restarts: Record<Restartable, (n: number) => Promise<unknown>> = {
    store: startStore,
    feed: startFeed,
    controller: () => startController(true),
    newsletter: () => startNewsletter(),
  };
  const gen: Record<Restartable, number> = { store: 1, feed: 1, controller: 1, newsletter: 1 };
  const nameOf = (role: Restartable) =>
    role === 'controller'
      ? `controller@${ctlN}`
      : role === 'newsletter'
        ? `newsletter@${nlN}`
        : `${role}@${gen[role]}`;

  let lastFaultUs = 0;
  const correct = async (why: string) => {
    const op = `nemesis:correct`;
    hist('invoke', 'correct', op, { version: 'v2', why });
    for (let i = 0; i < 40; i++) {
      const r = links.store.port
        ? await post(`http://127.0.0.1:${links.store.port}/correct`, { op }, 8 * T)
        : null;
      if (r) return void hist('ok', 'correct', op, { version: 'v2' });
      await sleep(T);
    }
    hist('info', 'correct', op, { why: 'no reply' });
  };
  try {
    // all at once: a call that finds its server not yet up fails, and is retried
    await Promise.all([startStore(1), startFeed(1), startController(false)]);
    const t0 = nowUs();
    if (!fx && !spec.faults.some((f) => f.kind === 'newsletter'))
      void firstLaunch.then(() => {
        // t12, after that tick's input (the report's change at t12 lands first, as in the model's tick)
        readyAtUs = nowUs() + 12.5 * T * 1000;
        void startNewsletter();
      });
    hist('info', 'begin', null, { tickMs: T });

    // ——— the nemesis: each fault at its moment after its anchor ———
    let pending = spec.faults.length;
    const at = (ticks: number, fn: () => void) => timers.push(setTimeout(fn, ticks * T));
    for (const f of spec.faults)
      void anchors[f.anchor].wait.then(() =>
        at(f.at, () => {
          strike(f);
          at((f.forTicks ?? 0) + 2, () => pending--);
        }),
      );
    const strike = (f: Fault) => {
      if (f.kind === 'correct') return void correct('random');
      if (f.kind === 'newsletter') {
        readyAtUs = nowUs();
        hist('info', 'fault', null, { kind: 'newsletter starts' });
        return void startNewsletter();
      }
      if (f.kind === 'drop' || f.kind === 'delay' || f.kind === 'hold') {
        const L = links[f.link!];
        const until = nowUs() + f.forTicks * T * 1000;
        if (f.kind === 'drop') L.dropUntil = until;
        if (f.kind === 'delay') {
          L.delayUntil = until;
          L.delayMs = f.delayTicks! * T;
        }
        if (f.kind === 'hold') L.holdUntil = until;
        struck.push({
          atMs: Date.now() - started,
          link: f.link,
          kind: f.kind,
          forTicks: f.forTicks,
        });
        hist('info', 'fault', null, {
          link: f.link,
          kind: f.kind,
          forTicks: f.forTicks,
          delayTicks: f.delayTicks ?? null,
        });
        return;
      }
      let name: string;
      if (f.target === 'attempt') {
        const live = [...children.keys()].filter(
          (k) => k.startsWith('attempt#') && alive(children.get(k)),
        );
        if (live.length === 0) return;
        name = live[f.pick % live.length]!; // live is not empty: checked on the line above
      } else name = nameOf(f.target!);
      const sig = f.kind === 'kill' ? 'SIGKILL' : 'SIGSTOP';
      if (!signal(name, sig, `random ${f.kind}`)) return;
      if (f.kind === 'stop') at(f.forTicks, () => void signal(name, 'SIGCONT', 'random resume'));
      else if (f.target !== 'attempt') {
        const target: Restartable = f.target!;
        if (target === 'store' || target === 'feed') links[target].port = null;
        at(f.forTicks, () => {
          if (alive(children.get(nameOf(target)))) return; // restarted already
          gen[target]++;
          hist('info', 'restart', null, { proc: target });
          void restarts[target](gen[target]);
        });
      }
    };
    if (fx) {
      // The model's ticks pace every process alike; here each goes at its own speed. The timed
      // events of a fixed case are set from the protocol event they follow in the model's trace.
      const after = (a: keyof typeof anchors, ticks: number, fn: () => void) =>
        void anchors[a].wait.then(() => timers.push(setTimeout(fn, ticks * T)));
      lastFaultUs = Infinity;
      void firstLaunch.then(
        () => (lastFaultUs = nowUs() + ((fx.restartAt ?? 0) + fx.wakeAfter + 14) * T * 1000),
      );
      if (fx.changeAt === 4)
        after(
          fx.silentAt ? 'silence' : 'launch',
          fx.silentAt ? 1 : 4,
          () => void correct('the report changes during the outage (t4)'),
        );
      if (fx.changeAt === 12)
        after('acceptance', 1, () => void correct('the report changes after the acceptance (t12)'));
      after(fx.rule === 'latest-finished' ? 'candidate' : 'acceptance', 1.5, () => {
        readyAtUs = nowUs();
        void startNewsletter();
      });
      if (fx.restartAt !== null) {
        const [a, k] =
          fx.restartAt >= 10
            ? (['send', fx.restartAt - 10] as const)
            : (['launch', fx.restartAt] as const);
        after(
          a,
          k,
          () => void signal(nameOf('controller'), 'SIGKILL', `controller down at t${fx.restartAt}`),
        );
        after(
          a,
          k + 1,
          () => void (alive(children.get(nameOf('controller'))) || startController(true)),
        );
      }
    }

    // ——— until the run is quiet, or the horizon ———
    let quiet = 0;
    let lastLook: Json = {};
    const endBy = t0 + Math.max(spec.horizon * T, 20_000) * 1000;
    while (nowUs() < endBy) {
      await sleep(2 * T);
      if (nowUs() < lastFaultUs) continue;
      const unstruck = pending > 0;
      const attempts = [...children.entries()].filter(
        ([k, c]) => k.startsWith('attempt#') && alive(c),
      );
      if (attempts.length) {
        quiet = 0;
        continue;
      }
      const st = links.store.port
        ? await post(`http://127.0.0.1:${links.store.port}/status`, {}, 4 * T)
        : null;
      const owner = st?.attempts.at(-1);
      const idle =
        st &&
        st.serves &&
        st.unconfirmed.length === 0 &&
        (!owner || st.stopped.includes(owner.state)) &&
        (st.newsletter !== null || nowUs() > readyAtUs + 20 * T * 1000 || unstruck);
      quiet = idle ? quiet + 1 : 0;
      lastLook = {
        attempts: attempts.map(([k]) => k),
        st: st && {
          serves: st.serves,
          unconfirmed: st.unconfirmed.length,
          owner: owner?.state,
          newsletter: st.newsletter !== null,
        },
      };
      // faults still waiting for an anchor that may never come: give them 20 quiet looks
      if (quiet >= (unstruck ? 10 : 2)) break;
    }
    hist('info', 'end', null, { quiet: quiet >= 2, last: lastLook });
  } finally {
    closed = true;
    for (const t of timers) clearTimeout(t);
    const gone = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
    for (const c of every) if (!gone(c)) c.kill('SIGKILL');
    await Promise.all(every.map((c) => (gone(c) ? null : new Promise((r) => c.once('exit', r)))));
    for (const c of every) c.stderr?.removeAllListeners('data');
    for (const s of servers) s.close();
    closeSync(hfd);
    closeSync(errFd);
  }
  const integrity: Record<string, string> = {};
  const final: Json = {};
  for (const f of ['journal', 'feed'])
    integrity[f] = readStore(join(dir, `${f}.sqlite`), (rows) => {
      if (f === 'journal') {
        final.report = reportOf(rows('SELECT version, step, text FROM report'));
        final.writes = [
          ...rows("SELECT op, 'journal' AS tbl, token, writer FROM journal"),
          ...rows("SELECT op, 'candidate' AS tbl, token, attempt AS writer FROM candidates"),
          ...rows("SELECT op, 'intent' AS tbl, token, attempt AS writer FROM intents"),
          ...rows("SELECT op, 'confirmation' AS tbl, token, writer FROM confirmations"),
        ];
        final.candidates = rows('SELECT digest, parts FROM candidates').map((c) => ({
          digest: c.digest,
          parts: JSON.parse(c.parts as string),
        }));
        final.acceptances = rows('SELECT op, digest, version FROM acceptances ORDER BY id');
        final.newsletter = rows('SELECT op, digest FROM newsletter');
        final.confirmed = rows("SELECT digest FROM intents WHERE state = 'confirmed'").map(
          (r) => r.digest,
        );
      } else final.posts = rows('SELECT op, post, digest, key FROM posts ORDER BY seq');
    });
  final.integrity = integrity;
  writeFileSync(join(dir, 'final.json'), JSON.stringify(final));
  return { dir, wallMs: Date.now() - started, pids: every.map((c) => c.pid!), struck, integrity };
}

/** A bare POST to a process (the harness's own look, not recorded in the history). */
function post(url: string, body: Json, timeoutMs: number): Promise<Json | null> {
  return new Promise((res) => {
    if (url.includes(':null/')) return res(null);
    const req = request(url, { method: 'POST', agent: false, timeout: timeoutMs }, (r) => {
      let t = '';
      r.on('data', (c) => (t += c));
      r.on('end', () => {
        try {
          res(r.statusCode === 200 ? JSON.parse(t) : null);
        } catch {
          res(null);
        }
      });
      r.on('error', () => res(null));
    });
    req.on('timeout', () => (req.destroy(), res(null)));
    req.on('error', () => res(null));
    req.end(JSON.stringify(body));
  });
}
