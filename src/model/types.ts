/**
 * The records of one run, in the example's own vocabulary. Plain data only:
 * the engine (run.ts) fills them in tick by tick and pages render them.
 */
import type { StepName, VersionName } from './world.ts';
import type { Switches } from './switches.ts';
import type { Feed } from './feed.ts';

/** ATTEMPT lifecycle: admitted → running → unknown | fenced | refused | done. */
export type AttemptState = 'admitted' | 'running' | 'unknown' | 'fenced' | 'refused' | 'done';
/** What the attempt is really doing, which the controller cannot see. */
export type Activity = 'working' | 'silent' | 'dead' | 'stopped';
export type AttemptKind = 'build' | 'settle';

export interface Part {
  step: StepName;
  resultId: string; // full hex
  readHash: string; // the section hash this result was really computed from
  inputHash: string | null; // what the record says it was computed from (null with pins off)
  restored: boolean;
  computedBy: number; // attempt that made the model call
}

export interface Attempt {
  n: number;
  kind: AttemptKind;
  token: number;
  pin: VersionName; // build: the version it reads; settle: the version current at admission
  admittedAt: number;
  state: AttemptState;
  lastHeartbeat: number;
  silent: boolean;
  dead: boolean;
  wakeAt: number | null;
  parts: Partial<Record<StepName, Part>>;
  restored: StepName[];
  unsaved: StepName[]; // end-only: computed, not yet in the journal
  inFlight: StepName | null; // a model call made but its result not yet arrived
  candidate: string | null; // digest id of the candidate it wrote
  toPost: string | null; // digest accepted this tick, to announce
  settles: number | null; // index of the intent a settle attempt settles
  calls: number;
}

export interface JournalEntry {
  step: StepName;
  resultId: string;
  inputHash: string | null;
  readHash: string;
  writer: number;
  token: number;
  tick: number;
  stale: boolean; // applied although the writer's token was below the epoch
}

export type ArtifactState = 'candidate' | 'accepted' | 'refused';

export interface Candidate {
  digest: string; // full hex
  attempt: number;
  token: number;
  pin: VersionName | null; // recorded pin (null with pins off)
  parts: Part[];
  tick: number;
  status: ArtifactState;
  assessedAt: number | null;
  refusal: string | null;
  stale: boolean;
}

export interface Acceptance {
  tick: number;
  digest: string; // full hex
  version: VersionName | null; // null when records carry no version
}

/** EFFECT lifecycle: intent recorded → unconfirmed (sent) → confirmed. */
export type EffectState = 'recorded' | 'unconfirmed' | 'confirmed';

export interface Intent {
  digest: string;
  attempt: number;
  key: string | null;
  tick: number;
  state: EffectState;
  post: string | null;
  confirmedAt: number | null;
  confirmedBy: number | null;
}

export type Store = 'journal' | 'candidates' | 'intents' | 'confirmations';
export type WriteOutcome = 'applied' | 'rejected' | 'stale-applied';

/** One protected write and the store's decision about it. */
export interface WriteDecision {
  tick: number;
  store: Store;
  writer: number;
  token: number;
  epoch: number;
  outcome: WriteOutcome;
  what: string;
}

/** One send to the feed and the feed's answer (a post applied, a remembered post returned, or a rejection). */
export interface Send {
  tick: number;
  attempt: number; // the sender
  intent: number; // index in run.intents of the intent being announced
  key: string | null;
  receipt: 'applied' | 'remembered' | 'rejected';
  post: string | null; // the post applied or returned
  duplicate: boolean; // a new post announcing a digest the feed had already posted
}

export type Lane = 'attempt' | 'journal' | 'input' | 'artifact' | 'effect' | 'dependant';

export interface TraceEvent {
  tick: number;
  lane: Lane;
  actor: string;
  text: string;
}

export type NewsletterState = 'not-ready' | 'waiting' | 'admitted';

export interface NewsletterRecord {
  state: NewsletterState;
  tick: number | null;
  digest: string | null;
  quote: string | null;
  readyAt: number;
}

export type InvariantId = 'duplicateEffect' | 'staleWrite' | 'supersededAccepted' | 'dependantWrong' | 'twoAccepted';
export const INVARIANT_IDS: InvariantId[] = [
  'duplicateEffect',
  'staleWrite',
  'supersededAccepted',
  'dependantWrong',
  'twoAccepted',
];

export interface Breach {
  invariant: InvariantId;
  tick: number;
  detail: string;
}

/** The state of every entity at the end of one tick. */
export interface TickSnapshot {
  tick: number;
  current: VersionName;
  ownerEpoch: number;
  attempts: {
    n: number;
    kind: AttemptKind;
    token: number;
    pin: VersionName;
    state: AttemptState;
    activity: Activity;
    calls: number;
    done: StepName[];
  }[];
  journal: number; // entries written so far (a prefix of run.journal)
  candidates: { digest: string; attempt: number; state: ArtifactState }[];
  intents: { digest: string; attempt: number; key: string | null; state: EffectState; post: string | null }[];
  feedKeys: { key: string; post: string }[];
  posts: number;
  newsletter: { state: NewsletterState; digest: string | null; quote: string | null };
}

export interface RunOptions {
  /** The strict rule waits instead of failing open when records carry no version (outside the 864 grid). */
  failClosed?: boolean;
  /** Ticks to simulate at most; the run's last tick is the last one at which anything happened. */
  horizon?: number;
  /** Simulate every tick up to the horizon instead of stopping once nothing more can happen (tests use it). */
  exhaustive?: boolean;
  /** Take a fresh snapshot on every tick, even one without events (tests use it). */
  fullSnapshots?: boolean;
}

export interface Run {
  switches: Switches;
  options: { failClosed: boolean };
  slug: string;
  calls: number;
  callsByAttempt: Record<string, number>;
  restored: number;
  restores: { attempt: number; step: StepName; tick: number; from: number }[];
  staleWritesRejected: number;
  staleWritesApplied: number;
  posts: number;
  duplicatePosts: number;
  acceptances: Acceptance[];
  newsletter: { tick: number; digest: string; quote: string } | null;
  finished: boolean;
  invariants: Record<InvariantId, boolean>;
  breaches: Breach[];
  lastTick: number;
  events: TraceEvent[];
  attempts: Attempt[];
  journal: JournalEntry[];
  candidates: Candidate[];
  intents: Intent[];
  writes: WriteDecision[];
  feedPosts: Feed['posts'];
  sends: Send[];
  versionChangedAt: number | null;
  finalVersion: VersionName;
  ticks: TickSnapshot[];
}
