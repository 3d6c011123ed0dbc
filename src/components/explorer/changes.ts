/**
 * What changed at a tick, for the explorer's stage and panels: the panels whose
 * content differs from the tick before, and the ticks the tick control marks.
 * Plain comparisons of the run's snapshots and records (kept apart from
 * format.ts).
 */
import type { Run } from './model.ts';
import { at } from '../../model/lookup.ts';

/** The panels of the state at a tick (Focus ids, plus 'now'). */
export type PanelId =
  'attempts' | 'epoch' | 'journal' | 'artifacts' | 'effects' | 'feed' | 'newsletter';

/**
 * Which panels show something different at `tick` than at the tick before:
 * a plain comparison of the two snapshots' parts (and of the records written
 * at this tick). At t0 a panel has changed when it shows anything at all.
 */
export function changedPanels(run: Run, tick: number): Set<PanelId> {
  const now = at(run.ticks, tick, 'ticks');
  const before = tick > 0 ? run.ticks[tick - 1] : null;
  const out = new Set<PanelId>();
  const j = (x: unknown) => JSON.stringify(x);
  const differs = (a: unknown, b: unknown) => j(a) !== j(b);
  const empty = {
    attempts: [],
    ownerEpoch: null,
    journal: 0,
    candidates: [],
    intents: [],
    posts: 0,
    feedKeys: [],
    newsletter: null,
  };
  const b = before ?? empty;
  if (differs(now.attempts, b.attempts)) out.add('attempts');
  if ((before && now.ownerEpoch !== before.ownerEpoch) || run.writes.some((w) => w.tick === tick))
    out.add('epoch');
  if (differs(now.journal, b.journal) || run.restores.some((r) => r.tick === tick))
    out.add('journal');
  if (differs(now.candidates, b.candidates) || run.acceptances.some((a) => a.tick === tick))
    out.add('artifacts');
  if (differs(now.intents, b.intents)) out.add('effects');
  if (now.posts !== b.posts || differs(now.feedKeys, b.feedKeys)) out.add('feed');
  if (before && differs(now.newsletter, before.newsletter)) out.add('newsletter');
  return out;
}

/** Where the tick control marks something: ticks with events, and ticks where an invariant breaks. */
export function tickMarks(run: Run): { events: number[]; breaks: number[] } {
  return {
    events: [...new Set(run.events.map((e) => e.tick))],
    breaks: [...new Set(run.breaches.map((b) => b.tick))],
  };
}
