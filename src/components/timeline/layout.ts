/**
 * Where every mark of a run's timeline goes: the marks of marks.ts in, positioned boxes out.
 * Pure and DOM-free; Timeline.tsx draws what this returns and decides nothing about position.
 * Every label is measured (text.ts) and placed so that no two labels overlap and no glyph,
 * chip or bar crosses a label; tests/unit/timeline/layout.test.ts checks that over every run.
 *
 * The rules (in px, y down, x from the plot's left edge; tick t's column is [t·col, (t+1)·col)):
 * - The axis is AXIS (24) high; tick labels are centred in their columns at y 15.
 * - Lanes stack down from AXIS; a lane (a row, or a group of rows: an attempt's two tracks, the
 *   controller's two) is separated from the next by 4.
 * - A track (a flat row) draws its marks on one line, at y 12 from its top, or 20 when something
 *   sits above the line (the asleep line's word, centred 11 above it; the epoch numbers, 5 above)
 *   or a label goes under it.
 *   Its height is 24, 30 with something above, 16 more when a label goes under, and 15 more
 *   when a second label has to go under, on a second line.
 * - A stacking row puts each mark on the first line (PITCH 19 apart, the first centred at 3 + 19/2)
 *   where the mark and its label clear what that line already holds; its height is its lines × 19
 *   + 6, at least 26 (36 when it has a second name line of its own).
 * - A chip is the tick's column less 2 on each side, 17 high, its label centred inside.
 * - A labelled glyph sits 10 from its column's left edge; its label goes 10 past the glyph on
 *   the right, else ends 10 before it on the left, else (on a track) under it, 20 below the line
 *   (35 when 20 is taken), starting 8 left of the glyph or ending 8 right of it,
 *   else its first words (before " · ") in the same order. The first place that stays inside the
 *   plot and clears every label and mark already placed wins.
 * - An unlabelled glyph sits at its column's centre.
 */
import type { Run } from '../../model/browser.ts';
import { timelineMarks, type Point, type Row, type Span, type TimelineMarks } from './marks.ts';
import { ASCENT, DESCENT, textWidth, type Weight } from './text.ts';
import { at } from '../../model/lookup.ts';

/**
 * How a figure is drawn:
 *   reference  the whole run, lane names with their second line (trace pages, the explorer's stage)
 *   strip      ticks [from, to] of the run, as reference: a reading page wraps a run into strips
 *   phone      the whole run with a narrow name column and no second name lines (scrolls on a phone)
 */
export type Variant = 'reference' | 'strip' | 'phone';

export interface LayoutOptions {
  variant?: Variant | undefined;
  /** strip: the ticks drawn. */
  range?: [number, number] | undefined;
  /** reference: lay out at least this many ticks (two runs compared on one time axis). */
  ticks?: number | undefined;
  /**
   * The px the whole figure (names and plot) may take: columns narrow to fit, down to the
   * narrowest that still holds every chip's label. Omitted: columns of COL.
   */
  availableWidth?: number | undefined;
  /**
   * Other runs drawn on the same time axis (compare, with the same `ticks` and `availableWidth`):
   * their chips count too when the columns narrow, so both drawings get the same column.
   */
  alongside?: (Run | TimelineMarks)[] | undefined;
}

export const AXIS = 24;
export const PITCH = 19;
/** A tick's column: wide enough for a chip holding six characters at 12 px ("P2 dup"). */
export const COL = 54;
export const FONT = 12;
const NAME_FONT = 13;
const RIGHT = 10;
const GUTTER: Record<Variant, number> = { reference: 166, strip: 166, phone: 92 };

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Label {
  text: string;
  x: number;
  /** The baseline. */
  y: number;
  anchor: 'start' | 'middle' | 'end';
  box: Box;
  /** A claim (class fig-claim): a breach's name, or the comparison that decides the run. */
  claim: boolean;
}

export interface PlacedSpan {
  span: Span;
  x: number;
  w: number;
  mid: number;
  shape: 'line' | 'epoch' | 'bar';
  /** epoch: the first step draws no riser; a step up rises from below, a step back falls from above. */
  riser: 'none' | 'up' | 'down';
  barHeight: number;
  label?: Label | undefined;
}

