/**
 * The run as a picture: one lane per record keeper, ticks left to right.
 * Renders the marks of marks.ts as SVG; decides nothing. Static by default
 * (server-rendered by Astro with no JavaScript); with `onSelectTick` it also
 * becomes a slider the explorer can drive (click, drag, ←/→, Home/End).
 *
 * Grammar (the legend under the figure says the same in words):
 *   shape = what happened, fill/line = what it meant, colour repeats it.
 *   band       a state that lasts (solid: running; hatched: unknown / unconfirmed / waiting)
 *   line       what the worker really does (solid: working; dotted: asleep)
 *   chip       one protected write (filled: applied; hollow dashed ✕: rejected as stale;
 *              heavy with !: applied although stale), a restore (↺), a post (P1; dup: double edge)
 *   glyph      one decision at a tick (▶ admit, ? suspect, ✓ accept, ✕ refuse, ⊣ fenced, ✕ dies)
 * The fault schedule's marks (none under the base schedule), each from one event: a solid "down" bar
 * (controller down), ↻ (restart; the epoch line steps down when it went back), ‖ (silent before an
 * action), "wakes, …" and "dies …" labelled with the action or point, a hollow "forgot" chip (key expired).
 * The palette (src/styles/palette.css) gives each meaning one colour in light and dark,
 * and plain black in print; the shapes alone carry the meaning.
 */
import type { ComponentChildren, JSX } from 'preact';
import type { Run } from '../../model/browser.ts';
import { timelineMarks, type Point, type Row, type Span } from './marks.ts';
import { tickHandlers } from './interaction.ts';
import { formatTick, formatTickSpan } from '../../lib/format.ts';

export interface TimelineProps {
  run: Run;
  /** Links each tick label to a URL (the trace page: `#tN`); a tick it gives no URL stays unlinked. Omitted when interactive. */
  tickHref?: (tick: number) => string | undefined;
  /** Ticks [from, to] to highlight; the rest is dimmed (small multiples). */
  highlight?: [number, number];
  /** A smaller figure without in-mark labels. */
  compact?: boolean;
  /** The selected tick (drawn as a column); with onSelectTick the plot is a slider. */
  selectedTick?: number;
  onSelectTick?: (tick: number) => void;
  /** Prefix for the ids of this figure (patterns, caption), unique on the page. */
  idPrefix?: string;
  /** Accessible name of the scroll container. */
  label?: string;
  /** Lay out this many ticks (at least the run's own): two runs drawn with the same count share one time axis. */
  ticks?: number;
  /** Ticks to mark on the axis as differing from another run (compare). */
  marked?: number[];
  /**
   * Several figures of one run on one page (the article's small multiples): the first draws
   * the run's marks in a group with this `id`, the others (`use: true`) show that group with
   * an SVG <use> instead of drawing it again. The highlight, the dimming and the tick links
   * stay each figure's own. Same run, size and layout only.
   */
  shared?: { id: string; use: boolean };
  /**
   * Marks without the data-* attributes that tests and tools read on trace pages (the article's
   * figures); a compact figure also drops its per-mark hover titles (small multiples: the full
   * figure above them carries the same run's).
   */
  bare?: boolean;
  /**
   * Draw only ticks [from, to] (a strip of the run): reading pages wrap a full run into strips that
   * fit their column instead of scrolling it sideways. Lanes with nothing in the strip are left out.
   */
  window?: [number, number];
  /** Width of the lane-name column, in px (default 166; 64 compact). A strip for a phone uses a narrower one. */
  gutterWidth?: number;
  /** Leave out the second line of the lane names ("controller sees", …): a narrow gutter has no room. */
  noSubs?: boolean;
}

const AXIS = 24;
/** One stacking line of a lane (glyph or chip, 12 px text). */
const PITCH = 19;
/** Every label is set at 12 px (--figure-text-min): a generous estimate of its width, for layout. */
const CHAR = 7.4;
const textWidth = (t: string) => t.length * CHAR;
/** A tick's column: wide enough for a chip holding six characters at 12 px ("P2 dup"). */
const COL = 54;

const hasLabel = (p: Point) => !!p.label && p.kind !== 'call';

/**
 * A point's label and side: the full label on the right of its glyph when it fits before `limit`
 * (the plot's right edge), else ending left of the glyph when that stays inside the plot; else its
 * first words (before " · ") the same way; else the first words on the right.
 */
