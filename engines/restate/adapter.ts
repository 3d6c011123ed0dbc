/**
 * Restate for the harness: restate-server as a development server (one node,
 * `--base-dir` in the run's directory, every port on 127.0.0.1, telemetry
 * off), the service processes (service.ts) behind a loopback TCP proxy that
 * stands for a load balancer with a health check (a new connection goes to a
 * worker that is running: not exited, not stopped), the deployment
 * registered through the admin API, the job submitted and answered through
 * the ingress.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'node:http';
import type {
  Assessment,
  Engine,
  EngineRun,
  JobEnv,
  JobResult,
  RunContext,
  Worker,
} from '../harness/engine.ts';

const ENGINES = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ENGINES, 'node_modules/@restatedev/restate-server-linux-x64/bin/restate-server');
const SERVICE = fileURLToPath(new URL('./service.ts', import.meta.url));
const pkgVersion = (p: string): string => {
  try {
    return JSON.parse(readFileSync(join(ENGINES, 'node_modules', p, 'package.json'), 'utf8'))
      .version;
  } catch {
    return 'not installed';
  }
};
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A request over loopback; resolves to { status, body } or null (no reply in timeoutMs). */
function http(
  url: string,
  method: 'GET' | 'POST',
  body: unknown,
  timeoutMs: number,
): Promise<{ status: number; body: string } | null> {
  return new Promise((resolve) => {
    const req = request(url, {
      method,
      agent: false,
      timeout: timeoutMs,
      headers: { 'content-type': 'application/json' },
    });
    req.on('timeout', () => (req.destroy(), resolve(null)));
    req.on('error', () => resolve(null));
    req.on('response', (res) => {
      let t = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (t += c));
      res.on('error', () => resolve(null));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: t }));
    });
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** Running, as the kernel sees it: not a zombie, not stopped (state T) — a health check's answer. */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'T' && state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

