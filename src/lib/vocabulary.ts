/**
 * The site's words for the model's identifiers: one table per switch (and
 * per value), the five records, the five invariants and the outcome of a
 * run. Everything a page says about a switch, a value or an invariant comes
 * from here; the model keeps only ids, values and slug words (the permanent
 * contract). Wording lives outside src/model, so fixing a label never
 * changes the model version that citations name.
 *
 * Pure data and small functions: safe for islands and the 404 script.
 */
import {
  SLUG_WORD,
  SWITCH_VALUES,
  changedFromMain,
  type SwitchId,
  type Switches,
} from '../model/switches.ts';
import type { InvariantId } from '../model/types.ts';
import type { RuleSection } from './routes.ts';
import { RECORD_GUARDS, type RecordId } from '../model/records.ts';
import type { BreakCondition } from '../model/sweep.ts';
import type { PresetId } from '../model/presets.ts';

/** The words for one value of a switch. */
export interface ValueWords {
  /** The slug word in trace URLs (from the model: permanent). */
  slug: string;
  /** A compact code, unique within the switch (the traces index table). */
  code: string;
  /** Short label (switch lists, the explorer's controls). */
  label: string;
  /** What the setting says when this value is chosen, as a clause ("fencing off"). */
  phrase: string;
  /** The clause for "any other value" (conditions in the companion's tables). */
  not: string;
  /** The fewest words that name the value when it differs from the main trace: a trace title's chip. */
  chip: string;
}

/** The words for one switch, with an entry for each of its values in the model. */
export interface SwitchWords<K extends SwitchId = SwitchId> {
  /** Reader-facing name. */
  label: string;
  /** Column heading in compact tables. */
  short: string;
  /** One-line meaning. */
  meaning: string;
  values: Record<Switches[K], ValueWords>;
}