function placeLabel(
  label: string,
  gx: number,
  limit: number,
  left = 0,
): { text: string; end: boolean } {
  const short = label.split(' · ')[0];
  for (const text of [label, short]) {
    if (gx + 10 + textWidth(text) <= limit) return { text, end: false };
    if (gx - 10 - textWidth(text) >= left) return { text, end: true };
  }
  return { text: short, end: false };
}

/** Where each mark of a stacking lane sits: on the first line where it and its label clear what is already there. */
function stackSlots(row: Row, col: number, x: (t: number) => number, limit: number): number[] {
  const ends: number[] = [];
  const out: number[] = [];
  const order = row.points
    .map((p, i) => ({ p, i }))
    .sort((a, b) => a.p.tick - b.p.tick || a.i - b.i);
  for (const { p, i } of order) {
    const chip = CHIPS.has(p.kind);
    const x0 = chip ? x(p.tick) + 2 : p.kind === 'change' ? x(p.tick) - 6 : x(p.tick) + 2;
    let x1 = chip ? x(p.tick) + col - 2 : x(p.tick) + 18;
    if (!chip && hasLabel(p)) {
      const at = placeLabel(p.label!, x(p.tick) + 10, limit);
      x1 = at.end ? x1 : x(p.tick) + 20 + textWidth(at.text) + 4;
    }
    let k = ends.findIndex((end) => end <= x0);
    if (k < 0) k = ends.length;
    ends[k] = x1;
    out[i] = k;
  }
  return out;
}

/**
 * On a track (a flat row), a label that goes under the line instead of beside the glyph: a pause
 * (#1 silent before an action: the asleep line and its label follow it), a second labelled mark
 * at the same tick (#1 wakes to send and dies there), or a label that would cover a later mark of
 * its track (the model calls after "wakes"), or one that a continuing line would run through.
 */
function labelUnder(row: Row, p: Point, i: number, col: number, limit: number): boolean {
  if (!row.flat || !hasLabel(p)) return false;
  const end = p.tick + (20 + textWidth(p.label!)) / col;
  return (
    p.kind === 'silent' ||
    end > limit ||
    row.points.slice(0, i).some((q) => q.tick === p.tick && hasLabel(q)) ||
    row.points.some((q) => q !== p && q.tick > p.tick && q.tick < end) ||
    row.spans.some((s) => s.label && s.kind !== 'asleep' && s.from > p.tick && s.from < end) ||
    // A line that carries on past the glyph would show between the label's words ("wakes, assembles").
    row.spans.some((s) => s.from < end && s.to > p.tick + 0.5)
  );
}

const CHIPS = new Set(['write', 'restore', 'post', 'remembered', 'rejected', 'expired']);

/** The run's own marks: in a group that other figures can <use> when it has an id, as they are otherwise. */
const Shared = ({ id, children }: { id?: string; children?: ComponentChildren }) =>
  id ? <g id={id}>{children}</g> : <>{children}</>;

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

const cls = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

function dataAttrs(
  p: { kind: string; data?: Point['data'] },
  tick: number,
): Record<string, string> {
  const out: Record<string, string> = { 'data-mark': p.kind, 'data-tick': String(tick) };
  for (const [k, v] of Object.entries(p.data ?? {})) out[`data-${k}`] = String(v);
  return out;
}

