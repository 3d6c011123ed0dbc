/**
 * The DBOS adapter (engines/harness/engine.ts): the job of engines/dbos/job.ts
 * on @dbos-inc/dbos-sdk over a throwaway PostgreSQL cluster.
 *
 * The engine's server here is PostgreSQL: DBOS is a library inside the
 * service process, and everything it keeps (workflow status, step outputs,
 * messages, the queue) is in PostgreSQL's tables. So "the engine server
 * killed and restarted" is PostgreSQL SIGKILLed and started again (crash
 * recovery from its WAL). DBOS has no separate controller or orchestrator
 * process, so the lab's controller restart (and the epoch lost with it) has
 * no counterpart: recovery is done by the service process itself at launch.
 *
 * One cluster per run set (initdb once, the data directory copied per run,
 * so that a run's server kill touches no other run), one service process at
 * a time: DBOS without its Conductor service never moves a workflow from a
 * paused process to a running one; a new process recovers it only when it
 * launches with the same executor ID, as a restart on one server does.
 */
import { fork, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DBOSClient } from '@dbos-inc/dbos-sdk';
import type {
  Assessment,
  Engine,
  EngineRun,
  JobEnv,
  JobResult,
  Records,
  RunContext,
  Worker,
} from '../harness/engine.ts';
import { Cluster, findPgBin } from './postgres.ts';
import { QUEUE, TOPIC, WORKFLOW } from './job.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SDK = JSON.parse(
  readFileSync(join(HERE, '../node_modules/@dbos-inc/dbos-sdk/package.json'), 'utf8'),
).version as string;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const RECORDS: Records = {
  attempt: {
    status: 'kept by the engine',
    why: 'the workflow status row: its executor, its owner token and how often it was claimed; a service process that launches recovers the PENDING workflows of its executor ID',
  },
  journal: {
    status: 'kept by the engine',
    why: 'every step’s output, by workflow ID and step function ID; a recovered execution gets it back without running the step, so a step’s read is pinned once recorded',
  },
  epoch: {
    status: 'yours to write',
    why: 'DBOS’s owner token fences only its own checkpoints; a store outside it sees every write unless the application issues a token and the store compares it',
  },
  effect: {
    status: 'yours to write',
    why: 'the step’s identity (workflow ID and step ID) is the same on every execution, a stable identity to build a key from, but the receiver must remember the key: a kill between the post and the step’s recorded output runs the step again',
  },
  acceptance: {
    status: 'yours to write',
    why: 'DBOS keeps the message that carries the assessment (and its recorded copy once received), not an acceptance naming the report version; the store records it',
  },
};

function pgVersion(bin: string): Promise<string> {
  return new Promise((res) =>
    execFile(join(bin, 'postgres'), ['--version'], (err, out) =>
      res(err ? 'PostgreSQL' : out.trim().replace(/^postgres \(PostgreSQL\) /, 'PostgreSQL ')),
    ),
  );
}

let template: Promise<Cluster> | null = null;
/** The run set's cluster, initdb'd once; each run starts a copy of it. */
function templateCluster(): Promise<Cluster> {
  template ??= Cluster.create().then(async (c) => {
    await c.kill();
    process.once('exit', () => c.destroySync());
    return c;
  });
  return template;
}

class DbosRun implements EngineRun {
  private readonly ctx: RunContext;
  private cluster: Cluster | null = null;
  private client: DBOSClient | null = null;
  private readonly workers = new Set<ChildProcess>();
  constructor(ctx: RunContext) {
    this.ctx = ctx;
  }
  private get url(): string {
    return this.cluster!.url('dbos_sys');
  }

  async startServer(): Promise<void> {
    if (!this.cluster) this.cluster = await (await templateCluster()).copy();
    else await this.cluster.start();
  }
  serverPid(): number | null {
    return this.cluster?.postmaster() ?? null;
  }