export interface PlacedPoint {
  point: Point;
  gx: number;
  gy: number;
  /** A chip's rectangle (write, restore, post…); glyph marks have none. */
  chip?: Box | undefined;
  /** The ink of the glyph or chip. */
  mark: Box;
  label?: Label | undefined;
  /** The decisive comparison beside a chip ("41 < 42: rejected"). */
  claim?: Label | undefined;
}

export interface PlacedRow {
  row: Row;
  top: number;
  height: number;
  /** The y of the row's line (a track) or first line (a stacking row). */
  mid: number;
  /** The first row of its lane (a separator above it, its name in bold). */
  first: boolean;
  spans: PlacedSpan[];
  points: PlacedPoint[];
  name: Label;
  sub?: Label;
}

export interface TimelineLayout {
  variant: Variant;
  from: number;
  /** The last tick drawn on the axis. */
  last: number;
  /** The run's last tick. */
  lastTick: number;
  /** Columns laid out (at least the ticks drawn). */
  n: number;
  col: number;
  gutter: number;
  /** The plot's width (the names column apart). */
  width: number;
  height: number;
  rows: PlacedRow[];
  /** The report-change line (empty when the report does not change in the ticks drawn). */
  changeLine: string;
  axis: { tick: number; x: number; cx: number }[];
}

const CHIPS = new Set(['write', 'restore', 'post', 'remembered', 'rejected', 'expired']);
const isChip = (p: Point) => CHIPS.has(p.kind);
const hasLabel = (p: Point) => !!p.label && p.kind !== 'call';
const LINES = new Set(['working', 'asleep', 'awaiting', 'admitted']);

/** A label's box: measured width, the font's ink height around the baseline. */
function label(
  text: string,
  x: number,
  y: number,
  anchor: Label['anchor'],
  claim = false,
  px = FONT,
  weight: Weight = 'regular',
): Label {
  // A claim is drawn bold (timeline.css .fig-claim): measured as drawn, or its end overran the plot.
  const w = textWidth(text, px, claim ? 'bold' : weight);
  const x0 = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return {
    text,
    x,
    y,
    anchor,
    claim,
    box: { x: x0, y: y - ASCENT * px, w, h: (ASCENT + DESCENT) * px },
  };
}

export const overlaps = (a: Box, b: Box, gap = 0) =>
  a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap;

const shift = (b: Box, dy: number): Box => ({ ...b, y: b.y + dy });
const shiftLabel = (l: Label | undefined, dy: number) =>
  l ? { ...l, y: l.y + dy, box: shift(l.box, dy) } : undefined;

/** A row with only the marks inside ticks [from, to]: spans cut to it, points outside left out. */
function crop(row: Row, from: number, to: number): Row {
  return {
    ...row,
    spans: row.spans
      .filter((sp) => sp.to > from && sp.from < to + 1)
      .map((sp) => ({ ...sp, from: Math.max(sp.from, from), to: Math.min(sp.to, to + 1) })),
    points: row.points.filter((p) => p.tick >= from && p.tick <= to),
  };
}

/** Everything a row's layout needs to know about the plot. */
interface Plot {
  from: number;
  col: number;
  width: number;
  /** The widest right edge a label that fits nowhere inside needed (the plot grows to it). */
  need: number;
  versionChangedAt: number | null;
  x(t: number): number;
}

