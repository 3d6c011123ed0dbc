/**
 * Compare: two runs' events aligned by tick. A tick "differs" when the
 * ordered list of (lane, actor, text) at that tick is not the same in both
 * runs; within a differing tick, each event is marked by whether the other
 * run has the identical event at that tick.
 */
import type { Run, TraceEvent } from './model.ts';
import { narrate } from '../../lib/narrate.ts';
import { at } from '../../model/lookup.ts';

/** An event, and whether the other run has this exact event at this tick. */
export type CompareEvent = TraceEvent & { shared: boolean };

export interface CompareRow {
  tick: number;
  left: CompareEvent[];
  right: CompareEvent[];
  differs: boolean;
}

const sig = (e: TraceEvent) => `${e.lane}\u0000${e.actor}\u0000${narrate(e)}`;

function byTick(run: Run): Map<number, TraceEvent[]> {
  const m = new Map<number, TraceEvent[]>();
  for (const e of run.events) {
    const list = m.get(e.tick);
    if (list) list.push(e);
    else m.set(e.tick, [e]);
  }
  return m;
}

export function compareRows(a: Run, b: Run): CompareRow[] {
  const A = byTick(a);
  const B = byTick(b);
  const ticks = [...new Set([...A.keys(), ...B.keys()])].sort((x, y) => x - y);
  return ticks.map((tick) => {
    const l = A.get(tick) ?? [];
    const r = B.get(tick) ?? [];
    const ls = new Set(l.map(sig));
    const rs = new Set(r.map(sig));
    const differs = l.length !== r.length || l.some((e, i) => sig(e) !== sig(at(r, i, 'events')));
    return {
      tick,
      left: l.map((e) => ({ ...e, shared: rs.has(sig(e)) })),
      right: r.map((e) => ({ ...e, shared: ls.has(sig(e)) })),
      differs,
    };
  });
}

/** Ticks at which the two runs differ. */
export function differingTicks(a: Run, b: Run): number[] {
  return compareRows(a, b)
    .filter((r) => r.differs)
    .map((r) => r.tick);
}

/**
 * The first tick at which a run departs from another (its events there differ), or undefined
 * when none differs: where a preset's story starts, measured against the main trace.
 */
export function departure(a: Run, b: Run): number | undefined {
  return compareRows(a, b).find((r) => r.differs)?.tick;
}
