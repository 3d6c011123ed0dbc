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
}

const AXIS = 22;
const PITCH = 15;
/** The width a full-size figure aims to fit: labels and plot together. */
const FIT = 860;

function rowHeight(row: Row, compact: boolean): number {
  // A track with a label under its line is taller (see `under` below).
  if (row.flat) return compact ? 10 : row.points.some((p, i) => labelUnder(row, p, i)) ? 32 : 18;
  const perTick = new Map<number, number>();
  for (const p of row.points) perTick.set(p.tick, (perTick.get(p.tick) ?? 0) + 1);
  const stack = Math.max(1, ...perTick.values());
  return compact
    ? Math.max(10, stack * 5 + 2)
    : Math.max(row.sub && !row.group ? 32 : 22, stack * PITCH + 6);
}

const hasLabel = (p: Point) => !!p.label && p.kind !== 'call' && p.kind !== 'breach';

/**
 * On a track (a flat row), a label that goes under the line instead of beside the glyph: a pause
 * (#1 silent before an action: the asleep line and its label follow it), or a second labelled mark
 * at the same tick (#1 wakes to send and dies there). Only the fault schedule's runs have either.
 */
function labelUnder(row: Row, p: Point, i: number): boolean {
  if (!row.flat || !hasLabel(p)) return false;
  return (
    p.kind === 'silent' || row.points.slice(0, i).some((q) => q.tick === p.tick && hasLabel(q))
  );
}

