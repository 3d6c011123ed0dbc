// The layout function on a run worked out by hand. The marks are written here, not computed by
// the model, and every expected position follows from the rules in the header of
// src/components/timeline/layout.ts (AXIS 24, lanes 4 apart, COL 54, PITCH 19, a labelled glyph
// 10 into its column and its label 10 past it). Label widths enter only where they decide a side;
// those are worked out from DejaVu Sans' advance widths at 12 px (text.test.ts checks the table).
import { describe, expect, it } from 'vitest';
import type { Point, Row, Span, TimelineMarks } from '../../../src/components/timeline/marks.ts';
import { layoutTimeline, stripRanges } from '../../../src/components/timeline/layout.ts';
import { at } from '../../../src/model/lookup.ts';

const span = (kind: string, from: number, to: number, label?: string): Span => ({
  kind,
  from,
  to,
  tone: 'neutral',
  title: kind,
  ...(label ? { label } : {}),
});
const point = (kind: string, tick: number, label?: string, claim?: string): Point => ({
  kind,
  tick,
  tone: 'neutral',
  title: kind,
  ...(label ? { label } : {}),
  ...(claim ? { claim } : {}),
});
const rows: Row[] = [
  { id: 'report', label: 'report', spans: [span('version', 0, 6, 'v1')], points: [] },
  {
    id: 'attempt-1-seen',
    group: 'attempt-1',
    flat: true,
    label: '#1 build v1',
    sub: 'seen',
    spans: [span('running', 0, 3)],
    points: [point('fenced', 3, 'fenced')],
  },
  {
    id: 'attempt-1-really',
    group: 'attempt-1',
    flat: true,
    label: 'token 41',
    sub: 'really',
    spans: [span('working', 0.5, 1.5), span('asleep', 1.5, 3.5, 'asleep')],
    points: [point('wakes', 3, 'wakes')],
  },
  {
    id: 'journal',
    label: 'journal',
    sub: 'writes',
    spans: [],
    points: [
      point('write', 1, '#1 s1'),
      point('write', 3, '#1 s2', '41 < 42: fenced'),
      point('restore', 3, '↺s1'),
    ],
  },
  {
    id: 'newsletter',
    label: 'newsletter',
    sub: 'quoting',
    spans: [],
    points: [point('newsletter', 5, 'fccbf744 · 4.7 million')],
  },
];
const marks: TimelineMarks = { lastTick: 5, rows };

describe('the layout of a run worked by hand (six ticks, four lanes)', () => {
  const l = layoutTimeline(marks);
  const row = (id: string) => l.rows.find((r) => r.row.id === id)!;

  it('six columns of 54 and the right margin of 10; names 166 wide', () => {
    expect([l.n, l.col, l.width, l.gutter]).toEqual([6, 54, 334, 166]);
    expect(l.axis.map((a) => a.cx)).toEqual([27, 81, 135, 189, 243, 297]);
  });

  it('lanes stack from the axis, 4 apart, an attempt’s two tracks touching', () => {
    // report 24 + 26; seen 54 + 24; really 78 + 30 (the asleep label sits above its line);
    // journal 112 + 44 (two lines); newsletter 160 + 36 (a second name line of its own).
    expect(l.rows.map((r) => [r.row.id, r.top, r.height])).toEqual([
      ['report', 24, 26],
      ['attempt-1-seen', 54, 24],
      ['attempt-1-really', 78, 30],
      ['journal', 112, 44],
      ['newsletter', 160, 36],
    ]);
    expect(l.height).toBe(200);
  });

  it('the report’s bar spans the run with its words 10 in', () => {
    const bar = at(row('report').spans, 0, 'report spans');
    expect([bar.x, bar.w, bar.mid, bar.barHeight]).toEqual([0, 324, 36.5, 17]);
    expect([bar.label!.x, bar.label!.y]).toEqual([10, 40.8]);
  });

  it('a track’s glyph 10 into its column, its label 10 past it on the right', () => {
    const fenced = at(row('attempt-1-seen').points, 0, 'seen marks');
    expect([fenced.gx, fenced.gy]).toEqual([172, 66]);
    expect([fenced.label!.x, fenced.label!.y, fenced.label!.anchor]).toEqual([182, 70.3, 'start']);
    const really = row('attempt-1-really');
    // Lifted to y 20 by the asleep line's label, which is centred over the line, 11 above it.
    const asleep = at(really.spans, 1, 'really spans');
    expect([asleep.x, asleep.w, asleep.mid]).toEqual([81, 108, 98]);
    expect([asleep.label!.x, asleep.label!.y, asleep.label!.anchor]).toEqual([135, 87, 'middle']);
    // The asleep line ends 7 px under "wakes": it passes behind the halo, the label stays beside.
    const wakes = at(really.points, 0, 'really marks');
    expect([wakes.gx, wakes.gy, wakes.label!.x, wakes.label!.y]).toEqual([172, 98, 182, 102.3]);
  });

  it('a stacking row: chips 2 in from their columns, a second mark at a tick on the next line', () => {
    const journal = row('journal').points;
    const [s1, s2, restore] = [
      at(journal, 0, 'journal marks'),
      at(journal, 1, 'journal marks'),
      at(journal, 2, 'journal marks'),
    ];
    expect(s1.chip).toEqual({ x: 56, y: 116, w: 50, h: 17 });
    expect(s2.chip).toEqual({ x: 164, y: 116, w: 50, h: 17 });
    expect(restore.chip).toEqual({ x: 164, y: 135, w: 50, h: 17 });
    // A claim is bold: "41 < 42: fenced" is 106.5 px wide at 12 px bold, so from 220 it ends at
    // 326.5, inside the plot (332). ("41 < 42: rejected", 116.7 px bold, would not fit.)
    expect([s2.claim!.x, s2.claim!.y, s2.claim!.anchor, s2.claim!.claim]).toEqual([
      220,
      128.8,
      'start',
      true,
    ]);
    expect(s2.claim!.box.w, 'measured bold, as it is drawn').toBeCloseTo(106.53, 1);
  });

  it('a label too long for the right ends 10 before its glyph', () => {
    // "fccbf744 · 4.7 million" is wider than the 42 px left of 332 after 290; it ends at 270.
    const n = at(row('newsletter').points, 0, 'newsletter marks');
    expect([n.gx, n.gy, n.label!.x, n.label!.y, n.label!.anchor]).toEqual([
      280,
      172.5,
      270,
      176.8,
      'end',
    ]);
  });

  it('lane names at 4, a track’s second name line right-aligned 6 from the column’s edge', () => {
    expect([row('report').name.x, row('report').name.y]).toEqual([4, 41]);
    const seen = row('attempt-1-seen').sub!;
    expect([seen.x, seen.y, seen.anchor]).toEqual([160, 70.5, 'end']);
    const writes = row('journal').sub!;
    expect([writes.x, writes.y]).toEqual([4, 143.5]);
  });
});

