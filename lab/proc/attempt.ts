/**
 * One attempt, in its own process on its own clock: heartbeats to the
 * controller every tick (a message with a deadline), and one action a tick.
 * A build attempt restores what the journal holds for its pin, makes the
 * "model call" for every other step (reads the section from the store and
 * hashes it: deterministic, nothing leaves the machine), journals each step
 * (per-step) or all at the end (end-only), writes its candidate, waits for
 * the assessment, then posts: intent, send to the feed, confirmation. A
 * settle attempt resends an unconfirmed intent's announcement and confirms
 * it. A rejected protected write fences it: it stops.
 *
 * A call with no reply is retried, the same operation id for a store write
 * (the store applies it once) and the same key for a send; after `retries`
 * ticks without a reply the attempt gives up and falls silent.
 * LAB_MUTANT=key makes the per-operation key per attempt.
 */
import { call, conf, hist, MUTANT, opId, post, sha256, sleep, TICK, type Json } from './common.ts';

const STEPS = ['s1', 's2', 's3', 's4'];
const WORK = 'digest/q3-report';
const S = conf.store as string;
const me = { n: conf.n as number, token: conf.token as number };
const fenced = (b: Json) => b.outcome === 'rejected';

setInterval(() => {
  void call(
    `${conf.ctl}/heartbeat`,
    { n: me.n, token: me.token, deadlineMs: conf.deadlineTicks * TICK },
    'heartbeat',
    { attempt: me.n },
    { timeoutMs: 2 * TICK },
  );
}, TICK).unref();

/** A call retried until it gets a reply (same op id); null after `retries` tries. */
async function retried(
  path: string,
  body: Json,
  f: string,
  v: Json,
  isFail?: (b: Json) => boolean,
): Promise<Json | null> {
  const op = opId();
  for (let i = 0; i < conf.retries; i++) {
    const r = await call(`${S}${path}`, body, f, v, { op, isFail });
    if (r.ok) return r.body as Json;
    await sleep(TICK);
  }
  return null;
}
const quit = (code: number) => process.exit(code);
const stop = async (state: string) => {
  await retried(
    '/state',
    { n: me.n, to: state, from: ['admitted', 'running', 'unknown'] },
    'state',
    { to: state },
  );
  quit(0);
};

/** A protected write; fenced → stop; no reply at all → fall silent. */
async function write(tbl: string, row: Json): Promise<number> {
  const what = {
    step: row.step,
    digest: row.digest?.slice(0, 8),
    intent: row.intent,
    post: row.post,
  };
  const b = await retried(
    '/write',
    { tbl, row, token: me.token, writer: me.n, fencing: conf.fencing },
    'write',
    { tbl, token: me.token, attempt: me.n, ...what },
    fenced,
  );
  if (b === null) quit(3);
  if (fenced(b!)) await stop('fenced');
  return b!.id as number;
}

function keyFor(digest: string): string | null {
  if (conf.key === 'per-operation' && MUTANT !== 'key')
    return `announce:${WORK}:${digest.slice(0, 8)}`;
  if (conf.key === 'none') return null;
  return `announce:${WORK}:#${me.n}`;
}

/** Send the announcement: retried with the same key until the feed answers. */
async function send(digest: string): Promise<Json> {
  const key = keyFor(digest);
  for (let i = 0; i < conf.retries; i++) {
    const r = await call(`${conf.feed}/announce`, { key, digest }, 'send', {
      key,
      digest: digest.slice(0, 8),
      attempt: me.n,
    });
    if (r.ok) return r.body as Json;
    await sleep(TICK);
  }
  return quit(3) as never;
}

async function announce(intent: number, digest: string) {
  const out = await send(digest);
  if (out.outcome === 'rejected') await stop('refused');
  await write('confirmation', { intent, post: out.post });
  await stop('done');
}

await retried('/state', { n: me.n, to: 'running', from: ['admitted'] }, 'state', { to: 'running' });
if (conf.kind === 'settle') {
  const it = await retried('/intent', { id: conf.settles }, 'read-intent', {
    intent: conf.settles,
  });
  if (it === null) quit(3);
  await sleep(TICK);
  await announce(conf.settles, it!.digest);
}

// build
const hashOf = new Map<string, string>();
const parts: Record<string, Json> = {};
for (const step of STEPS) {
  const sec = await retried('/section', { version: conf.pin, step }, 'read-section', {
    step,
    version: conf.pin,
  });
  if (sec === null) quit(3);
  hashOf.set(step, sha256(sec!.text));
  const e = await retried(
    '/restore',
    { step, hash: conf.pins ? hashOf.get(step) : null },
    'restore',
    { step },
  );
  if (e === null) quit(3);
  if (e!.id)
    parts[step] = {
      step,
      resultId: e!.result_id,
      readHash: e!.read_hash,
      inputHash: e!.input_hash,
      restored: e!.id,
    };
}
const unsaved: Json[] = [];
for (const step of STEPS) {
  if (parts[step]) continue;
  await sleep(TICK);
  // the model call: one tick, a deterministic function of the section it reads
  hist('invoke', 'call', `${conf.name}:call:${step}`, { step });
  const sec = await retried('/section', { version: conf.pin, step, call: true }, 'read-section', {
    step,
    version: conf.pin,
  });
  if (sec === null) quit(3);
  const readHash = sha256(sec!.text);
  const p = {
    step,
    resultId: sha256(`${step}\n${readHash}\n#${me.n}`),
    readHash,
    inputHash: conf.pins ? readHash : null,
  };
  hist('ok', 'call', `${conf.name}:call:${step}`, { step, result: p.resultId.slice(0, 8) });
  parts[step] = p;
  if (conf.checkpoints === 'per-step') await write('journal', p);
  else unsaved.push(p);
}
await sleep(TICK);
for (const p of unsaved) await write('journal', p);
const ps = STEPS.map((s) => {
  const p = parts[s];
  if (!p) throw new Error(`attempt: no part for ${s}`);
  return { step: s, resultId: p.resultId, readHash: p.readHash, inputHash: p.inputHash };
});
const digest = sha256(ps.map((p) => p.resultId).join('\n'));
const cand = await write('candidate', { digest, pin: conf.pins ? conf.pin : null, parts: ps });
for (let i = 0; ; i++) {
  await sleep(TICK);
  const r = await post(`${S}/candidate`, { id: cand }, 4 * TICK);
  if (r.ok && r.body!.status === 'accepted') break;
  if (r.ok && r.body!.status === 'refused') await stop('refused');
  if (i > conf.maxTicks) quit(3);
}
hist('info', 'accepted', null, { digest: digest.slice(0, 8) });
const intent = await write('intent', { digest, key: keyFor(digest) });
await sleep(TICK);
await announce(intent, digest);