/** One table, per switch and per value (slug words checked against the model's by a unit test). */
const WORDS = {
  silent: {
    label: 'Silent worker',
    short: 'Silent',
    meaning: 'What attempt #1 was really doing when it stopped answering.',
    values: {
      paused: {
        slug: SLUG_WORD.silent.paused,
        code: 'paus',
        label: 'paused (wakes later)',
        phrase: 'the silent worker was only paused',
        not: 'the silent worker crashed',
        chip: 'worker paused',
      },
      crashed: {
        slug: SLUG_WORD.silent.crashed,
        code: 'crash',
        label: 'crashed (never returns)',
        phrase: 'the silent worker crashed',
        not: 'the silent worker was only paused',
        chip: 'worker crashed',
      },
    },
  },
  fencing: {
    label: 'Fencing',
    short: 'Fence',
    meaning: 'Protected stores compare each writer’s owner token with the current epoch.',
    values: {
      on: {
        slug: SLUG_WORD.fencing.on,
        code: 'on',
        label: 'on',
        phrase: 'fencing on',
        not: 'fencing off',
        chip: 'fencing on',
      },
      off: {
        slug: SLUG_WORD.fencing.off,
        code: 'off',
        label: 'off',
        phrase: 'fencing off',
        not: 'fencing on',
        chip: 'fencing off',
      },
    },
  },
  checkpoints: {
    label: 'Checkpoints',
    short: 'Ckpt',
    meaning: 'When a build attempt writes its step results to the journal.',
    values: {
      'per-step': {
        slug: SLUG_WORD.checkpoints['per-step'],
        code: 'step',
        label: 'after every step',
        phrase: 'checkpoints after every step',
        not: 'checkpoints only at the end',
        chip: 'step checkpoints',
      },
      'end-only': {
        slug: SLUG_WORD.checkpoints['end-only'],
        code: 'end',
        label: 'only at the end',
        phrase: 'checkpoints only at the end',
        not: 'checkpoints after every step',
        chip: 'end checkpoints',
      },
    },
  },
  change: {
    label: 'Report correction',
    short: 'v2',
    meaning: 'When version 2 of the report arrives.',
    values: {
      outage: {
        slug: SLUG_WORD.change.outage,
        code: 'out',
        label: 'during the outage',
        phrase: 'the report changes during the outage',
        not: 'the report never changes or changes after acceptance',
        chip: 'mid-outage correction',
      },
      never: {
        slug: SLUG_WORD.change.never,
        code: 'never',
        label: 'never',
        phrase: 'the report never changes',
        not: 'the report changes at all',
        chip: 'no correction',
      },
      'after-acceptance': {
        slug: SLUG_WORD.change['after-acceptance'],
        code: 'after',
        label: 'after acceptance',
        phrase: 'the report changes after acceptance',
        not: 'the report never changes or changes during the outage',
        chip: 'late correction',
      },
    },
  },
  pins: {
    label: 'Version pins',
    short: 'Pins',
    meaning: 'Records carry the hash of the input they were computed from.',
    values: {
      on: {
        slug: SLUG_WORD.pins.on,
        code: 'on',
        label: 'on',
        phrase: 'version pins on',
        not: 'version pins off',
        chip: 'pins on',
      },
      off: {
        slug: SLUG_WORD.pins.off,
        code: 'off',
        label: 'off',
        phrase: 'version pins off',
        not: 'version pins on',
        chip: 'pins off',
      },
    },
  },
  rule: {
    label: 'Newsletter rule',
    short: 'Rule',
    meaning: 'Which digest the newsletter may start on.',
    values: {
      'current-accepted': {
        slug: SLUG_WORD.rule['current-accepted'],
        code: 'cur',
        label: 'accepted for the current report',
        phrase: 'newsletter takes a digest accepted for the current report',
        not: 'newsletter takes any accepted or the latest finished digest',
        chip: 'current-only rule',
      },
      'any-accepted': {
        slug: SLUG_WORD.rule['any-accepted'],
        code: 'any',
        label: 'any accepted digest',
        phrase: 'newsletter takes any accepted digest',
        not: 'newsletter requires the current report or takes the latest finished digest',
        chip: 'any-accepted rule',
      },
      'latest-finished': {
        slug: SLUG_WORD.rule['latest-finished'],
        code: 'latest',
        label: 'latest finished, accepted or not',
        phrase: 'newsletter takes the latest finished digest',
        not: 'newsletter takes only an accepted digest',
        chip: 'latest-finished rule',
      },
    },
  },
  postDies: {
    label: 'Poster dies',
    short: 'Poster',
    meaning: 'The first worker to post dies right after the feed applies the post.',
    values: {
      yes: {
        slug: SLUG_WORD.postDies.yes,
        code: 'dies',
        label: 'yes',
        phrase: 'the poster dies after the feed applies its post',
        not: 'the poster survives',
        chip: 'poster dies',
      },
      no: {
        slug: SLUG_WORD.postDies.no,
        code: 'lives',
        label: 'no',
        phrase: 'the poster survives',
        not: 'the poster dies after the feed applies its post',
        chip: 'poster lives',
      },
    },
  },
  key: {
    label: 'Announcement key',
    short: 'Key',
    meaning: 'What the idempotency key on the announcement names.',
    values: {
      'per-operation': {
        slug: SLUG_WORD.key['per-operation'],
        code: 'op',
        label: 'the operation',
        phrase: 'the key names the operation',
        not: 'the key names the attempt or there is none',
        chip: 'key per operation',
      },
      'per-attempt': {
        slug: SLUG_WORD.key['per-attempt'],
        code: 'att',
        label: 'the attempt',
        phrase: 'the key names the attempt',
        not: 'the key names the operation or there is none',
        chip: 'key per attempt',
      },
      none: {
        slug: SLUG_WORD.key.none,
        code: 'none',
        label: 'no key',
        phrase: 'no key on the announcement',
        not: 'the announcement carries a key',
        chip: 'no key',
      },
    },
  },
} satisfies { [K in SwitchId]: SwitchWords<K> };

/** The table looked up by any switch and value (WORDS above is checked against the model's types). */
export const VOCABULARY: Record<
  SwitchId,
  Omit<SwitchWords, 'values'> & { values: Record<string, ValueWords> }
> = WORDS;

/** The words for one value of a switch. */
export function valueWords<K extends SwitchId>(id: K, value: Switches[K] | string): ValueWords {
  const w = VOCABULARY[id].values[value];
  if (!w) throw new Error(`No words for ${id}=${value}; known: ${SWITCH_VALUES[id].join(', ')}`);
  return w;
}

/** The compact code of a switch's value in the traces index ("crash"). */
export function valueCode(id: SwitchId, value: string): string {
  return valueWords(id, value).code;
}

/** Short label of a switch's value ("after every step"). */
export function valueLabel(id: SwitchId, value: string): string {
  return valueWords(id, value).label;
}

/** A short phrase saying in words what was switched, e.g. "fencing off; the report changes after acceptance". */
export function describeSetting(s: Switches): string {
  const changed = changedFromMain(s);
  if (changed.length === 0) return 'the main trace: every protection on';
  return changed.map((id) => valueWords(id, s[id]).phrase).join('; ');
}

/** Sentence case: the first letter capitalised. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The page title of a run: what was switched, in words. */
export function traceTitle(s: Switches): string {
  return changedFromMain(s).length === 0
    ? 'The main trace: every protection on'
    : sentence(describeSetting(s));
}

