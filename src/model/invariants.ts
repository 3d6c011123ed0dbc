/**
 * The five invariants (rules page /model/: #rule-duplicate-effect,
 * #rule-stale-write, #rule-superseded-accepted, #rule-dependant-wrong,
 * #rule-two-accepted), checked after the fact from the run's
 * records alone — independently of the breaches the engine noted as they
 * happened, so that a test can hold the two against each other.
 */
import type { Candidate, InvariantId, Run } from './types.ts';
import type { VersionName } from './world.ts';
import { hasContentOf } from './sim.ts';

type Records = Pick<
  Run,
  | 'writes'
  | 'attempts'
  | 'feedPosts'
  | 'acceptances'
  | 'candidates'
  | 'newsletter'
  | 'versionChangedAt'
  | 'switches'
>;

export function versionAt(r: Pick<Run, 'versionChangedAt'>, tick: number): VersionName {
  return r.versionChangedAt !== null && tick >= r.versionChangedAt ? 'v2' : 'v1';
}

function candidateOf(r: Records, digest: string): Candidate {
  const c = r.candidates.find((x) => x.digest === digest);
  if (!c) throw new Error(`no candidate with digest ${digest}`);
  return c;
}

export const CHECKS: Record<InvariantId, (r: Records) => boolean> = {
  /** The feed applies a second post announcing the same digest. */
  duplicateEffect: (r) => new Set(r.feedPosts.map((p) => p.digest)).size < r.feedPosts.length,
  /**
   * A protected write is applied whose token is below the highest owner token
   * issued by then (attempts admitted at or before its tick: admission comes
   * before the workers' writes in a tick), read from the attempt records and
   * the writes, not from the store's verdict or the epoch it held.
   */
  staleWrite: (r) =>
    r.writes.some(
      (w) =>
        w.outcome !== 'rejected' &&
        r.attempts.some((a) => a.admittedAt <= w.tick && a.token > w.token),
    ),
  /** A digest is accepted whose content is not the report current at that tick. */
  supersededAccepted: (r) =>
    r.acceptances.some((a) => !hasContentOf(candidateOf(r, a.digest).parts, versionAt(r, a.tick))),
  /** The newsletter starts on a digest never accepted, or not the current report's content. */
  dependantWrong: (r) => {
    const n = r.newsletter;
    if (!n) return false;
    const accepted = r.acceptances.some((a) => a.digest === n.digest && a.tick <= n.tick);
    return !accepted || !hasContentOf(candidateOf(r, n.digest).parts, versionAt(r, n.tick));
  },
  /** Two different digests accepted while the same version is current. */
  twoAccepted: (r) =>
    r.acceptances.some((a, i) =>
      r.acceptances.some(
        (b, j) => j > i && a.digest !== b.digest && versionAt(r, a.tick) === versionAt(r, b.tick),
      ),
    ),
};

export function checkInvariants(r: Records): Record<InvariantId, boolean> {
  return {
    duplicateEffect: CHECKS.duplicateEffect(r),
    staleWrite: CHECKS.staleWrite(r),
    supersededAccepted: CHECKS.supersededAccepted(r),
    dependantWrong: CHECKS.dependantWrong(r),
    twoAccepted: CHECKS.twoAccepted(r),
  };
}
