// The guided route: fourteen scenes whose ticks exist, whose panels are real,
// and whose captions are built from the model (no undefined, no NaN).
import { describe, expect, it } from 'vitest';
import { FOCUS_LABEL, SCENES, sceneSwitches } from '../../../src/components/explorer/scenes.ts';
import { journalRows, outcomeRows, summarise } from '../../../src/components/explorer/format.ts';
import { MAIN, PRESETS, simulate } from '../../../src/model/index.ts';

describe('SCENES', () => {
  it('has the fourteen scenes of the narration', () => expect(SCENES).toHaveLength(14));

  it.each(SCENES.map((s, i) => [i + 1, s] as const))('scene %i is well-formed', (_n, s) => {
    const run = simulate(sceneSwitches(s));
    const t = s.tick(run);
    expect(Number.isInteger(t)).toBe(true);
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t).toBeLessThanOrEqual(run.lastTick);
    const c = s.caption(run);
    expect(c).not.toMatch(/undefined|NaN|null|\[object/);
    expect(c.length).toBeGreaterThan(80);
    for (const f of s.focus) expect(FOCUS_LABEL[f]).toBeTruthy();
  });

  it('quotes numbers that match the run (scene 8: the fenced write)', () => {
    const s = SCENES.find((x) => x.id === 'fencing')!;
    const run = simulate(sceneSwitches(s));
    const w = run.writes.find((x) => x.outcome === 'rejected')!;
    expect(s.caption(run)).toContain(`token ${w.token}`);
    expect(s.caption(run)).toContain(`${w.epoch}`);
    expect(s.tick(run)).toBe(w.tick);
  });
});

describe('format', () => {
  it('journal rows at t6 of the main trace: s1 restored by #2, #1’s s2 redone by #2', () => {
    const run = simulate(MAIN);
    const rows = journalRows(run, 6);
    const s1 = rows.find((r) => r.step === 's1' && r.writer === 1)!;
    const s2 = rows.find((r) => r.step === 's2' && r.writer === 1)!;
    expect(s1.restoredBy).toEqual([2]);
    expect(s2.restoredBy).toEqual([]);
    expect(s2.redoneBy).toEqual([2]);
    expect(rows.every((r) => r.tick <= 6)).toBe(true);
  });

  it('says "none (pins off)" for a journal entry without an input hash', () => {
    const run = simulate(PRESETS.find((p) => p.id === 'pins-off')!.switches);
    expect(journalRows(run, run.lastTick).every((r) => r.input === 'none (pins off)')).toBe(true);
  });

  it('outcome rows carry the run’s figures', () => {
    const run = simulate(MAIN);
    const rows = Object.fromEntries(outcomeRows(run).map((r) => [r.id, r.value]));
    expect(rows.calls?.startsWith(`${run.calls} `)).toBe(true);
    expect(rows.posts).toBe(`${run.posts}`);
    expect(rows.finished).toBe('yes');
    expect(summarise(MAIN, run)).toContain('No invariant broken');
  });
});