/** A span in a row's own coordinates (y from the row's top), with its words when they fit. */
function placeSpan(s: Span, p: Plot, mid: number): PlacedSpan {
  const x1 = p.x(s.from);
  const w = Math.max(1, p.x(s.to) - x1);
  if (LINES.has(s.kind)) {
    const words = s.kind === 'asleep' && s.label && textWidth(s.label) <= w ? s.label : undefined;
    return {
      span: s,
      x: x1,
      w,
      mid,
      shape: 'line',
      riser: 'none',
      barHeight: 0,
      label: words ? label(words, x1 + w / 2, mid - 11, 'middle') : undefined,
    };
  }
  if (s.kind === 'epoch' || s.kind === 'epoch-back') {
    const first = s.label?.startsWith('epoch') || s.from === p.from;
    const long = s.from === p.from && !s.label?.startsWith('epoch') ? `epoch ${s.label}` : s.label;
    const words = long && textWidth(long) + 6 <= w ? long : s.label?.replace(/^epoch /, '');
    return {
      span: s,
      x: x1,
      w,
      mid,
      shape: 'epoch',
      riser: first ? 'none' : s.kind === 'epoch-back' ? 'down' : 'up',
      barHeight: 0,
      label: words ? label(words, x1 + 4, mid - 5, 'start') : undefined,
    };
  }
  const bh = s.kind === 'running' ? 8 : 17;
  // A label inside its bar when it fits; else its first words (a strip cuts a long span); else none.
  // Clear of the report-change glyph, which sits at the start of the new version's bar.
  const inset =
    s.kind !== 'version' ? 4 : s.from === p.from && s.from === p.versionChangedAt ? 18 : 10;
  const fit =
    bh < 17 || !s.label
      ? undefined
      : [s.label, firstPart(s.label)].find((l) => textWidth(l) + inset + 4 <= w);
  return {
    span: s,
    x: x1,
    w,
    mid,
    shape: 'bar',
    riser: 'none',
    barHeight: bh,
    label: fit ? label(fit, x1 + inset, mid + 4.3, 'start') : undefined,
  };
}

/** A label's part before its first " · " (the whole label when it has none). */
const firstPart = (label: string): string => label.split(' · ')[0] ?? label;

/** The ink of a glyph mark at (gx, gy). */
/** A glyph's x: a change at its tick's edge; a labelled glyph (or a claim) 10 into its column; any other at the column's centre. */
function glyphX(p: Point, plot: Plot): number {
  if (p.kind === 'change') return Math.max(plot.x(p.tick), 8);
  return hasLabel(p) || p.kind === 'claim' ? plot.x(p.tick) + 10 : plot.x(p.tick) + plot.col / 2;
}

function glyphBox(p: Point, gx: number, gy: number): Box {
  const r = p.kind === 'call' ? 2.5 : p.kind === 'breach' ? 8 : 7;
  if (p.kind === 'claim') return { x: gx - 6, y: gy - 7, w: 2, h: 14 };
  return { x: gx - r, y: gy - r, w: 2 * r, h: 2 * r };
}

/** The places a glyph's label may take, in order of preference. */
function labelSpots(p: Point, gx: number, gy: number, flat: boolean): Label[] {
  const claim = p.kind === 'breach' || p.kind === 'claim';
  const lx = gx + (p.kind === 'claim' ? -1 : 0);
  const texts = [...new Set([p.label!, firstPart(p.label!)])];
  const out: Label[] = [];
  for (const t of texts) {
    const beside = [
      label(t, lx + 10, gy + 4.3, 'start', claim),
      label(t, lx - 10, gy + 4.3, 'end', claim),
    ];
    // Under the line: 20 below it, and a second line 15 further down when the first is taken.
    const under = flat
      ? [20, 35].flatMap((dy) => [
          label(t, gx - 8, gy + dy, 'start', claim),
          label(t, gx + 8, gy + dy, 'end', claim),
        ])
      : [];
    // A pause's label goes under the line: the asleep line and its own label follow it.
    out.push(...(p.kind === 'silent' ? [...under, ...beside] : [...beside, ...under]));
  }
  return out;
}

const inside = (b: Box, width: number) => b.x >= 0 && b.x + b.w <= width - 2;

/** A chip's rectangle and its claim's places (beside the chip, right then left). */
function chipOf(p: Point, plot: Plot, gy: number): { chip: Box; claims: Label[] } {
  const chip = { x: plot.x(p.tick) + 2, y: gy - 8.5, w: plot.col - 4, h: 17 };
  const claims = p.claim
    ? [
        label(p.claim, chip.x + chip.w + 6, gy + 4.3, 'start', true),
        label(p.claim, chip.x - 6, gy + 4.3, 'end', true),
      ]
    : [];
  return { chip, claims };
}

