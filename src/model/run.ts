/**
 * The tick engine. One call to `simulate` takes a setting of the eight
 * switches and returns the complete, deterministic history of that run.
 *
 * Each tick runs four phases in a fixed order (rules page #rule-tick):
 *   1. input       — the corrected report may become current (#rule-input);
 *   2. controller  — assess candidates, suspect silent attempts, admit;
 *   3. workers     — every live attempt does one action, in number order;
 *   4. dependant   — the newsletter applies its admission rule.
 * The run ends at the last tick at which anything happened.
 */
import { slugOf, type Switches } from './switches.ts';
import { newFeed } from './feed.ts';
import { assess, admit, suspect } from './controller.ts';
import { workers } from './workers.ts';
import { dependant } from './dependant.ts';
import { checkInvariants } from './invariants.ts';
import { STEPS } from './world.ts';
import { TIMING, emit, hasContentOf, type Sim } from './sim.ts';
import type { Activity, Attempt, Run, RunOptions, TickSnapshot } from './types.ts';

function input(sim: Sim): void {
  if (TIMING.changeAt[sim.s.change] === sim.t) {
    sim.current = 'v2';
    sim.changedAt = sim.t;
    emit(sim, 'input', 'report', 'report-changed', 'input', null, { version: 'v2', from: 'v1' });
  }
}

function activity(a: Attempt): Activity {
  if (a.dead) return 'dead';
  if (a.state === 'fenced' || a.state === 'refused' || a.state === 'done') return 'stopped';
  return a.silent ? 'silent' : 'working';
}

function snapshot(sim: Sim): TickSnapshot {
  return {
    tick: sim.t,
    current: sim.current,
    ownerEpoch: sim.ownerEpoch,
    attempts: sim.attempts.map((a) => ({
      n: a.n,
      kind: a.kind,
      token: a.token,
      pin: a.pin,
      state: a.state,
      activity: activity(a),
      calls: a.calls,
      done: STEPS.filter((s) => a.parts[s]),
    })),
    journal: sim.journal.length,
    candidates: sim.candidates.map((c) => ({ digest: c.digest, attempt: c.attempt, state: c.status })),
    intents: sim.intents.map((i) => ({ digest: i.digest, attempt: i.attempt, key: i.key, state: i.state, post: i.post })),
    feedKeys: [...sim.feed.remembered].map(([key, v]) => ({ key, post: v.post.id })),
    posts: sim.feed.posts.length,
    newsletter: { state: sim.newsletter.state, digest: sim.newsletter.digest, quote: sim.newsletter.quote },
  };
}

/**
 * Nothing can happen any more: every scheduled moment (wake, correction,
 * newsletter) has passed and no event for longer than a suspicion takes.
 * A live attempt always logs what it does, and a silent one is suspected
 * within `suspectAfter` ticks, so a quiet stretch that long is a fixpoint.
 */
function settled(sim: Sim): boolean {
  const last = sim.events.length ? sim.events[sim.events.length - 1].tick : 0;
  return sim.t > TIMING.newsletterReady && sim.t - last > TIMING.suspectAfter;
}

export function simulate(s: Switches, options: RunOptions = {}): Run {
  const horizon = options.horizon ?? TIMING.horizon;
  const sim: Sim = {
    s,
    failClosed: options.failClosed ?? false,
    t: 0,
    current: 'v1',
    changedAt: null,
    ownerEpoch: TIMING.firstToken - 1,
    attempts: [],
    journal: [],
    candidates: [],
    acceptances: [],
    intents: [],
    writes: [],
    feed: newFeed(),
    sends: [],
    newsletter: { state: 'not-ready', tick: null, digest: null, quote: null, readyAt: TIMING.newsletterReady },
    events: [],
    breaches: [],
    restores: [],
  };
  const ticks: TickSnapshot[] = [];
  for (sim.t = 0; sim.t <= horizon; sim.t++) {
    const before = sim.events.length;
    input(sim);
    assess(sim);
    suspect(sim);
    admit(sim);
    workers(sim);
    dependant(sim);
    // Every change of state is logged, so a tick without events leaves every
    // entity as it was: share the previous snapshot's contents.
    const prev = ticks[ticks.length - 1];
    ticks.push(prev && sim.events.length === before && !options.fullSnapshots ? { ...prev, tick: sim.t } : snapshot(sim));
    if (!options.exhaustive && settled(sim)) break;
  }
  const lastTick = sim.events.length ? sim.events[sim.events.length - 1].tick : 0;
  const callsByAttempt: Record<string, number> = {};
  for (const a of sim.attempts) callsByAttempt[String(a.n)] = a.calls;
  const digests = sim.feed.posts.map((p) => p.digest);
  const n = sim.newsletter;
  const records = {
    switches: s,
    writes: sim.writes,
    feedPosts: sim.feed.posts,
    sends: sim.sends,
    acceptances: sim.acceptances,
    candidates: sim.candidates,
    newsletter: n.state === 'admitted' ? { tick: n.tick as number, digest: n.digest as string, quote: n.quote as string } : null,
    versionChangedAt: sim.changedAt,
  };
  const finalVersion = sim.current;
  const finished = sim.acceptances.some(
    (acc) =>
      hasContentOf(sim.candidates.find((c) => c.digest === acc.digest)!.parts, finalVersion) &&
      sim.intents.some((i) => i.digest === acc.digest && i.state === 'confirmed'),
  );
  return {
    ...records,
    options: { failClosed: sim.failClosed },
    slug: slugOf(s),
    calls: sim.attempts.reduce((sum, a) => sum + a.calls, 0),
    callsByAttempt,
    restored: sim.restores.length,
    restores: sim.restores,
    staleWritesRejected: sim.writes.filter((w) => w.outcome === 'rejected').length,
    staleWritesApplied: sim.writes.filter((w) => w.outcome === 'stale-applied').length,
    posts: sim.feed.posts.length,
    duplicatePosts: digests.length - new Set(digests).size,
    finished,
    invariants: checkInvariants(records),
    breaches: sim.breaches,
    lastTick,
    events: sim.events,
    attempts: sim.attempts,
    journal: sim.journal,
    intents: sim.intents,
    finalVersion,
    ticks: ticks.slice(0, lastTick + 1),
  };
}
