/**
 * The mutable state of one run while it is being simulated, and the small
 * helpers every phase shares: logging an event and reading a digest's content.
 * Only the engine and its phases (controller, workers, dependant) touch a Sim;
 * what leaves the model is the plain Run record built from it.
 */
import type { Switches } from './switches.ts';
import type { Feed } from './feed.ts';
import type { Schedule } from './schedule.ts';
import type {
  Attempt,
  Breach,
  Candidate,
  Acceptance,
  Intent,
  JournalEntry,
  Lane,
  NewsletterRecord,
  TraceEvent,
  WriteDecision,
  Part,
  EventKind,
  EventValues,
  RuleId,
  StaleMark,
  Send,
} from './types.ts';
import { REVENUE, STEPS, sectionHash, versionsWithSection, type VersionName } from './world.ts';
import { at } from './lookup.ts';

/** Fixed timing of the example (rules page: #rule-timing). */
export const TIMING = {
  firstToken: 41,
  silentAt: 3, // attempt #1 goes silent as it starts s3
  silentStep: 's3' as const,
  wakeAt: 8, // if paused
  missedHeartbeats: 2,
  suspectAfter: 3, // last heartbeat at L → UNKNOWN at L + 3
  changeAt: { outage: 4, 'after-acceptance': 12 } as Record<
    Exclude<Switches['change'], 'never'>,
    number
  >,
  newsletterReady: 12,
  horizon: 40,
  minimumCalls: 4,
};

export interface Sim {
  s: Switches;
  failClosed: boolean;
  t: number;
  current: VersionName;
  changedAt: number | null;
  ownerEpoch: number;
  /** The highest owner token the controller has issued in this run (the first token less one before any): what a stale write is measured against (#rule-stale-write). */
  highestToken: number;
  attempts: Attempt[];
  journal: JournalEntry[];
  candidates: Candidate[];
  acceptances: Acceptance[];
  intents: Intent[];
  writes: WriteDecision[];
  feed: Feed;
  sends: Send[];
  newsletter: NewsletterRecord;
  events: TraceEvent[];
  breaches: Breach[];
  restores: { attempt: number; step: (typeof STEPS)[number]; tick: number; from: number }[];
  schedule: Schedule;
  /** The tick the controller restart strikes (the schedule's, if within the run; #rule-fault-restart), or null. */
  restartAt: number | null;
  /** The controller's suspicion timers count from this tick (its restart), not from before it. */
  timersFrom: number;
  /** The tick of the newest event (0 before any). */
  lastEventTick: number;
  /** Record events (false: only note their ticks; the fault sweep's probes need no events). */
  recordEvents: boolean;
  /** What the run read of its schedule and which faults struck (the fault sweep uses it to tell which schedules must give the same run). */
  reads: ScheduleReads;
}

/**
 * What a run read of its schedule. A dimension the run never read cannot
 * change it, so every value of that dimension gives the same run (src/model/faults.ts).
 */
export interface ScheduleReads {
  /** #1's silence struck (it strikes once; then wakeAfter was read when paused). */
  silenced: boolean;
  /** A post action checked where the poster dies (then posterDies was read). */
  posterRead: boolean;
  /** The poster death struck (it strikes once). */
  posterStruck: boolean;
  /** The age (tick of the send minus tick stored) of every key the feed found stored when a send looked it up. */
  keyAges: number[];
  /** Keys that expired before a send looked them up. */
  keysExpired: number;
  /** The controller restart happened. */
  restarted: boolean;
  /** The last tick simulated. */
  endTick: number;
}

const ACTORS: string[] = [];

/** An attempt as the actor of an event: "#2" (one string per attempt number, not one per event). */
export function actorOf(n: number): string {
  return (ACTORS[n] ??= `#${n}`);
}

/** Record an event of the current tick (see TraceEvent). */
export function emit<K extends EventKind>(
  sim: Sim,
  lane: Lane,
  actor: string,
  kind: K,
  rule: RuleId,
  attempt: number | null,
  values: EventValues[K],
): void {
  sim.lastEventTick = sim.t;
  if (sim.recordEvents)
    sim.events.push({ tick: sim.t, lane, actor, kind, rule, attempt, values } as TraceEvent);
}

/** Note a breach of an invariant at the current tick. */
export function breach(sim: Sim, b: DistributiveOmit<Breach, 'tick'>): void {
  sim.breaches.push({ invariant: b.invariant, values: b.values, tick: sim.t } as Breach);
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * Is a write by `a` now stale (#rule-stale-write): is its token below the
 * highest token the controller has ever issued? That is the epoch itself
 * unless a restart lost the epoch; then the epoch is lower, and the store's
 * comparison with it no longer tells a superseded owner from the current one.
 */
export function isStale(sim: Sim, a: Attempt): boolean {
  return a.token < sim.highestToken;
}

/** The stale mark of a write by `a` now: its token and the epoch when the write is stale, and the highest token issued when that is above the epoch. */
export function staleMark(sim: Sim, a: Attempt): StaleMark {
  if (!isStale(sim, a)) return null;
  return sim.highestToken === sim.ownerEpoch
    ? { token: a.token, epoch: sim.ownerEpoch }
    : { token: a.token, epoch: sim.ownerEpoch, highest: sim.highestToken };
}

/** The version whose content a set of parts really has, or null when they mix versions. */
export function contentVersion(parts: readonly Part[]): VersionName | null {
  if (hasContentOf(parts, 'v1')) return 'v1';
  if (hasContentOf(parts, 'v2')) return 'v2';
  return null;
}

/** True when the parts are exactly the given version's sections. */
export function hasContentOf(parts: readonly Part[], v: VersionName): boolean {
  if (parts.length !== STEPS.length) return false;
  for (const p of parts) if (p.readHash !== sectionHash(v, p.step)) return false;
  return true;
}

/** A digest quotes the revenue of the version its s2 part was read from. */
export function quoteOf(parts: readonly Part[]): string {
  for (const p of parts) if (p.step === 's2') return QUOTE_OF_S2.get(p.readHash) as string;
  throw new Error('a digest without an s2 part has no revenue figure');
}

/** The quote for each s2 section hash there is, looked up once rather than per digest. */
const QUOTE_OF_S2 = new Map(
  (['v1', 'v2'] as const)
    .map((v) => sectionHash(v, 's2'))
    .map((h) => [h, REVENUE[at(versionsWithSection('s2', h), 0, `versions with s2 ${h}`)]]),
);
