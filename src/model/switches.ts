/**
 * The eight switches: ids, values and their order are the public contract
 * (URLs, slugs and /data/runs.json all use them). The first value of every
 * switch gives the main trace.
 *
 * Also here: the permanent slug of a setting, and parsing of untrusted input
 * (query strings, slugs) into a setting plus a list of what was wrong with it.
 */

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

export const MAIN: Switches = {
  silent: 'paused',
  fencing: 'on',
  checkpoints: 'per-step',
  change: 'outage',
  pins: 'on',
  rule: 'current-accepted',
  postDies: 'yes',
  key: 'per-operation',
};

/** Reader-facing label and one-line meaning of each switch and value. */
export const SWITCH_INFO: Record<SwitchId, { label: string; meaning: string; values: Record<string, string> }> = {
  silent: {
    label: 'Silent worker',
    meaning: 'What attempt #1 was really doing when it stopped answering.',
    values: { paused: 'paused (wakes later)', crashed: 'crashed (never returns)' },
  },
  fencing: {
    label: 'Fencing',
    meaning: 'Protected stores compare each writer’s owner token with the current epoch.',
    values: { on: 'on', off: 'off' },
  },
  checkpoints: {
    label: 'Checkpoints',
    meaning: 'When a build attempt writes its step results to the journal.',
    values: { 'per-step': 'after every step', 'end-only': 'only at the end' },
  },
  change: {
    label: 'Report correction',
    meaning: 'When version 2 of the report arrives.',
    values: { outage: 'during the outage', never: 'never', 'after-acceptance': 'after acceptance' },
  },
  pins: {
    label: 'Version pins',
    meaning: 'Records carry the hash of the input they were computed from.',
    values: { on: 'on', off: 'off' },
  },
  rule: {
    label: 'Newsletter rule',
    meaning: 'Which digest the newsletter may start on.',
    values: {
      'current-accepted': 'accepted for the current report',
      'any-accepted': 'any accepted digest',
      'latest-finished': 'latest finished, accepted or not',
    },
  },
  postDies: {
    label: 'Poster dies',
    meaning: 'The first worker to post dies right after the feed applies the post.',
    values: { yes: 'yes', no: 'no' },
  },
  key: {
    label: 'Announcement key',
    meaning: 'What the idempotency key on the announcement names.',
    values: { 'per-operation': 'the operation', 'per-attempt': 'the attempt', none: 'no key' },
  },
};

/** Slug words per switch value. Permanent: published URLs use them. */
const SLUG_WORD: { [K in SwitchId]: Record<Switches[K], string> } = {
  silent: { paused: 'paused', crashed: 'crashed' },
  fencing: { on: 'fencing-on', off: 'fencing-off' },
  checkpoints: { 'per-step': 'per-step', 'end-only': 'end-only' },
  change: { outage: 'outage', never: 'never', 'after-acceptance': 'after-acceptance' },
  pins: { on: 'pins-on', off: 'pins-off' },
  rule: { 'current-accepted': 'current-accepted', 'any-accepted': 'any-accepted', 'latest-finished': 'latest-finished' },
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
  for (let i = 0; i < SWITCH_IDS.length; i++) {
    const id = SWITCH_IDS[i];
    const entry = Object.entries(SLUG_WORD[id]).find(([, word]) => word === parts[i]);
    if (!entry) return null;
    out[id] = entry[0];
  }
  return out as Switches;
}

/** Every setting, in a fixed order: the first switch varies slowest. */
export function allSettings(): Switches[] {
  let acc: Partial<Switches>[] = [{}];
  for (const id of SWITCH_IDS) {
    const next: Partial<Switches>[] = [];
    for (const partial of acc) for (const v of SWITCH_VALUES[id]) next.push({ ...partial, [id]: v });
    acc = next;
  }
  return acc as Switches[];
}

export function isValue<K extends SwitchId>(id: K, v: string): v is Switches[K] {
  return (SWITCH_VALUES[id] as readonly string[]).includes(v);
}

export interface ParseProblem {
  param: string;
  value: string;
  message: string;
}

/**
 * Read a setting from query parameters. Unknown parameters and values are
 * reported, never thrown: each bad switch falls back to its main-trace value.
 */
export function parseSwitches(params: Iterable<[string, string]>): { switches: Switches; problems: ParseProblem[] } {
  const switches: Switches = { ...MAIN };
  const problems: ParseProblem[] = [];
  const seen = new Set<string>();
  for (const [param, value] of params) {
    if (!(SWITCH_IDS as string[]).includes(param)) {
      problems.push({ param, value, message: `“${param}” is not a switch; it was ignored.` });
      continue;
    }
    const id = param as SwitchId;
    if (seen.has(id)) {
      problems.push({ param, value, message: `“${id}” was given more than once; the first value was kept.` });
      continue;
    }
    seen.add(id);
    if (!isValue(id, value)) {
      problems.push({
        param,
        value,
        message: `“${value}” is not a value of “${id}” (expected ${SWITCH_VALUES[id].join(', ')}); using “${MAIN[id]}”.`,
      });
      continue;
    }
    (switches as Record<SwitchId, string>)[id] = value;
  }
  return { switches, problems };
}

/** The switches that differ from the main trace. */
export function changedFromMain(s: Switches): SwitchId[] {
  return SWITCH_IDS.filter((id) => s[id] !== MAIN[id]);
}

/** A short phrase saying in words what was switched, e.g. "fencing off; the report changes after acceptance". */
export function describeSetting(s: Switches): string {
  const changed = changedFromMain(s);
  if (changed.length === 0) return 'the main trace: every protection on';
  return changed.map((id) => PHRASE[id](s)).join('; ');
}

const PHRASE: Record<SwitchId, (s: Switches) => string> = {
  silent: () => 'the silent worker crashed',
  fencing: () => 'fencing off',
  checkpoints: () => 'checkpoints only at the end',
  change: (s) => (s.change === 'never' ? 'the report never changes' : 'the report changes after acceptance'),
  pins: () => 'version pins off',
  rule: (s) => (s.rule === 'any-accepted' ? 'newsletter takes any accepted digest' : 'newsletter takes the latest finished digest'),
  postDies: () => 'the poster survives',
  key: (s) => (s.key === 'none' ? 'no key on the announcement' : 'the key names the attempt'),
};