/** A track: one line of marks; labels beside their glyphs, or under the line. */
function layoutTrack(row: Row, plot: Plot): Omit<PlacedRow, 'top' | 'first' | 'name' | 'sub'> {
  const lift = row.spans.some((sp) => sp.kind === 'asleep' || sp.kind.startsWith('epoch'));
  // Laid out on a line at y 0, moved down once we know whether a label went under it.
  const spans = row.spans.map((s) => placeSpan(s, plot, 0));
  const taken: Box[] = [];
  for (const s of spans) {
    if (s.label) taken.push(s.label.box);
    if (s.shape === 'bar') taken.push({ x: s.x, y: -s.barHeight / 2, w: s.w, h: s.barHeight });
  }
  const placed: PlacedPoint[] = row.points.map((p) => {
    const gx = glyphX(p, plot);
    const mark = glyphBox(p, gx, 0);
    return { point: p, gx, gy: 0, mark };
  });
  taken.push(...placed.map((q) => q.mark));
  // A line of the track would show between the label's words ("wakes, assembles"); one that ends
  // (or starts) under the label's first or last 8 px passes behind its halo.
  const lines = spans
    .filter((s) => s.shape !== 'bar')
    .map((s) => ({ x: s.x, y: -2, w: s.w, h: 4 }));
  const onLine = (b: Box) =>
    lines.some((l) => overlaps(l, b) && Math.min(l.x + l.w, b.x + b.w) - Math.max(l.x, b.x) > 8);
  const order = placed
    .map((q, i) => ({ q, i }))
    .sort((a, b) => a.q.point.tick - b.q.point.tick || a.i - b.i);
  for (const { q } of order) {
    if (!hasLabel(q.point)) continue;
    const spots = labelSpots(q.point, q.gx, 0, true);
    const own = q.mark;
    const free = (l: Label) =>
      inside(l.box, plot.width) &&
      !taken.some((b) => b !== own && overlaps(b, l.box, 1)) &&
      !onLine(l.box);
    // Nowhere inside: on the right, and the plot grows to hold it.
    q.label =
      spots.find(free) ??
      spots.find((l) => l.anchor === 'start' && free({ ...l, box: { ...l.box, w: 0 } })) ??
      at(spots, 0, 'label spots');
    plot.need = Math.max(plot.need, q.label.box.x + q.label.box.w + 2);
    taken.push(q.label.box);
  }
  const deepest = Math.max(0, ...placed.map((q) => q.label?.y ?? 0));
  const under = deepest > 10;
  const mid = lift || under ? 20 : 12;
  const height = (lift ? 30 : 24) + (under ? 16 : 0) + (deepest > 30 ? 15 : 0);
  return {
    row,
    height,
    mid,
    spans: spans.map((s) => ({ ...s, mid, label: shiftLabel(s.label, mid) })),
    points: placed.map((q) => ({
      ...q,
      gy: mid,
      mark: shift(q.mark, mid),
      label: shiftLabel(q.label, mid),
    })),
  };
}