  startWorker(proc: string): Promise<Worker> {
    const env: JobEnv = {
      ...this.ctx.options,
      dir: this.ctx.dir,
      proc,
      tickMs: this.ctx.tickMs,
      storeUrl: this.ctx.storeUrl,
      feedUrl: this.ctx.feedUrl,
    };
    const c = fork(join(HERE, 'service.ts'), [], {
      env: { ...process.env, ENGINE_JOB: JSON.stringify(env), DBOS_SYSTEM_DATABASE_URL: this.url },
      execArgv: ['--disable-warning=ExperimentalWarning', '--no-deprecation'],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    this.workers.add(c);
    const log = (d: Buffer) => this.ctx.log(`${proc}: ${String(d).trimEnd()}`);
    c.stdout!.on('data', log);
    c.stderr!.on('data', log);
    const exited = new Promise<void>((res) => {
      if (c.exitCode !== null || c.signalCode !== null) res();
      else c.once('exit', () => res());
    });
    void exited.then(() => this.workers.delete(c));
    return new Promise((res, rej) => {
      c.once('message', () => res({ proc, pid: c.pid!, exited }));
      void exited.then(() => rej(new Error(`${proc} exited before DBOS launched`)));
    });
  }

  private async dbos(): Promise<DBOSClient> {
    this.client ??= await DBOSClient.create({ systemDatabaseUrl: this.url });
    return this.client;
  }

  /** DBOSClient.enqueue with the run id as the workflow ID: DBOS's idempotency key, so a second submit starts nothing. */
  async submit(): Promise<void> {
    for (let i = 0; ; i++) {
      try {
        const client = await this.dbos();
        await client.enqueue({
          workflowName: WORKFLOW,
          queueName: QUEUE,
          workflowID: this.ctx.options.runId,
          appVersion: '1',
        });
        return;
      } catch (e) {
        if (i >= 100) throw e;
        await sleep(this.ctx.tickMs);
      }
    }
  }

  /** DBOSClient.send to the workflow on the assessment topic; the assess op is the idempotency key. */
  async deliver(a: Assessment): Promise<boolean> {
    try {
      await (await this.dbos()).send(this.ctx.options.runId, a, TOPIC, a.op);
      return true;
    } catch {
      return false;
    }
  }

  async result(timeoutMs: number): Promise<JobResult | null> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        const st = await (await this.dbos()).getWorkflow(this.ctx.options.runId);
        if (st?.status === 'SUCCESS') return st.output as JobResult;
        if (st && !['PENDING', 'ENQUEUED', 'DELAYED'].includes(st.status))
          return { digest: null, post: null, rounds: 0 };
      } catch {
        // the server is down: ask again
      }
      if (Date.now() >= until) return null;
      await sleep(Math.min(this.ctx.tickMs, Math.max(0, until - Date.now())));
    }
  }

  async close(): Promise<void> {
    for (const c of this.workers) c.kill('SIGKILL');
    await Promise.race([this.client?.destroy().catch(() => {}), sleep(2000)]);
    this.client = null;
    await this.cluster?.destroy();
    this.cluster = null;
  }
}

export const dbos: Engine = {
  name: 'dbos',
  version: `@dbos-inc/dbos-sdk ${SDK}`,
  workers: 1,
  noServer: null,
  records: RECORDS,
  async available() {
    const bin = findPgBin();
    if (!bin) return 'PostgreSQL not found: apt-get install postgresql';
    if (!existsSync(join(HERE, '../node_modules/@dbos-inc/dbos-sdk')))
      return 'engines/node_modules has no @dbos-inc/dbos-sdk: npm ci --prefix engines';
    this.version = `@dbos-inc/dbos-sdk ${SDK} over ${await pgVersion(bin)}`;
    try {
      await templateCluster();
    } catch (e) {
      return String((e as Error).message);
    }
    return null;
  },
  async prepare(ctx) {
    return new DbosRun(ctx);
  },
};
/** The name engines/harness/main.ts imports. */
export const dbosEngine = dbos;
export default dbos;
