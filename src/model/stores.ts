/**
 * The protected stores and fencing. Journal entries, candidates, effect
 * intents and confirmations are all written through `protectedWrite`, which
 * compares the writer's owner token with the one shared owner epoch.
 *
 * Fencing on: a token below the epoch is rejected and the writer is fenced
 * (it stops, though it may still be alive). Fencing off: the write lands and
 * is counted as a stale write — the staleWrite invariant.
 */
import type { Attempt, Store } from './types.ts';
import { breach, log, type Sim } from './sim.ts';

export function protectedWrite(sim: Sim, a: Attempt, store: Store, what: string): boolean {
  const stale = a.token < sim.ownerEpoch;
  const decision = {
    tick: sim.t,
    store,
    writer: a.n,
    token: a.token,
    epoch: sim.ownerEpoch,
    what,
  };
  if (!stale) {
    sim.writes.push({ ...decision, outcome: 'applied' });
    return true;
  }
  if (sim.s.fencing === 'on') {
    sim.writes.push({ ...decision, outcome: 'rejected' });
    a.state = 'fenced';
    log(
      sim,
      'attempt',
      `#${a.n}`,
      `The ${store} store rejects #${a.n}’s write of ${what}: token ${a.token} is below the owner epoch ${sim.ownerEpoch}. #${a.n} is fenced and stops — alive, but without write authority.`,
    );
    return false;
  }
  sim.writes.push({ ...decision, outcome: 'stale-applied' });
  breach(sim, 'staleWrite', `#${a.n} (token ${a.token}) wrote ${what} to the ${store} store while the owner epoch was ${sim.ownerEpoch}.`);
  return true;
}
