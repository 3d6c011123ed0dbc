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

/**
 * Read a filter from a query string; unknown parameters and values are listed in
 * `ignored`, not applied. A key given more than once is read from its first occurrence only, like the explorer,
 * and is listed once in `repeated` (its later values are not "not a filter").
 */
export function parseFilter(search: string): {
  filter: Filter;
  ignored: string[];
  repeated: string[];
} {
  const params = new URLSearchParams(search);
  const filter: Filter = { switches: {}, breaks: null };
  const ignored: string[] = [];
  const repeated: string[] = [];
  const seen = new Set<string>();
  for (const [k, v] of params) {
    const again = seen.has(k);
    seen.add(k);
    if ((SWITCH_IDS as string[]).includes(k) || k === 'breaks') {
      if (again) {
        if (!repeated.includes(k)) repeated.push(k);
        continue;
      }
      if (k === 'breaks') {
        if ((BREAKS_VALUES as string[]).includes(v)) filter.breaks = v as Breaks;
        else if (v !== '' && v !== 'any') ignored.push(`${k}=${v}`);
      } else {
        const id = k as SwitchId;
        if ((SWITCH_VALUES[id] as readonly string[]).includes(v)) filter.switches[id] = v;
        else if (v !== '' && v !== 'any') ignored.push(`${k}=${v}`);
      }
    } else {
      ignored.push(`${k}=${v}`);
    }
  }
  return { filter, ignored, repeated };
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

/** One line on what the address asked for that the filter did not use: short, bounded. */
export function filterNotice(ignored: readonly string[], repeated: readonly string[]): string {
  const cut = (t: string) =>
    Array.from(t).length > 60 ? Array.from(t).slice(0, 59).join('') + '…' : t;
  const parts: string[] = [];
  if (ignored.length) {
    const shown = [...new Set(ignored.map(cut))];
    const list =
      shown.length > 5
        ? `${shown.slice(0, 4).join(', ')} and ${shown.length - 4} more`
        : shown.join(', ');
    parts.push(`Not a filter here, ignored: ${list}.`);
  }
  for (const k of repeated.slice(0, 5))
    parts.push(`“${cut(k)}” was given more than once; the first value was kept.`);
  return parts.join(' ');
}
