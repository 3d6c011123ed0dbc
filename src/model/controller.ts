/**
 * The controller: the one party that judges candidates, suspects silent
 * attempts and admits new ones. It never sees inside a worker; it reads
 * records (attempts, candidates, acceptances, intents) and heartbeats.
 *
 * Phase order within a tick (rules page #rule-tick): assess (#rule-assess),
 * then suspect (#rule-suspect), then admit (#rule-admit, #rule-restore).
 */
import type { Attempt, AttemptState, Candidate, Part, Refusal } from './types.ts';
import { STEPS, sectionHash, type VersionName } from './world.ts';
import { actorOf, TIMING, breach, contentVersion, emit, hasContentOf, type Sim } from './sim.ts';
import { at } from './lookup.ts';

const STOPPED: AttemptState[] = ['unknown', 'fenced', 'refused', 'done'];

export function isStopped(a: Attempt): boolean {
  return STOPPED.includes(a.state);
}

/** a. Assess every candidate written at an earlier tick and not yet assessed, in the order written. */
export function assess(sim: Sim): void {
  for (const c of sim.candidates) {
    if (c.status !== 'candidate' || c.tick >= sim.t) continue;
    c.assessedAt = sim.t;
    const producer = at(sim.attempts, c.attempt - 1, `candidate ${c.digest}'s attempt`);
    let refusal: Refusal | null = null;
    if (sim.s.fencing === 'on' && c.token < sim.ownerEpoch) {
      refusal = { reason: 'token', token: c.token, epoch: sim.ownerEpoch };
    } else if (sim.s.pins === 'on') {
      if (c.pin !== sim.current) {
        refusal = { reason: 'pin', pin: c.pin, current: sim.current };
      } else {
        const bad = partNotOf(c.parts, sim.current);
        if (bad) refusal = { reason: 'input', step: bad.step, current: sim.current };
      }
    }
    if (refusal) {
      c.status = 'refused';
      c.refusal = refusal;
      if (!isStopped(producer) || producer.state === 'unknown') producer.state = 'refused';
      emit(sim, 'artifact', 'controller', 'candidate-refused', 'assess', c.attempt, {
        digest: c.digest,
        refusal,
      });
      continue;
    }
    accept(sim, c, producer);
  }
}

/** The first part whose input hash is not the given version's section hash. */
function partNotOf(parts: readonly Part[], v: VersionName): Part | undefined {
  for (const p of parts) if (p.inputHash !== sectionHash(v, p.step)) return p;
  return undefined;
}

function accept(sim: Sim, candidate: Candidate, producer: Attempt): void {
  const { digest, parts } = candidate;
  const version = sim.s.pins === 'on' ? sim.current : null;
  candidate.status = 'accepted';
  // Two different digests accepted while the same version is current.
  const periodStart = sim.changedAt ?? 0;
  const rival = sim.acceptances.find((a) => a.tick >= periodStart && a.digest !== digest);
  sim.acceptances.push({ tick: sim.t, digest, version });
  producer.toPost = digest;
  const content = contentVersion(parts);
  emit(sim, 'artifact', 'controller', 'candidate-accepted', 'assess', producer.n, {
    digest,
    version,
  });
  if (!hasContentOf(parts, sim.current)) {
    breach(sim, {
      invariant: 'supersededAccepted',
      values: { digest, content, current: sim.current },
    });
  }
  if (rival) {
    breach(sim, {
      invariant: 'twoAccepted',
      values: { first: rival.digest, second: digest, current: sim.current },
    });
  }
}

/** b. Every running attempt whose last heartbeat is 3 or more ticks old becomes UNKNOWN. */
export function suspect(sim: Sim): void {
  for (const a of sim.attempts) {
    // After a restart the timers count from the restart (timersFrom; 0 without one): heartbeats are not stored.
    const missed =
      sim.t - a.lastHeartbeat >= TIMING.suspectAfter &&
      sim.t - sim.timersFrom >= TIMING.suspectAfter;
    if ((a.state === 'running' || a.state === 'admitted') && missed) {
      a.state = 'unknown';
      emit(sim, 'attempt', 'controller', 'suspected', 'suspect', a.n, {
        last: a.lastHeartbeat,
        missed: TIMING.missedHeartbeats,
      });
    }
  }
}

/** Does some acceptance serve the current report? */
export function served(sim: Sim): boolean {
  const pinned = sim.s.pins === 'on';
  // Pins off: the records cannot say what a digest was built from; the
  // controller only knows when the report changed.
  const since = sim.changedAt ?? 0;
  for (const a of sim.acceptances)
    if (pinned ? a.version === sim.current : a.tick >= since) return true;
  return false;
}

