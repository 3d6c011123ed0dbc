/**
 * One engine run: a temporary directory, the lab's feed (lab/proc/feed.ts,
 * with its key memory) and the outside store (store.ts) as processes behind
 * this process's loopback proxies, the engine's server and two service
 * processes (the adapter's), the assessor, and the nemesis striking at random
 * moments: SIGKILL or SIGSTOP/SIGCONT of a service process or of the engine's
 * server, the report corrected, and (a trigger on the feed's reply) the
 * sender killed after the feed applied its post and before the engine could
 * record the step. At the end every process is killed, the SQLite files
 * checked (integrity_check) and dumped to final.json for the checker.
 *
 * The harness knows which processes exist and when the nemesis strikes; it
 * decides nothing about the run (the checker does).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createServer as netServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forward, replyWith } from '../../lab/forward.ts';
import { readStore, reportOf } from '../../lab/stores.ts';
import type { Engine, JobOptions, JobResult, Worker } from './engine.ts';
import type { EngineFault, ENGINE_ANCHORS } from './nemesis.ts';
import { at } from '../../src/model/lookup.ts';

type EngineAnchor = (typeof ENGINE_ANCHORS)[number];

const FEED = fileURLToPath(new URL('../../lab/proc/feed.ts', import.meta.url));
const STORE = fileURLToPath(new URL('./store.ts', import.meta.url));
export const FIRST_TOKEN = 41;

type Json = Record<string, any>;
export interface EngineSpec {
  dir: string;
  tickMs: number;
  options: JobOptions;
  report: Record<string, Record<string, string>>;
  faults: EngineFault[];
  /** Kill the sender of the first post the feed applies, before its reply reaches it. */
  killAfterApply: boolean;
  /** The feed remembers keys for the run (false: the mutant that forgets each at once). */
  feedMemory: boolean;
  /** Give up after this long (ms) from the job's submission. */
  horizonMs: number;
}
export interface EngineOut {
  dir: string;
  wallMs: number;
  struck: Json[];
  result: JobResult | null;
  integrity: Record<string, string>;
  error: string | null;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const nowUs = () => Number(process.hrtime.bigint() / 1000n);
const freePort = () =>
  new Promise<number>((res) => {
    const s = netServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => res(p));
    });
  });

function postJson(url: string, body: Json, timeoutMs: number): Promise<Json | null> {
  return new Promise((resolve) => {
    const req = request(url, { method: 'POST', agent: false, timeout: timeoutMs });
    req.on('timeout', () => (req.destroy(), resolve(null)));
    req.on('error', () => resolve(null));
    req.on('response', (r) => {
      let t = '';
      r.on('data', (c) => (t += c));
      r.on('error', () => resolve(null));
      r.on('end', () => {
        try {
          resolve(r.statusCode === 200 ? JSON.parse(t) : null);
        } catch {
          resolve(null);
        }
      });
    });
    req.end(JSON.stringify(body));
  });
}

