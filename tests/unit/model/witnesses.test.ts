/**
 * "See it happen" on the rules page: ruleWitnesses walks one fixed order of (schedule, setting)
 * once per sweep and keeps the first place each rule fires. Checked against the definition
 * written out plainly here (each rule on its own, from the start of the order), asked in two
 * orders on two sweeps, so neither the order of the calls nor a walk left part-way changes an
 * answer.
 */
import { describe, expect, it } from 'vitest';
import {
  BASE_SCHEDULE,
  allSettings,
  isBaseSchedule,
  ruleWitnesses,
  simulate,
  type FaultSweep,
  type RuleId,
} from './helpers.ts';

// A sweep without counterexamples: the order is the grid under the base schedule, then the
// schedules with one fault moved (the fault rules all fire there).
const noCounterexamples = () => ({ variants: [] }) as unknown as FaultSweep;
const MOVED = [
  { ...BASE_SCHEDULE, silentAt: 'assemble' },
  { ...BASE_SCHEDULE, silentAt: 'effect' },
  { ...BASE_SCHEDULE, posterDies: 'before-send' },
  { ...BASE_SCHEDULE, posterDies: 'after-confirm' },
  { ...BASE_SCHEDULE, keyRetention: 1 },
  { ...BASE_SCHEDULE, restartAt: 6 },
  { ...BASE_SCHEDULE, restartAt: 6, epoch: 'volatile' },
] as const;

/** The definition: the first (schedule, setting) in order whose run logs an event of the rule. */
function firstFiring(rule: RuleId) {
  for (const schedule of [BASE_SCHEDULE, ...MOVED])
    for (const s of allSettings()) {
      const e = simulate(s, { schedule, noSnapshots: true }).events.find((x) => x.rule === rule);
      if (e) return { switches: s, schedule, tick: e.tick, base: isBaseSchedule(schedule) };
    }
  return null;
}

describe('ruleWitnesses', () => {
  const rules: RuleId[] = ['input', 'fault-silence', 'dependant'];
  it('gives each rule the first place it fires, whatever was asked before', () => {
    const expected = Object.fromEntries(rules.map((r) => [r, firstFiring(r)]));
    const a = noCounterexamples();
    const oneByOne = Object.fromEntries(rules.map((r) => [r, ruleWitnesses([r], a)[r]]));
    const b = noCounterexamples();
    const together = ruleWitnesses([...rules].reverse(), b);
    expect(oneByOne).toEqual(expected);
    expect(together).toEqual(expected);
    expect(expected['fault-silence']?.base).toBe(false);
  });
});