/** The run's own marks: in a group that other figures can <use> when it has an id, as they are otherwise. */
const Shared = ({ id, children }: { id?: string; children?: ComponentChildren }) =>
  id ? <g id={id}>{children}</g> : <>{children}</>;

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
  } = props;
  const m = timelineMarks(run);
  const gutter = compact ? 64 : 166;
  const right = compact ? 4 : 28;
  const n = Math.max(m.lastTick + 1, ticks ?? 0);
  // Columns share a fixed width (about the trace page's column at 1280 px), between 32 and 44 units each.
  const col = compact ? 20 : Math.max(32, Math.min(44, Math.floor((FIT - gutter - right) / n)));
  const width = n * col + right;
  const heights = m.rows.map((r) => rowHeight(r, compact));
  const tops: number[] = [];
  let y = AXIS;
  m.rows.forEach((r, i) => {
    const prev = m.rows[i - 1];
    if (i > 0 && !(r.group && prev?.group === r.group)) y += compact ? 2 : 4;
    tops.push(y);
    y += heights[i];
  });
  const height = y + 4;
  const x = (t: number) => t * col;
  const cx = (t: number) => t * col + col / 2;
  const hatch = `${idPrefix}-hatch`;
  const interactive = typeof onSelectTick === 'function' && typeof selectedTick === 'number';
  const handlers = interactive
    ? tickHandlers({ col, width, lastTick: m.lastTick }, selectedTick!, onSelectTick!)
    : null;

  // Grid: one line per tick boundary, drawn as a single path.
  let grid = '';
  for (let t = 0; t <= n; t++) grid += `M${x(t)} ${AXIS - 4}V${height}`;

  const spanEl = (s: Span, row: Row, top: number, h: number, key: number) => {
    const x1 = x(s.from);
    const w = Math.max(1, x(s.to) - x1);
    // On a track, the middle; on a stacking row, level with its first mark.
    const mid = row.flat ? top + h / 2 : compact ? top + 5 : top + 3 + PITCH / 2;
    const c = `tl-s tl-${s.kind} t-${s.tone}`;
    const title = bare && compact ? null : <title>{s.title}</title>;
    const text =
      !compact && s.label && w >= s.label.length * 5.6 + 8 ? (
        <text x={x1 + 4} y={mid + 3.5}>
          {s.label}
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
            {s.kind === 'asleep' && !compact ? (
              <text x={x1 + w / 2} y={mid - 3} text-anchor="middle">
                {s.label}
              </text>
            ) : null}
          </g>
        );
      case 'epoch':
      case 'epoch-back': {
        const first = s.label?.startsWith('epoch');
        // A step up to a new epoch; a step down (from above) when it went back.
        const riser =
          s.kind === 'epoch-back' ? `M${x1} ${mid - 5}V${mid}` : `M${x1} ${mid + 5}V${mid}`;
        return (
          <g class={c} key={key}>
            {title}
            <path d={`${first ? `M${x1} ${mid}` : riser}H${x1 + w}`} />
            {compact ? null : (
              <text x={x1 + 3} y={mid - 3}>
                {s.label}
              </text>
            )}
          </g>
        );
      }
      default: {
        const bh = s.kind === 'running' ? (compact ? 4 : 6) : compact ? 6 : 12;
        return (
          <g class={c} key={key} {...(s.data && !bare ? dataAttrs(s, s.from) : {})}>
            {title}
            <rect
              x={x1 + 0.5}
              y={mid - bh / 2}
              width={w - 1}
              height={bh}
              rx={2}
              style={s.tone === 'waiting' ? `fill:url(#${hatch})` : undefined}
            />
            {text}
          </g>
        );
      }
    }
  };

  const glyph = (p: Point, gx: number, gy: number): JSX.Element => {
    const r = compact ? 3 : 5.5;
    switch (p.kind) {
      case 'change':
        return <path class="tl-g" d={`M${gx - r} ${gy - r}H${gx + r}L${gx} ${gy + r}Z`} />;
      case 'admit':
        return (
          <path class="tl-g" d={`M${gx - r} ${gy - r}L${gx + r} ${gy}L${gx - r} ${gy + r}Z`} />
        );
      case 'suspect':
      case 'accept':
      case 'refuse':
      case 'done':
      case 'refused':
      case 'newsletter':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {compact ? null : (
              <text class="tl-gt" x={gx} y={gy + 3.3} text-anchor="middle">
                {p.kind === 'suspect'
                  ? '?'
                  : p.kind === 'accept' || p.kind === 'done'
                    ? '✓'
                    : p.kind === 'newsletter'
                      ? ''
                      : '✕'}
              </text>
            )}
          </>
        );
      case 'breach':
        return (
          <>
            <path
              class="tl-g"
              d={`M${gx} ${gy - r - 1}L${gx + r + 1} ${gy}L${gx} ${gy + r + 1}L${gx - r - 1} ${gy}Z`}
            />
            {compact ? null : (
              <text class="tl-gt" x={gx} y={gy + 3.3} text-anchor="middle">
                !
              </text>
            )}
          </>
        );
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
            d={`M${gx - r} ${gy - r}L${gx + r} ${gy + r}M${gx + r} ${gy - r}L${gx - r} ${gy + r}`}
          />
        );
      case 'call':
        return <circle class="tl-g" cx={gx} cy={gy} r={compact ? 1.5 : 2.5} />;
      case 'silent':
        return (
          <path
            class="tl-g tl-bar"
            d={`M${gx - r / 2} ${gy - r}V${gy + r}M${gx + r / 2} ${gy - r}V${gy + r}`}
          />
        );
      case 'restart':
        return (
          <>
            <circle class="tl-g" cx={gx} cy={gy} r={r} />
            {compact ? null : (
              <text class="tl-gt" x={gx} y={gy + 3.3} text-anchor="middle">
                ↻
              </text>
            )}
          </>
        );
      default:
        return <circle class="tl-g" cx={gx} cy={gy} r={r} />;
    }
  };

  const CHIPS = new Set(['write', 'restore', 'post', 'remembered', 'rejected', 'expired']);

  const pointEls = (row: Row, top: number, h: number) => {
    const slot = new Map<number, number>();
    return row.points.map((p, i) => {
      const k = slot.get(p.tick) ?? 0;
      slot.set(p.tick, k + 1);
      const gy = row.flat
        ? top + h / 2
        : compact
          ? top + 3 + k * 5 + 2
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
      if (CHIPS.has(p.kind)) {
        const w = compact ? 8 : col - 4;
        const ch = compact ? 4 : 12;
        const x1 = compact ? cx(p.tick) - w / 2 : x(p.tick) + 2;
        const mark = p.kind === 'write' && outcome === 'stale-applied' ? '!' : '';
        return (
          <g class={c} key={i} {...attrs}>
            {bare && compact ? null : <title>{p.title}</title>}
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
              <text x={x1 + w / 2} y={gy + 3.2} text-anchor="middle">
                {mark}
                {p.label}
              </text>
            )}
          </g>
        );
      }
      const labelled = !compact && hasLabel(p);
      const gx = p.kind === 'change' ? x(p.tick) : labelled ? x(p.tick) + 8 : cx(p.tick);
      let textEl: JSX.Element | null = null;
      if (labelled) {
        const room = (m.lastTick - p.tick) * col + col + right - 18;
        // No room on the right: the label goes under the glyph, ending at it (rows with a sub line have the height).
        const wide = p.label!.length * 5.6 > room;
        const under = wide && !row.flat && !!row.sub;
        // The wake ring and the ✕ of a death are wider than the other glyphs: their label starts clear of them.
        const clear = p.kind === 'wakes' || p.kind === 'dies' ? 11 : 8;
        textEl = labelUnder(row, p, i) ? (
          <text x={wide ? gx + 6 : gx - 6} y={gy + 14} text-anchor={wide ? 'end' : undefined}>
            {p.label}
          </text>
        ) : (
          <text
            x={wide ? gx + (under ? 6 : -8) : gx + clear}
            y={gy + (under ? 15 : 3.5)}
            text-anchor={wide ? 'end' : undefined}
          >
            {p.label}
          </text>
        );
      }
      return (
        <g class={c} key={i} {...attrs}>
          {bare && compact ? null : <title>{p.title}</title>}
          {glyph(p, p.kind === 'breach' ? x(p.tick) + col - 7 : gx, gy)}
          {textEl}
        </g>
      );
    });
  };

  const changeX = run.versionChangedAt !== null ? x(run.versionChangedAt) : null;
  const svgProps: Record<string, unknown> = interactive
    ? {
        role: 'slider',
        tabindex: 0,
        'aria-label': label ?? 'Tick',
        'aria-valuemin': 0,
        'aria-valuemax': m.lastTick,
        'aria-valuenow': selectedTick,
        'aria-valuetext': formatTick(selectedTick),
        onKeyDown: handlers!.onKeyDown,
        onPointerDown: handlers!.onPointerDown,
        onPointerMove: handlers!.onPointerMove,
      }
    : { role: 'group', 'aria-label': `Ticks ${formatTickSpan(0, m.lastTick)}` };

  return (
    <div
      class={cls('tl-figure', compact && 'tl-compact', interactive && 'tl-interactive')}
      style={`--tl-w:${gutter + width}`}
    >
      <svg class="tl-gutter" width={gutter} height={height} aria-hidden="true">
        {compact ? null : (
          <text class="tl-sub" x={gutter - 5} y={14} text-anchor="end">
            tick →
          </text>
        )}
        {m.rows.map((r, i) => {
          const top = tops[i];
          const h = heights[i];
          const first = !r.group || m.rows[i - 1]?.group !== r.group;
          return (
            <g key={r.id}>
              {first && i > 0 ? (
                <path class="tl-sep" d={`M0 ${top - (compact ? 1 : 2)}H${gutter}`} />
              ) : null}
              <text
                class={cls('tl-lab', r.group && !first && 'tl-lab2')}
                x={4}
                y={top + (r.flat ? h / 2 + 4 : Math.min(h / 2, 11) + 4)}
              >
                {compact ? (first ? r.label.split(' ')[0] : '') : r.label}
              </text>
              {r.sub && !compact ? (
                <text
                  class="tl-sub"
                  x={r.group ? gutter - 5 : 4}
                  y={
                    r.group
                      ? top + (r.flat ? h / 2 : Math.min(h / 2, 11)) + 3.5
                      : top + Math.min(h / 2, 11) + 16
                  }
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
          {highlight ? (
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
          {shared?.use ? (
            <use href={`#${shared.id}`} />
          ) : (
            <Shared id={shared?.id}>
              <path class="tl-grid" d={grid} />
              {m.rows.map((r, i) => {
                const top = tops[i];
                return r.group && m.rows[i - 1]?.group !== r.group ? null : i > 0 ? (
                  <path key={r.id} class="tl-sep" d={`M0 ${top - (compact ? 1 : 2)}H${width}`} />
                ) : null;
              })}
              {changeX !== null ? (
                <path class="tl-change-line" d={`M${changeX} ${AXIS - 4}V${height}`} />
              ) : null}
              {m.rows.map((r, i) => (
                <g key={r.id} class={`tl-row tl-row-${r.id.replace(/-\d+-/, '-')}`} data-row={r.id}>
                  {r.spans.map((s, j) => spanEl(s, r, tops[i], heights[i], j))}
                  {pointEls(r, tops[i], heights[i])}
                </g>
              ))}
            </Shared>
          )}
          {highlight ? (
            <>
              <rect class="tl-dim" x={0} y={0} width={x(highlight[0])} height={height} />
              <rect
                class="tl-dim"
                x={x(highlight[1] + 1)}
                y={0}
                width={Math.max(0, width - x(highlight[1] + 1))}
                height={height}
              />
            </>
          ) : null}
        </g>
        <g class="tl-axis">
          {marked?.map((t) => (
            <path key={`d${t}`} class="tl-diff-tri" d={`M${cx(t) - 4} ${AXIS - 2}h8l-4 -5z`} />
          ))}
          {Array.from({ length: m.lastTick + 1 }, (_, t) => {
            if (compact && t % 2 === 1 && t !== m.lastTick) return null;
            const txt = (
              <text x={cx(t)} y={14} text-anchor="middle">
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
