/**
 * The dependant (rules page #rule-dependant): a newsletter, ready at t12, that quotes the digest's
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
import type { EventValues } from './types.ts';
import type { Switches } from './switches.ts';
import { TIMING, breach, emit, hasContentOf, quoteOf, type Sim } from './sim.ts';

type Why = EventValues['newsletter-admitted']['why'];

/** The strict rule cannot be checked when records carry no version (pins off): it fails open, or with `failClosed` waits. */
export function strictRuleUncheckable(s: Pick<Switches, 'pins' | 'rule'>): boolean {
  return s.rule === 'current-accepted' && s.pins === 'off';
}

function partsOf(sim: Sim, digest: string): Part[] {
  for (const c of sim.candidates) if (c.digest === digest) return c.parts;
  throw new Error(`no candidate with digest ${digest}`);
}

function choose(sim: Sim): { digest: string; parts: Part[]; why: Why } | null {
  let rule = sim.s.rule;
  if (strictRuleUncheckable(sim.s)) {
    if (sim.failClosed) return null;
    rule = 'any-accepted';
  }
  if (rule === 'current-accepted') {
    let a = null; // the newest acceptance for the current version
    for (const x of sim.acceptances) if (x.version === sim.current) a = x;
    return a ? { digest: a.digest, parts: partsOf(sim, a.digest), why: 'current' } : null;
  }
  if (rule === 'any-accepted') {
    const a = sim.acceptances.at(-1);
    const why: Why = sim.s.rule === 'current-accepted' ? 'fail-open' : 'any';
    return a ? { digest: a.digest, parts: partsOf(sim, a.digest), why } : null;
  }
  let best = null;
  for (const c of sim.candidates) {
    if (!best || c.tick > best.tick || (c.tick === best.tick && c.attempt > best.attempt)) best = c;
  }
  return best ? { digest: best.digest, parts: best.parts, why: 'latest' } : null;
}

function wasAccepted(sim: Sim, digest: string): boolean {
  for (const a of sim.acceptances) if (a.digest === digest) return true;
  return false;
}

export function dependant(sim: Sim): void {
  const n = sim.newsletter;
  if (n.state === 'admitted' || sim.t < TIMING.newsletterReady) return;
  const pick = choose(sim);
  if (!pick) {
    if (n.state === 'not-ready') {
      n.state = 'waiting';
      const reason = strictRuleUncheckable(sim.s) ? 'no-version' : 'none-accepted';
      emit(sim, 'dependant', 'newsletter', 'newsletter-waits', 'dependant', null, {
        reason,
        current: sim.current,
      });
    }
    return;
  }
  n.state = 'admitted';
  n.tick = sim.t;
  n.digest = pick.digest;
  n.quote = quoteOf(pick.parts);
  emit(sim, 'dependant', 'newsletter', 'newsletter-admitted', 'dependant', null, {
    digest: pick.digest,
    why: pick.why,
    current: sim.current,
    quote: n.quote,
  });
  const accepted = wasAccepted(sim, pick.digest);
  if (!accepted || !hasContentOf(pick.parts, sim.current))
    breach(sim, {
      invariant: 'dependantWrong',
      values: { digest: pick.digest, accepted, current: sim.current },
    });
}