export default function Timeline(props: TimelineProps) {
  const {
    run,
    tickHref,
    highlight,
    compact = false,
    selectedTick,
    onSelectTick,
    idPrefix = 'tl',
    label,
    ticks,
    marked,
    shared,
    bare = false,
    window: win,
    gutterWidth,
    noSubs = false,
  } = props;
  const all = timelineMarks(run);
  const from = win ? Math.max(0, win[0]) : 0;
  const lastShown = win ? Math.min(all.lastTick, win[1]) : all.lastTick;
  // A strip keeps the lanes that have something in it (a whole group, both tracks, or none of it).
  const rows = win
    ? (() => {
        const cropped = all.rows.map((r) => crop(r, from, lastShown));
        const keep = new Set(
          cropped.filter((r) => r.spans.length || r.points.length).map((r) => r.group ?? r.id),
        );
        return cropped.filter((r) => keep.has(r.group ?? r.id));
      })()
    : all.rows;
  const gutter = gutterWidth ?? (compact ? 64 : 166);
  const right = compact ? 4 : 10;
  const n = win ? lastShown - from + 1 : Math.max(all.lastTick + 1, ticks ?? 0);
  const col = compact ? 22 : COL;
  const width = n * col + right;
  const x = (t: number) => (t - from) * col;
  const cx = (t: number) => x(t) + col / 2;
  const slots = rows.map((r) =>
    r.flat || compact ? null : stackSlots(r, col, x, n * col + right - 2),
  );
  /** The tick where a track's label stops fitting on the right (labelUnder). */
  const tickLimit = from + (n * col + right - 2) / col;
  const heights = rows.map((r, i) => {
    if (r.flat) {
      if (compact) return 12;
      const under = r.points.some((p, j) => labelUnder(r, p, j, col, tickLimit));
      const above = r.spans.some((sp) => sp.kind === 'asleep' || sp.kind.startsWith('epoch'));
      return (above ? 30 : 24) + (under ? 16 : 0);
    }
    const lines = Math.max(1, ...(slots[i] ?? [0]).map((k) => k + 1));
    if (compact) {
      const perTick = new Map<number, number>();
      for (const p of r.points) perTick.set(p.tick, (perTick.get(p.tick) ?? 0) + 1);
      return Math.max(12, Math.max(1, ...perTick.values()) * 6 + 2);
    }
    return Math.max(r.sub && !r.group && !noSubs ? 36 : 26, lines * PITCH + 6);
  });
  const tops: number[] = [];
  let y = AXIS;
  rows.forEach((r, i) => {
    const prev = rows[i - 1];
    if (i > 0 && !(r.group && prev?.group === r.group)) y += compact ? 2 : 4;
    tops.push(y);
    y += heights[i];
  });
  const height = y + 4;
  const hatch = `${idPrefix}-hatch`;
  const interactive = typeof onSelectTick === 'function' && typeof selectedTick === 'number';
  const handlers = interactive
    ? tickHandlers({ col, width, lastTick: all.lastTick }, selectedTick!, onSelectTick!)
    : null;

  // Grid: one line per tick boundary, drawn as a single path.
  let grid = '';
  for (let t = 0; t <= n; t++) grid += `M${t * col} ${AXIS - 4}V${height}`;

  const spanEl = (s: Span, row: Row, top: number, h: number, key: number) => {
    const x1 = x(s.from);
    const w = Math.max(1, x(s.to) - x1);
    // On a track, the middle (lower when a label sits above its line); on a stacking row, level with its first line.
    const above = row.flat && heights[rows.indexOf(row)] >= 30;
    const mid = row.flat ? top + (above ? 20 : 12) : compact ? top + 6 : top + 3 + PITCH / 2;
    const c = `tl-s tl-${s.kind} t-${s.tone}`;
    const title = bare && compact ? null : <title>{s.title}</title>;
    // A label inside its bar when it fits; else its first words (a strip cuts a long span); else none.
    // Clear of the report-change glyph, which sits at the start of the new version's bar.
    const inset =
      s.kind !== 'version' ? 4 : s.from === from && s.from === run.versionChangedAt ? 18 : 10;
    const fit =
      compact || !s.label
        ? undefined
        : [s.label, s.label.split(' · ')[0]].find((l) => textWidth(l) + inset + 4 <= w);
    const text = fit ? (
      <text x={x1 + inset} y={mid + 4.3}>
        {fit}
      </text>
    ) : null;
    switch (s.kind) {
      case 'working':
      case 'asleep':
      case 'awaiting':
      case 'admitted':
        return (
          <g class={c} key={key}>
            {title}
            <path d={`M${x1} ${mid}H${x1 + w}`} />
            {s.kind === 'asleep' && !compact && textWidth(s.label ?? '') <= w ? (
              <text x={x1 + w / 2} y={mid - 9} text-anchor="middle">
                {s.label}
              </text>
            ) : null}
          </g>
        );
      case 'epoch':
      case 'epoch-back': {
        const first = s.label?.startsWith('epoch') || s.from === from;
        // A step up to a new epoch; a step down (from above) when it went back.
        const riser =
          s.kind === 'epoch-back' ? `M${x1} ${mid - 7}V${mid}` : `M${x1} ${mid + 7}V${mid}`;
        const long =
          s.from === from && !s.label?.startsWith('epoch') ? `epoch ${s.label}` : s.label;
        const words = long && textWidth(long) + 6 <= w ? long : s.label?.replace(/^epoch /, '');
        return (
          <g class={c} key={key}>
            {title}
            <path d={`${first ? `M${x1} ${mid}` : riser}H${x1 + w}`} />
            {compact ? null : (
              <text x={x1 + 4} y={mid - 5}>
                {words}
              </text>
            )}
          </g>
        );
      }
      default: {
        const bh = s.kind === 'running' ? (compact ? 4 : 8) : compact ? 6 : 17;
        return (
          <g class={c} key={key} {...(s.data && !bare ? dataAttrs(s, s.from) : {})}>
            {title}
            <rect
              x={x1 + 0.5}
              y={mid - bh / 2}
              width={w - 1}
              height={bh}
              rx={2}
              fill={s.tone === 'waiting' ? `url(#${hatch})` : undefined}
            />
            {bh >= 17 ? text : null}
          </g>
        );
      }
    }
  };

  const glyph = (p: Point, gx: number, gy: number): JSX.Element => {
    const r = compact ? 3 : 7;
    const inner = (t: string) =>
      compact ? null : (
        <text class="tl-gt" x={gx} y={gy + 4.2} text-anchor="middle">
          {t}
        </text>
      );
    switch (p.kind) {
      case 'change':
        return <path class="tl-g" d={`M${gx - r} ${gy - r}H${gx + r}L${gx} ${gy + r}Z`} />;
      case 'admit':
        return (
          <path class="tl-g" d={`M${gx - r} ${gy - r}L${gx + r} ${gy}L${gx - r} ${gy + r}Z`} />
        );
      case 'suspect':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {inner('?')}
          </>
        );
      case 'accept':
      case 'done':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {inner('✓')}
          </>
        );
      case 'refuse':
      case 'refused':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {inner('✕')}
          </>
        );
      case 'newsletter':
        return <circle class="tl-g" cx={gx} cy={gy} r={compact ? r : 5.5} />;
      case 'breach':
        return (
          <>
            <path
              class="tl-g"
              d={`M${gx} ${gy - r - 1}L${gx + r + 1} ${gy}L${gx} ${gy + r + 1}L${gx - r - 1} ${gy}Z`}
            />
            {inner('!')}
          </>
        );
      case 'claim':
        return <path class="tl-g tl-bar" d={`M${gx - 5} ${gy - 7}V${gy + 7}`} />;
      case 'fenced':
        return (
          <path
            class="tl-g tl-bar"
            d={`M${gx - r} ${gy}H${gx}M${gx} ${gy - r - 1}V${gy + r + 1}`}
          />
        );
      case 'dies':
        return (
          <path
            class="tl-g tl-bar"
            d={`M${gx - 5} ${gy - 5}L${gx + 5} ${gy + 5}M${gx + 5} ${gy - 5}L${gx - 5} ${gy + 5}`}
          />
        );
      case 'call':
        return <circle class="tl-g" cx={gx} cy={gy} r={compact ? 1.5 : 2.5} />;
      case 'silent':
        return (
          <path
            class="tl-g tl-bar"
            d={`M${gx - 2.5} ${gy - 6}V${gy + 6}M${gx + 2.5} ${gy - 6}V${gy + 6}`}
          />
        );
      case 'restart':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {inner('↻')}
          </>
        );
      default:
        return <circle class="tl-g" cx={gx} cy={gy} r={r} />;
    }
  };

  const pointEls = (row: Row, ri: number, top: number, h: number) => {
    const perTick = new Map<number, number>();
    const slotOf = slots[ri];
    const above = row.flat && h >= 30;
    return row.points.map((p, i) => {
      const k = slotOf ? slotOf[i] : (perTick.get(p.tick) ?? 0);
      perTick.set(p.tick, (perTick.get(p.tick) ?? 0) + 1);
      const gy = row.flat
        ? top + (compact ? h / 2 : above ? 20 : 12)
        : compact
          ? top + 3 + k * 6 + 2
          : top + 3 + k * PITCH + PITCH / 2;
      const outcome = p.data?.outcome;
      const c = cls(
        'tl-p',
        `tl-${p.kind}`,
        `t-${p.tone}`,
        typeof outcome === 'string' && `tl-${outcome}`,
        p.data?.duplicate === true && 'tl-dup',
      );
      const attrs = bare ? {} : dataAttrs(p, p.tick);
      const title = bare && compact ? null : <title>{p.title}</title>;
      if (CHIPS.has(p.kind)) {
        const w = compact ? 8 : col - 4;
        const ch = compact ? 4 : 17;
        const x1 = compact ? cx(p.tick) - w / 2 : x(p.tick) + 2;
        return (
          <g class={c} key={i} {...attrs}>
            {title}
            <rect x={x1} y={gy - ch / 2} width={w} height={ch} rx={compact ? 1 : 3} />
            {p.data?.duplicate === true && !compact ? (
              <rect
                class="tl-edge"
                x={x1 + 2}
                y={gy - ch / 2 + 2}
                width={w - 4}
                height={ch - 4}
                rx={2}
              />
            ) : null}
            {/* Struck through like crossed-out text (a horizontal line through the label), so the label stays legible. */}
            {outcome === 'rejected' ? (
              <path
                class="tl-strike"
                d={
                  compact
                    ? `M${x1} ${gy + ch / 2}L${x1 + w} ${gy - ch / 2}`
                    : `M${x1 + 3} ${gy}H${x1 + w - 3}`
                }
              />
            ) : null}
            {compact || !p.label ? null : (
              <text x={x1 + w / 2} y={gy + 4.3} text-anchor="middle">
                {p.label}
              </text>
            )}
          </g>
        );
      }
      const labelled = !compact && hasLabel(p);
      const gx =
        p.kind === 'change'
          ? Math.max(x(p.tick), 8)
          : labelled || p.kind === 'claim'
            ? x(p.tick) + 10
            : cx(p.tick);
      let textEl: JSX.Element | null = null;
      if (labelled) {
        const claim = p.kind === 'breach' || p.kind === 'claim';
        const under = labelUnder(row, p, i, col, tickLimit);
        const lx = gx + (p.kind === 'claim' ? -1 : 0);
        const at = under
          ? { text: p.label!, end: x(p.tick) + 10 + textWidth(p.label!) > width - 2 }
          : placeLabel(p.label!, lx, width - 2);
        textEl = (
          <text
            class={claim ? 'fig-claim' : undefined}
            data-claim={claim ? '' : undefined}
            x={under ? (at.end ? gx + 8 : gx - 8) : at.end ? lx - 10 : lx + 10}
            y={under ? gy + 20 : gy + 4.3}
            text-anchor={at.end ? 'end' : undefined}
          >
            {at.text}
          </text>
        );
      }
      return (
        <g class={c} key={i} {...(p.kind === 'claim' ? {} : attrs)}>
          {title}
          {glyph(p, gx, gy)}
          {textEl}
        </g>
      );
    });
  };

  const changeX =
    run.versionChangedAt !== null &&
    run.versionChangedAt >= from &&
    run.versionChangedAt <= lastShown
      ? x(run.versionChangedAt)
      : null;
  // The report-change line runs down from the report lane, stopping short of every lane's marks at that tick.
  const changeLine = (() => {
    if (changeX === null) return '';
    let d = '';
    rows.forEach((r, i) => {
      if (i === 0) return;
      const busy =
        r.points.some(
          (p) => p.tick === run.versionChangedAt || p.tick === run.versionChangedAt! - 1,
        ) ||
        r.spans.some(
          (sp) =>
            !!sp.label &&
            sp.from <= run.versionChangedAt! &&
            sp.to > run.versionChangedAt! &&
            sp.from !== run.versionChangedAt,
        );
      if (!busy) d += `M${changeX} ${tops[i] - 2}V${tops[i] + heights[i]}`;
    });
    return d;
  })();
  const lastAxis = Math.min(all.lastTick, from + n - 1);
  const svgProps: Record<string, unknown> = interactive
    ? {
        role: 'slider',
        tabindex: 0,
        'aria-label': label ?? 'Tick',
        'aria-valuemin': 0,
        'aria-valuemax': all.lastTick,
        'aria-valuenow': selectedTick,
        'aria-valuetext': formatTick(selectedTick),
        onKeyDown: handlers!.onKeyDown,
        onPointerDown: handlers!.onPointerDown,
        onPointerMove: handlers!.onPointerMove,
      }
    : { role: 'group', 'aria-label': `Ticks ${formatTickSpan(from, lastAxis)}` };
  const hl: [number, number] | null = highlight
    ? [Math.max(highlight[0], from), Math.min(highlight[1], from + n - 1)]
    : null;

  return (
    <div
      class={cls('tl-figure', compact && 'tl-compact', interactive && 'tl-interactive')}
      data-width={gutter + width}
    >
      <svg
        class="tl-gutter"
        width={gutter}
        height={height}
        viewBox={`0 0 ${gutter} ${height}`}
        preserveAspectRatio="xMinYMin slice"
        aria-hidden="true"
      >
        {compact ? null : (
          <text class="tl-sub" x={gutter - 6} y={16} text-anchor="end">
            tick →
          </text>
        )}
        {rows.map((r, i) => {
          const top = tops[i];
          const h = heights[i];
          const first = !r.group || rows[i - 1]?.group !== r.group;
          const sub = r.sub && !compact && !noSubs;
          const mid = r.flat ? top + (h >= 30 ? 20 : 12) : top + 3 + PITCH / 2;
          return (
            <g key={r.id}>
              {first && i > 0 ? (
                <path class="tl-sep" d={`M0 ${top - (compact ? 1 : 2)}H${gutter}`} />
              ) : null}
              <text
                class={cls('tl-lab', r.group && !first && 'tl-lab2')}
                x={4}
                y={compact ? top + h / 2 + 4 : mid + 4.5}
              >
                {compact ? (first ? r.label.split(' ')[0] : '') : r.label}
              </text>
              {sub ? (
                <text
                  class="tl-sub"
                  x={r.group ? gutter - 6 : 4}
                  y={r.group ? mid + 4.5 : mid + 19}
                  text-anchor={r.group ? 'end' : undefined}
                >
                  {r.sub}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <svg
        class="tl-plot"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        {...svgProps}
      >
        {shared?.use ? null : (
          <defs>
            <pattern
              id={hatch}
              class="tl-hatch"
              width="6"
              height="6"
              patternUnits="userSpaceOnUse"
              patternTransform="rotate(45)"
            >
              <rect width="6" height="6" />
              <path d="M0 0V6" />
            </pattern>
          </defs>
        )}
        <g aria-hidden="true">
          {hl && hl[1] >= hl[0] ? (
            <rect
              class="tl-hl"
              x={x(hl[0])}
              y={AXIS - 4}
              width={x(hl[1] + 1) - x(hl[0])}
              height={height - AXIS + 4}
            />
          ) : null}
          {marked?.map((t) => (
            <rect
              key={`m${t}`}
              class="tl-diff"
              data-differs={t}
              x={x(t)}
              y={AXIS - 4}
              width={col}
              height={height - AXIS + 4}
            />
          ))}
          {typeof selectedTick === 'number' ? (
            <rect class="tl-sel" x={x(selectedTick)} y={0} width={col} height={height} />
          ) : null}
          {shared?.use ? (
            <use href={`#${shared.id}`} />
          ) : (
            <Shared id={shared?.id}>
              <path class="tl-grid" d={grid} />
              {rows.map((r, i) => {
                const top = tops[i];
                return r.group && rows[i - 1]?.group !== r.group ? null : i > 0 ? (
                  <path key={r.id} class="tl-sep" d={`M0 ${top - (compact ? 1 : 2)}H${width}`} />
                ) : null;
              })}
              {changeLine ? <path class="tl-change-line" d={changeLine} /> : null}
              {rows.map((r, i) => (
                <g key={r.id} class={`tl-row tl-row-${r.id.replace(/-\d+-/, '-')}`} data-row={r.id}>
                  {r.spans.map((s, j) => spanEl(s, r, tops[i], heights[i], j))}
                  {pointEls(r, i, tops[i], heights[i])}
                </g>
              ))}
            </Shared>
          )}
          {hl ? (
            <>
              <rect class="tl-dim" x={0} y={0} width={Math.max(0, x(hl[0]))} height={height} />
              <rect
                class="tl-dim"
                x={x(hl[1] + 1)}
                y={0}
                width={Math.max(0, width - x(hl[1] + 1))}
                height={height}
              />
            </>
          ) : null}
        </g>
        <g class="tl-axis">
          {marked?.map((t) => (
            <path key={`d${t}`} class="tl-diff-tri" d={`M${cx(t) - 4} ${AXIS - 2}h8l-4 -5z`} />
          ))}
          {Array.from({ length: lastAxis - from + 1 }, (_, i) => {
            const t = from + i;
            if (compact && t % 2 === 1 && t !== lastAxis) return null;
            const txt = (
              <text x={cx(t)} y={15} text-anchor="middle">
                {compact ? t : formatTick(t)}
              </text>
            );
            const to = tickHref && !interactive ? tickHref(t) : undefined;
            return to !== undefined ? (
              <a key={t} href={to}>
                <rect class="tl-hit" x={x(t)} y={0} width={col} height={AXIS - 2} />
                {txt}
              </a>
            ) : (
              <g key={t} aria-hidden="true">
                {txt}
              </g>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
