/**
 * The workers: each live attempt does one action per tick, in attempt-number
 * order, and heartbeats. Rules page: #rule-compute, #rule-silent,
 * #rule-assemble, #rule-post, #rule-post-dies, #rule-settle. A build attempt computes steps, assembles a
 * candidate, waits for assessment and posts; a settle attempt resends an
 * unconfirmed announcement and confirms it.
 *
 * Being suspected does not stop a worker that is in fact alive: a woken
 * attempt carries on from where it was until a write is rejected (fenced) —
 * or, with fencing off, until its candidate is refused or its post confirmed.
 */
import type { Attempt, Part } from './types.ts';
import { STEPS, WORK_ID, digestId, resultId, sectionHash, short, type StepName } from './world.ts';
import { receive } from './feed.ts';
import { protectedWrite } from './stores.ts';
import { TIMING, breach, emit, quoteOf, staleMark, type Sim } from './sim.ts';

export function workers(sim: Sim): void {
  for (const a of sim.attempts) {
    if (a.admittedAt === sim.t || a.dead) continue;
    if (a.state === 'fenced' || a.state === 'refused' || a.state === 'done') continue;
    if (a.silent) {
      if (a.wakeAt !== sim.t) continue;
      wake(sim, a);
      continue;
    }
    if (a.state === 'admitted') a.state = 'running';
    act(sim, a);
  }
}

function act(sim: Sim, a: Attempt): void {
  if (a.kind === 'settle') return settle(sim, a);
  if (a.toPost) return post(sim, a, a.toPost);
  const next = STEPS.find((s) => !a.parts[s]);
  if (next) return compute(sim, a, next); // heartbeats unless it falls silent
  a.lastHeartbeat = sim.t;
  if (!a.candidate) return assemble(sim, a);
  // Otherwise: waiting for assessment; the heartbeat is the whole action.
}

function computedPart(sim: Sim, a: Attempt, step: StepName): Part {
  const read = sectionHash(a.pin, step);
  return {
    step,
    resultId: resultId(step, read, a.n),
    readHash: read,
    inputHash: sim.s.pins === 'on' ? read : null,
    restored: false,
    computedBy: a.n,
  };
}

function compute(sim: Sim, a: Attempt, step: StepName): void {
  a.calls += 1;
  if (a.n === 1 && sim.t === TIMING.silentAt && step === TIMING.silentStep) {
    // The call goes out; then nothing: no heartbeat, no write.
    a.silent = true;
    a.inFlight = step;
    if (sim.s.silent === 'crashed') a.dead = true;
    else a.wakeAt = TIMING.wakeAt;
    emit(sim, 'attempt', `#${a.n}`, 'falls-silent', 'silent', a.n, { step });
    return;
  }
  a.lastHeartbeat = sim.t;
  const part = computedPart(sim, a, step);
  a.parts[step] = part;
  if (sim.s.checkpoints === 'per-step') {
    if (!saveStep(sim, a, part)) return;
    emit(sim, 'journal', `#${a.n}`, 'step-journaled', 'compute', a.n, { step, pin: a.pin, result: part.resultId, stale: staleMark(sim, a) });
  } else {
    a.unsaved.push(step);
    emit(sim, 'attempt', `#${a.n}`, 'step-held', 'compute', a.n, { step, pin: a.pin, result: part.resultId });
  }
}

function saveStep(sim: Sim, a: Attempt, part: Part): boolean {
  if (!protectedWrite(sim, a, 'journal', { kind: 'step', step: part.step, result: part.resultId })) return false;
  sim.journal.push({
    step: part.step,
    resultId: part.resultId,
    inputHash: part.inputHash,
    readHash: part.readHash,
    writer: a.n,
    token: a.token,
    tick: sim.t,
    stale: a.token < sim.ownerEpoch,
  });
  return true;
}

/** A paused attempt #1 wakes: the result of its in-flight call arrives. */
function wake(sim: Sim, a: Attempt): void {
  a.silent = false;
  a.wakeAt = null;
  a.lastHeartbeat = sim.t;
  const step = a.inFlight as StepName;
  a.inFlight = null;
  const part = computedPart(sim, a, step);
  a.parts[step] = part;
  if (sim.s.checkpoints === 'per-step') {
    emit(sim, 'attempt', `#${a.n}`, 'wakes-to-write', 'silent', a.n, { step, result: part.resultId, token: a.token });
    if (!saveStep(sim, a, part)) return;
    emit(sim, 'journal', `#${a.n}`, 'woken-step-journaled', 'silent', a.n, { step, stale: staleMark(sim, a) });
  } else {
    a.unsaved.push(step);
    emit(sim, 'attempt', `#${a.n}`, 'wakes-holding', 'silent', a.n, { step, result: part.resultId });
  }
}

