/**
 * The run as a picture: one lane per record keeper, ticks left to right.
 * Draws, as SVG, what layout.ts positioned from the marks of marks.ts; decides nothing and
 * places nothing. Static by default (server-rendered by Astro with no JavaScript); with
 * `onSelectTick` it also becomes a slider the explorer can drive (interaction.ts: click, drag,
 * ←/→, Home/End).
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
import type { JSX } from 'preact';
import type { Run } from '../../model/browser.ts';
import type { Point } from './marks.ts';
import {
  AXIS,
  chipLabel,
  layoutTimeline,
  type Label,
  type PlacedPoint,
  type PlacedRow,
  type PlacedSpan,
  type TimelineLayout,
  type Variant,
} from './layout.ts';
import { tickHandlers } from './interaction.ts';
import { formatTick, formatTickSpan } from '../../lib/format.ts';

export type { Variant } from './layout.ts';

export interface TimelineProps {
  run: Run;
  /** How the run is drawn (layout.ts `Variant`): the whole run, a strip of it, or a phone's. Default reference. */
  variant?: Variant | undefined;
  /** strip: the ticks drawn. */
  range?: [number, number] | undefined;
  /** The px the whole figure may take: its columns narrow to fit (layout.ts `availableWidth`). */
  availableWidth?: number | undefined;
  /** Other runs on the same time axis (compare): their chips count when the columns narrow (layout.ts `alongside`). */
  alongside?: Run[] | undefined;
  /**
   * tagged (default): each mark carries the data-* attributes that tests and tools read; plain:
   * none (a page's other drawing of the same run, or the article's, is the one they read).
   */
  tags?: 'tagged' | 'plain';
  /** Links each tick label to a URL (the trace page: `#tN`); a tick it gives no URL stays unlinked. Omitted when interactive. */
  tickHref?: ((tick: number) => string | undefined) | undefined;
  /** Ticks [from, to] to highlight; the rest is dimmed. */
  highlight?: [number, number] | undefined;
  /** The selected tick (drawn as a column); with onSelectTick the plot is a slider. */
  selectedTick?: number | undefined;
  onSelectTick?: (tick: number) => void;
  /** Prefix for the ids of this figure (patterns), unique on the page. */
  idPrefix?: string;
  /** Accessible name of the slider. */
  label?: string;
  /** Lay out this many ticks (at least the run's own): two runs drawn with the same count share one time axis. */
  ticks?: number | undefined;
  /** Ticks to mark on the axis as differing from another run (compare). */
  marked?: number[];
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

/** A positioned label as SVG text. */
const Text = ({ l, class: c }: { l: Label; class?: string }) => (
  <text
    class={cls(c, l.claim && 'fig-claim') || undefined}
    data-claim={l.claim ? '' : undefined}
    x={l.x}
    y={l.y}
    text-anchor={l.anchor === 'start' ? undefined : l.anchor}
  >
    {l.text}
  </text>
);

/** The lane names, in a column that stays put while the plot scrolls. */
function Gutter({ layout }: { layout: TimelineLayout }) {
  const { gutter, height, rows } = layout;
  return (
    <svg
      class="tl-gutter"
      width={gutter}
      height={height}
      viewBox={`0 0 ${gutter} ${height}`}
      preserveAspectRatio="xMinYMin slice"
      aria-hidden="true"
    >
      <text class="tl-sub" x={gutter - 6} y={16} text-anchor="end">
        tick →
      </text>
      {rows.map((r, i) => (
        <g key={r.row.id}>
          {r.first && i > 0 ? <path class="tl-sep" d={`M0 ${r.top - 2}H${gutter}`} /> : null}
          <Text l={r.name} class={cls('tl-lab', !r.first && 'tl-lab2')} />
          {r.sub ? <Text l={r.sub} class="tl-sub" /> : null}
        </g>
      ))}
    </svg>
  );
}

/** A span: a line, the owner epoch's step, or a bar with its words inside. */
function SpanMark({ s, hatch, tagged }: { s: PlacedSpan; hatch: string; tagged: boolean }) {
  const { span, x, w, mid } = s;
  const c = `tl-s tl-${span.kind} t-${span.tone}`;
  const title = <title>{span.title}</title>;
  const text = s.label ? <Text l={s.label} /> : null;
  if (s.shape === 'line')
    return (
      <g class={c}>
        {title}
        <path d={`M${x} ${mid}H${x + w}`} />
        {text}
      </g>
    );
  if (s.shape === 'epoch') {
    const start =
      s.riser === 'none'
        ? `M${x} ${mid}`
        : s.riser === 'down'
          ? `M${x} ${mid - 7}V${mid}`
          : `M${x} ${mid + 7}V${mid}`;
    return (
      <g class={c}>
        {title}
        <path d={`${start}H${x + w}`} />
        {text}
      </g>
    );
  }
  const bh = s.barHeight;
  return (
    <g class={c} {...(span.data && tagged ? dataAttrs(span, span.from) : {})}>
      {title}
      <rect
        x={x + 0.5}
        y={mid - bh / 2}
        width={w - 1}
        height={bh}
        rx={2}
        fill={span.tone === 'waiting' ? `url(#${hatch})` : undefined}
      />
      {text}
    </g>
  );
}

