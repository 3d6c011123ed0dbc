/**
 * Read-only views of a run that several pages need: the state at one tick
 * and the /data/runs.json record.
 * Views derive; they decide nothing the engine has not already decided.
 */
import type { JournalEntry, Run, TraceEvent, WriteDecision } from './types.ts';
import { short } from './world.ts';
import { at } from './lookup.ts';

export function eventsAt(run: Run, tick: number): TraceEvent[] {
  return run.events.filter((e) => e.tick === tick);
}

/**
 * Journal entries written up to and including `tick`, each with what later
 * attempts admitted by then did about it: restored it (their restore names
 * this very result), or computed that step themselves instead.
 */
export function journalAt(
  run: Run,
  tick: number,
): (JournalEntry & { restoredBy: number[]; redoneBy: number[] })[] {
  return run.journal
    .filter((e) => e.tick <= tick)
    .map((e) => ({
      ...e,
      restoredBy: run.restores
        .filter(
          (r) =>
            r.tick <= tick &&
            r.step === e.step &&
            at(run.attempts, r.attempt - 1, 'attempts').parts[r.step]?.resultId === e.resultId,
        )
        .map((r) => r.attempt),
      redoneBy: run.attempts
        .filter(
          (a) =>
            a.kind === 'build' &&
            a.n !== e.writer &&
            a.admittedAt > e.tick &&
            a.admittedAt <= tick &&
            !a.restored.includes(e.step) &&
            a.parts[e.step]?.computedBy === a.n,
        )
        .map((a) => a.n),
    }));
}

export function writesAt(run: Run, tick: number): WriteDecision[] {
  return run.writes.filter((w) => w.tick === tick);
}

/** Ticks at which something happened, in order. */
export function activeTicks(run: Run): number[] {
  return [...new Set(run.events.map((e) => e.tick))];
}

/** The newsletter's admission as pages and /data show it: tick, short digest, quoted figure; null when it never started. */
export function newsletterView(run: Run): { tick: number; digest: string; quote: string } | null {
  const n = run.newsletter;
  return n ? { tick: n.tick, digest: short(n.digest), quote: n.quote } : null;
}

/** One run as published in /data/runs.json (its published fields). */
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
    acceptances: run.acceptances.map((a) => ({
      tick: a.tick,
      digest: short(a.digest),
      version: a.version,
    })),
    newsletter: newsletterView(run),
    finished: run.finished,
    invariants: run.invariants,
    lastTick: run.lastTick,
  };
}
