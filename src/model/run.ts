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
import { newFeed, type Post } from './feed.ts';
import { assess, admit, controllerDown, controllerRestarts, suspect } from './controller.ts';
import { BASE_SCHEDULE, type Schedule } from './schedule.ts';
import { workers } from './workers.ts';
import { dependant } from './dependant.ts';
import { checkInvariants } from './invariants.ts';
import { STEPS } from './world.ts';
import { TIMING, emit, hasContentOf, type ScheduleReads, type Sim } from './sim.ts';
import type { Activity, Attempt, InvariantId, Run, RunOptions, TickSnapshot } from './types.ts';

function input(sim: Sim): void {
  if (sim.s.change !== 'never' && TIMING.changeAt[sim.s.change] === sim.t) {
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

type AttemptSnapshot = TickSnapshot['attempts'][number];

function stepsDone(a: Attempt): number {
  let n = 0;
  for (const s of STEPS) if (a.parts[s]) n++;
  return n;
}

/** The snapshot of one attempt; the previous tick's object when nothing in it changed (snapshots are read-only). */
function attemptSnapshot(a: Attempt, prev: AttemptSnapshot | undefined): AttemptSnapshot {
  const act = activity(a);
  if (
    prev !== undefined &&
    prev.state === a.state &&
    prev.activity === act &&
    prev.calls === a.calls &&
    prev.done.length === stepsDone(a) &&
    prev.n === a.n
  ) {
    return prev; // kind, token and pin never change; done only grows
  }
  return {
    n: a.n,
    kind: a.kind,
    token: a.token,
    pin: a.pin,
    state: a.state,
    activity: act,
    calls: a.calls,
    done: STEPS.filter((s) => a.parts[s]),
  };
}

/**
 * The state of every entity at the end of this tick. Parts that did not
 * change since `prev` are shared with it rather than copied: snapshots are
 * read-only, and their JSON is the same either way.
 */
function snapshot(sim: Sim, prev: TickSnapshot | undefined): TickSnapshot {
  const attempts = sim.attempts.map((a, i) => attemptSnapshot(a, prev?.attempts[i]));
  const candidates =
    prev &&
    prev.candidates.length === sim.candidates.length &&
    sim.candidates.every((c, i) => prev.candidates[i]?.state === c.status)
      ? prev.candidates
      : sim.candidates.map((c) => ({ digest: c.digest, attempt: c.attempt, state: c.status }));
  const intents =
    prev &&
    prev.intents.length === sim.intents.length &&
    sim.intents.every(
      (x, i) => prev.intents[i]?.state === x.state && prev.intents[i]?.post === x.post,
    )
      ? prev.intents
      : sim.intents.map((i) => ({
          digest: i.digest,
          attempt: i.attempt,
          key: i.key,
          state: i.state,
          post: i.post,
        }));
  const n = sim.newsletter;
  return {
    tick: sim.t,
    current: sim.current,
    ownerEpoch: sim.ownerEpoch,
    attempts:
      prev &&
      attempts.every((a, i) => a === prev.attempts[i]) &&
      attempts.length === prev.attempts.length
        ? prev.attempts
        : attempts,
    journal: sim.journal.length,
    candidates,
    intents,
    feedKeys:
      sim.feed.retention === null
        ? prev &&
          prev.feedKeys.length === sim.feed.remembered.size &&
          sim.feed.posts.length === prev.posts
          ? prev.feedKeys
          : [...sim.feed.remembered].map(([key, v]) => ({ key, post: v.post.id }))
        : // keys the feed still remembers in this tick (rules page: fault-retention)
          [...sim.feed.remembered]
            .filter(([, v]) => sim.t - v.post.tick < (sim.feed.retention as number))
            .map(([key, v]) => ({ key, post: v.post.id })),
    posts: sim.feed.posts.length,
    newsletter:
      prev &&
      prev.newsletter.state === n.state &&
      prev.newsletter.digest === n.digest &&
      prev.newsletter.quote === n.quote
        ? prev.newsletter
        : { state: n.state, digest: n.digest, quote: n.quote },
  };
}

/**
 * Nothing can happen any more: every scheduled moment (wake, correction,
 * newsletter) has passed and no event for longer than a suspicion takes.
 * A live attempt always logs what it does, and a silent one is suspected
 * within `suspectAfter` ticks, so a quiet stretch that long is a fixpoint —
 * unless a paused attempt is still to wake (a schedule can set its wake
 * after the newsletter is ready; rules page #rule-fault-silence).
 */
function settled(sim: Sim): boolean {
  if (sim.t <= TIMING.newsletterReady || sim.t - sim.lastEventTick <= TIMING.suspectAfter)
    return false;
  for (const a of sim.attempts) if (a.wakeAt !== null && a.wakeAt > sim.t) return false;
  return true;
}

/**
 * One run: a setting of the eight switches under a fault schedule (the base
 * schedule unless `options.schedule` says otherwise). The per-tick snapshots
 * (`ticks`) are computed when first read, by simulating the run again with
 * snapshots on: most readers (the sweeps, runs.json, the figures) never read
 * them, and the result is the same either way.
 */
export function simulate(s: Switches, options: RunOptions = {}): Run {
  if (options.fullSnapshots || options.noSnapshots) return run(s, options, !options.noSnapshots);
  return run(s, options, false, () => run(s, options, true).ticks);
}

/**
 * The outcome of one run under a schedule, without its events or
 * snapshots: what the fault sweep needs of each of its runs. The full run
 * is `simulate(s, { schedule })`; the two agree (tests/unit/model/faults.test.ts).
 */
export interface Probe {
  /** Invariants broken, as the engine noted them while the run happened. */
  engine: Record<InvariantId, boolean>;
  /** Invariants broken, as the independent checkers find them in the records. */
  checked: Record<InvariantId, boolean>;
  /** The tick of the engine's first breach of each invariant (null: not broken). */
  firstBreach: Record<InvariantId, number | null>;
  lastTick: number;
  reads: ScheduleReads;
  /** Tokens in admission order, and the owner epoch at the end of every tick. */
  tokens: number[];
  epochs: number[];
  finished: boolean;
}

/**
 * `runEnd`, when the caller knows it, is the last tick of the same run
 * without its restart (see restartTick); the fault sweep passes it so as not
 * to simulate that run again.
 */
export function probe(s: Switches, schedule: Schedule, runEnd?: number): Probe {
  const sim = newSim(s, {}, schedule, false, runEnd);
  const epochs: number[] = [];
  loop(sim, {}, (sim) => {
    epochs.push(sim.ownerEpoch);
  });
  const engine = {
    duplicateEffect: false,
    staleWrite: false,
    supersededAccepted: false,
    dependantWrong: false,
    twoAccepted: false,
  };
  const firstBreach: Record<InvariantId, number | null> = {
    duplicateEffect: null,
    staleWrite: null,
    supersededAccepted: null,
    dependantWrong: null,
    twoAccepted: null,
  };
  for (const b of sim.breaches) {
    engine[b.invariant] = true;
    if (firstBreach[b.invariant] === null) firstBreach[b.invariant] = b.tick;
  }
  const records = recordsOf(sim);
  return {
    engine,
    checked: checkInvariants(records),
    firstBreach,
    lastTick: sim.lastEventTick,
    reads: sim.reads,
    tokens: sim.attempts.map((a) => a.token),
    epochs,
    finished: finishedOf(sim),
  };
}

/**
 * The tick at which the scheduled restart strikes, or null (#rule-fault-restart):
 * a restart strikes only within the run, that is at or before the last tick
 * at which something happens in the same run without the restart. Later, the
 * run has ended and there is no controller left to restart.
 */
function restartTick(
  s: Switches,
  options: RunOptions,
  schedule: Schedule,
  runEnd: number | undefined,
): number | null {
  if (schedule.restartAt === null) return null;
  let end = runEnd;
  if (end === undefined) {
    const quiet = newSim(s, options, { ...schedule, restartAt: null }, false, 0);
    loop(quiet, options, null);
    end = quiet.lastEventTick;
  }
  return schedule.restartAt <= end ? schedule.restartAt : null;
}

function newSim(
  s: Switches,
  options: RunOptions,
  schedule: Schedule,
  recordEvents: boolean,
  runEnd?: number,
): Sim {
  return {
    restartAt: restartTick(s, options, schedule, runEnd),
    s,
    failClosed: options.failClosed ?? false,
    t: 0,
    current: 'v1',
    changedAt: null,
    ownerEpoch: TIMING.firstToken - 1,
    highestToken: TIMING.firstToken - 1,
    attempts: [],
    journal: [],
    candidates: [],
    acceptances: [],
    intents: [],
    writes: [],
    feed: newFeed(schedule.keyRetention),
    sends: [],
    newsletter: {
      state: 'not-ready',
      tick: null,
      digest: null,
      quote: null,
      readyAt: TIMING.newsletterReady,
    },
    events: [],
    breaches: [],
    restores: [],
    schedule,
    timersFrom: 0,
    lastEventTick: 0,
    recordEvents,
    reads: {
      silenced: false,
      posterRead: false,
      posterStruck: false,
      keyAges: [],
      keysExpired: 0,
      restarted: false,
      endTick: 0,
    },
  };
}

/** The tick loop (#rule-tick); `after`, if given, sees the state at the end of every tick. */
function loop(
  sim: Sim,
  options: RunOptions,
  after: ((sim: Sim, before: number) => void) | null,
): void {
  const horizon = options.horizon ?? TIMING.horizon;
  const restartAt = sim.restartAt;
  for (sim.t = 0; sim.t <= horizon; sim.t++) {
    const before = sim.events.length;
    input(sim);
    if (sim.t === restartAt) controllerDown(sim);
    else {
      if (restartAt !== null && sim.t === restartAt + 1) controllerRestarts(sim);
      assess(sim);
      suspect(sim);
      admit(sim);
    }
    workers(sim);
    dependant(sim);
    sim.reads.endTick = sim.t;
    if (after) after(sim, before);
    if (!options.exhaustive && settled(sim)) break;
  }
}

function recordsOf(sim: Sim) {
  const n = sim.newsletter;
  return {
    switches: sim.s,
    writes: sim.writes,
    feedPosts: sim.feed.posts,
    sends: sim.sends,
    acceptances: sim.acceptances,
    candidates: sim.candidates,
    attempts: sim.attempts,
    newsletter:
      n.state === 'admitted'
        ? { tick: n.tick as number, digest: n.digest as string, quote: n.quote as string }
        : null,
    versionChangedAt: sim.changedAt,
  };
}

/** Posts announcing a digest that an earlier post already announced. */
function duplicates(posts: readonly Post[]): number {
  const seen = new Set<string>();
  let n = 0;
  for (const p of posts) {
    if (seen.has(p.digest)) n++;
    seen.add(p.digest);
  }
  return n;
}

function finishedOf(sim: Sim): boolean {
  return sim.acceptances.some(
    (acc) =>
      hasContentOf(sim.candidates.find((c) => c.digest === acc.digest)!.parts, sim.current) &&
      sim.intents.some((i) => i.digest === acc.digest && i.state === 'confirmed'),
  );
}

/**
 * Simulate one run. With `lazyTicks`, the run's `ticks` are not taken now:
 * they are computed by `lazyTicks` the first time they are read.
 */
function run(
  s: Switches,
  options: RunOptions,
  snapshots: boolean,
  lazyTicks?: () => TickSnapshot[],
): Run {
  const schedule = options.schedule ?? BASE_SCHEDULE;
  const sim = newSim(s, options, schedule, true);
  const ticks: TickSnapshot[] = [];
  const takeSnapshot = (sim: Sim, before: number) => {
    // Every change of state is logged, so a tick without events leaves every
    // entity as it was: share the previous snapshot's contents.
    const prev = ticks[ticks.length - 1];
    ticks.push(
      prev && sim.events.length === before && !options.fullSnapshots && sim.feed.retention === null
        ? { ...prev, tick: sim.t }
        : snapshot(sim, options.fullSnapshots ? undefined : prev),
    );
  };
  loop(sim, options, snapshots ? takeSnapshot : null);
  const lastTick = sim.lastEventTick;
  const callsByAttempt: Record<string, number> = {};
  let calls = 0;
  for (const a of sim.attempts) {
    callsByAttempt[a.n] = a.calls; // keys "1", "2", …
    calls += a.calls;
  }
  const records = recordsOf(sim);
  const finalVersion = sim.current;
  const finished = finishedOf(sim);
  let rejected = 0;
  let staleApplied = 0;
  for (const w of sim.writes) {
    if (w.outcome === 'rejected') rejected++;
    else if (w.outcome === 'stale-applied') staleApplied++;
  }
  if (ticks.length > lastTick + 1) ticks.length = lastTick + 1;
  // Every field written out, in the order JSON shows them, `ticks` last (one object shape for every run).
  const out = {
    switches: records.switches,
    writes: records.writes,
    feedPosts: records.feedPosts,
    sends: records.sends,
    acceptances: records.acceptances,
    candidates: records.candidates,
    newsletter: records.newsletter,
    versionChangedAt: records.versionChangedAt,
    options: { failClosed: sim.failClosed },
    slug: slugOf(s),
    calls,
    callsByAttempt,
    restored: sim.restores.length,
    restores: sim.restores,
    staleWritesRejected: rejected,
    staleWritesApplied: staleApplied,
    posts: sim.feed.posts.length,
    duplicatePosts: duplicates(sim.feed.posts),
    finished,
    invariants: checkInvariants(records),
    breaches: sim.breaches,
    lastTick,
    events: sim.events,
    attempts: sim.attempts,
    journal: sim.journal,
    intents: sim.intents,
    finalVersion,
    schedule,
  } as Run;
  defineTicks(out, lazyTicks ?? ticks);
  return out;
}

const TICKS = Symbol('ticks');
type WithTicks = Run & { [TICKS]: TickSnapshot[] | (() => TickSnapshot[]) };

/**
 * A run's `ticks`: an own, enumerable property like every other field (JSON
 * and spreads see it), computed the first time it is read when it was given
 * as a function. The getter and setter are the same two functions for every
 * run, so all runs share one object shape; each run keeps its own ticks (or
 * the way to compute them) under a symbol that JSON, spreads and
 * Object.keys skip.
 */
const TICKS_PROPERTY: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: WithTicks): TickSnapshot[] {
    const t = this[TICKS];
    return typeof t === 'function' ? (this[TICKS] = t()) : t;
  },
  set(this: WithTicks, v: TickSnapshot[]) {
    this[TICKS] = v;
  },
};

function defineTicks(run: Run, ticks: TickSnapshot[] | (() => TickSnapshot[])): void {
  Object.defineProperty(run, TICKS, { value: ticks, writable: true });
  Object.defineProperty(run, 'ticks', TICKS_PROPERTY);
}