/** The glyph of a point mark at (gx, gy). */
function Glyph({ kind, gx, gy }: { kind: string; gx: number; gy: number }): JSX.Element {
  const r = 7;
  const ring = (t: string) => (
    <>
      <circle class="tl-g" cx={gx} cy={gy} r={r} />
      <text class="tl-gt" x={gx} y={gy + 4.2} text-anchor="middle">
        {t}
      </text>
    </>
  );
  const bar = (d: string) => <path class="tl-g tl-bar" d={d} />;
  switch (kind) {
    case 'change':
      return <path class="tl-g" d={`M${gx - r} ${gy - r}H${gx + r}L${gx} ${gy + r}Z`} />;
    case 'admit':
      return <path class="tl-g" d={`M${gx - r} ${gy - r}L${gx + r} ${gy}L${gx - r} ${gy + r}Z`} />;
    case 'suspect':
      return ring('?');
    case 'accept':
    case 'done':
      return ring('✓');
    case 'refuse':
    case 'refused':
      return ring('✕');
    case 'restart':
      return ring('↻');
    case 'newsletter':
      return <circle class="tl-g" cx={gx} cy={gy} r={5.5} />;
    case 'breach':
      return (
        <>
          <path
            class="tl-g"
            d={`M${gx} ${gy - r - 1}L${gx + r + 1} ${gy}L${gx} ${gy + r + 1}L${gx - r - 1} ${gy}Z`}
          />
          <text class="tl-gt" x={gx} y={gy + 4.2} text-anchor="middle">
            !
          </text>
        </>
      );
    case 'claim':
      return bar(`M${gx - 5} ${gy - 7}V${gy + 7}`);
    case 'fenced':
      return bar(`M${gx - r} ${gy}H${gx}M${gx} ${gy - r - 1}V${gy + r + 1}`);
    case 'dies':
      return bar(
        `M${gx - 5} ${gy - 5}L${gx + 5} ${gy + 5}M${gx + 5} ${gy - 5}L${gx - 5} ${gy + 5}`,
      );
    case 'call':
      return <circle class="tl-g" cx={gx} cy={gy} r={2.5} />;
    case 'silent':
      return bar(`M${gx - 2.5} ${gy - 6}V${gy + 6}M${gx + 2.5} ${gy - 6}V${gy + 6}`);
    default:
      return <circle class="tl-g" cx={gx} cy={gy} r={r} />;
  }
}

/** A chip: one protected write, restore or post, its label inside, its claim beside it. */
function Chip({ q }: { q: PlacedPoint }) {
  const { chip, point: p } = q;
  const c = chip!;
  return (
    <>
      <rect x={c.x} y={c.y} width={c.w} height={c.h} rx={3} />
      {p.data?.duplicate === true ? (
        <rect class="tl-edge" x={c.x + 2} y={c.y + 2} width={c.w - 4} height={c.h - 4} rx={2} />
      ) : null}
      {/* Struck through like crossed-out text (a horizontal line through the label), so the label stays legible. */}
      {p.data?.outcome === 'rejected' ? (
        <path class="tl-strike" d={`M${c.x + 3} ${q.gy}H${c.x + c.w - 3}`} />
      ) : null}
      {p.label ? <Text l={chipLabel(q)} /> : null}
      {q.claim ? <Text l={q.claim} /> : null}
    </>
  );
}

/** A point mark: a chip, or a glyph with its label. */
function PointMark({ q, tagged }: { q: PlacedPoint; tagged: boolean }) {
  const p = q.point;
  const outcome = p.data?.outcome;
  const c = cls(
    'tl-p',
    `tl-${p.kind}`,
    `t-${p.tone}`,
    typeof outcome === 'string' && `tl-${outcome}`,
    p.data?.duplicate === true && 'tl-dup',
  );
  const attrs = tagged && p.kind !== 'claim' ? dataAttrs(p, p.tick) : {};
  return (
    <g class={c} {...attrs}>
      <title>{p.title}</title>
      {q.chip ? (
        <Chip q={q} />
      ) : (
        <>
          <Glyph kind={p.kind} gx={q.gx} gy={q.gy} />
          {q.label ? <Text l={q.label} /> : null}
        </>
      )}
    </g>
  );
}

/** The run's own marks: grid, lane separators, the report-change line, every row's spans and points. */
function Marks({
  layout,
  hatch,
  tagged,
}: {
  layout: TimelineLayout;
  hatch: string;
  tagged: boolean;
}) {
  const { n, col, height, width, rows } = layout;
  let grid = '';
  for (let t = 0; t <= n; t++) grid += `M${t * col} ${AXIS - 4}V${height}`;
  return (
    <>
      <path class="tl-grid" d={grid} />
      {rows.map((r, i) =>
        r.first && i > 0 ? (
          <path key={r.row.id} class="tl-sep" d={`M0 ${r.top - 2}H${width}`} />
        ) : null,
      )}
      {layout.changeLine ? <path class="tl-change-line" d={layout.changeLine} /> : null}
      {rows.map((r: PlacedRow) => (
        <g
          key={r.row.id}
          class={`tl-row tl-row-${r.row.id.replace(/-\d+-/, '-')}`}
          data-row={r.row.id}
        >
          {r.spans.map((s, j) => (
            <SpanMark key={j} s={s} hatch={hatch} tagged={tagged} />
          ))}
          {r.points.map((q, j) => (
            <PointMark key={j} q={q} tagged={tagged} />
          ))}
        </g>
      ))}
    </>
  );
}

