// What the pages may say about checkpoint frequency. The article and the
// companion claim that, with the four protections on, saving after every step
// or only at the end changes what recovery costs and never which invariants
// break, and that without them it can. The pairs here are built from the
// model's runs directly (settings equal except `checkpoints`); the figures the
// prose prints (agg.checkpoints.*) must agree with them.
import { describe, expect, it } from 'vitest';
import {
  PROTECTIONS,
  brokenInvariants,
  runAll,
  simulate,
  SWITCH_IDS,
  type Switches,
} from '../../../src/model/index.ts';
import { checkpointPairs, resolve } from '../../../src/lib/figures.ts';
import { at } from '../../../src/model/lookup.ts';

const runs = runAll();
const key = (s: Switches) =>
  SWITCH_IDS.filter((id) => id !== 'checkpoints')
    .map((id) => s[id])
    .join('|');
const protectedSetting = (s: Switches) =>
  (Object.keys(PROTECTIONS) as (keyof typeof PROTECTIONS)[]).every((k) => s[k] === PROTECTIONS[k]);

/** Pairs recomputed here with simulate(), not taken from the sweep's cache. */
const pairs = runs
  .filter((r) => r.switches.checkpoints === 'per-step')
  .map((r) => {
    const endOnly = simulate({ ...r.switches, checkpoints: 'end-only' });
    return {
      s: r.switches,
      a: brokenInvariants(simulate(r.switches)),
      b: brokenInvariants(endOnly),
      fa: r.finished,
      fb: endOnly.finished,
    };
  });
const differ = pairs.filter((p) => p.a.join() !== p.b.join());

describe('checkpoint frequency and correctness', () => {
  it('with all four protections on, per-step and end-only runs break the same invariants (none)', () => {
    const on = pairs.filter((p) => protectedSetting(p.s));
    expect(on.length).toBeGreaterThan(0);
    for (const p of on) {
      expect(p.b, key(p.s)).toEqual(p.a);
      expect(p.a, key(p.s)).toEqual([]);
      expect(p.fb, key(p.s)).toBe(p.fa);
    }
  });

  it('over the whole grid they do not: some pairs break different invariants', () => {
    expect(differ.length).toBeGreaterThan(0);
  });

  it('every differing pair has the report corrected during the outage, and end-only breaks a subset of what per-step breaks', () => {
    for (const p of differ) {
      expect(p.s.change, key(p.s)).toBe('outage');
      expect(
        p.b.every((id) => p.a.includes(id)),
        key(p.s),
      ).toBe(true);
    }
  });

  it('with version pins off, per-step restores #1’s old s2 by name where end-only has nothing to restore', () => {
    const s: Switches = {
      ...at(runs, 0, 'runs').switches,
      ...PROTECTIONS,
      pins: 'off',
      change: 'outage',
      checkpoints: 'per-step',
    };
    const perStep = simulate(s);
    const endOnly = simulate({ ...s, checkpoints: 'end-only' });
    expect(perStep.restores.some((r) => r.step === 's2' && r.from === 1)).toBe(true);
    expect(endOnly.restores.some((r) => r.step === 's2' && r.from === 1)).toBe(false);
    expect(perStep.invariants.supersededAccepted).toBe(true);
    expect(endOnly.invariants.supersededAccepted).toBe(false);
  });

  it('the figures the prose prints agree', () => {
    expect(checkpointPairs(runs).length).toBe(pairs.length);
    expect(resolve('agg.checkpoints.pairs')).toBe(pairs.length);
    expect(resolve('agg.checkpoints.differ')).toBe(differ.length);
    expect(resolve('agg.checkpoints.differFinished')).toBe(
      pairs.filter((p) => p.fa !== p.fb).length,
    );
    expect(resolve('agg.checkpoints.onPairs')).toBe(
      pairs.filter((p) => protectedSetting(p.s)).length,
    );
    expect(resolve('agg.checkpoints.onDiffer')).toBe(0);
  });
});
