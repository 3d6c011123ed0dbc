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

function choose(sim: Sim): { digest: string; parts: Part[]; why: Why } | null {
  const partsOf = (digest: string) => sim.candidates.find((c) => c.digest === digest)!.parts;
  let rule = sim.s.rule;
  if (strictRuleUncheckable(sim.s)) {
    if (sim.failClosed) return null;
    rule = 'any-accepted';
  }
  if (rule === 'current-accepted') {
    const a = sim.acceptances.filter((x) => x.version === sim.current).at(-1);
    return a ? { digest: a.digest, parts: partsOf(a.digest), why: 'current' } : null;
  }
  if (rule === 'any-accepted') {
    const a = sim.acceptances.at(-1);
    const why: Why = sim.s.rule === 'current-accepted' ? 'fail-open' : 'any';
    return a ? { digest: a.digest, parts: partsOf(a.digest), why } : null;
  }
  let best = null;
  for (const c of sim.candidates) {
    if (!best || c.tick > best.tick || (c.tick === best.tick && c.attempt > best.attempt)) best = c;
  }
  return best ? { digest: best.digest, parts: best.parts, why: 'latest' } : null;
}

export function dependant(sim: Sim): void {
  const n = sim.newsletter;
  if (n.state === 'admitted' || sim.t < TIMING.newsletterReady) return;
  const pick = choose(sim);
  if (!pick) {
    if (n.state === 'not-ready') {
      n.state = 'waiting';
      const reason = strictRuleUncheckable(sim.s) ? 'no-version' : 'none-accepted';
      emit(sim, 'dependant', 'newsletter', 'newsletter-waits', 'dependant', null, { reason, current: sim.current });
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
  const accepted = sim.acceptances.some((a) => a.digest === pick.digest);
  if (!accepted || !hasContentOf(pick.parts, sim.current))
    breach(sim, { invariant: 'dependantWrong', values: { digest: pick.digest, accepted, current: sim.current } });
}
