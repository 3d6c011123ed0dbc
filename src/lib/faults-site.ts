/**
 * The fault pages' words: the schedule's dimensions and values in words,
 * the fault rules' sections, a schedule summarised. Pure, like vocabulary.ts;
 * the fault pages' URLs are in routes.ts with every other URL.
 */
import {
  BASE_SCHEDULE,
  SCHEDULE_IDS,
  changedFromBase,
  type Schedule,
  type ScheduleId,
} from '../model/schedule.ts';
import type { FaultLabel } from '../model/faults.ts';
import { ruleId } from './routes.ts';
import { formatTick } from './format.ts';

/** The rules of the schedule: sections of the rules page (/model/), in order (src/components/faults/FaultRules.astro). */
export const FAULT_RULES = [
  'schedule',
  'fault-silence',
  'fault-poster',
  'fault-retention',
  'fault-restart',
] as const;
export type FaultRule = (typeof FAULT_RULES)[number];

/** The anchor id of a fault rule's section on the rules page (/model/#rule-fault-silence). */
export function faultRuleId(rule: FaultRule): string {
  return ruleId(rule);
}

export const SCHEDULE_WORDS: Record<ScheduleId, { label: string; meaning: string }> = {
  silentAt: {
    label: 'Where #1 goes silent',
    meaning: 'At the start of which of its actions attempt #1 goes silent.',
  },
  wakeAfter: {
    label: 'How long it is silent',
    meaning: 'If paused: the number of ticks after which it wakes. If crashed it never wakes.',
  },
  posterDies: {
    label: 'Where the poster dies',
    meaning: 'If the poster dies: at which point of its post action.',
  },
  keyRetention: {
    label: 'Key retention at the feed',
    meaning: 'How many ticks the feed remembers a key; “run” is the whole run.',
  },
  restartAt: {
    label: 'Controller restart',
    meaning: 'The tick at which the controller is down, or none.',
  },
  epoch: {
    label: 'Owner epoch across the restart',
    meaning: 'Durable: it survives the restart. Volatile: it starts again below the first token.',
  },
};

const SILENT_WORDS: Record<Schedule['silentAt'], string> = {
  s1: 'as it starts s1',
  s2: 'as it starts s2',
  s3: 'as it starts s3',
  s4: 'as it starts s4',
  assemble: 'before assembling',
  effect: 'inside the effect (intent written, not sent)',
  never: 'never',
};
const POSTER_WORDS: Record<Schedule['posterDies'], string> = {
  'before-send': 'before sending',
  'after-apply': 'after the feed applied the post',
  'after-confirm': 'after writing the confirmation',
};

/** A schedule value in words ("after 2 ticks", "whole run"). */
export function scheduleValueText(id: ScheduleId, sch: Schedule): string {
  switch (id) {
    case 'silentAt':
      return SILENT_WORDS[sch.silentAt];
    case 'wakeAfter':
      return `after ${sch.wakeAfter} ${sch.wakeAfter === 1 ? 'tick' : 'ticks'}`;
    case 'posterDies':
      return POSTER_WORDS[sch.posterDies];
    case 'keyRetention':
      return sch.keyRetention === null
        ? 'the whole run'
        : `${sch.keyRetention} ${sch.keyRetention === 1 ? 'tick' : 'ticks'}`;
    case 'restartAt':
      return sch.restartAt === null ? 'none' : `down at ${formatTick(sch.restartAt)}`;
    case 'epoch':
      return sch.epoch;
  }
}

/** The dimensions that differ from the base, in words: "#1 goes silent before assembling; keys kept 1 tick". */
export function scheduleSummary(sch: Schedule): string {
  const changed = changedFromBase(sch);
  if (changed.length === 0) return 'the base schedule';
  return changed
    .map((id) => `${SCHEDULE_WORDS[id].label.toLowerCase()}: ${scheduleValueText(id, sch)}`)
    .join('; ');
}

type Struck<P extends string> = Extract<FaultLabel, `${P}:${string}`>;
const isSilence = (f: FaultLabel): f is Struck<'silence'> => f.startsWith('silence:');
const isPosterDeath = (f: FaultLabel): f is Struck<'poster'> => f.startsWith('poster:');

const FAULT_LABEL_WORDS: Record<Exclude<FaultLabel, Struck<'silence' | 'poster'>>, string> = {
  'key-expired': 'a key expires at the feed',
  'restart:durable': 'controller restart (durable epoch)',
  'restart:volatile': 'controller restart (volatile epoch)',
};

/** A fault that struck, in words. */
export function faultLabelText(f: FaultLabel): string {
  if (isSilence(f)) return `#1 silent ${SILENT_WORDS[f.slice(8) as Schedule['silentAt']]}`;
  if (isPosterDeath(f)) return `poster dies ${POSTER_WORDS[f.slice(7) as Schedule['posterDies']]}`;
  return FAULT_LABEL_WORDS[f];
}

export { BASE_SCHEDULE, SCHEDULE_IDS };