/** A stacking row: each mark on the first line where it and its label clear what is there. */
function layoutStack(
  row: Row,
  plot: Plot,
  subs: boolean,
): Omit<PlacedRow, 'top' | 'first' | 'name' | 'sub'> {
  const lineY = (k: number) => 3 + k * PITCH + PITCH / 2;
  const mid = lineY(0);
  const spans = row.spans.map((s) => placeSpan(s, plot, mid));
  const taken: Box[] = [];
  const bars: Box[] = [];
  for (const s of spans) {
    if (s.label) taken.push(s.label.box);
    if (s.shape === 'bar') bars.push(barBox(s));
  }
  const order = row.points
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.tick - b.p.tick || a.i - b.i);
  const placed: PlacedPoint[] = [];
  for (const { p, i } of order) {
    for (let k = 0; ; k++) {
      const gy = lineY(k);
      // The report-change glyph marks where a version's bar begins: it alone may sit on a bar.
      const blocked = p.kind === 'change' ? taken : [...taken, ...bars];
      const fits = (boxes: Box[]) =>
        boxes.every((b) => inside(b, plot.width) && !blocked.some((t) => overlaps(t, b, 1)));
      let got: PlacedPoint | null = null;
      if (isChip(p)) {
        const { chip, claims } = chipOf(p, plot, gy);
        if (!claims.length && fits([chip]))
          got = { point: p, gx: chip.x + chip.w / 2, gy, chip, mark: chip };
        const lineFree = !blocked.some((t) =>
          overlaps(t, { x: 0, y: gy - PITCH / 2, w: 1e6, h: PITCH }),
        );
        // A claim that fits nowhere inside goes right of its chip on a line of its own, and the plot grows.
        const claim =
          claims.find((c) => fits([chip, c.box])) ?? (k > 0 && lineFree ? claims[0] : undefined);
        if (claim) got = { point: p, gx: chip.x + chip.w / 2, gy, chip, mark: chip, claim };
      } else {
        const labelled = hasLabel(p);
        const gx = glyphX(p, plot);
        const mark = glyphBox(p, gx, gy);
        if (!labelled) {
          if (fits([mark])) got = { point: p, gx, gy, mark };
        } else {
          const spots = labelSpots(p, gx, gy, false);
          const spot =
            spots.find((l) => fits([mark, l.box])) ??
            // Nowhere inside: on the right of a line it has to itself, and the plot grows to hold it.
            (k > 0 &&
            !blocked.some((t) => overlaps(t, { x: 0, y: gy - PITCH / 2, w: 1e6, h: PITCH }))
              ? spots[0]
              : undefined);
          if (spot) got = { point: p, gx, gy, mark, label: spot };
        }
      }
      // A mark whose label fits nowhere on an empty line takes the empty line anyway (then tests fail).
      if (!got && k > 40)
        throw new Error(`timeline: no room for ${p.kind} at t${p.tick} in ${row.id}`);
      if (!got) continue;
      taken.push(got.mark);
      for (const l of [got.label, got.claim]) {
        if (!l) continue;
        taken.push(l.box);
        plot.need = Math.max(plot.need, l.box.x + l.box.w + 2);
      }
      placed[i] = got;
      break;
    }
  }
  const lines = Math.max(1, ...placed.map((q) => Math.round((q.gy - mid) / PITCH) + 1));
  const height = Math.max(row.sub && !row.group && subs ? 36 : 26, lines * PITCH + 6);
  return { row, height, mid, spans, points: placed };
}

/**
 * The narrowest column that still holds every chip's label, 2 px clear inside the chip (col − 4),
 * or inside a duplicate's inner edge (2 px further in on each side).
 */
function narrowestCol(rows: Row[]): number {
  let w = 36;
  for (const r of rows)
    for (const p of r.points)
      if (isChip(p) && p.label)
        w = Math.max(w, Math.ceil(textWidth(p.label) + (p.data?.duplicate === true ? 12 : 8)));
  return w;
}