/** "Label: value" for every switch that differs from the main trace ("Main trace" when none does). */
export function changedLabels(s: Switches): string {
  const changed = changedFromMain(s);
  return changed.length
    ? changed.map((id) => `${VOCABULARY[id].label}: ${valueLabel(id, s[id])}`).join('; ')
    : 'Main trace';
}

/** The reference traces' titles (src/model/presets.ts), as the explorer, the rules page and the companion name them. */
const PRESET_TITLES: Record<PresetId, string> = {
  main: 'Main trace: every protection on',
  crashed: 'The silent worker crashed',
  second: 'Second trace: corrected after acceptance',
  'fencing-off': 'Fencing off',
  'fencing-off-never': 'Fencing off, report never changes',
  'pins-off': 'Version pins off',
  'end-only': 'Checkpoints only at the end',
  'any-accepted-after': 'Any accepted digest, corrected after acceptance',
};

/** A reference trace's title ("Version pins off"). */
export const presetTitle = (id: PresetId): string => PRESET_TITLES[id];

// ——— The five records and the five invariants ———

export interface RecordInfo {
  id: RecordId;
  record: string;
  writtenWhen: string;
  checker: string;
  /** What goes wrong without it. */
  protects: string;
  /** Invariants that break when this record or its check is missing (from the model's RECORD_GUARDS). */
  invariants: InvariantId[];
  /** The switch that removes it in the model, and the values that do (RECORD_GUARDS). */
  removedBy: { id: SwitchId; values: string[] } | null;
  /** Article section that explains it. */
  section: string;
}

/** The five records and their five checkers. */
const RECORD_WORDS: Omit<RecordInfo, 'invariants' | 'removedBy'>[] = [
  {
    id: 'attempt',
    record: 'Attempt record: identity, pinned input, owner token',
    writtenWhen: 'by the controller, before any work is dispatched',
    checker: 'the controller, when the attempt falls silent',
    protects: 'a successor guessing whether anyone was working, on what, and with what authority',
    section: 'attempt-record',
  },
  {
    id: 'journal',
    record: 'Journal entry keyed by the hash of the input it read',
    writtenWhen: 'by the worker, after each step (or only at the end)',
    checker:
      'the successor, as it starts: it reuses each step whose entry’s input hash matches the text it must read, and redoes the rest; the controller, as it judges a candidate: each summary’s input hash against the pinned version',
    protects: 'reusing a result computed from an input that has since changed',
    section: 'restore-or-redo',
  },
  {
    id: 'epoch',
    record: 'Owner epoch, carried as a token on every write',
    writtenWhen: 'by the controller, before it admits a successor',
    checker: 'every store that checks tokens, on every write',
    protects: 'a worker presumed dead overwriting its successor',
    section: 'fencing',
  },
  {
    id: 'effect',
    record: 'Effect intent, and an operation key the receiver remembers',
    writtenWhen: 'by the worker, before it sends; the key by the receiver, as it applies',
    checker: 'the receiver (the feed), on every send',
    protects: 'a retried announcement being posted twice',
    section: 'effects',
  },
  {
    id: 'acceptance',
    record: 'Acceptance naming the digest and the input version',
    writtenWhen: 'by the controller, when it passes a candidate',
    checker: 'the dependant, through the rule that decides when it may start',
    protects: 'relying on an output judged against an input that is no longer current',
    section: 'acceptance',
  },
];

/** The five records: their words, and what the model says each guards. */
export const RECORDS: RecordInfo[] = RECORD_WORDS.map((r) => ({ ...r, ...RECORD_GUARDS[r.id] }));

export interface InvariantInfo {
  id: InvariantId;
  label: string;
  meaning: string;
  record: RecordId; // the record whose check would have caught it
}

export const INVARIANTS: InvariantInfo[] = [
  {
    id: 'duplicateEffect',
    label: 'Duplicate effect',
    meaning: 'The feed applied a second post announcing the same digest.',
    record: 'effect',
  },
  {
    id: 'staleWrite',
    label: 'Stale write',
    meaning:
      'A protected write was applied whose token is below the highest owner token issued so far (the owner epoch, unless a restart lost it).',
    record: 'epoch',
  },
  {
    id: 'supersededAccepted',
    label: 'Superseded input accepted',
    meaning:
      'A digest was accepted whose parts are not the content of the report current at that tick.',
    record: 'journal',
  },
  {
    id: 'dependantWrong',
    label: 'Dependant on the wrong digest',
    meaning:
      'The newsletter started on a digest never accepted, or not built from the current report.',
    record: 'acceptance',
  },
  {
    id: 'twoAccepted',
    label: 'Two digests accepted',
    meaning: 'Two different digests were accepted while the same version was current.',
    record: 'epoch',
  },
];

