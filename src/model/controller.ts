/**
 * The controller: the one party that judges candidates, suspects silent
 * attempts and admits new ones. It never sees inside a worker; it reads
 * records (attempts, candidates, acceptances, intents) and heartbeats.
 *
 * Phase order within a tick (model.md §4.2): assess, then suspect, then admit.
 */
import type { Attempt, AttemptState, Candidate } from './types.ts';
import { STEPS, short, sectionHash, versionHash } from './world.ts';
import { TIMING, breach, contentVersion, hasContentOf, log, type Sim } from './sim.ts';

const STOPPED: AttemptState[] = ['unknown', 'fenced', 'refused', 'done'];

export function isStopped(a: Attempt): boolean {
  return STOPPED.includes(a.state);
}

/** a. Assess every candidate written at an earlier tick and not yet assessed, in the order written. */
export function assess(sim: Sim): void {
  for (const c of sim.candidates) {
    if (c.status !== 'candidate' || c.tick >= sim.t) continue;
    c.assessedAt = sim.t;
    const producer = sim.attempts[c.attempt - 1];
    let refusal: string | null = null;
    if (sim.s.fencing === 'on' && c.token < sim.ownerEpoch) {
      refusal = `its writer’s token ${c.token} is below the owner epoch ${sim.ownerEpoch}`;
    } else if (sim.s.pins === 'on') {
      if (c.pin !== sim.current) {
        refusal = `it is pinned to ${c.pin}, but ${sim.current} is current`;
      } else {
        const bad = c.parts.find((p) => p.inputHash !== sectionHash(sim.current, p.step));
        if (bad) refusal = `part ${bad.step} was computed from an input that is not ${sim.current}’s ${bad.step}`;
      }
    }
    if (refusal) {
      c.status = 'refused';
      c.refusal = refusal;
      if (!isStopped(producer) || producer.state === 'unknown') producer.state = 'refused';
      log(sim, 'artifact', 'controller', `Controller refuses candidate ${short(c.digest)} from #${c.attempt}: ${refusal}. #${c.attempt} is refused.`);
      continue;
    }
    accept(sim, c, producer);
  }
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
  log(
    sim,
    'artifact',
    'controller',
    version
      ? `Controller accepts ${short(digest)} for ${version} and appends the acceptance record.`
      : `Controller accepts ${short(digest)}; with pins off the acceptance record names no version.`,
  );
  if (!hasContentOf(parts, sim.current)) {
    breach(
      sim,
      'supersededAccepted',
      `${short(digest)} was accepted at t${sim.t} but its parts are ${content ?? 'a mix of versions'}, while ${sim.current} is current.`,
    );
  }
  if (rival) {
    breach(sim, 'twoAccepted', `${short(rival.digest)} and ${short(digest)} were both accepted while ${sim.current} was current.`);
  }
}

/** b. Every running attempt whose last heartbeat is 3 or more ticks old becomes UNKNOWN. */
export function suspect(sim: Sim): void {
  for (const a of sim.attempts) {
    if ((a.state === 'running' || a.state === 'admitted') && sim.t - a.lastHeartbeat >= TIMING.suspectAfter) {
      a.state = 'unknown';
      log(
        sim,
        'attempt',
        'controller',
        `#${a.n} has missed ${TIMING.missedHeartbeats} heartbeats (last at t${a.lastHeartbeat}): unknown — neither failed nor finished.`,
      );
    }
  }
}

/** Does some acceptance serve the current report? */
export function served(sim: Sim): boolean {
  if (sim.s.pins === 'on') return sim.acceptances.some((a) => a.version === sim.current);
  // Pins off: the records cannot say what a digest was built from; the
  // controller only knows when the report changed.
  const since = sim.changedAt ?? 0;
  return sim.acceptances.some((a) => a.tick >= since);
}

/** c. Admit a settle or build attempt when the owner has stopped. */
export function admit(sim: Sim): void {
  const owner = sim.attempts[sim.attempts.length - 1];
  if (owner && !isStopped(owner)) return;
  const open = sim.intents.findIndex((i) => i.state !== 'confirmed');
  if (open >= 0) {
    const writer = sim.attempts[sim.intents[open].attempt - 1];
    if (writer.state === 'running' || writer.state === 'admitted') return; // silent, not yet suspected: wait
    const a = newAttempt(sim, 'settle');
    a.settles = open;
    log(
      sim,
      'attempt',
      'controller',
      `Controller publishes epoch ${a.token}, then admits #${a.n} with token ${a.token} to settle #${writer.n}’s unconfirmed announcement of ${short(sim.intents[open].digest)}.`,
    );
    return;
  }
  if (served(sim)) return;
  const a = newAttempt(sim, 'build');
  log(
    sim,
    'attempt',
    'controller',
    `Controller publishes epoch ${a.token}, then records #${a.n} (build) with token ${a.token}, pinned to report ${a.pin} ${short(versionHash(a.pin))} — before any work is dispatched.`,
  );
  restore(sim, a);
}

function newAttempt(sim: Sim, kind: 'build' | 'settle'): Attempt {
  sim.ownerEpoch += 1;
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
  const redo: string[] = [];
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
    log(
      sim,
      'journal',
      `#${a.n}`,
      sim.s.pins === 'on'
        ? `#${a.n} restores ${step} from the journal: entry ${short(match.resultId)} by #${match.writer} was computed from ${short(want)}, the hash it needs. No model call.`
        : `#${a.n} restores ${step} from the journal: an entry ${short(match.resultId)} by #${match.writer} exists, and with pins off nothing says what it was computed from. No model call.`,
    );
  }
  if (a.restored.length > 0 && redo.length > 0) {
    const stale = redo.filter((step) => sim.journal.some((e) => e.step === step));
    const absent = redo.filter((step) => !stale.includes(step));
    const reasons = [
      stale.length ? `${stale.join(', ')}: the journal’s ${stale.length === 1 ? 'entry was' : 'entries were'} computed from other text than ${a.pin}’s` : '',
      absent.length ? `${absent.join(', ')}: the journal has no entry yet` : '',
    ].filter(Boolean);
    log(sim, 'journal', `#${a.n}`, `#${a.n} must compute ${redo.join(', ')} itself (${reasons.join('; ')}).`);
  }
}
