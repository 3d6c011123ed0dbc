/**
 * The traces index filter: which runs to show, read from and written to the
 * URL query (`?fencing=off&breaks=something`). Pure functions here; the DOM
 * wiring is in filter-ui.ts. Switch parameters use the switch ids and values
 * of the public contract; `breaks` is `something`, `nothing` or an invariant id.
 */
import { SWITCH_IDS, SWITCH_VALUES, type SwitchId, type Switches } from '../../model/switches.ts';
import { INVARIANT_IDS, type InvariantId } from '../../model/types.ts';

export type Breaks = 'something' | 'nothing' | InvariantId;

export interface Filter {
  switches: Partial<Record<SwitchId, string>>;
  breaks: Breaks | null;
}

export const BREAKS_VALUES: Breaks[] = ['something', 'nothing', ...INVARIANT_IDS];

/** Read a filter from a query string; unknown parameters and values are listed, not applied. */
export function parseFilter(search: string): { filter: Filter; ignored: string[] } {
  const params = new URLSearchParams(search);
  const filter: Filter = { switches: {}, breaks: null };
  const ignored: string[] = [];
  for (const [k, v] of params) {
    if ((SWITCH_IDS as string[]).includes(k)) {
      const id = k as SwitchId;
      if ((SWITCH_VALUES[id] as readonly string[]).includes(v) && !(id in filter.switches)) filter.switches[id] = v;
      else if (v !== '' && v !== 'any') ignored.push(`${k}=${v}`);
    } else if (k === 'breaks') {
      if ((BREAKS_VALUES as string[]).includes(v) && !filter.breaks) filter.breaks = v as Breaks;
      else if (v !== '' && v !== 'any') ignored.push(`${k}=${v}`);
    } else {
      ignored.push(`${k}=${v}`);
    }
  }
  return { filter, ignored };
}

/** The query string for a filter, in switch order ("" when it shows everything). */
export function filterQuery(f: Filter): string {
  const params = new URLSearchParams();
  for (const id of SWITCH_IDS) if (f.switches[id]) params.set(id, f.switches[id]!);
  if (f.breaks) params.set('breaks', f.breaks);
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** Does a run with these switches and broken invariants pass the filter? */
export function matches(f: Filter, s: Switches, broken: readonly InvariantId[]): boolean {
  for (const id of SWITCH_IDS) if (f.switches[id] && s[id] !== f.switches[id]) return false;
  if (f.breaks === 'something') return broken.length > 0;
  if (f.breaks === 'nothing') return broken.length === 0;
  if (f.breaks) return broken.includes(f.breaks);
  return true;
}
