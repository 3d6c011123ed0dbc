/**
 * The reference traces, as named settings: the runs the unit tests assert
 * event by event (tests/unit/model/reference.test.ts). Pages, the explorer's
 * presets and the tests all take them from here.
 */
import { MAIN, SWITCH_IDS, type Switches } from './switches.ts';

/** The reference traces' ids, in the order pages list them (their titles are in src/lib/vocabulary.ts). */
export const PRESET_IDS = [
  'main',
  'crashed',
  'second',
  'fencing-off',
  'fencing-off-never',
  'pins-off',
  'end-only',
  'any-accepted-after',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface Preset {
  id: PresetId;
  switches: Switches;
}

const CHANGES: Record<PresetId, Partial<Switches>> = {
  main: {},
  crashed: { silent: 'crashed' },
  second: { change: 'after-acceptance' },
  'fencing-off': { fencing: 'off' },
  'fencing-off-never': { fencing: 'off', change: 'never' },
  'pins-off': { pins: 'off' },
  'end-only': { checkpoints: 'end-only' },
  'any-accepted-after': { change: 'after-acceptance', rule: 'any-accepted' },
};

export const PRESETS: Preset[] = PRESET_IDS.map((id) => ({
  id,
  switches: { ...MAIN, ...CHANGES[id] },
}));

/** Two settings are the same run's when every switch agrees. */
export function sameSwitches(a: Switches, b: Switches): boolean {
  return SWITCH_IDS.every((id) => a[id] === b[id]);
}

export function preset(id: string): Preset {
  const found = PRESETS.find((x) => x.id === id);
  if (!found)
    throw new Error(`Unknown preset “${id}”; known: ${PRESETS.map((x) => x.id).join(', ')}`);
  return found;
}
