// Every run the site draws, in every way it draws them (the trace pages' whole run, a reading
// page's strips, the phone's drawing, the explorer's stage fitted to a narrower frame): no two
// labels overlap, no glyph, chip or bar crosses a label, every label stays inside the plot (or
// its chip, or the names column), and a strip never breaks between a silence's start and its end.
// The silences come from the run's per-tick records (an attempt's activity), not from the marks.
import { describe, expect, it } from 'vitest';
import {
  BASE_SCHEDULE,
  FAULT_SPACE,
  MAIN,
  PROTECTION_VARIANTS,
  runAll,
  simulate,
  type Run,
  type Schedule,
} from '../../../src/model/index.ts';
import { timelineMarks } from '../../../src/components/timeline/marks.ts';
import {
  layoutTimeline,
  markBoxes,
  overlaps,
  plotLabels,
  stripRanges,
  type Box,
  type LayoutOptions,
  type TimelineLayout,
} from '../../../src/components/timeline/layout.ts';
import { STRIP_TICKS } from '../../../src/components/timeline/strips.ts';
import { silencesBroken } from '../../cases/silences.ts';

const runs = runAll();
const fmt = (b: Box) => `[${b.x.toFixed(1)},${b.y.toFixed(1)} ${b.w.toFixed(1)}×${b.h.toFixed(1)}]`;

const same = (a: Box, b: Box) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/** Every defect in one layout, in words. */
function defects(l: TimelineLayout): string[] {
  const out: string[] = [];
  const labels = plotLabels(l);
  const marks = markBoxes(l);
  for (const [i, a] of labels.entries())
    for (const b of labels.slice(i + 1))
      if (overlaps(a.label.box, b.label.box))
        out.push(`“${a.label.text}” overlaps “${b.label.text}”`);
  for (const { label, host } of labels) {
    const b = label.box;
    if (b.x < 0 || b.x + b.w > l.width)
      out.push(`“${label.text}” leaves the plot ${fmt(b)} (width ${l.width})`);
    if (host && (b.x < host.x || b.x + b.w > host.x + host.w))
      out.push(`“${label.text}” ${fmt(b)} is wider than its box ${fmt(host)}`);
    for (const m of marks)
      if (!(host && same(m, host)) && overlaps(m, b))
        out.push(`a mark ${fmt(m)} crosses “${label.text}” ${fmt(b)}`);
  }
  for (const r of l.rows) {
    const names = [r.name, ...(r.sub ? [r.sub] : [])];
    for (const n of names)
      if (n.box.x < 0 || n.box.x + n.box.w > l.gutter - 2)
        out.push(`lane name “${n.text}” is cut by the names column (${l.gutter})`);
    if (r.sub && overlaps(r.name.box, r.sub.box))
      out.push(`“${r.name.text}” meets “${r.sub.text}”`);
  }
  return out;
}

/** The breaks b (between ticks b − 1 and b) between strips `ranges` that fall inside a silence. */
const stripsBreakSilence = (run: Run, ranges: [number, number][]) =>
  silencesBroken(
    run,
    ranges.slice(1).map(([from]) => from),
  );

describe('every run, every drawing', () => {
  it('covers the 864 runs', () => expect(runs).toHaveLength(864));
  const views: [string, (run: Run) => LayoutOptions[]][] = [
    ['reference', () => [{ variant: 'reference' }]],
    ['phone', () => [{ variant: 'phone' }]],
    [
      'strip',
      (run) =>
        stripRanges(timelineMarks(run), STRIP_TICKS).map((range) => ({ variant: 'strip', range })),
    ],
    // The explorer's stage fitted to its frame: 860 px at 1280, and a frame too narrow for any
    // run, where every column is at its narrowest.
    ['stage at 860 px', () => [{ variant: 'reference', availableWidth: 860 }]],
    ['stage at 400 px', () => [{ variant: 'reference', availableWidth: 400 }]],
  ];
  for (const [name, opts] of views) {
    it(`${name}: no label overlaps a label or is crossed by a mark, none is cut`, () => {
      const found: string[] = [];
      for (const run of runs)
        for (const o of opts(run))
          for (const d of defects(layoutTimeline(run, o)))
            found.push(`${run.slug} ${o.range ?? ''}: ${d}`);
      expect(found.slice(0, 30), `${found.length} defects`).toEqual([]);
    });
  }
  it('a strip never breaks between a silence’s start and its end', () => {
    const found: string[] = [];
    for (const run of runs)
      found.push(
        ...stripsBreakSilence(run, stripRanges(timelineMarks(run), STRIP_TICKS)).map(
          (d) => `${run.slug}: ${d}`,
        ),
      );
    expect(found).toEqual([]);
  });
});

// The counterexample pages draw runs under fault schedules (down bars, restarts, pauses that
// wake to act, forgotten keys). Each protection variant of the main setting, under every
// schedule that moves one dimension off the base, and under every pause with every wake.
describe('runs under fault schedules', () => {
  const schedules: Schedule[] = [];
  for (const [k, values] of Object.entries(FAULT_SPACE))
    for (const v of values) schedules.push({ ...BASE_SCHEDULE, [k]: v });
  for (const silentAt of FAULT_SPACE.silentAt)
    for (const wakeAfter of FAULT_SPACE.wakeAfter)
      schedules.push({ ...BASE_SCHEDULE, silentAt, wakeAfter });
  for (const restartAt of FAULT_SPACE.restartAt)
    for (const epoch of FAULT_SPACE.epoch) schedules.push({ ...BASE_SCHEDULE, restartAt, epoch });
  const faulted = PROTECTION_VARIANTS.flatMap((v) =>
    schedules.map((schedule) => simulate({ ...MAIN, ...v.change }, { schedule })),
  );
  it('no label overlaps or is crossed, none is cut; no strip breaks a silence', () => {
    const found: string[] = [];
    for (const run of faulted) {
      const marks = timelineMarks(run);
      const ranges = stripRanges(marks, STRIP_TICKS);
      const views: LayoutOptions[] = [
        { variant: 'reference' },
        { variant: 'phone' },
        ...ranges.map((range) => ({ variant: 'strip' as const, range })),
      ];
      for (const o of views)
        for (const d of defects(layoutTimeline(run, o)))
          found.push(`${run.slug} ${o.variant}: ${d}`);
      found.push(...stripsBreakSilence(run, ranges).map((d) => `${run.slug}: ${d}`));
    }
    expect(faulted.length).toBeGreaterThan(500);
    expect(found.slice(0, 30), `${found.length} defects`).toEqual([]);
  });
});
