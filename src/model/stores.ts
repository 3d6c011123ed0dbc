/**
 * The protected stores and fencing (rules page #rule-fencing). Journal entries, candidates, effect
 * intents and confirmations are all written through `protectedWrite`, which
 * compares the writer's owner token with the one shared owner epoch.
 *
 * Fencing on: a token below the epoch is rejected and the writer is fenced
 * (it stops, though it may still be alive). A write that lands is a stale
 * write — the staleWrite invariant (#rule-stale-write) — when its token is
 * below the highest token the controller has ever issued, whatever the epoch
 * says now: with fencing off, every write below the epoch; with fencing on,
 * a write the store let through because a restart lost the epoch.
 */
import type {
  Attempt,
  StaleMark,
  Store,
  WriteDecision,
  WriteOutcome,
  WriteSubject,
} from './types.ts';
import { actorOf, breach, emit, isStale, staleMark, type Sim } from './sim.ts';

export function protectedWrite(sim: Sim, a: Attempt, store: Store, subject: WriteSubject): boolean {
  if (sim.s.fencing === 'on' && a.token < sim.ownerEpoch) {
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
  if (!isStale(sim, a)) {
    sim.writes.push(decision(sim, a, store, subject, 'applied'));
    return true;
  }
  sim.writes.push(decision(sim, a, store, subject, 'stale-applied'));
  const { epoch, highest } = staleMark(sim, a) as NonNullable<StaleMark>;
  breach(sim, {
    invariant: 'staleWrite',
    values:
      highest === undefined
        ? { attempt: a.n, token: a.token, epoch, store, subject }
        : { attempt: a.n, token: a.token, epoch, highest, store, subject },
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