export async function runEngineOnce(engine: Engine, spec: EngineSpec): Promise<EngineOut> {
  const { dir, tickMs: T } = spec;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'history'), { recursive: true });
  writeFileSync(join(dir, 'report.json'), JSON.stringify(spec.report));
  const fds: number[] = [];
  const histOf = (p: string) => {
    const fd = openSync(join(dir, 'history', `${p}.${process.pid}.jsonl`), 'a');
    fds.push(fd);
    return (type: string, f: string, op: string | null, v: Json = {}) =>
      writeSync(fd, JSON.stringify({ t: nowUs(), p, pid: process.pid, type, f, op, v }) + '\n');
  };
  const hist = histOf('nemesis');
  const ahist = histOf('assessor');
  const errFd = openSync(join(dir, 'stderr.log'), 'a');
  const log = (l: string) => {
    try {
      writeSync(errFd, l.endsWith('\n') ? l : `${l}\n`);
    } catch {
      // the run is over and its log closed
    }
  };
  const started = Date.now();
  const struck: Json[] = [];
  const timers: NodeJS.Timeout[] = [];
  const servers: Server[] = [];
  const procs: ChildProcess[] = [];
  let closed = false;
  let error: string | null = null;
  let result: JobResult | null = null;

  const anchor = () => {
    let mark = () => {};
    const wait = new Promise<void>((r) => (mark = r));
    return { wait, mark: () => mark() };
  };
  const anchors: Record<EngineAnchor, { wait: Promise<void>; mark: () => void }> = {
    launch: anchor(),
    candidate: anchor(),
    acceptance: anchor(),
    send: anchor(),
  };

  const startLabProc = (file: string, conf: Json) =>
    new Promise<{ c: ChildProcess; port: number }>((res, rej) => {
      const c = fork(file, [JSON.stringify({ ...conf, dir, tickMs: T, mutant: '' })], {
        execArgv: ['--disable-warning=ExperimentalWarning'],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      });
      procs.push(c);
      c.stderr?.on('data', (d: Buffer) => log(`${conf.name}: ${d}`));
      c.once('message', (m: Json) => res({ c, port: m.port }));
      c.once('exit', () => rej(new Error(`${conf.name} exited before it served`)));
    });

  let run: Awaited<ReturnType<Engine['prepare']>> | null = null;
  const workers: Worker[] = [];
  let workerN = 0;
  try {
    const [store, feed] = await Promise.all([
      startLabProc(STORE, {
        name: 'store@1',
        file: join(dir, 'store.sqlite'),
        report: join(dir, 'report.json'),
        firstToken: FIRST_TOKEN,
        commitMs: 2,
      }),
      startLabProc(FEED, {
        name: 'feed@1',
        file: join(dir, 'feed.sqlite'),
        retentionMs: spec.feedMemory ? null : 0,
        commitMs: 2,
      }),
    ]);

    // ——— the proxies in front of the store and the feed ———
    let applyStruck = false;
    const proxy = (port: number, name: 'store' | 'feed') => {
      const s = createServer((req, res) => {
        let text = '';
        req.setEncoding('utf8');
        req.on('data', (c) => (text += c));
        req.on('end', () => {
          const path = req.url ?? '/';
          const pid = Number(req.headers['x-pid'] ?? 0);
          let body: Json = {};
          try {
            body = JSON.parse(text || '{}');
          } catch {
            // forwarded as it came
          }
          if (name === 'store' && path === '/write' && body.tbl === 'candidate')
            anchors.candidate.mark();
          if (name === 'feed' && path === '/announce') anchors.send.mark();
          forward({ port, path, agent: false }, text, res, (out, status) => {
            if (
              name === 'feed' &&
              spec.killAfterApply &&
              !applyStruck &&
              out.includes('"applied"') &&
              pid
            ) {
              applyStruck = true;
              const w = workers.find((x) => x.pid === pid);
              try {
                process.kill(pid, 'SIGKILL');
              } catch {
                // gone already
              }
              struck.push({
                atMs: Date.now() - started,
                kind: 'kill-after-apply',
                proc: w?.proc,
              });
              hist('info', 'fault', null, {
                proc: w?.proc ?? null,
                pid,
                signal: 'SIGKILL',
                why: 'killed after the feed applied its post, before the step was recorded',
              });
              if (w) scheduleWorker(1);
              res.destroy();
              return;
            }
            replyWith(res, status, out);
          });
        });
      });
      servers.push(s);
      return new Promise<string>((r) =>
        s.listen(0, '127.0.0.1', () =>
          r(`http://127.0.0.1:${(s.address() as { port: number }).port}`),
        ),
      );
    };
    const storeUrl = await proxy(store.port, 'store');
    const feedUrl = await proxy(feed.port, 'feed');
    const direct = `http://127.0.0.1:${store.port}`;

    run = await engine.prepare({
      dir,
      tickMs: T,
      options: spec.options,
      freePort,
      storeUrl,
      feedUrl,
      log,
    });
    const r = run;
    await r.startServer();
    hist('info', 'start', null, { proc: 'server', pid: r.serverPid() });
    const startWorker = async () => {
      const proc = `worker#${++workerN}`;
      const w = await r.startWorker(proc);
      workers.push(w);
      hist('info', 'start', null, { proc, pid: w.pid });
    };
    /** Keep the engine's number of workers: start one after `ticks`. */
    const scheduleWorker = (ticks: number) =>
      timers.push(
        setTimeout(() => {
          if (!closed) void startWorker().catch((e) => log(`worker start: ${e}`));
        }, ticks * T),
      );
    for (let i = 0; i < engine.workers; i++) await startWorker();
    hist('info', 'begin', null, { tickMs: T, options: spec.options });
    await r.submit();
    anchors.launch.mark();
    const t0 = Date.now();

    // ——— the nemesis ———
    const liveWorkers = () =>
      workers.filter((w) => {
        try {
          process.kill(w.pid, 0);
          return !struck.some((s) => s.pid === w.pid && s.sig === 'SIGKILL');
        } catch {
          return false;
        }
      });
    const signal = (pid: number, proc: string, sig: NodeJS.Signals, why: string) => {
      try {
        process.kill(pid, sig);
      } catch {
        return false;
      }
      struck.push({ atMs: Date.now() - started, proc, pid, sig, why });
      hist('info', 'fault', null, { proc, pid, signal: sig, why });
      return true;
    };
    const correct = async () => {
      const op = 'nemesis:correct';
      hist('invoke', 'correct', op, { version: 'v2' });
      const out = await postJson(`${direct}/correct`, { op }, 20 * T);
      if (out) hist('ok', 'correct', op, out);
      else hist('info', 'correct', op, { why: 'no reply' });
      struck.push({ atMs: Date.now() - started, kind: 'correct' });
    };
    let restartingServer = false;
    const strike = (f: EngineFault) => {
      if (closed) return;
      if (f.kind === 'correct') return void correct();
      if (f.target === 'server') {
        const pid = r.serverPid();
        if (pid === null || restartingServer) return;
        const sig = f.kind === 'kill' ? 'SIGKILL' : 'SIGSTOP';
        signal(pid, 'server', sig, `random ${f.kind}`);
        if (sig === 'SIGSTOP')
          timers.push(
            setTimeout(() => signal(pid, 'server', 'SIGCONT', 'random resume'), f.forTicks * T),
          );
        else {
          restartingServer = true;
          timers.push(
            setTimeout(() => {
              if (closed) return;
              hist('info', 'restart', null, { proc: 'server' });
              void r
                .startServer()
                .then(() => hist('info', 'start', null, { proc: 'server', pid: r.serverPid() }))
                .catch((e) => {
                  // a server killed by the run's end while it came back up is no failure of the run
                  if (!closed) error = `restart: ${e}`;
                })
                .finally(() => (restartingServer = false));
            }, f.forTicks * T),
          );
        }
        return;
      }
      const live = liveWorkers();
      if (live.length === 0) return;
      const w = at(live, f.pick % live.length, 'live workers');
      if (f.kind === 'kill') {
        if (signal(w.pid, w.proc, 'SIGKILL', 'random kill')) scheduleWorker(f.forTicks);
      } else if (signal(w.pid, w.proc, 'SIGSTOP', 'random stop'))
        timers.push(
          setTimeout(() => signal(w.pid, w.proc, 'SIGCONT', 'random resume'), f.forTicks * T),
        );
    };
    for (const f of spec.faults)
      void anchors[f.anchor].wait.then(() => timers.push(setTimeout(() => strike(f), f.at * T)));

    // ——— the assessor, outside the worker: assesses each new candidate, delivers the decision ———
    const assessed = new Set<string>();
    const assessor = (async () => {
      let n = 0;
      while (!closed) {
        await sleep(T);
        const p = await postJson(`${direct}/pending`, {}, 10 * T);
        for (const c of (p?.candidates ?? []) as { round: number; digest: string }[]) {
          if (assessed.has(c.digest) || closed) continue;
          const op = `assessor:${++n}`;
          ahist('invoke', 'assess', op, { round: c.round, digest: c.digest.slice(0, 8) });
          const a = await postJson(
            `${direct}/assess`,
            { op, digest: c.digest, round: c.round },
            10 * T,
          );
          if (!a) {
            ahist('info', 'assess', op, { why: 'no reply' });
            continue;
          }
          ahist('ok', 'assess', op, a);
          assessed.add(c.digest);
          if (a.accepted) anchors.acceptance.mark();
          const decision = {
            round: c.round,
            digest: c.digest,
            accepted: !!a.accepted,
            version: a.version,
            op,
          };
          for (let i = 0; i < 200 && !closed; i++) {
            if (await r.deliver(decision)) break;
            await sleep(T);
          }
        }
      }
    })();

    // ——— until the job returns (then a few ticks for late writes), or the horizon ———
    while (Date.now() - t0 < spec.horizonMs && !error) {
      await sleep(4 * T);
      if (restartingServer || r.serverPid() === null) continue;
      result = await r.result(4 * T);
      if (result) break;
    }
    await sleep(25 * T);
    hist('info', 'end', null, { result, error });
    closed = true;
    await assessor;
  } catch (e) {
    error = String((e as Error)?.stack ?? e);
  } finally {
    closed = true;
    for (const t of timers) clearTimeout(t);
    // a stopped process cannot die until it runs again
    for (const w of workers) {
      try {
        process.kill(w.pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    const pid = run?.serverPid();
    if (pid) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // gone
      }
    }
    await run?.close().catch(() => {});
    const gone = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
    for (const c of procs) if (!gone(c)) c.kill('SIGKILL');
    await Promise.all(procs.map((c) => (gone(c) ? null : new Promise((r) => c.once('exit', r)))));
    for (const s of servers) s.close();
    for (const fd of fds) closeSync(fd);
    closeSync(errFd);
  }

  // ——— the stores' final contents ———
  const integrity: Record<string, string> = {};
  const final: Json = {};
  for (const f of ['store', 'feed'])
    integrity[f] = readStore(join(dir, `${f}.sqlite`), (rows) => {
      if (f === 'store') {
        final.report = reportOf(rows('SELECT version, step, text FROM report'));
        // writer: the attempt's number in the application's epoch (token 41 is #1)
        final.writes = rows(
          `SELECT op, tbl, token, token - ${FIRST_TOKEN - 1} AS writer FROM writes`,
        );
        final.candidates = rows('SELECT digest, parts FROM candidates').map((c) => ({
          digest: c.digest,
          parts: JSON.parse(c.parts as string),
        }));
        final.acceptances = rows(
          'SELECT op, digest, version FROM acceptances WHERE accepted = 1 ORDER BY id',
        );
        final.newsletter = rows('SELECT op, digest FROM newsletter');
        final.confirmed = rows("SELECT DISTINCT digest FROM writes WHERE tbl = 'confirmation'").map(
          (x) => x.digest,
        );
      } else final.posts = rows('SELECT op, post, digest, key FROM posts ORDER BY seq');
    });
  final.integrity = integrity;
  writeFileSync(join(dir, 'final.json'), JSON.stringify(final));
  return { dir, wallMs: Date.now() - started, struck, result, integrity, error };
}