/** c. Admit a settle or build attempt when the owner has stopped. */
export function admit(sim: Sim): void {
  const owner = sim.attempts[sim.attempts.length - 1];
  if (owner && !isStopped(owner)) return;
  const open = firstUnconfirmed(sim);
  if (open >= 0) {
    const intent = at(sim.intents, open, 'intents');
    const writer = at(sim.attempts, intent.attempt - 1, `intent ${open}'s attempt`);
    if (writer.state === 'running' || writer.state === 'admitted') return; // silent, not yet suspected: wait
    const a = newAttempt(sim, 'settle');
    a.settles = open;
    emit(sim, 'attempt', 'controller', 'settle-admitted', 'admit', a.n, {
      token: a.token,
      writer: writer.n,
      digest: intent.digest,
    });
    return;
  }
  if (served(sim)) return;
  const a = newAttempt(sim, 'build');
  emit(sim, 'attempt', 'controller', 'build-admitted', 'admit', a.n, {
    token: a.token,
    pin: a.pin,
  });
  restore(sim, a);
}

/** The index of the first intent not yet confirmed, or -1. */
function firstUnconfirmed(sim: Sim): number {
  return sim.intents.findIndex((x) => x.state !== 'confirmed');
}

function newAttempt(sim: Sim, kind: 'build' | 'settle'): Attempt {
  sim.ownerEpoch += 1;
  if (sim.ownerEpoch > sim.highestToken) sim.highestToken = sim.ownerEpoch;
  const a: Attempt = {
    n: sim.attempts.length + 1,
    kind,
    token: sim.ownerEpoch,
    pin: sim.current,
    admittedAt: sim.t,
    state: 'admitted',
    lastHeartbeat: sim.t,
    silent: false,
    dead: false,
    wakeAt: null,
    parts: {},
    restored: [],
    unsaved: [],
    inFlight: null,
    candidate: null,
    toPost: null,
    settles: null,
    calls: 0,
  };
  sim.attempts.push(a);
  return a;
}

/**
 * Restore, at admission, every step the journal holds a matching entry for.
 * Pins on: the entry's input hash equals the pinned version's section hash.
 * Pins off: any entry with that step name. Several matches: the newest.
 */
function restore(sim: Sim, a: Attempt): void {
  const redo: (typeof STEPS)[number][] = [];
  for (const step of STEPS) {
    const want = sectionHash(a.pin, step);
    let match = null;
    for (const e of sim.journal) {
      if (e.step !== step) continue;
      if (sim.s.pins === 'on' && e.inputHash !== want) continue;
      match = e;
    }
    if (!match) {
      redo.push(step);
      continue;
    }
    a.parts[step] = {
      step,
      resultId: match.resultId,
      readHash: match.readHash,
      inputHash: match.inputHash,
      restored: true,
      computedBy: match.writer,
    };
    a.restored.push(step);
    sim.restores.push({ attempt: a.n, step, tick: sim.t, from: match.writer });
    emit(sim, 'journal', actorOf(a.n), 'step-restored', 'restore', a.n, {
      step,
      result: match.resultId,
      writer: match.writer,
      wanted: sim.s.pins === 'on' ? want : null,
    });
  }
  if (a.restored.length > 0 && redo.length > 0) {
    const stale = redo.filter((step) => sim.journal.some((e) => e.step === step));
    const absent = redo.filter((step) => !stale.includes(step));
    emit(sim, 'journal', actorOf(a.n), 'steps-redone', 'restore', a.n, {
      redo,
      stale,
      absent,
      pin: a.pin,
    });
  }
}

/**
 * The controller restart (#rule-fault-restart). At the scheduled tick the
 * controller is down: it assesses, suspects and admits nothing. The next
 * tick it is back with every durable record (attempt records, candidates,
 * acceptances, intents) and rebuilds its suspicion timers from that tick.
 * A durable owner epoch is as it was; a volatile one starts again below the
 * first token, so the next admission issues the first token again.
 */
export function controllerDown(sim: Sim): void {
  sim.reads.restarted = true;
  emit(sim, 'attempt', 'controller', 'controller-down', 'fault-restart', null, {
    epoch: sim.ownerEpoch,
  });
}

export function controllerRestarts(sim: Sim): void {
  const before = sim.ownerEpoch;
  const durable = sim.schedule.epoch === 'durable';
  if (!durable) sim.ownerEpoch = TIMING.firstToken - 1;
  sim.timersFrom = sim.t;
  emit(sim, 'attempt', 'controller', 'controller-restarted', 'fault-restart', null, {
    epoch: sim.ownerEpoch,
    before,
    durable,
  });
}
