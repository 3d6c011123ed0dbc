/**
 * The dependant: a newsletter, ready at t12, that quotes the digest's
 * revenue figure. Until it is admitted it applies its rule every tick:
 *
 * - current-accepted: the newest digest accepted for the current version.
 *   When records carry no version (pins off) the rule cannot be checked; by
 *   default it fails open and behaves as any-accepted. The fail-closed
 *   option (outside the 864 grid) waits instead, for ever.
 * - any-accepted: the newest accepted digest.
 * - latest-finished: the newest candidate (ties: higher attempt), accepted or not.
 */
import type { Part } from './types.ts';
import { short } from './world.ts';
import { TIMING, breach, hasContentOf, log, quoteOf, type Sim } from './sim.ts';

function choose(sim: Sim): { digest: string; parts: Part[]; why: string } | null {
  const partsOf = (digest: string) => sim.candidates.find((c) => c.digest === digest)!.parts;
  let rule = sim.s.rule;
  if (rule === 'current-accepted' && sim.s.pins === 'off') {
    if (sim.failClosed) return null;
    rule = 'any-accepted';
  }
  if (rule === 'current-accepted') {
    const a = sim.acceptances.filter((x) => x.version === sim.current).at(-1);
    return a ? { digest: a.digest, parts: partsOf(a.digest), why: `accepted for ${sim.current}, the current report` } : null;
  }
  if (rule === 'any-accepted') {
    const a = sim.acceptances.at(-1);
    const why =
      sim.s.rule === 'current-accepted'
        ? 'records carry no version, so the strict rule fails open and takes the newest accepted digest'
        : 'the newest accepted digest';
    return a ? { digest: a.digest, parts: partsOf(a.digest), why } : null;
  }
  let best = null;
  for (const c of sim.candidates) {
    if (!best || c.tick > best.tick || (c.tick === best.tick && c.attempt > best.attempt)) best = c;
  }
  return best ? { digest: best.digest, parts: best.parts, why: 'the newest finished candidate, accepted or not' } : null;
}

export function dependant(sim: Sim): void {
  const n = sim.newsletter;
  if (n.state === 'admitted' || sim.t < TIMING.newsletterReady) return;
  const pick = choose(sim);
  if (!pick) {
    if (n.state === 'not-ready') {
      n.state = 'waiting';
      const why =
        sim.s.pins === 'off' && sim.s.rule === 'current-accepted'
          ? 'records carry no version, so it can never prove a digest is current (fail closed)'
          : `no digest is accepted for ${sim.current} yet`;
      log(sim, 'dependant', 'newsletter', `The newsletter is ready but waits: ${why}.`);
    }
    return;
  }
  n.state = 'admitted';
  n.tick = sim.t;
  n.digest = pick.digest;
  n.quote = quoteOf(pick.parts);
  log(sim, 'dependant', 'newsletter', `Newsletter admitted on ${short(pick.digest)} (${pick.why}); it quotes ${n.quote}.`);
  const accepted = sim.acceptances.some((a) => a.digest === pick.digest);
  if (!accepted) breach(sim, 'dependantWrong', `The newsletter started on ${short(pick.digest)}, which was never accepted.`);
  else if (!hasContentOf(pick.parts, sim.current))
    breach(sim, 'dependantWrong', `The newsletter started on ${short(pick.digest)}, whose content is not ${sim.current}, the current report.`);
}
