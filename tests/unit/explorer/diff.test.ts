// Compare: ticks whose events differ between two runs.
import { describe, expect, it } from 'vitest';
import { compareRows, differingTicks } from '../../../src/components/explorer/diff.ts';
import { MAIN, preset, simulate } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const main = simulate(MAIN);

describe('compareRows', () => {
  it('finds nothing different between a run and itself', () => {
    expect(differingTicks(main, main)).toEqual([]);
    expect(compareRows(main, main).every((r) => r.left.every((e) => e.shared))).toBe(true);
  });

  it('aligns by tick over the union of both runs’ ticks', () => {
    const second = simulate(preset('second').switches);
    const rows = compareRows(main, second);
    const ticks = [...new Set([...main.events, ...second.events].map((e) => e.tick))].sort(
      (a, b) => a - b,
    );
    expect(rows.map((r) => r.tick)).toEqual(ticks);
  });

  it('crashed differs from main only where #1 would have woken', () => {
    const crashed = simulate(preset('crashed').switches);
    const d = differingTicks(main, crashed);
    expect(d.length).toBeGreaterThan(0);
    const wake = main.writes.find((w) => w.outcome === 'rejected')!.tick;
    expect(d).toContain(wake);
    for (const t of d) {
      const row = compareRows(main, crashed).find((r) => r.tick === t)!;
      expect(row.left.some((e) => !e.shared) || row.right.some((e) => !e.shared)).toBe(true);
    }
  });

  it('marks a tick that differs only in event order', () => {
    const e = at(main.events, 0, 'events');
    const a = { ...main, events: [e, { ...e, actor: 'x' }] };
    const b = { ...main, events: [{ ...e, actor: 'x' }, e] };
    expect(differingTicks(a, b)).toEqual([e.tick]);
  });
});
