/**
 * Where every model call of a run went: the arithmetic behind the companion's
 * cost equations. Pure reads of a Run (no rule of its own): each call an
 * attempt made is matched against the parts of the digest accepted last.
 *
 * A call is
 *   used        — its result is a part of the last accepted digest;
 *   superseded  — it read a section whose text changed before the end, and its
 *                 result is not in that digest;
 *   unrecorded  — it read text that never changed, yet its result is not in
 *                 that digest: it never reached the journal in a form a
 *                 successor could restore (lost with a silent worker, held in
 *                 memory until a fenced write, …).
 * A `used` call that read superseded text (possible only with pins off) is
 * flagged `stale`. A call whose result is not in the last accepted digest but
 * is a part of an earlier accepted one names that acceptance (`acceptedIn`):
 * the acceptance stays true, the call was not wasted when it was made.
 */
import { STEPS, sectionHash, type StepName, type VersionName } from './world.ts';
import type { Run } from './types.ts';

export type Fate = 'used' | 'superseded' | 'unrecorded';

export interface Call {
  attempt: number;
  step: StepName;
  /** The version the attempt was pinned to (what it read). */
  read: VersionName;
  /** The call's result arrived (false: lost in flight with a crashed worker). */
  arrived: boolean;
  fate: Fate;
  stale: boolean;
  /** The earlier acceptance whose digest holds this call's result (null: none, or it is in the last one). */
  acceptedIn: { digest: string; tick: number; version: VersionName | null } | null;
}

export interface Ledger {
  calls: Call[];
  total: number;
  byAttempt: { attempt: number; calls: number }[];
  /** Parts of the last accepted digest, and how each got there. */
  digest: string | null;
  parts: { step: StepName; computedBy: number; restoredBy: number | null }[];
  used: number;
  superseded: number;
  unrecorded: number;
  stale: number;
  minimum: number;
}

/** The first acceptance whose digest holds a part with this result. */
function acceptedIn(run: Run, resultId: string): Call['acceptedIn'] {
  for (const a of run.acceptances) {
    const c = run.candidates.find((x) => x.digest === a.digest);
    if (c?.parts.some((q) => q.resultId === resultId))
      return { digest: a.digest, tick: a.tick, version: a.version };
  }
  return null;
}

export function ledger(run: Run): Ledger {
  const last = run.acceptances[run.acceptances.length - 1] ?? null;
  const cand = last ? (run.candidates.find((c) => c.digest === last.digest) ?? null) : null;
  const finalText = (step: StepName) => sectionHash(run.finalVersion, step);
  const calls: Call[] = [];
  for (const a of run.attempts) {
    const mine: Call[] = [];
    for (const step of STEPS) {
      const p = a.parts[step];
      if (p && !p.restored && p.computedBy === a.n) {
        const inDigest = !!cand?.parts.some((q) => q.step === step && q.resultId === p.resultId);
        const current = p.readHash === finalText(step);
        mine.push({
          attempt: a.n,
          step,
          read: a.pin,
          arrived: true,
          fate: inDigest ? 'used' : current ? 'unrecorded' : 'superseded',
          stale: inDigest && !current,
          acceptedIn: inDigest ? null : acceptedIn(run, p.resultId),
        });
      }
    }
    if (a.inFlight) {
      const current = sectionHash(a.pin, a.inFlight) === finalText(a.inFlight);
      mine.push({
        attempt: a.n,
        step: a.inFlight,
        read: a.pin,
        arrived: false,
        fate: current ? 'unrecorded' : 'superseded',
        stale: false,
        acceptedIn: null,
      });
    }
    if (mine.length !== a.calls) {
      throw new Error(
        `ledger: attempt #${a.n} made ${a.calls} calls but ${mine.length} were found`,
      );
    }
    calls.push(...mine);
  }
  const count = (f: Fate) => calls.filter((c) => c.fate === f).length;
  const parts = (cand?.parts ?? []).map((p) => ({
    step: p.step,
    computedBy: p.computedBy,
    restoredBy: p.restored ? cand!.attempt : null,
  }));
  const l: Ledger = {
    calls,
    total: calls.length,
    byAttempt: run.attempts.map((a) => ({ attempt: a.n, calls: a.calls })),
    digest: last?.digest ?? null,
    parts,
    used: count('used'),
    superseded: count('superseded'),
    unrecorded: count('unrecorded'),
    stale: calls.filter((c) => c.stale).length,
    minimum: STEPS.length,
  };
  if (l.total !== run.calls || l.used + l.superseded + l.unrecorded !== l.total)
    throw new Error('ledger: calls do not add up');
  return l;
}

/** Calls one run made that another did not, by attempt and step (multiset difference). */
export function extraCalls(run: Run, base: Run): Call[] {
  const left = ledger(base).calls.map((c) => `${c.attempt}:${c.step}`);
  const out: Call[] = [];
  for (const c of ledger(run).calls) {
    const i = left.indexOf(`${c.attempt}:${c.step}`);
    if (i === -1) out.push(c);
    else left.splice(i, 1);
  }
  return out;
}
