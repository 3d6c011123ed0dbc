/**
 * What an engine adapter implements, so that the harness (engines/harness/run.ts)
 * can run the worked example on it under the lab's nemesis and hand the run to
 * the checker. One adapter per engine (engines/restate/adapter.ts,
 * engines/dbos/adapter.ts); nothing here names an engine.
 *
 * The harness owns: the run's temporary directory, the feed (lab/proc/feed.ts,
 * with its key memory) and the outside store (engines/harness/store.ts), both
 * reached through its loopback proxies; the assessor (outside the worker); the
 * nemesis; the history's nemesis entries; the checker. The adapter owns: the
 * engine's own server if it has one, and the service processes that run the
 * job's steps. The harness signals those by pid (SIGKILL, SIGSTOP, SIGCONT);
 * the adapter starts them and tells it their pids.
 *
 * The job's code writes its own history entries (engines/harness/history.ts,
 * the lab's format: lab/README.md "The history"; the entries it must write are
 * listed in engines/README.md).
 */
import type { RecordId } from '../../src/model/records.ts';

/** How the announcement's idempotency key is made. */
export type KeyChoice =
  /** From the engine's stable identity of the step (e.g. the invocation or workflow id and the step's name): the same on every retry. */
  | 'per-operation'
  /** Fresh on every attempt at the step (e.g. a random id made inside the step): a retry sends a new key. */
  | 'per-attempt'
  /** No key at all. */
  | 'none';

/** The outside store the job writes its summaries, candidate and admission to. */
export type StoreChoice =
  /** The store compares each write's owner token with the highest it has issued, and rejects a lower one. */
  | 'fenced'
  /** The store applies every write (it still issues tokens, so the checker can judge staleness). */
  | 'plain';

export interface JobOptions {
  /** The run's id: the job's id in the engine (workflow id, invocation key). */
  runId: string;
  key: KeyChoice;
  store: StoreChoice;
}

/** What the engine keeps for the application, per record. */
export type RecordStatus = 'kept by the engine' | 'yours to write' | 'absent';
export type Records = Record<RecordId, { status: RecordStatus; why: string }>;

/**
 * What a service process is started with: one JSON object in the environment
 * variable ENGINE_JOB (engines/harness/history.ts reads it). The job reaches
 * the store and the feed only at these addresses (the harness's proxies).
 */
export interface JobEnv extends JobOptions {
  /** The run's directory; history goes to `${dir}/history/<proc>.<pid>.jsonl`. */
  dir: string;
  /** The process's name in the history: `worker#N` (N counts starts in this run). */
  proc: string;
  tickMs: number;
  /** The outside store (engines/harness/store.ts). */
  storeUrl: string;
  /** The lab's feed (lab/proc/feed.ts): POST /announce { op, digest, key }. */
  feedUrl: string;
}

/** The assessor's decision on one candidate, delivered to the waiting job. */
export interface Assessment {
  /** Which build round of the job the candidate came from (1, 2, …). */
  round: number;
  digest: string;
  accepted: boolean;
  /** The report version the candidate was judged against ('v1', 'v2'). */
  version: string;
  /** The assessor's `assess` operation id (stored with the acceptance). */
  op: string;
}

/** What the job returns when it ends. */
export interface JobResult {
  /** The accepted digest the job announced, or null when it gave up. */
  digest: string | null;
  post: string | null;
  rounds: number;
}

/** A service process the adapter started. */
export interface Worker {
  /** Its name in the history (`worker#N`). */
  proc: string;
  pid: number;
  /** Resolves when the process has exited (for any reason). */
  exited: Promise<void>;
}

/** What the harness gives an adapter for one run. */
export interface RunContext {
  /** The run's temporary directory (removed by the harness after the check). */
  dir: string;
  tickMs: number;
  options: JobOptions;
  /** A free port on 127.0.0.1. */
  freePort(): Promise<number>;
  /** The addresses for JobEnv (the harness's proxies to the store and the feed). */
  storeUrl: string;
  feedUrl: string;
  /** Append a line to the run's stderr.log. */
  log(line: string): void;
}

/** One run on the engine: made by Engine.prepare, closed by the harness. */
export interface EngineRun {
  /** Start the engine's own server (resolves once it serves); a no-op when it has none. */
  startServer(): Promise<void>;
  /** The server's pid (null: no separate server, or not running). The harness SIGKILLs it and calls startServer again. */
  serverPid(): number | null;
  /** Start one service process that runs the job's steps (resolves once it is ready and, if the engine needs it, registered). */
  startWorker(proc: string): Promise<Worker>;
  /** Submit the job for ctx.options.runId. Idempotent: submitting the same run id again starts nothing new. */
  submit(): Promise<void>;
  /** Hand the assessor's decision to the waiting job; false when the engine did not take it (retry later). */
  deliver(a: Assessment): Promise<boolean>;
  /** The job's result, waiting at most timeoutMs; null if it has not ended by then. */
  result(timeoutMs: number): Promise<JobResult | null>;
  /** Stop everything the adapter started (SIGKILL), and wait for it. */
  close(): Promise<void>;
}

export interface Engine {
  /** 'restate', 'dbos': the key in engines.json and the --only value. */
  name: string;
  /** The engine's version as it reports itself (server and SDK). */
  version: string;
  /** How many service processes run at once, and why (a retry can run in the other one while one is paused). */
  workers: number;
  /** Null when the engine has a separate server the nemesis can kill; else why that fault is meaningless. */
  noServer: string | null;
  records: Records;
  /** Null when it can run on this machine; else what is missing (the command and its output). */
  available(): Promise<string | null>;
  prepare(ctx: RunContext): Promise<EngineRun>;
}
