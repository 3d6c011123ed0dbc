/**
 * Read-only views of a run that several pages need: the state at one tick,
 * the /data/runs.json record, and the five records with their checkers.
 * Views derive; they decide nothing the engine has not already decided.
 */
import type { InvariantId, JournalEntry, Run, TraceEvent, WriteDecision } from './types.ts';
import type { SwitchId } from './switches.ts';
import { short } from './world.ts';

export function eventsAt(run: Run, tick: number): TraceEvent[] {
  return run.events.filter((e) => e.tick === tick);
}

/** Journal entries written up to and including `tick`, with whether each was later restored. */
export function journalAt(run: Run, tick: number): (JournalEntry & { restoredBy: number[] })[] {
  return run.journal
    .filter((e) => e.tick <= tick)
    .map((e) => ({
      ...e,
      restoredBy: run.restores
        .filter((r) => r.tick <= tick && r.step === e.step && run.attempts[r.attempt - 1].parts[r.step]?.resultId === e.resultId)
        .map((r) => r.attempt),
    }));
}

export function writesAt(run: Run, tick: number): WriteDecision[] {
  return run.writes.filter((w) => w.tick === tick);
}

/** Ticks at which something happened, in order. */
export function activeTicks(run: Run): number[] {
  return [...new Set(run.events.map((e) => e.tick))];
}

/** One run as published in /data/runs.json (site.md contract). */
export function toRunJson(run: Run, url: string) {
  return {
    switches: run.switches,
    url,
    calls: run.calls,
    callsByAttempt: run.callsByAttempt,
    restored: run.restored,
    staleWritesRejected: run.staleWritesRejected,
    staleWritesApplied: run.staleWritesApplied,
    posts: run.posts,
    duplicatePosts: run.duplicatePosts,
    acceptances: run.acceptances.map((a) => ({ tick: a.tick, digest: short(a.digest), version: a.version })),
    newsletter: run.newsletter ? { tick: run.newsletter.tick, digest: short(run.newsletter.digest), quote: run.newsletter.quote } : null,
    finished: run.finished,
    invariants: run.invariants,
    lastTick: run.lastTick,
  };
}

export interface RecordInfo {
  id: string;
  record: string;
  writtenWhen: string;
  checker: string;
  /** What goes wrong without it. */
  protects: string;
  /** Invariants that break when this record or its check is missing. */
  invariants: InvariantId[];
  /** The switch that removes it in the explorer, and the value that does. */
  removedBy: { id: SwitchId; values: string[] } | null;
  /** Article section that explains it. */
  section: string;
}

/** The five records and their five checkers. */
export const RECORDS: RecordInfo[] = [
  {
    id: 'attempt',
    record: 'Attempt record: identity, pinned input, owner token',
    writtenWhen: 'by the controller, before any work is dispatched',
    checker: 'the controller, when the attempt falls silent',
    protects: 'a successor guessing whether anyone was working, on what, and with what authority',
    invariants: [],
    removedBy: null,
    section: 'attempt-record',
  },
  {
    id: 'journal',
    record: 'Journal entry keyed by the hash of the input it read',
    writtenWhen: 'by the worker, after each step (or only at the end)',
    checker: 'the successor, at admission: restore on a matching key, redo otherwise; the controller, comparing part hashes with the pin, at assessment',
    protects: 'reusing a result computed from an input that has since changed',
    invariants: ['supersededAccepted', 'dependantWrong'],
    removedBy: { id: 'pins', values: ['off'] },
    section: 'restore-or-redo',
  },
  {
    id: 'epoch',
    record: 'Owner epoch, carried as a token on every write',
    writtenWhen: 'by the controller, before it admits a successor',
    checker: 'every protected store, on every write',
    protects: 'a worker presumed dead overwriting its successor',
    invariants: ['staleWrite', 'twoAccepted'],
    removedBy: { id: 'fencing', values: ['off'] },
    section: 'fencing',
  },
  {
    id: 'effect',
    record: 'Effect intent, and an operation key the receiver remembers',
    writtenWhen: 'by the worker, before it sends; the key by the receiver, as it applies',
    checker: 'the receiver (the feed), on every send',
    protects: 'a retried announcement being posted twice',
    invariants: ['duplicateEffect'],
    removedBy: { id: 'key', values: ['per-attempt', 'none'] },
    section: 'effects',
  },
  {
    id: 'acceptance',
    record: 'Acceptance naming the digest, the input version and the contract',
    writtenWhen: 'by the controller, after assessing a candidate',
    checker: 'the dependant, through its admission rule',
    protects: 'relying on an output judged against an input that is no longer current',
    invariants: ['dependantWrong'],
    removedBy: { id: 'rule', values: ['any-accepted', 'latest-finished'] },
    section: 'acceptance',
  },
];

export interface InvariantInfo {
  id: InvariantId;
  label: string;
  meaning: string;
  record: string; // RECORDS id that would have caught it
}

export const INVARIANTS: InvariantInfo[] = [
  { id: 'duplicateEffect', label: 'Duplicate effect', meaning: 'The feed applied a second post announcing the same digest.', record: 'effect' },
  { id: 'staleWrite', label: 'Stale write', meaning: 'A write carrying a token below the owner epoch was applied.', record: 'epoch' },
  {
    id: 'supersededAccepted',
    label: 'Superseded input accepted',
    meaning: 'A digest was accepted whose parts are not the content of the report current at that tick.',
    record: 'journal',
  },
  {
    id: 'dependantWrong',
    label: 'Dependant on the wrong digest',
    meaning: 'The newsletter started on a digest never accepted, or not built from the current report.',
    record: 'acceptance',
  },
  { id: 'twoAccepted', label: 'Two digests accepted', meaning: 'Two different digests were accepted while the same version was current.', record: 'epoch' },
];
