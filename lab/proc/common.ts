/**
 * What every lab process shares: its settings (one JSON argument), its
 * history file, an HTTP client that records what it invoked and what it
 * observed, and a clock of its own. Nothing here imports src/model.
 *
 * History: one JSONL file per process (history/<name>.<pid>.jsonl), opened
 * with O_APPEND; each entry is one write(2) of one line. `t` is
 * CLOCK_MONOTONIC in microseconds (process.hrtime), the same clock in every
 * process of the machine, so the files merge by `t`. lab/README.md gives
 * the format.
 */
import { openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Agent, request, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';

export type Json = Record<string, any>;

/** The settings a process was started with (argv[2], JSON). */
export const conf: Json = JSON.parse(process.argv[2] ?? '{}');
export const NAME: string = conf.name;
export const TICK: number = conf.tickMs;
export const MUTANT: string = conf.mutant ?? '';

let fd = -1;
let seq = 0;
export function now(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
/** Append one history entry. */
export function hist(
  type: 'invoke' | 'ok' | 'fail' | 'info',
  f: string,
  op: string | null,
  v: Json = {},
) {
  if (fd < 0) fd = openSync(join(conf.dir, 'history', `${NAME}.${process.pid}.jsonl`), 'a');
  writeSync(fd, JSON.stringify({ t: now(), p: NAME, pid: process.pid, type, f, op, v }) + '\n');
}
/** A fresh operation id, unique in the run. */
export function opId(): string {
  return `${NAME}:${process.pid}:${++seq}`;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export interface Reply {
  ok: boolean;
  status?: number | undefined;
  body?: Json;
  why?: string;
}

/** Connections kept open between calls (a new TCP connection per call costs more CPU than the call). */
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One HTTP POST over loopback, bounded by `timeoutMs`; never throws. */
export function post(url: string, body: Json, timeoutMs: number): Promise<Reply> {
  return new Promise((resolve) => {
    let done = false;
    const end = (r: Reply) => {
      if (!done) {
        done = true;
        clearTimeout(timer);
        resolve(r);
      }
    };
    const req = request(url, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'x-proc': NAME },
    });
    const timer = setTimeout(() => {
      req.destroy();
      end({ ok: false, why: 'timeout' });
    }, timeoutMs);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        try {
          end({
            ok: res.statusCode === 200,
            status: res.statusCode,
            body: JSON.parse(text || '{}'),
          });
        } catch {
          end({ ok: false, why: 'bad reply' });
        }
      });
      res.on('error', () => end({ ok: false, why: 'reply cut' }));
    });
    req.on('error', (e) => end({ ok: false, why: (e as NodeJS.ErrnoException).code ?? 'error' }));
    req.end(JSON.stringify(body));
  });
}

/**
 * A recorded call: invoke, then ok (the reply), fail (`isFail` says the
 * reply means it did not happen) or info (no reply: unknown).
 */
export async function call(
  url: string,
  body: Json,
  f: string,
  v: Json,
  o: { op?: string; timeoutMs?: number; isFail?: ((b: Json) => boolean) | undefined } = {},
): Promise<Reply> {
  const op = o.op ?? opId();
  hist('invoke', f, op, v);
  const r = await post(url, { ...body, op }, o.timeoutMs ?? 8 * TICK);
  if (!r.ok) hist('info', f, op, { why: r.why ?? `status ${r.status}` });
  else hist(o.isFail?.(r.body ?? {}) ? 'fail' : 'ok', f, op, r.body ?? {});
  return r;
}

/** A JSON-over-HTTP server on 127.0.0.1, port chosen by the OS; tells the parent its port. */
export function serve(handle: (path: string, body: Json) => Promise<Json> | Json): void {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (text += c));
    req.on('end', async () => {
      let out: Json;
      let status = 200;
      try {
        out = await handle(req.url ?? '/', text ? JSON.parse(text) : {});
      } catch (e) {
        status = 500;
        out = { error: String((e as Error)?.message ?? e) };
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out));
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const addr = server.address();
    process.send?.({ op: 'listening', port: typeof addr === 'object' && addr ? addr.port : 0 });
  });
}

/** Leave when the lab that started us goes away (a stopped process cannot; the lab kills those). */
process.on('disconnect', () => process.exit(0));

/**
 * A store's calls one at a time, in arrival order: `serial(op, write, fn)` runs `fn` alone, and
 * with `write` inside a transaction held open for conf.commitMs (a commit's time), so that a
 * SIGKILL can land inside one; SQLite rolls it back and the client, without a reply, retries the
 * same operation id. The journal store, the feed and the engines' outside store share it.
 */
export function serialiser(db: DatabaseSync) {
  let chain: Promise<unknown> = Promise.resolve();
  return function serial<T>(
    op: string | null | undefined,
    write: boolean,
    fn: () => T,
  ): Promise<T> {
    const p = chain.then(async () => {
      if (!write) return fn();
      db.exec('BEGIN IMMEDIATE');
      hist('invoke', 'txn', op ?? null);
      try {
        const r = fn();
        await sleep(conf.commitMs);
        db.exec('COMMIT');
        hist('ok', 'txn', op ?? null);
        return r;
      } catch (e) {
        db.exec('ROLLBACK');
        hist('fail', 'txn', op ?? null, { error: String(e) });
        throw e;
      }
    });
    chain = p.catch(() => {});
    return p;
  };
}
