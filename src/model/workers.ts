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
import { at } from './lookup.ts';
import { actorOf, breach, emit, isStale, quoteOf, staleMark, type Sim } from './sim.ts';
import { BASE_SCHEDULE, type SilentAt } from './schedule.ts';

export function workers(sim: Sim): void {
  for (const a of sim.attempts) {
    if (a.admittedAt === sim.t || a.dead) continue;
    if (a.state === 'fenced' || a.state === 'refused' || a.state === 'done') continue;
    if (a.silent) {
      if (a.wakeAt !== sim.t) continue;
      if (a.resume) wakeToAct(sim, a);
      else wake(sim, a);
      continue;
    }
    if (a.state === 'admitted') a.state = 'running';
    act(sim, a);
  }
}

function act(sim: Sim, a: Attempt): void {
  if (a.kind === 'settle') return settle(sim, a);
  if (a.toPost) return post(sim, a, a.toPost);
  const next = nextStep(a);
  if (next) return compute(sim, a, next); // heartbeats unless it falls silent
  if (!a.candidate) {
    if (silenceStrikes(sim, a, 'assemble')) return fallSilentBefore(sim, a, { action: 'assemble' });
    a.lastHeartbeat = sim.t;
    return assemble(sim, a);
  }
  a.lastHeartbeat = sim.t;
  // Otherwise: waiting for assessment; the heartbeat is the whole action.
}

