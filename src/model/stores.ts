/**
 * The protected stores and fencing (rules page #rule-fencing). Journal entries, candidates, effect
 * intents and confirmations are all written through `protectedWrite`, which
 * compares the writer's owner token with the one shared owner epoch.
 *
 * Fencing on: a token below the epoch is rejected and the writer is fenced
 * (it stops, though it may still be alive). Fencing off: the write lands and
 * is counted as a stale write — the staleWrite invariant.
 */
import type { Attempt, Store, WriteDecision, WriteOutcome, WriteSubject } from './types.ts';
import { actorOf, breach, emit, type Sim } from './sim.ts';

export function protectedWrite(sim: Sim, a: Attempt, store: Store, subject: WriteSubject): boolean {
  const stale = a.token < sim.ownerEpoch;
  if (!stale) {
    sim.writes.push(decision(sim, a, store, subject, 'applied'));
    return true;
  }
  if (sim.s.fencing === 'on') {
    sim.writes.push(decision(sim, a, store, subject, 'rejected'));
    a.state = 'fenced';
    emit(sim, 'attempt', actorOf(a.n), 'write-rejected', 'fencing', a.n, {
      store,
      token: a.token,
      epoch: sim.ownerEpoch,
      subject,
    });
    return false;
  }
  sim.writes.push(decision(sim, a, store, subject, 'stale-applied'));
  breach(sim, {
    invariant: 'staleWrite',
    values: { attempt: a.n, token: a.token, epoch: sim.ownerEpoch, store, subject },
  });
  return true;
}

function decision(
  sim: Sim,
  a: Attempt,
  store: Store,
  subject: WriteSubject,
  outcome: WriteOutcome,
): WriteDecision {
  return {
    tick: sim.t,
    store,
    writer: a.n,
    token: a.token,
    epoch: sim.ownerEpoch,
    subject,
    outcome,
  };
}