/** Lay out a run's timeline (or its marks, already computed). */
export function layoutTimeline(
  source: Run | TimelineMarks,
  opts: LayoutOptions = {},
): TimelineLayout {
  const variant = opts.variant ?? 'reference';
  const marks = 'rows' in source ? source : timelineMarks(source);
  const versionChangedAt = 'rows' in source ? changeTick(marks) : source.versionChangedAt;
  const range = variant === 'strip' && opts.range ? opts.range : null;
  const from = range ? Math.max(0, range[0]) : 0;
  const last = range ? Math.min(marks.lastTick, range[1]) : marks.lastTick;
  // A strip keeps the lanes that have something in it (a whole group, both tracks, or none of it).
  let rows = marks.rows;
  if (range) {
    const cropped = rows.map((r) => crop(r, from, last));
    const keep = new Set(
      cropped.filter((r) => r.spans.length || r.points.length).map((r) => r.group ?? r.id),
    );
    rows = cropped.filter((r) => keep.has(r.group ?? r.id));
  }
  const subs = variant !== 'phone';
  // The names column holds the widest lane name (a phone's has no second lines beside them).
  const gutter = subs
    ? GUTTER[variant]
    : Math.max(
        GUTTER[variant],
        ...rows.map((r) => Math.ceil(textWidth(r.label, NAME_FONT, 'bold')) + 10),
      );
  const n = range ? last - from + 1 : Math.max(marks.lastTick + 1, opts.ticks ?? 0);
  const col = opts.availableWidth
    ? Math.max(
        narrowestCol([
          ...rows,
          ...(opts.alongside ?? []).flatMap((o) => ('rows' in o ? o : timelineMarks(o)).rows),
        ]),
        Math.min(COL, Math.floor((opts.availableWidth - gutter - RIGHT) / n)),
      )
    : COL;
  const width = n * col + RIGHT;
  const plot: Plot = { from, col, width, need: 0, versionChangedAt, x: (t) => (t - from) * col };
  const placed: PlacedRow[] = [];
  let y = AXIS;
  rows.forEach((r, i) => {
    const first = !(r.group && rows[i - 1]?.group === r.group);
    if (i > 0 && first) y += 4;
    const own = r.flat ? layoutTrack(r, plot) : layoutStack(r, plot, subs);
    placed.push({
      ...own,
      top: y,
      first,
      ...names(r, own.mid + y, first, gutter, subs),
      spans: own.spans.map((s) => ({ ...s, mid: s.mid + y, label: shiftLabel(s.label, y) })),
      points: own.points.map((q) => ({
        ...q,
        gy: q.gy + y,
        mark: shift(q.mark, y),
        chip: q.chip && shift(q.chip, y),
        label: shiftLabel(q.label, y),
        claim: shiftLabel(q.claim, y),
      })),
    });
    y += own.height;
  });
  const height = y + 4;
  const grown = Math.max(width, Math.ceil(plot.need));
  const axis = Array.from({ length: last - from + 1 }, (_, i) => {
    const t = from + i;
    return { tick: t, x: plot.x(t), cx: plot.x(t) + col / 2 };
  });
  return {
    variant,
    from,
    last,
    lastTick: marks.lastTick,
    n,
    col,
    gutter,
    width: grown,
    height,
    rows: placed,
    changeLine: changeLine(placed, versionChangedAt, from, last, plot),
    axis,
  };
}

const changeTick = (m: TimelineMarks) =>
  m.rows.find((r) => r.id === 'report')?.points.find((p) => p.kind === 'change')?.tick ?? null;

/** A lane's name (bold on its first row) and second line: beside it in a group, under it otherwise. */
function names(
  r: Row,
  mid: number,
  first: boolean,
  gutter: number,
  subs: boolean,
): Pick<PlacedRow, 'name' | 'sub'> {
  const name =
    r.group && !first
      ? label(r.label, 4, mid + 4.5, 'start', false, FONT)
      : label(r.label, 4, mid + 4.5, 'start', false, NAME_FONT, 'bold');
  if (!subs || !r.sub) return { name };
  const sub = r.group
    ? label(r.sub, gutter - 6, mid + 4.5, 'end')
    : label(r.sub, 4, mid + 19, 'start');
  return { name, sub };
}

/** The report-change line runs down from the report lane, stopping short of every lane's marks at that tick. */
function changeLine(
  rows: PlacedRow[],
  at: number | null,
  from: number,
  last: number,
  plot: Plot,
): string {
  if (at === null || at < from || at > last) return '';
  const x = plot.x(at);
  let d = '';
  rows.forEach((pr, i) => {
    if (i === 0) return;
    const r = pr.row;
    const busy =
      r.points.some((p) => p.tick === at || p.tick === at - 1) ||
      r.spans.some((sp) => !!sp.label && sp.from <= at && sp.to > at && sp.from !== at);
    if (!busy) d += `M${x} ${pr.top - 2}V${pr.top + pr.height}`;
  });
  return d;
}