/** The first step, in order, that the attempt has no part for yet. */
function nextStep(a: Attempt): StepName | undefined {
  for (const s of STEPS) if (!a.parts[s]) return s;
  return undefined;
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

/**
 * Attempt #1 goes silent once, at the start of the action the schedule names
 * (#rule-silent for the base schedule, #rule-fault-silence for any other).
 */
function silenceStrikes(sim: Sim, a: Attempt, action: SilentAt): boolean {
  return a.n === 1 && !sim.reads.silenced && sim.schedule.silentAt === action;
}

/** The rule behind #1's silence and waking: the base rule, or the schedule's when it differs from the base. */
function silenceRule(sim: Sim): 'silent' | 'fault-silence' {
  const sch = sim.schedule;
  return sch.silentAt === BASE_SCHEDULE.silentAt &&
    (sim.s.silent === 'crashed' || sch.wakeAfter === BASE_SCHEDULE.wakeAfter)
    ? 'silent'
    : 'fault-silence';
}

/** Silent from now: no heartbeat, no write. Crashed: for good; paused: until the schedule's wake. */
function goSilent(sim: Sim, a: Attempt): void {
  sim.reads.silenced = true;
  a.silent = true;
  if (sim.s.silent === 'crashed') a.dead = true;
  else a.wakeAt = sim.t + sim.schedule.wakeAfter;
}

function fallSilentBefore(sim: Sim, a: Attempt, resume: NonNullable<Attempt['resume']>): void {
  goSilent(sim, a);
  a.resume = resume;
  emit(sim, 'attempt', actorOf(a.n), 'falls-silent-before', 'fault-silence', a.n, {
    action: resume.action,
  });
}

function compute(sim: Sim, a: Attempt, step: StepName): void {
  a.calls += 1;
  if (silenceStrikes(sim, a, step)) {
    // The call goes out; then nothing: no heartbeat, no write.
    goSilent(sim, a);
    a.inFlight = step;
    emit(sim, 'attempt', actorOf(a.n), 'falls-silent', silenceRule(sim), a.n, { step });
    return;
  }
  a.lastHeartbeat = sim.t;
  const part = computedPart(sim, a, step);
  a.parts[step] = part;
  if (sim.s.checkpoints === 'per-step') {
    if (!saveStep(sim, a, part)) return;
    emit(sim, 'journal', actorOf(a.n), 'step-journaled', 'compute', a.n, {
      step,
      pin: a.pin,
      result: part.resultId,
      stale: staleMark(sim, a),
    });
  } else {
    a.unsaved.push(step);
    emit(sim, 'attempt', actorOf(a.n), 'step-held', 'compute', a.n, {
      step,
      pin: a.pin,
      result: part.resultId,
    });
  }
}

function saveStep(sim: Sim, a: Attempt, part: Part): boolean {
  if (!protectedWrite(sim, a, 'journal', { kind: 'step', step: part.step, result: part.resultId }))
    return false;
  sim.journal.push({
    step: part.step,
    resultId: part.resultId,
    inputHash: part.inputHash,
    readHash: part.readHash,
    writer: a.n,
    token: a.token,
    tick: sim.t,
    stale: isStale(sim, a),
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
  const rule = silenceRule(sim);
  if (sim.s.checkpoints === 'per-step') {
    emit(sim, 'attempt', actorOf(a.n), 'wakes-to-write', rule, a.n, {
      step,
      result: part.resultId,
      token: a.token,
    });
    if (!saveStep(sim, a, part)) return;
    emit(sim, 'journal', actorOf(a.n), 'woken-step-journaled', rule, a.n, {
      step,
      stale: staleMark(sim, a),
    });
  } else {
    a.unsaved.push(step);
    emit(sim, 'attempt', actorOf(a.n), 'wakes-holding', rule, a.n, { step, result: part.resultId });
  }
}

/** #1 wakes where it went silent before assembling or sending, and does that action now (#rule-fault-silence). */
function wakeToAct(sim: Sim, a: Attempt): void {
  const resume = a.resume as NonNullable<Attempt['resume']>;
  a.silent = false;
  a.wakeAt = null;
  delete a.resume;
  a.lastHeartbeat = sim.t;
  emit(sim, 'attempt', actorOf(a.n), 'wakes-to-act', 'fault-silence', a.n, {
    action: resume.action,
    token: a.token,
  });
  if (resume.action === 'assemble') assemble(sim, a);
  else deliver(sim, a, resume.intent);
}

function assemble(sim: Sim, a: Attempt): void {
  while (a.unsaved.length > 0) {
    const part = a.parts[at(a.unsaved, 0, 'unsaved steps')] as Part;
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
    stale: isStale(sim, a),
  });
  emit(sim, 'artifact', actorOf(a.n), 'candidate-written', 'assemble', a.n, {
    digest,
    pin: a.pin,
    quote: quoteOf(parts),
    endOnly: sim.s.checkpoints === 'end-only',
    stale: staleMark(sim, a),
  });
}

const ANNOUNCEMENT_TEXT = `New digest for ${WORK_ID}`;

export function keyFor(sim: Sim, a: Attempt, digest: string): string | null {
  if (sim.s.key === 'per-operation')
    return (OPERATION_KEYS[digest] ??= `announce:${WORK_ID}:${short(digest)}`);
  if (sim.s.key === 'per-attempt') return (ATTEMPT_KEYS[a.n] ??= `announce:${WORK_ID}:#${a.n}`);
  return null;
}

// The keys built so far (each is a pure function of its digest or attempt number): one string per key, not one per send.
const OPERATION_KEYS: Record<string, string> = Object.create(null);
const ATTEMPT_KEYS: string[] = [];

type SendOutcome = { kind: 'applied' | 'remembered'; post: string } | { kind: 'rejected' };

/** Send the announcement: what the feed did, and the post it answered with. */
function send(sim: Sim, a: Attempt, intentIndex: number): SendOutcome {
  const intent = at(sim.intents, intentIndex, 'intents');
  const key = keyFor(sim, a, intent.digest);
  const digest = short(intent.digest);
  const announcedBefore = sim.feed.posts.some((p) => p.digest === digest);
  const stored = key === null ? undefined : sim.feed.remembered.get(key);
  if (stored) sim.reads.keyAges.push(sim.t - stored.post.tick);
  const receipt = receive(sim.feed, key, { digest, text: ANNOUNCEMENT_TEXT }, sim.t);
  const dup = receipt.kind === 'applied' && announcedBefore;
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
    return { kind: 'rejected' };
  }
  if (receipt.kind === 'applied' && receipt.forgot) {
    sim.reads.keysExpired += 1;
    const retention = sim.feed.retention as number;
    emit(sim, 'effect', 'feed', 'key-expired', 'fault-retention', a.n, {
      key: key as string,
      post: receipt.forgot.id,
      storedAt: receipt.forgot.tick,
      retention,
    });
  }
  // The announcement's lifecycle runs one way (#rule-lifecycles): a send
  // moves a recorded or unconfirmed intent to unconfirmed with the post it
  // got back; a confirmed one stays confirmed, with its post.
  if (intent.state !== 'confirmed') {
    intent.state = 'unconfirmed';
    intent.post = receipt.post.id;
  }
  if (receipt.kind === 'remembered') {
    emit(sim, 'effect', 'feed', 'send-remembered', 'feed', a.n, { key, post: receipt.post.id });
    return { kind: 'remembered', post: receipt.post.id };
  }
  emit(sim, 'effect', 'feed', 'send-applied', 'feed', a.n, {
    key,
    post: receipt.post.id,
    duplicate: dup,
  });
  if (dup)
    breach(sim, {
      invariant: 'duplicateEffect',
      values: { post: receipt.post.id, digest: intent.digest },
    });
  return { kind: 'applied', post: receipt.post.id };
}

/** Record the feed's reply (`post`) as the confirmation: a protected write. */
function confirm(sim: Sim, a: Attempt, intentIndex: number, post: string): boolean {
  const intent = at(sim.intents, intentIndex, 'intents');
  if (!protectedWrite(sim, a, 'confirmations', { kind: 'confirmation', post })) return false;
  if (intent.state !== 'confirmed') {
    // A later confirmation (a stale one that landed, with fencing off) does not move the first.
    intent.state = 'confirmed';
    intent.confirmedAt = sim.t;
    intent.confirmedBy = a.n;
  }
  a.state = 'done';
  emit(sim, 'effect', actorOf(a.n), 'confirmed', a.kind === 'settle' ? 'settle' : 'post', a.n, {
    post,
    stale: staleMark(sim, a),
  });
  return true;
}

function post(sim: Sim, a: Attempt, digest: string): void {
  a.toPost = null;
  a.lastHeartbeat = sim.t;
  const key = keyFor(sim, a, digest);
  if (!protectedWrite(sim, a, 'intents', { kind: 'intent', digest })) return;
  sim.intents.push({
    digest,
    attempt: a.n,
    key,
    tick: sim.t,
    state: 'recorded',
    post: null,
    confirmedAt: null,
    confirmedBy: null,
  });
  const index = sim.intents.length - 1;
  emit(sim, 'effect', actorOf(a.n), 'intent-recorded', 'post', a.n, {
    digest,
    stale: staleMark(sim, a),
  });
  if (silenceStrikes(sim, a, 'effect'))
    return fallSilentBefore(sim, a, { action: 'send', intent: index });
  deliver(sim, a, index);
}

/**
 * Send a post action's announcement and confirm it. With postDies=yes the
 * poster dies once, at the schedule's point, in the post action that sends
 * the run's first post (#rule-post-dies; other points: #rule-fault-poster).
 */
function deliver(sim: Sim, a: Attempt, index: number): void {
  const dies =
    sim.s.postDies === 'yes' && !sim.reads.posterStruck && sim.feed.posts.length === 0
      ? sim.schedule.posterDies
      : null;
  if (dies) sim.reads.posterRead = true;
  if (dies === 'before-send') return die(sim, a, 'before-send');
  const outcome = send(sim, a, index);
  if (outcome.kind === 'rejected') return;
  if (dies === 'after-apply' && outcome.kind === 'applied') {
    sim.reads.posterStruck = true;
    a.dead = true;
    a.silent = true;
    emit(sim, 'attempt', actorOf(a.n), 'poster-dies', 'post-dies', a.n, {});
    return;
  }
  if (!confirm(sim, a, index, outcome.post)) return;
  if (dies === 'after-confirm' && outcome.kind === 'applied') die(sim, a, 'after-confirm');
}

function die(sim: Sim, a: Attempt, point: 'before-send' | 'after-confirm'): void {
  sim.reads.posterStruck = true;
  a.dead = true;
  a.silent = true;
  emit(sim, 'attempt', actorOf(a.n), 'poster-dies-at', 'fault-poster', a.n, { point });
}

function settle(sim: Sim, a: Attempt): void {
  a.lastHeartbeat = sim.t;
  const index = a.settles as number;
  const outcome = send(sim, a, index);
  if (outcome.kind === 'rejected') {
    a.state = 'refused';
    return;
  }
  confirm(sim, a, index, outcome.post);
}