interface Backdrop {
  layout: TimelineLayout;
  highlight?: [number, number] | undefined;
  marked?: number[] | undefined;
  selectedTick?: number | undefined;
}

/** What lies under the marks: the highlighted ticks, the ticks that differ, the selected tick. */
function Under({ layout, highlight, marked, selectedTick }: Backdrop) {
  const { from, col, height } = layout;
  const x = (t: number) => (t - from) * col;
  return (
    <>
      {highlight && highlight[1] >= highlight[0] ? (
        <rect
          class="tl-hl"
          x={x(highlight[0])}
          y={AXIS - 4}
          width={x(highlight[1] + 1) - x(highlight[0])}
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
    </>
  );
}

/** The ticks outside the highlight, dimmed. */
function Dim({ layout, highlight }: Backdrop) {
  if (!highlight) return null;
  const { from, col, height, width } = layout;
  const x = (t: number) => (t - from) * col;
  return (
    <>
      <rect class="tl-dim" x={0} y={0} width={Math.max(0, x(highlight[0]))} height={height} />
      <rect
        class="tl-dim"
        x={x(highlight[1] + 1)}
        y={0}
        width={Math.max(0, width - x(highlight[1] + 1))}
        height={height}
      />
    </>
  );
}

/** The tick labels along the top, each a link when the page gives it a URL. */
function Axis({
  layout,
  marked,
  tickHref,
}: Backdrop & { tickHref?: ((t: number) => string | undefined) | undefined }) {
  const { col } = layout;
  return (
    <g class="tl-axis">
      {marked?.map((t) => {
        const cx = (t - layout.from) * col + col / 2;
        return <path key={`d${t}`} class="tl-diff-tri" d={`M${cx - 4} ${AXIS - 2}h8l-4 -5z`} />;
      })}
      {layout.axis.map(({ tick, x, cx }) => {
        const txt = (
          <text x={cx} y={15} text-anchor="middle">
            {formatTick(tick)}
          </text>
        );
        const to = tickHref?.(tick);
        return to !== undefined ? (
          <a key={tick} href={to}>
            <rect class="tl-hit" x={x} y={0} width={col} height={AXIS - 2} />
            {txt}
          </a>
        ) : (
          <g key={tick} aria-hidden="true">
            {txt}
          </g>
        );
      })}
    </g>
  );
}

export default function Timeline(props: TimelineProps) {
  const { run, idPrefix = 'tl', selectedTick, onSelectTick, highlight: hlIn } = props;
  const layout = layoutTimeline(run, {
    variant: props.variant ?? 'reference',
    range: props.range,
    ticks: props.ticks,
    availableWidth: props.availableWidth,
    alongside: props.alongside,
  });
  const { from, width, height, col, lastTick } = layout;
  const hatch = `${idPrefix}-hatch`;
  const tagged = (props.tags ?? 'tagged') === 'tagged';
  const interactive = typeof onSelectTick === 'function' && typeof selectedTick === 'number';
  const h = interactive ? tickHandlers({ col, width, lastTick }, selectedTick, onSelectTick) : null;
  const svgProps: Record<string, unknown> = h
    ? {
        role: 'slider',
        tabindex: 0,
        'aria-label': props.label ?? 'Tick',
        'aria-valuemin': 0,
        'aria-valuemax': lastTick,
        'aria-valuenow': selectedTick,
        'aria-valuetext': formatTick(selectedTick!),
        onKeyDown: h.onKeyDown,
        onPointerDown: h.onPointerDown,
        onPointerMove: h.onPointerMove,
      }
    : { role: 'group', 'aria-label': `Ticks ${formatTickSpan(from, layout.last)}` };
  const highlight: [number, number] | undefined = hlIn
    ? [Math.max(hlIn[0], from), Math.min(hlIn[1], from + layout.n - 1)]
    : undefined;
  const backdrop: Backdrop = { layout, highlight, marked: props.marked, selectedTick };
  return (
    <div
      class={cls('tl-figure', interactive && 'tl-interactive')}
      data-width={layout.gutter + width}
      data-variant={layout.variant}
    >
      <Gutter layout={layout} />
      <svg
        class="tl-plot"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        {...svgProps}
      >
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
        <g aria-hidden="true">
          <Under {...backdrop} />
          <Marks layout={layout} hatch={hatch} tagged={tagged} />
          <Dim {...backdrop} />
        </g>
        <Axis {...backdrop} tickHref={interactive ? undefined : props.tickHref} />
      </svg>
    </div>
  );
}
