/**
 * The job's side of the history: what a service process reads from ENGINE_JOB
 * (engines/harness/engine.ts, JobEnv), its history file, and a recorded HTTP
 * call to the store or the feed. The lab's format (lab/README.md, "The
 * history"): one JSONL file per process, opened with O_APPEND, one write(2)
 * per line, `t` from CLOCK_MONOTONIC in microseconds. Node built-ins only.
 */
import { openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { JobEnv } from './engine.ts';

export type Json = Record<string, any>;

/** This process's settings; throws a clear message when it was not started by the harness. */
export function jobEnv(): JobEnv {
  const raw = process.env.ENGINE_JOB;
  if (!raw) throw new Error('ENGINE_JOB is not set: a service process is started by engines/harness');
  return JSON.parse(raw) as JobEnv;
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);
let fd = -1;
/** Append one entry to this process's history file. */
export function hist(
  env: JobEnv,
  type: 'invoke' | 'ok' | 'fail' | 'info',
  f: string,
  op: string | null,
  v: Json = {},
): void {
  if (fd < 0) fd = openSync(join(env.dir, 'history', `${env.proc}.${process.pid}.jsonl`), 'a');
  writeSync(
    fd,
    JSON.stringify({ t: nowUs(), p: env.proc, pid: process.pid, type, f, op, v }) + '\n',
  );
}

/** An operation id unique in the run (a retry of the same step in another attempt gets a new one). */
export function opId(env: JobEnv): string {
  return `${env.proc}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** One POST over loopback; resolves to the reply's JSON, or throws (no reply, or not 200). */
export function postJson(url: string, body: Json, timeoutMs: number): Promise<Json> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      agent: false,
      timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'x-pid': String(process.pid) },
    });
    req.on('timeout', () => req.destroy(new Error(`no reply from ${url} in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('error', reject);
      res.on('end', () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: status ${res.statusCode}`));
        try {
          resolve(JSON.parse(text || '{}'));
        } catch {
          reject(new Error(`${url}: a reply that is not JSON`));
        }
      });
    });
    req.end(JSON.stringify(body));
  });
}

/**
 * A recorded call: invoke, then ok (the reply), fail (`isFail` says the reply
 * means it did not happen) or info (no reply: unknown), then the reply or the
 * error passed on (a step that throws is retried by the engine).
 */
export async function recorded(
  env: JobEnv,
  url: string,
  f: string,
  v: Json,
  body: Json,
  isFail: (b: Json) => boolean = () => false,
): Promise<Json> {
  const op = opId(env);
  hist(env, 'invoke', f, op, v);
  try {
    const r = await postJson(url, { ...body, op }, 8 * env.tickMs);
    hist(env, isFail(r) ? 'fail' : 'ok', f, op, r);
    return r;
  } catch (e) {
    hist(env, 'info', f, op, { why: String((e as Error).message) });
    throw e;
  }
}
