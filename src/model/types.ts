/**
 * The records of one run, in the example's own vocabulary. Plain data only:
 * the engine (run.ts) fills them in tick by tick and pages render them.
 */
import type { StepName, VersionName } from './world.ts';
import type { Switches } from './switches.ts';
import type { Feed } from './feed.ts';
import type { Schedule } from './schedule.ts';

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
  /** Set only when #1 went silent before an action other than a model call: what it does when it wakes. */
  resume?: { action: 'assemble' } | { action: 'send'; intent: number };
}

export interface JournalEntry {
  step: StepName;
  resultId: string;
  inputHash: string | null;
  readHash: string;
  writer: number;
  token: number;
  tick: number;
  stale: boolean; // applied although the writer's token was below the highest token issued
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
  refusal: Refusal | null;
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
  subject: WriteSubject;
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

/**
 * The rule that produced an event: one section of the rules page each
 * (`/model/#rule-<id>`, built by src/lib/routes.ts). Identifiers only; the
 * words for them live outside the model.
 */
export type RuleId =
  | 'input'
  | 'assess'
  | 'suspect'
  | 'admit'
  | 'restore'
  | 'compute'
  | 'silent'
  | 'assemble'
  | 'post'
  | 'settle'
  | 'post-dies'
  | 'fencing'
  | 'feed'
  | 'dependant'
  // The fault schedule (rules page: #rule-schedule and the sections after it).
  | 'fault-silence'
  | 'fault-poster'
  | 'fault-retention'
  | 'fault-restart';

/** Why a candidate was refused at assessment. */
export type Refusal =
  | { reason: 'token'; token: number; epoch: number }
  | { reason: 'pin'; pin: VersionName | null; current: VersionName }
  | { reason: 'input'; step: StepName; current: VersionName };

/** What a protected write carried (full hashes; pages shorten them). */
export type WriteSubject =
  | { kind: 'step'; step: StepName; result: string }
  | { kind: 'candidate'; digest: string }
  | { kind: 'intent'; digest: string }
  | { kind: 'confirmation'; post: string };

/** A write that landed although its token was below the epoch, or `null`. */
/** A stale write's token and the epoch the store held; `highest`, the highest token issued, only when it is above that epoch (after a restart that lost it). */
export type StaleMark = { token: number; epoch: number; highest?: number } | null;

/**
 * What each kind of event records. Hashes are full hex; a narrator outside
 * the model turns an event into a sentence.
 */
export interface EventValues {
  'report-changed': { version: VersionName; from: VersionName };
  'falls-silent': { step: StepName };
  'step-journaled': { step: StepName; pin: VersionName; result: string; stale: StaleMark };
  'step-held': { step: StepName; pin: VersionName; result: string };
  'wakes-to-write': { step: StepName; result: string; token: number };
  'woken-step-journaled': { step: StepName; stale: StaleMark };
  'wakes-holding': { step: StepName; result: string };
  'candidate-written': {
    digest: string;
    pin: VersionName;
    quote: string;
    endOnly: boolean;
    stale: StaleMark;
  };
  'send-rejected': { key: string | null; reason: string };
  'send-remembered': { key: string | null; post: string };
  'send-applied': { key: string | null; post: string; duplicate: boolean };
  confirmed: { post: string; stale: StaleMark };
  'intent-recorded': { digest: string; stale: StaleMark };
  'poster-dies': Record<string, never>;
  'candidate-refused': { digest: string; refusal: Refusal };
  'candidate-accepted': { digest: string; version: VersionName | null };
  suspected: { last: number; missed: number };
  'settle-admitted': { token: number; writer: number; digest: string };
  'build-admitted': { token: number; pin: VersionName };
  'step-restored': { step: StepName; result: string; writer: number; wanted: string | null };
  'steps-redone': { redo: StepName[]; stale: StepName[]; absent: StepName[]; pin: VersionName };
  'write-rejected': { store: Store; token: number; epoch: number; subject: WriteSubject };
  // Fault schedule events (rules fault-silence, fault-poster, fault-retention, fault-restart).
  'falls-silent-before': { action: 'assemble' | 'send' };
  'wakes-to-act': { action: 'assemble' | 'send'; token: number };
  'poster-dies-at': { point: 'before-send' | 'after-confirm' };
  'key-expired': { key: string; post: string; storedAt: number; retention: number };
  'controller-down': { epoch: number };
  'controller-restarted': { epoch: number; before: number; durable: boolean };
  'newsletter-waits': { reason: 'no-version' | 'none-accepted'; current: VersionName };
  'newsletter-admitted': {
    digest: string;
    why: 'current' | 'fail-open' | 'any' | 'latest';
    current: VersionName;
    quote: string;
  };
}

export type EventKind = keyof EventValues;

/**
 * One thing that happened: when, on which lane and by whom, which rule made
 * it, the attempt it concerns (if any) and the values it recorded.
 */
export type TraceEvent = {
  [K in EventKind]: {
    tick: number;
    lane: Lane;
    actor: string;
    kind: K;
    rule: RuleId;
    attempt: number | null;
    values: EventValues[K];
  };
}[EventKind];

export type NewsletterState = 'not-ready' | 'waiting' | 'admitted';

export interface NewsletterRecord {
  state: NewsletterState;
  tick: number | null;
  digest: string | null;
  quote: string | null;
  readyAt: number;
}

export type InvariantId =
  'duplicateEffect' | 'staleWrite' | 'supersededAccepted' | 'dependantWrong' | 'twoAccepted';
export const INVARIANT_IDS: InvariantId[] = [
  'duplicateEffect',
  'staleWrite',
  'supersededAccepted',
  'dependantWrong',
  'twoAccepted',
];

/** A breach the engine noted as it happened, with the values that show it. */
export type Breach = { tick: number } & (
  | { invariant: 'duplicateEffect'; values: { post: string; digest: string } }
  | {
      invariant: 'staleWrite';
      values: {
        attempt: number;
        token: number;
        epoch: number;
        /** The highest token issued, only when it is above the epoch (a restart lost the epoch). */
        highest?: number;
        store: Store;
        subject: WriteSubject;
      };
    }
  | {
      invariant: 'supersededAccepted';
      values: { digest: string; content: VersionName | null; current: VersionName };
    }
  | {
      invariant: 'dependantWrong';
      values: { digest: string; accepted: boolean; current: VersionName };
    }
  | { invariant: 'twoAccepted'; values: { first: string; second: string; current: VersionName } }
);

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
  intents: {
    digest: string;
    attempt: number;
    key: string | null;
    state: EffectState;
    post: string | null;
  }[];
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
  /** When and how the faults strike (default: the base schedule, the fixed timing of the 864 runs). */
  schedule?: Schedule;
  /** Leave out the per-tick snapshots (`ticks` is empty): the fault sweep never reads them. */
  noSnapshots?: boolean;
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
  /** The fault schedule the run followed. */
  schedule: Schedule;
}
