/**
 * The checker for an engine run: the lab's checker (lab/checker/check.ts)
 * decides the five invariants from the history and the stores; this adds
 * what an engine run shows beside them, from the same inputs. It imports
 * only the lab's checker and Node's built-ins.
 *
 * - replayPinned: a step whose result the engine returned from its journal
 *   (`step` with ran: false) after the report's correction had completed, with
 *   the hash of the first version's text where the two versions differ: the
 *   replay saw the report it first read, not the corrected one.
 * - staleApplied / staleRejected: writes to the outside store first invoked
 *   after a higher owner token had been issued (a paused or superseded
 *   attempt writing late), applied (the store did not fence) or rejected.
 * - posts: the posts the feed applied.
 */
import { createHash } from 'node:crypto';
import { check, type Entry, type Final, type Verdict } from '../../lab/checker/check.ts';

export interface EngineVerdict extends Verdict {
  replayPinned: boolean;
  staleApplied: number;
  staleRejected: number;
  posts: number;
}

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

export function checkEngine(history: Entry[], final: Final): EngineVerdict {
  const v = check(history, final);
  const corrDone = history.find((e) => e.f === 'correct' && e.type === 'ok');
  const v1 = final.report.v1 ?? {};
  const v2 = final.report.v2 ?? {};
  const replayPinned =
    !!corrDone &&
    history.some(
      (e) =>
        e.f === 'step' &&
        e.v.ran === false &&
        e.t > corrDone.t &&
        v1[e.v.step] !== v2[e.v.step] &&
        e.v.readHash === sha(v1[e.v.step] ?? ''),
    );
  const issued = history.filter((e) => e.f === 'issue' && e.type === 'ok');
  const firstInvoke = new Map<string, Entry>();
  const outcome = new Map<string, Entry>();
  for (const e of history)
    if (e.f === 'write' && e.op) {
      if (e.type === 'invoke' && !firstInvoke.has(e.op)) firstInvoke.set(e.op, e);
      if (e.type === 'ok' || e.type === 'fail') outcome.set(e.op, e);
    }
  const applied = new Set(final.writes.map((w) => w.op));
  let staleApplied = 0;
  let staleRejected = 0;
  for (const [op, inv] of firstInvoke) {
    const late = issued.some((i) => i.v.token > inv.v.token && i.t < inv.t);
    if (!late) continue;
    if (applied.has(op)) staleApplied++;
    else if (outcome.get(op)?.type === 'fail') staleRejected++;
  }
  return { ...v, replayPinned, staleApplied, staleRejected, posts: final.posts.length };
}
