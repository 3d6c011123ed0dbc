/**
 * The eight switches: ids, values and their order are the public contract
 * (URLs, slugs and /data/runs.json all use them). The first value of every
 * switch gives the main trace.
 *
 * Also here: the one order of all settings (index ↔ setting), the permanent
 * slug of a setting, and parsing of untrusted input (query strings, slugs)
 * into a setting plus a list of what was wrong with it. The words readers see
 * for switches and values live in src/lib/vocabulary.ts.
 */
import { isOneOf, readValues, type ParamProblem } from './params.ts';
import { at } from './lookup.ts';

export const SWITCH_VALUES = {
  silent: ['paused', 'crashed'],
  fencing: ['on', 'off'],
  checkpoints: ['per-step', 'end-only'],
  change: ['outage', 'never', 'after-acceptance'],
  pins: ['on', 'off'],
  rule: ['current-accepted', 'any-accepted', 'latest-finished'],
  postDies: ['yes', 'no'],
  key: ['per-operation', 'per-attempt', 'none'],
} as const;

export type SwitchId = keyof typeof SWITCH_VALUES;
export type Switches = { [K in SwitchId]: (typeof SWITCH_VALUES)[K][number] };

export const SWITCH_IDS = Object.keys(SWITCH_VALUES) as SwitchId[];

/** The main trace: the first value of every switch. */
export const MAIN: Readonly<Switches> = Object.freeze(
  Object.fromEntries(SWITCH_IDS.map((id) => [id, SWITCH_VALUES[id][0]])) as Switches,
);

/**
 * Slug words per switch value. Permanent: 864 published URLs and their
 * citations use them, so they belong to the contract with the ids and values
 * (a change here is a change of model version). src/lib/vocabulary.ts shows
 * them beside each value's words.
 */
export const SLUG_WORD: { [K in SwitchId]: Record<Switches[K], string> } = {
  silent: { paused: 'paused', crashed: 'crashed' },
  fencing: { on: 'fencing-on', off: 'fencing-off' },
  checkpoints: { 'per-step': 'per-step', 'end-only': 'end-only' },
  change: { outage: 'outage', never: 'never', 'after-acceptance': 'after-acceptance' },
  pins: { on: 'pins-on', off: 'pins-off' },
  rule: {
    'current-accepted': 'current-accepted',
    'any-accepted': 'any-accepted',
    'latest-finished': 'latest-finished',
  },
  postDies: { yes: 'post-dies', no: 'post-survives' },
  key: { 'per-operation': 'per-operation', 'per-attempt': 'per-attempt', none: 'no-key' },
};

export function slugOf(s: Switches): string {
  return SWITCH_IDS.map((id) => (SLUG_WORD[id] as Record<string, string>)[s[id]]).join('.');
}

/** The setting a slug names, or null when it names none. */
export function fromSlug(slug: string): Switches | null {
  const parts = slug.replace(/^\/+|\/+$/g, '').split('.');
  if (parts.length !== SWITCH_IDS.length) return null;
  const out: Partial<Record<SwitchId, string>> = {};
  for (const [i, id] of SWITCH_IDS.entries()) {
    const entry = Object.entries(SLUG_WORD[id]).find(([, word]) => word === parts[i]);
    if (!entry) return null;
    out[id] = entry[0];
  }
  return out as Switches;
}

/** How many settings there are: the product of every switch's number of values. */
export const SETTING_COUNT = SWITCH_IDS.reduce((n, id) => n * SWITCH_VALUES[id].length, 1);

/**
 * The one order of all settings: mixed radix over the switches in SWITCH_IDS
 * order, the first switch varying slowest, each switch's values in order.
 * Index 0 is the main trace.
 */
export function settingIndex(s: Switches): number {
  let i = 0;
  for (const id of SWITCH_IDS) {
    const values = SWITCH_VALUES[id] as readonly string[];
    i = i * values.length + values.indexOf(s[id]);
  }
  return i;
}

/** The setting at an index of that order (0 ≤ index < SETTING_COUNT). */
export function settingAt(index: number): Switches {
  const out: Partial<Record<SwitchId, string>> = {};
  let rest = index;
  for (const id of [...SWITCH_IDS].reverse()) {
    const values = SWITCH_VALUES[id] as readonly string[];
    out[id] = at(values, rest % values.length, id);
    rest = Math.floor(rest / values.length);
  }
  return out as Switches;
}

/** Every setting, in that order. */
export function allSettings(): Switches[] {
  return Array.from({ length: SETTING_COUNT }, (_, i) => settingAt(i));
}

export function isValue<K extends SwitchId>(id: K, v: string): v is Switches[K] {
  return isOneOf<string>(SWITCH_VALUES[id], v);
}

/** Is this query parameter a switch? */
export const isSwitchId = (param: string): param is SwitchId => isOneOf(SWITCH_IDS, param);

/**
 * Read a setting from query parameters. Unknown parameters and values are
 * reported as problems (params.ts), never thrown: each bad switch falls back
 * to its main-trace value.
 */
export function parseSwitches(params: Iterable<readonly [string, string]>): {
  switches: Switches;
  problems: ParamProblem[];
} {
  const { values, problems } = readValues(params, isSwitchId, MAIN, {
    accepts: (id) => ({ kind: 'one-of', values: SWITCH_VALUES[id] }),
    fallback: (id) => MAIN[id],
    unknown: 'report',
  });
  // accept() gives each switch one of its own values (the one-of it was read against).
  return { switches: values as Switches, problems };
}

/** The switches that differ from the main trace. */
export function changedFromMain(s: Switches): SwitchId[] {
  return SWITCH_IDS.filter((id) => s[id] !== MAIN[id]);
}