export const restateEngine: Engine = {
  name: 'restate',
  version: `restate-server ${pkgVersion('@restatedev/restate-server')}, @restatedev/restate-sdk ${pkgVersion('@restatedev/restate-sdk')}`,
  workers: 2,
  noServer: null,
  records: {
    attempt: {
      status: 'kept by the engine',
      why: 'every invocation has an id that stays the same across retries, and Restate counts and starts each attempt itself',
    },
    journal: {
      status: 'kept by the engine',
      why: 'ctx.run journals each step’s result and a retry replays it without running the step again, whatever the input is now: checking the input’s hash against the current text is yours',
    },
    epoch: {
      status: 'yours to write',
      why: 'Restate gives up on a silent attempt and retries it, but hands the code no token: a paused attempt can still write to a store outside Restate',
    },
    effect: {
      status: 'yours to write',
      why: 'the invocation id is a stable identity to build a key from, but the receiver must remember the key: a kill between the post and the journal entry runs the step again',
    },
    acceptance: {
      status: 'yours to write',
      why: 'a durable promise carries the assessor’s decision, but which report version it accepted is the application’s to record and check',
    },
  },
  async available() {
    if (!existsSync(BIN))
      return `no restate-server binary at ${BIN} (npm ci --prefix engines installs it)`;
    return null;
  },
  async prepare(ctx: RunContext): Promise<EngineRun> {
    const base = join(ctx.dir, 'restate');
    mkdirSync(base, { recursive: true });
    const [fabric, admin, ingress, proxyPort] = [
      await ctx.freePort(),
      await ctx.freePort(),
      await ctx.freePort(),
      await ctx.freePort(),
    ];
    const T = ctx.tickMs;
    const config = join(base, 'config.toml');
    writeFileSync(
      config,
      [
        'disable-telemetry = true',
        'cluster-name = "lab"',
        'default-num-partitions = 1',
        `bind-address = "127.0.0.1:${fabric}"`,
        `advertised-address = "http://127.0.0.1:${fabric}/"`,
        'rocksdb-total-memory-size = "256.0 MiB"',
        '[worker.invoker]',
        // a dead connection to a paused worker is noticed within a few ticks, so a retry can go to the other
        `http2-keep-alive-interval = "${4 * T}ms"`,
        `http2-keep-alive-timeout = "${4 * T}ms"`,
        '[admin]',
        `bind-address = "127.0.0.1:${admin}"`,
        'disable-web-ui = true',
        '[ingress]',
        `bind-address = "127.0.0.1:${ingress}"`,
        '',
      ].join('\n'),
    );
    const adminUrl = `http://127.0.0.1:${admin}`;
    const ingressUrl = `http://127.0.0.1:${ingress}`;
    const logFd = openSync(join(base, 'server.log'), 'a');
    let server: ChildProcess | null = null;
    const workers: { w: Worker; c: ChildProcess; port: number }[] = [];
    /** Every process started, ready or not (close kills them all, even one still starting). */
    const started: ChildProcess[] = [];
    let closed = false;
    let registered = false;
    let rr = 0;

    // the load balancer in front of the workers
    const sockets = new Set<Socket>();
    const proxy: Server = createServer((inb) => {
      sockets.add(inb);
      inb.on('close', () => sockets.delete(inb));
      const up = workers.filter((x) => x.c.exitCode === null && running(x.w.pid));
      if (up.length === 0) {
        inb.destroy();
        return;
      }
      const to = up[rr++ % up.length]!; // up is not empty
      const out = connect(to.port, '127.0.0.1');
      sockets.add(out);
      out.on('close', () => sockets.delete(out));
      inb.pipe(out).pipe(inb);
      inb.on('error', () => out.destroy());
      out.on('error', () => inb.destroy());
    });
    await new Promise<void>((r) => proxy.listen(proxyPort, '127.0.0.1', r));

    const run: EngineRun = {
      async startServer() {
        if (closed) throw new Error('restate-server not started: the run is over');
        server = spawn(
          BIN,
          ['--config-file', config, '--base-dir', base, '--listen-mode', 'tcp', '--no-logo'],
          {
            stdio: ['ignore', logFd, logFd],
            env: {
              ...process.env,
              RESTATE_LOG_DISABLE_ANSI_CODES: 'true',
              RESTATE_LOG_FILTER: 'warn',
            },
          },
        );
        const s = server;
        // the lab leaving (even on SIGINT) takes the server with it
        const reap = () => s.kill('SIGKILL');
        process.once('exit', reap);
        s.once('exit', () => process.off('exit', reap));
        for (let i = 0; i < 600; i++) {
          if (s.exitCode !== null || s.signalCode !== null)
            throw new Error(
              `restate-server exited (${s.exitCode ?? s.signalCode}): see ${base}/server.log`,
            );
          const h = await http(`${adminUrl}/health`, 'GET', undefined, 500);
          const g =
            h?.status === 200
              ? await http(`${ingressUrl}/restate/health`, 'GET', undefined, 500)
              : null;
          if (g?.status === 200) return;
          await sleep(100);
        }
        throw new Error('restate-server did not serve within 60 s');
      },
      serverPid() {
        return server && server.exitCode === null && server.signalCode === null
          ? (server.pid ?? null)
          : null;
      },
      async startWorker(proc: string) {
        const env: JobEnv = {
          ...ctx.options,
          dir: ctx.dir,
          proc,
          tickMs: T,
          storeUrl: ctx.storeUrl,
          feedUrl: ctx.feedUrl,
        };
        if (closed) throw new Error(`${proc} not started: the run is over`);
        const c = fork(SERVICE, [], {
          execArgv: ['--disable-warning=ExperimentalWarning'],
          env: { ...process.env, ENGINE_JOB: JSON.stringify(env) },
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        });
        started.push(c);
        c.stderr?.on('data', (d: Buffer) => ctx.log(`${proc}: ${d}`));
        const exited = new Promise<void>((r) => c.once('exit', () => r()));
        const port = await new Promise<number>((res, rej) => {
          c.once('message', (m: { port: number }) => res(m.port));
          c.once('exit', () => rej(new Error(`${proc} exited before it served`)));
        });
        const w: Worker = { proc, pid: c.pid!, exited };
        workers.push({ w, c, port });
        return w;
      },
      async submit() {
        for (let i = 0; !registered; i++) {
          const r = await http(
            `${adminUrl}/deployments`,
            'POST',
            { uri: `http://127.0.0.1:${proxyPort}/`, force: true },
            10_000,
          );
          if (r && r.status >= 200 && r.status < 300) registered = true;
          else if (i > 50)
            throw new Error(`registering the deployment failed: ${r?.status} ${r?.body}`);
          else await sleep(200);
        }
        for (let i = 0; ; i++) {
          const r = await http(
            `${ingressUrl}/digest/${ctx.options.runId}/run/send`,
            'POST',
            {},
            5000,
          );
          if (r && r.status >= 200 && r.status < 300) return;
          if (i > 100) throw new Error(`submitting the job failed: ${r?.status} ${r?.body}`);
          await sleep(T);
        }
      },
      async deliver(a: Assessment) {
        const r = await http(
          `${ingressUrl}/digest/${ctx.options.runId}/assess`,
          'POST',
          a,
          4 * T + 2000,
        );
        return !!r && r.status >= 200 && r.status < 300;
      },
      async result(timeoutMs: number): Promise<JobResult | null> {
        const r = await http(
          `${ingressUrl}/restate/workflow/digest/${ctx.options.runId}/output`,
          'GET',
          undefined,
          Math.max(500, timeoutMs),
        );
        if (!r || r.status !== 200) return null;
        try {
          return JSON.parse(r.body) as JobResult;
        } catch {
          return null;
        }
      },
      async close() {
        closed = true;
        const all: ChildProcess[] = [...started, ...(server ? [server] : [])];
        for (const c of all) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
        await Promise.all(
          all.map((c) =>
            c.exitCode !== null || c.signalCode !== null
              ? null
              : new Promise((r) => c.once('exit', r)),
          ),
        );
        for (const s of sockets) s.destroy();
        await new Promise((r) => proxy.close(r));
      },
    };
    return run;
  },
};
