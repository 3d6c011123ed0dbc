/**
 * The reference traces, as named settings: the runs the unit tests assert
 * event by event (tests/unit/model/reference.test.ts). Pages, the explorer's
 * presets and the tests all take them from here.
 */
import { MAIN, SWITCH_IDS, type Switches } from './switches.ts';

export interface Preset {
  id: string;
  title: string;
  switches: Switches;
}

const p = (id: string, title: string, change: Partial<Switches>): Preset => ({
  id,
  title,
  switches: { ...MAIN, ...change },
});

export const PRESETS: Preset[] = [
  p('main', 'Main trace: every protection on', {}),
  p('crashed', 'The silent worker crashed', { silent: 'crashed' }),
  p('second', 'Second trace: corrected after acceptance', { change: 'after-acceptance' }),
  p('fencing-off', 'Fencing off', { fencing: 'off' }),
  p('fencing-off-never', 'Fencing off, report never changes', { fencing: 'off', change: 'never' }),
  p('pins-off', 'Version pins off', { pins: 'off' }),
  p('end-only', 'Checkpoints only at the end', { checkpoints: 'end-only' }),
  p('any-accepted-after', 'Any accepted digest, corrected after acceptance', {
    change: 'after-acceptance',
    rule: 'any-accepted',
  }),
];

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
