/**
 * The lab's nemesis (lab/nemesis.ts) for an engine run: the same seeded
 * generator and the same idea of anchors (a fault lands 0–10 ticks after a
 * moment of the run chosen at random, so faults fall in every phase however
 * slow the machine), with the faults an engine run has: SIGKILL of a service
 * process (another started 1–5 ticks later) or of the engine's server
 * (restarted 1–5 ticks later), SIGSTOP of either and SIGCONT 1–20 ticks
 * later, the report corrected (in 7 runs of 10), and in 3 runs of 10 the
 * sender killed after the feed applied its first post, before its reply.
 * There are no link faults: the engine's own connections are not proxied.
 */
import { rng } from '../../lab/nemesis.ts';
import { at } from '../../src/model/lookup.ts';

export const ENGINE_ANCHORS = ['launch', 'candidate', 'acceptance', 'send'] as const;
export interface EngineFault {
  anchor: (typeof ENGINE_ANCHORS)[number];
  at: number;
  kind: 'kill' | 'stop' | 'correct';
  target?: 'worker' | 'server';
  pick: number;
  forTicks: number;
}

export function engineSchedule(
  seed: number,
  o: { server: boolean },
): { faults: EngineFault[]; killAfterApply: boolean } {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const when = () => ({
    anchor: at(ENGINE_ANCHORS, Math.floor(r() * ENGINE_ANCHORS.length), 'anchors'),
    at: r() * 10,
  });
  const faults: EngineFault[] = [];
  const n = int(2, 5);
  for (let i = 0; i < n; i++) {
    const w = when();
    const target = o.server && r() < 0.25 ? 'server' : 'worker';
    if (r() < 0.5)
      faults.push({ ...w, kind: 'kill', target, pick: int(0, 9), forTicks: int(1, 5) });
    else faults.push({ ...w, kind: 'stop', target, pick: int(0, 9), forTicks: int(1, 20) });
  }
  if (r() < 0.7) faults.push({ ...when(), kind: 'correct', pick: 0, forTicks: 0 });
  return { faults, killAfterApply: r() < 0.3 };
}

/** A fault in words (for --replay). */
export function describeEngineFault(f: EngineFault): string {
  const at = `${f.at.toFixed(1)} ticks after ${f.anchor === 'launch' ? 'the submission' : `the first ${f.anchor}`}:`;
  if (f.kind === 'correct') return `${at} the report is corrected`;
  if (f.kind === 'kill')
    return `${at} SIGKILL ${f.target === 'server' ? 'the engine’s server, restarted' : 'a service process, another started'} ${f.forTicks} ticks later`;
  return `${at} SIGSTOP ${f.target === 'server' ? 'the engine’s server' : 'a service process'}, SIGCONT ${f.forTicks} ticks later`;
}
