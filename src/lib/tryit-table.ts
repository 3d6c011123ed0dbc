/**
 * /data/tryit.json, the article's Try-it panel's table (src/pages/data/tryit.json.ts writes it
 * with outcome.ts glanceTable): the distinct glances of the 864 runs, and for each setting which
 * one is its run's. Reading it is the panel's alone, so this module is only in its bundle.
 */
import { SETTING_COUNT, settingIndex, type Switches } from '../model/switches.ts';
import { INVARIANTS } from './vocabulary.ts';
import type { Glance } from './outcome-view.ts';
import { at } from '../model/lookup.ts';

/** /data/tryit.json: the distinct glances, and for each setting (in the settings' one order) which glance is its run's. */
export interface GlanceTable {
  model: string;
  glances: Glance[];
  at: number[];
}

const isCount = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 0;
const isGlance = (g: unknown): g is Glance => {
  const x = g as Glance;
  const n = x?.newsletter;
  return (
    typeof x === 'object' &&
    x !== null &&
    isCount(x.calls) &&
    isCount(x.posts) &&
    isCount(x.duplicates) &&
    typeof x.finished === 'boolean' &&
    Array.isArray(x.byAttempt) &&
    x.byAttempt.every(
      (e) => Array.isArray(e) && e.length === 2 && isCount(e[0]) && isCount(e[1]),
    ) &&
    (n === null ||
      (typeof n === 'object' &&
        isCount(n.tick) &&
        typeof n.digest === 'string' &&
        typeof n.quote === 'string')) &&
    Array.isArray(x.broken) &&
    x.broken.every(
      (e) =>
        Array.isArray(e) &&
        INVARIANTS.some((i) => i.id === e[0]) &&
        (e[1] === null || isCount(e[1])),
    )
  );
};

/** The table, if `data` is one (a fetched file is checked before it is believed). */
export function asGlanceTable(data: unknown): GlanceTable | null {
  const t = data as GlanceTable;
  if (typeof t !== 'object' || t === null || !Array.isArray(t.glances) || !Array.isArray(t.at))
    return null;
  if (t.at.length !== SETTING_COUNT || !t.glances.every(isGlance)) return null;
  if (!t.at.every((i) => Number.isInteger(i) && i >= 0 && i < t.glances.length)) return null;
  return t;
}

/** The glance of the setting's run. */
export function glanceAt(table: GlanceTable, s: Switches): Glance {
  return at(table.glances, at(table.at, settingIndex(s), 'setting indices'), 'glances');
}
