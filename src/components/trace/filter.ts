/**
 * The traces index filter: which runs to show, read from and written to the
 * URL query (`?fencing=off&breaks=something`). Pure functions here; the DOM
 * wiring is in filter-ui.ts. Switch parameters use the switch ids and values
 * of the public contract; `breaks` is `something`, `nothing` or an invariant id.
 */
import {
  SWITCH_IDS,
  SWITCH_VALUES,
  isSwitchId,
  isValue,
  type SwitchId,
  type Switches,
} from '../../model/switches.ts';
import { isOneOf, readParams } from '../../model/params.ts';
import { repeatedText, shorten } from '../../lib/notices.ts';
import { INVARIANT_IDS, type InvariantId } from '../../model/types.ts';

export type Breaks = 'something' | 'nothing' | InvariantId;

export interface Filter {
  switches: Partial<Record<SwitchId, string>>;
  breaks: Breaks | null;
}

export const BREAKS_VALUES: Breaks[] = ['something', 'nothing', ...INVARIANT_IDS];

/** Is this query parameter one the filter reads? */
const isFilterParam = (k: string): k is SwitchId | 'breaks' => k === 'breaks' || isSwitchId(k);

/**
 * Read a filter from a query string (the parsers' one loop, src/model/params.ts);
 * unknown parameters and values are listed in `ignored`, not applied, and an
 * empty value or `any` is no filter. A key given more than once is read from its
 * first occurrence only, like the explorer, and is listed once in `repeated` (its
 * later values are not "not a filter").
 */
export function parseFilter(search: string): {
  filter: Filter;
  ignored: string[];
  repeated: string[];
} {
  const filter: Filter = { switches: {}, breaks: null };
  const problems = readParams(
    new URLSearchParams(search),
    isFilterParam,
    (id, value) => {
      if (value === '' || value === 'any') return null;
      if (id === 'breaks' && isOneOf(BREAKS_VALUES, value)) filter.breaks = value;
      else if (id !== 'breaks' && isValue(id, value)) filter.switches[id] = value;
      else {
        const values = id === 'breaks' ? BREAKS_VALUES : SWITCH_VALUES[id];
        const expected = { kind: 'one-of', values } as const;
        return { code: 'bad-value', param: id, value, expected, fallback: 'any' };
      }
      return null;
    },
    'report',
  );
  const ignored = problems.filter((p) => p.code !== 'repeated').map((p) => `${p.param}=${p.value}`);
  const repeated = [...new Set(problems.filter((p) => p.code === 'repeated').map((p) => p.param))];
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
  const parts: string[] = [];
  if (ignored.length) {
    const shown = [...new Set(ignored.map((t) => shorten(t)))];
    const list =
      shown.length > 5
        ? `${shown.slice(0, 4).join(', ')} and ${shown.length - 4} more`
        : shown.join(', ');
    parts.push(`Not a filter here, ignored: ${list}.`);
  }
  for (const k of repeated.slice(0, 5)) parts.push(repeatedText(k));
  return parts.join(' ');
}
