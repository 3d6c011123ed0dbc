/**
 * The controller, in its own process on its own clock. Attempts send it
 * heartbeats (HTTP messages carrying a deadline: "the next one comes within
 * this many ms"); once a tick it reads the journal store's status, assesses
 * every candidate not yet assessed, suspects each running attempt whose
 * deadline has passed, and admits a settle or build attempt when the owner
 * has stopped. Admission issues epoch+1: publish it to the store, record the
 * attempt, then ask the lab to start its process.
 *
 * The epoch lives in this process. A restarted controller with a durable
 * epoch reads it back from the store; with a volatile one it starts again
 * below the first token and publishes that. LAB_MUTANT=epoch-memory never
 * reads it back.
 */
import { call, conf, hist, MUTANT, now, post, serve, sleep, TICK, type Json } from './common.ts';

const S = conf.store as string;
const started = now();
/** attempt n → when its heartbeat deadline passes (µs); before the first, the start-up grace. */
const deadline = new Map<number, number>();
let epoch: number = conf.firstToken - 1;

serve((path, b) => {
  if (path !== '/heartbeat') throw new Error(`no route ${path}`);
  deadline.set(b.n, now() + b.deadlineMs * 1000);
  return { ok: true };
});

async function boot() {
  for (let i = 0; i < 200; i++) {
    if (conf.restart && conf.epoch === 'durable' && MUTANT !== 'epoch-memory') {
      const r = await call(`${S}/epoch`, {}, 'read-epoch', {});
      if (r.ok) {
        epoch = r.body!.epoch;
        return;
      }
    } else if (conf.restart) {
      const r = await call(`${S}/epoch`, { epoch }, 'publish-epoch', { epoch });
      if (r.ok) return;
    } else return;
    await sleep(TICK);
  }
}

const running = (st: string) => st === 'admitted' || st === 'running';

async function tick() {
  let r = await post(`${S}/status`, {}, 4 * TICK);
  if (!r.ok)
    return hist('info', 'status', null, {
      why: r.why ?? `status ${r.status}`,
      error: r.body?.error,
    });
  let st = r.body as Json;
  // a. assess
  for (const id of st.unassessed as number[])
    await call(`${S}/assess`, { candidate: id, fencing: conf.fencing, pins: conf.pins }, 'assess', {
      candidate: id,
    });
  let changed = st.unassessed.length > 0;
  // b. suspect
  const t = now();
  for (const a of st.attempts as Json[]) {
    if (!running(a.state)) continue;
    const due = deadline.get(a.n) ?? started + conf.graceMs * 1000;
    if (t > due && t > started + 3 * TICK * 1000) {
      const s = await call(
        `${S}/state`,
        { n: a.n, to: 'unknown', from: ['admitted', 'running'] },
        'suspect',
        { attempt: a.n },
      );
      if (s.ok) deadline.delete(a.n);
      changed = true;
    }
  }
  // c. admit, when there is no owner or the owner has stopped
  if (changed) {
    r = await post(`${S}/status`, {}, 4 * TICK);
    if (!r.ok) return;
    st = r.body as Json;
  }
  const attempts = st.attempts as Json[];
  const owner = attempts.at(-1);
  if (owner && !(st.stopped as string[]).includes(owner.state)) return;
  const open = (st.unconfirmed as Json[])[0];
  let kind: string;
  if (open) {
    const writer = attempts.find((a) => a.n === open.attempt);
    if (writer && running(writer.state)) return;
    kind = 'settle';
  } else if (!st.serves) kind = 'build';
  else return;
  const n = (owner?.n ?? 0) + 1;
  const token = epoch + 1;
  const op = `${conf.name}:issue:${n}`;
  hist('invoke', 'issue', op, { token, attempt: n, kind });
  const pub = await call(`${S}/epoch`, { epoch: token }, 'publish-epoch', { epoch: token });
  if (!pub.ok) return hist('info', 'issue', op, { why: 'epoch not published' });
  epoch = token;
  const rec = { n, kind, token, pin: st.current, settles: open?.id ?? null };
  const a = await call(`${S}/attempt`, rec, 'record-attempt', rec);
  if (!a.ok) return hist('info', 'issue', op, { why: 'attempt not recorded' });
  hist('ok', 'issue', op, { token, attempt: n, kind });
  deadline.set(n, now() + conf.graceMs * 1000);
  await post(`${conf.launcher}/launch`, rec, 20 * TICK);
}

await boot();
for (let i = 0; i < conf.maxTicks; i++) {
  const t0 = Date.now();
  await tick();
  await sleep(Math.max(1, TICK - (Date.now() - t0)));
}
process.exit(0);