describe('where a run is wrapped into strips', () => {
  it('at a break no silence crosses: #1 silent t1–t3 keeps t1..t3 in one strip', () => {
    // Six ticks, three to a strip: two strips would break at t2|t3, inside the silence (its
    // asleep line runs from 1.5 to 3.5); three strips must keep t1, t2 and t3 together.
    expect(stripRanges(marks, 3)).toEqual([
      [0, 0],
      [1, 3],
      [4, 5],
    ]);
  });
  it('with no silence, as few and as even strips as fit', () => {
    const awake: TimelineMarks = {
      lastTick: 5,
      rows: rows.map((r) => ({ ...r, spans: r.spans.filter((s) => s.kind !== 'asleep') })),
    };
    expect(stripRanges(awake, 3)).toEqual([
      [0, 2],
      [3, 5],
    ]);
  });
  it('a strip that a silence outgrows grows to hold it', () => {
    expect(stripRanges(marks, 2)).toEqual([
      [0, 0],
      [1, 3],
      [4, 5],
    ]);
  });
});

describe('fitted to a frame', () => {
  it('columns narrow to fit, down to the widest chip label + 8', () => {
    // 6 ticks in 166 + 6 × col + 10 ≤ 460: col 47 (floor of 284 / 6).
    expect(layoutTimeline(marks, { availableWidth: 460 }).col).toBe(47);
    // “#1 s1” is 35.39 px at 12 px: no column narrower than 44 (ceil of 43.39), however small the frame.
    expect(layoutTimeline(marks, { availableWidth: 300 }).col).toBe(44);
  });
  it('a run drawn alongside with a wider chip widens both', () => {
    const dup: TimelineMarks = {
      lastTick: 5,
      rows: [{ id: 'feed', label: 'feed', spans: [], points: [point('post', 2, 'P2 dup')] }],
    };
    // “P2 dup” is 41.53 px: ceil(49.53) = 50.
    expect(layoutTimeline(marks, { availableWidth: 300, alongside: [dup] }).col).toBe(50);
    expect(layoutTimeline(dup, { availableWidth: 300, alongside: [marks] }).col).toBe(50);
  });
  it('a duplicate post’s chip keeps its label 2 px inside its inner edge too', () => {
    const p = { ...point('post', 2, 'P2 dup'), data: { duplicate: true } };
    const dup: TimelineMarks = {
      lastTick: 5,
      rows: [{ id: 'feed', label: 'feed', spans: [], points: [p] }],
    };
    // The inner edge is 2 in from the chip, the chip 2 in from its column: 41.53 + 2 × 6 → 54.
    expect(layoutTimeline(dup, { availableWidth: 300 }).col).toBe(54);
  });
});