/** Short codes of the invariants in the traces index's "Broken" column. */
export const INVARIANT_CODES: Record<InvariantId, string> = {
  duplicateEffect: 'dup',
  staleWrite: 'stale',
  supersededAccepted: 'super',
  dependantWrong: 'dep',
  twoAccepted: 'two',
};

/** The invariant's words. */
export function invariantInfo(id: InvariantId): InvariantInfo {
  const found = INVARIANTS.find((i) => i.id === id);
  if (!found) throw new Error(`No invariant “${id}”`);
  return found;
}

/** The one label of an invariant ("Stale write"); `lower` for use inside a sentence. */
export function invariantLabel(id: InvariantId, lower = false): string {
  const label = invariantInfo(id).label;
  return lower ? label.toLowerCase() : label;
}

/**
 * What a run breaks, inside a sentence: "breaks no invariant", "breaks an invariant (stale
 * write)", "breaks 2 invariants (stale write, two accepted)".
 */
export function breaksPhrase(broken: readonly InvariantId[]): string {
  const list = broken.map((id) => invariantLabel(id, true)).join(', ');
  if (broken.length === 0) return 'breaks no invariant';
  return broken.length === 1
    ? `breaks an invariant (${list})`
    : `breaks ${broken.length} invariants (${list})`;
}

/** How many invariants a run breaks, as a short note: "no invariant broken", "2 invariants broken". */
export function brokenCount(n: number): string {
  return n === 0 ? 'no invariant broken' : `${n} ${n === 1 ? 'invariant' : 'invariants'} broken`;
}

/** The record whose check would have caught a breach of the invariant. */
export function recordFor(id: InvariantId): RecordInfo {
  const rec = invariantInfo(id).record;
  return RECORDS.find((r) => r.id === rec)!;
}

/** The six single weakenings of the companion's table (ids from the model's WEAKENINGS). */
const WEAKENING_LABEL: Record<string, string> = {
  'fencing-off': 'fencing off',
  'pins-off': 'version pins off',
  'key-per-attempt': 'key per attempt',
  'key-none': 'no key',
  'rule-any-accepted': 'newsletter takes any accepted digest',
  'rule-latest-finished': 'newsletter takes the latest finished digest',
};

export function weakeningLabel(id: string): string {
  const label = WEAKENING_LABEL[id];
  if (!label) throw new Error(`No words for the weakening “${id}”`);
  return label;
}

/** When a weakening breaks something, in words (the sweep's breakingCondition). */
export function conditionText(c: BreakCondition): string {
  switch (c.kind) {
    case 'never':
      return 'never';
    case 'always':
      return 'always';
    case 'several':
      return 'in several combinations';
    case 'eq':
      return `exactly when ${valueWords(c.id, c.value).phrase}`;
    case 'ne':
      return `exactly when ${valueWords(c.id, c.value).not}`;
  }
}

// ——— The rules page's sections: their titles are in rule-words.ts (RULE_WORDS), apart, so
// no island loads them; an event row names its rule by its short name ———

/** Short names that are not the rule's id in words. */
const RULE_SHORT: Partial<Record<RuleSection, string>> = {
  dependant: 'newsletter',
  'fault-retention': 'fault: key retention',
};

/** The short name an event row shows beside its sentence: the rule's id in words ("post dies", "fault: restart"), unless named above. */
export function ruleShort(id: RuleSection): string {
  return RULE_SHORT[id] ?? id.replace(/^fault-/, 'fault: ').replace(/-/g, ' ');
}

// ——— Short trace titles ———

/** The chip words of every switch that differs from the main trace, in switch order. */
export function traceChips(s: Switches): string[] {
  return changedFromMain(s).map((id) => valueWords(id, s[id]).chip);
}

/** Longest short title a trace page shows (its full sentence is the subtitle). */
export const SHORT_TITLE_MAX = 60;

/**
 * A trace page's short title: "Run 423: fencing off, pins off", as many chips as
 * fit in SHORT_TITLE_MAX characters, then "and N more" for the rest; "Run 1: the
 * main trace" for the main one. `n` is the run's 1-based number.
 */
export function shortTraceTitle(s: Switches, n: number): string {
  const head = `Run ${n}: `;
  const chips = traceChips(s);
  if (chips.length === 0) return `${head}the main trace`;
  for (let k = chips.length; k > 0; k--) {
    const rest = chips.length - k;
    const text = head + chips.slice(0, k).join(', ') + (rest ? ` and ${rest} more` : '');
    if (text.length <= SHORT_TITLE_MAX) return text;
  }
  return `${head}${chips.length} switches changed`;
}