/** Every label drawn on the plot, each with the bar or chip it sits inside (its host), if any. */
export function plotLabels(l: TimelineLayout): { label: Label; host?: Box }[] {
  const out: { label: Label; host?: Box }[] = [];
  for (const r of l.rows) {
    for (const s of r.spans)
      if (s.label)
        out.push(s.shape === 'bar' ? { label: s.label, host: barBox(s) } : { label: s.label });
    for (const q of r.points) {
      if (q.label) out.push({ label: q.label });
      if (q.claim) out.push({ label: q.claim });
      if (q.chip && q.point.label) out.push({ label: chipLabel(q), host: q.chip });
    }
  }
  return out;
}

const barBox = (s: PlacedSpan): Box => ({
  x: s.x,
  y: s.mid - s.barHeight / 2,
  w: s.w,
  h: s.barHeight,
});

/** A chip's own label, centred in it. */
export const chipLabel = (q: PlacedPoint): Label =>
  label(q.point.label!, q.chip!.x + q.chip!.w / 2, q.gy + 4.3, 'middle');

/** The ink of every glyph, chip and bar on the plot (lines pass behind labels' halos and are left out). */
export function markBoxes(l: TimelineLayout): Box[] {
  const out: Box[] = [];
  for (const r of l.rows) {
    for (const q of r.points) out.push(q.mark);
    for (const s of r.spans) if (s.shape === 'bar') out.push(barBox(s));
  }
  return out;
}

/**
 * Where a reading page wraps a run into strips of at most `perStrip` ticks: as few strips as
 * that allows, never breaking between a silence's start and its end (a break between ticks
 * b − 1 and b is refused when an asleep line runs across b), then crossing as few labelled
 * states (unknown, unconfirmed, waiting, awaiting, down) as possible, then as even as possible.
 * When a silence is longer than a strip, strips grow until one holds it.
 */
export function stripRanges(marks: TimelineMarks, perStrip: number): [number, number][] {
  const n = marks.lastTick + 1;
  const spans = marks.rows.flatMap((r) => r.spans);
  const crosses = (s: Span, b: number) => s.from < b && s.to > b;
  const SOFT = new Set(['unknown', 'unconfirmed', 'waiting', 'awaiting', 'down']);
  const allowed = (b: number) => !spans.some((s) => s.kind === 'asleep' && crosses(s, b));
  const cost = (b: number) => spans.filter((s) => SOFT.has(s.kind) && crosses(s, b)).length;
  for (let size = Math.max(1, perStrip); ; size++) {
    for (let count = Math.ceil(n / size); count <= n; count++) {
      const found = bestCuts(n, size, count, allowed, cost);
      if (found) {
        const edges = [0, ...found, n];
        return edges.slice(1).map((e, i) => [edges[i], e - 1] as [number, number]);
      }
    }
  }
}

/** The cuts of ticks 0..n − 1 into `count` strips of at most `size`, at allowed breaks, cheapest then most even. */
function bestCuts(
  n: number,
  size: number,
  count: number,
  allowed: (b: number) => boolean,
  cost: (b: number) => number,
): number[] | null {
  {
    let best: { cuts: number[]; cost: number; spread: number } | null = null;
    const walk = (start: number, left: number, cuts: number[]) => {
      if (left === 1) {
        if (n - start > size || n - start < 1) return;
        const edges = [0, ...cuts, n];
        const sizes = edges.slice(1).map((e, i) => e - at(edges, i, 'strip edges'));
        const c = cuts.reduce((s, b) => s + cost(b), 0);
        const spread = Math.max(...sizes) - Math.min(...sizes);
        if (!best || c < best.cost || (c === best.cost && spread < best.spread))
          best = { cuts: [...cuts], cost: c, spread };
        return;
      }
      for (let b = start + 1; b <= Math.min(n - 1, start + size); b++)
        if (allowed(b)) walk(b, left - 1, [...cuts, b]);
    };
    walk(0, count, []);
    return (best as { cuts: number[] } | null)?.cuts ?? null;
  }
}