function assemble(sim: Sim, a: Attempt): void {
  for (const step of a.unsaved.slice()) {
    const part = a.parts[step] as Part;
    if (!saveStep(sim, a, part)) return;
    a.unsaved.shift();
  }
  const parts = STEPS.map((s) => a.parts[s] as Part);
  const digest = digestId(parts.map((p) => p.resultId));
  if (!protectedWrite(sim, a, 'candidates', { kind: 'candidate', digest })) return;
  a.candidate = digest;
  sim.candidates.push({
    digest,
    attempt: a.n,
    token: a.token,
    pin: sim.s.pins === 'on' ? a.pin : null,
    parts,
    tick: sim.t,
    status: 'candidate',
    assessedAt: null,
    refusal: null,
    stale: a.token < sim.ownerEpoch,
  });
  emit(sim, 'artifact', `#${a.n}`, 'candidate-written', 'assemble', a.n, {
    digest,
    pin: a.pin,
    quote: quoteOf(parts),
    endOnly: sim.s.checkpoints === 'end-only',
    stale: staleMark(sim, a),
  });
}

export function keyFor(sim: Sim, a: Attempt, digest: string): string | null {
  if (sim.s.key === 'per-operation') return `announce:${WORK_ID}:${short(digest)}`;
  if (sim.s.key === 'per-attempt') return `announce:${WORK_ID}:#${a.n}`;
  return null;
}

/** Send the announcement; true when the feed applied a new post. */
function send(sim: Sim, a: Attempt, intentIndex: number): 'applied' | 'remembered' | 'rejected' {
  const intent = sim.intents[intentIndex];
  const key = keyFor(sim, a, intent.digest);
  const before = sim.feed.posts.map((p) => p.digest);
  const receipt = receive(sim.feed, key, { digest: short(intent.digest), text: `New digest for ${WORK_ID}` }, sim.t);
  const dup = receipt.kind === 'applied' && before.includes(short(intent.digest));
  sim.sends.push({
    tick: sim.t,
    attempt: a.n,
    intent: intentIndex,
    key,
    receipt: receipt.kind,
    post: receipt.kind === 'rejected' ? null : receipt.post.id,
    duplicate: dup,
  });
  if (receipt.kind === 'rejected') {
    emit(sim, 'effect', 'feed', 'send-rejected', 'feed', a.n, { key, reason: receipt.reason });
    return 'rejected';
  }
  intent.state = 'unconfirmed';
  intent.post = receipt.post.id;
  if (receipt.kind === 'remembered') {
    emit(sim, 'effect', 'feed', 'send-remembered', 'feed', a.n, { key, post: receipt.post.id });
    return 'remembered';
  }
  emit(sim, 'effect', 'feed', 'send-applied', 'feed', a.n, { key, post: receipt.post.id, duplicate: dup });
  if (dup) breach(sim, { invariant: 'duplicateEffect', values: { post: receipt.post.id, digest: intent.digest } });
  return 'applied';
}

function confirm(sim: Sim, a: Attempt, intentIndex: number): boolean {
  const intent = sim.intents[intentIndex];
  if (!protectedWrite(sim, a, 'confirmations', { kind: 'confirmation', post: intent.post as string })) return false;
  intent.state = 'confirmed';
  intent.confirmedAt = sim.t;
  intent.confirmedBy = a.n;
  a.state = 'done';
  emit(sim, 'effect', `#${a.n}`, 'confirmed', a.kind === 'settle' ? 'settle' : 'post', a.n, { post: intent.post as string, stale: staleMark(sim, a) });
  return true;
}

function post(sim: Sim, a: Attempt, digest: string): void {
  a.toPost = null;
  a.lastHeartbeat = sim.t;
  const key = keyFor(sim, a, digest);
  if (!protectedWrite(sim, a, 'intents', { kind: 'intent', digest })) return;
  sim.intents.push({ digest, attempt: a.n, key, tick: sim.t, state: 'recorded', post: null, confirmedAt: null, confirmedBy: null });
  const index = sim.intents.length - 1;
  emit(sim, 'effect', `#${a.n}`, 'intent-recorded', 'post', a.n, { digest, stale: staleMark(sim, a) });
  const firstPost = sim.feed.posts.length === 0;
  const outcome = send(sim, a, index);
  if (outcome === 'rejected') return;
  if (sim.s.postDies === 'yes' && firstPost && outcome === 'applied') {
    a.dead = true;
    a.silent = true;
    emit(sim, 'attempt', `#${a.n}`, 'poster-dies', 'post-dies', a.n, {});
    return;
  }
  confirm(sim, a, index);
}

function settle(sim: Sim, a: Attempt): void {
  a.lastHeartbeat = sim.t;
  const index = a.settles as number;
  if (send(sim, a, index) === 'rejected') {
    a.state = 'refused';
    return;
  }
  confirm(sim, a, index);
}
