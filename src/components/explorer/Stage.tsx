/**
 * The explorer's stage: the tick control and the run's timeline, which is
 * itself a slider (click or drag across it, ←/→ with it focused). The tick
 * control marks the ticks where something happens and where an invariant
 * breaks. Compare draws a second run under the first on the same time axis,
 * with the ticks whose events differ marked on both.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { overflowOf, scrollFrame, type Overflow } from './dom.ts';
import Timeline from '../timeline/Timeline.tsx';
import { PRESETS, type Run, type Switches } from './model.ts';
import { describeSetting, presetTitle } from '../../lib/vocabulary.ts';
import { compareRows } from './diff.ts';
import { sameSwitches, tickLabel } from './format.ts';
import { tickMarks } from './changes.ts';

interface Props {
  run: Run;
  other: Run;
  vs: Switches;
  tick: number;
  setTick: (t: number, mode?: 'push' | 'replace') => void;
  /** A move that is part of a gesture (drag, slider, held key): one history entry for all of it. */
  dragTick: (t: number) => void;
  endGesture: () => void;
  setVs: (s: Switches) => void;
  permalink: () => void;
  link: { url: string; copied: boolean } | null;
}

const list = (ts: number[]) => ts.map(tickLabel).join(', ');

/** The legend is static: explorer.astro renders it once into <template id="ex-legend-tpl">; opening the details copies it in. */
function fillLegend(e: Event) {
  const d = e.currentTarget as HTMLDetailsElement;
  const tpl = document.getElementById('ex-legend-tpl') as HTMLTemplateElement | null;
  if (d.open && tpl && !d.querySelector('.tl-legend')) d.append(tpl.content.cloneNode(true));
}

/**
 * Scroll a figure's frame sideways, only as far as needed, so the selected tick's column shows
 * right of the fixed lane names. Only the frame scrolls (never the page), at once when the reader
 * asked for reduced motion.
 */
export function revealTick(scroller: HTMLElement | null) {
  const sel = scroller?.querySelector('.tl-sel');
  const gutter = scroller?.querySelector<SVGSVGElement>('.tl-gutter');
  if (!scroller || !sel || !gutter || scroller.scrollWidth <= scroller.clientWidth) return;
  // From the drawing's own geometry (drawn 1:1, the plot right after the lane names): the column's
  // box as laid out may still be the one before the tick moved when this runs.
  const names = gutter.getBoundingClientRect().width;
  const x0 = names + Number(sel.getAttribute('x'));
  const w = Number(sel.getAttribute('width'));
  const from = scroller.scrollLeft + names;
  const to = scroller.scrollLeft + scroller.clientWidth;
  // A column's width of room on the side it comes in from, so the ticks around it show too.
  const room = Math.min(w, Math.max(0, (to - from - w) / 2));
  let left: number;
  if (x0 < from - 0.5) left = x0 - names - room;
  else if (x0 + w > to + 0.5) left = x0 + w - scroller.clientWidth + room;
  else return;
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  scroller.scrollTo({ left: Math.max(0, left), behavior: still ? 'instant' : 'smooth' });
}

export function Stage({
  run,
  other,
  vs,
  tick,
  setTick,
  dragTick,
  endGesture,
  setVs,
  permalink,
  link,
}: Props) {
  const [comparing, setComparing] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const frame2 = useRef<HTMLDivElement>(null);
  /** A press on the figure: it does not scroll under the pointer until the press ends. */
  const pressing = useRef(false);
  const reveal = () => {
    revealTick(frame.current);
    revealTick(frame2.current);
  };
  // However the tick moved (button, keys, slider, drag, tap, preset, scene), its column comes into
  // view, before the frame is painted; after a click or drag on the figure, when the press ends
  // (scrolled during the press, the figure would move under the pointer and the press would go on
  // selecting the ticks that slide under it).
  /**
   * The room the drawing may take: the figure's width less the frame's borders (not the frame's
   * own width, which fits its content: measuring that fed each drawing's width back into the
   * next). The figure's columns narrow to fit it, down to its labels' width. Read before the
   * first paint, and the drawing made only then: drawn first at full width, the figure was laid
   * out twice on load, a second long task.
   */
  const [width, setWidth] = useState<number | undefined>(undefined);
  const room = () => {
    const el = frame.current;
    const fig = el?.closest('figure');
    return el && fig ? Math.max(0, fig.clientWidth - (el.offsetWidth - el.clientWidth)) : 0;
  };
  useLayoutEffect(() => setWidth(room()), []);
  useLayoutEffect(() => {
    if (!pressing.current) reveal();
  }, [tick, run, other, comparing, width]);
  // Where the drawing is wider than its frame, a cue on the clipped edge says so (and scrolls it).
  const [more, setMore] = useState<Overflow>({ left: false, right: false, names: 0 });
  const measure = () => {
    const next = overflowOf(frame.current);
    setMore((m) =>
      m.left === next.left && m.right === next.right && m.names === next.names ? m : next,
    );
  };
  useLayoutEffect(measure, [run, other, comparing, width]);
  useEffect(() => {
    const el = frame.current;
    const fig = el?.closest('figure');
    if (!el || !fig || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const r = room();
      setWidth((w) => (w === r ? w : r));
      measure();
    });
    ro.observe(fig);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const release = () => {
    pressing.current = false;
    endGesture();
    reveal();
  };
  const marks = tickMarks(run);
  const last = run.lastTick;
  const at = (t: number) => `calc(0.5rem + (100% - 1rem) * ${last === 0 ? 0 : t / last})`;
  const same = sameSwitches(run.switches, vs);
  const differing =
    comparing && !same
      ? compareRows(run, other)
          .filter((r) => r.differs)
          .map((r) => r.tick)
      : [];
  const span = Math.max(run.lastTick, other.lastTick) + 1;
  const presetId = PRESETS.find((p) => sameSwitches(p.switches, vs))?.id ?? 'custom';
  return (
    <section class="ex-stage__main" aria-labelledby="ex-now-h">
      <div class="ex-scrub">
        <h2 id="ex-now-h" class="ex-scrub__title">
          At <span class="figure">{tickLabel(tick)}</span>
          <span class="muted small"> of {tickLabel(last)}</span>
        </h2>
        <div class="ex-scrub__ctl">
          <button
            type="button"
            onClick={() => setTick(tick - 1)}
            aria-label="Previous tick"
            data-tick-step="-1"
          >
            <span aria-hidden="true">◀</span>
          </button>
          <div class="ex-scrub__range">
            <label>
              <span class="sr-only">Tick</span>
              <input
                type="range"
                min={0}
                max={last}
                step={1}
                value={tick}
                aria-valuetext={`${tickLabel(tick)} of ${tickLabel(last)}`}
                onInput={(e) => dragTick(Number((e.currentTarget as HTMLInputElement).value))}
                onChange={endGesture}
              />
            </label>
            <div class="ex-ticks" aria-hidden="true">
              {marks.events.map((t) => (
                <span
                  key={`e${t}`}
                  class={'ex-tm' + (marks.breaks.includes(t) ? ' ex-tm--break' : '')}
                  style={`left:${at(t)}`}
                  data-tickmark={t}
                />
              ))}
            </div>
          </div>
          <button
            type="button"
            onClick={() => setTick(tick + 1)}
            aria-label="Next tick"
            data-tick-step="1"
          >
            <span aria-hidden="true">▶</span>
          </button>
        </div>
        <p class="ex-scrub__key small muted">
          Under the slider: <span class="ex-tm ex-tm--key" aria-hidden="true" /> a tick where
          something happens, <span class="ex-tm ex-tm--break ex-tm--key" aria-hidden="true" /> a
          tick where an invariant breaks.
        </p>
        <button type="button" onClick={permalink} class="ex-permalink">
          Permalink<span class="sr-only"> to {tickLabel(tick)} on this run’s trace page</span>
        </button>
      </div>
      <div class="ex-cmpbar">
        <label class="ex-option ex-cmp-toggle">
          <input
            type="checkbox"
            checked={comparing}
            onChange={(e) => setComparing((e.currentTarget as HTMLInputElement).checked)}
            data-compare-toggle
          />
          <span>Compare with</span>
        </label>
        {/* eslint-disable-next-line jsx-a11y-x/label-has-associated-control -- Preact writes `for`; the rule knows only `htmlFor` */}
        <label for="ex-vs-preset" class="sr-only">
          Setting to compare with
        </label>
        <select
          id="ex-vs-preset"
          value={presetId}
          onChange={(e) => {
            const p = PRESETS.find((x) => x.id === (e.currentTarget as HTMLSelectElement).value);
            if (p) setVs({ ...p.switches });
            setComparing(true);
          }}
        >
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {presetTitle(p.id)}
            </option>
          ))}
          <option value="custom" disabled={presetId !== 'custom'}>
            Another setting
          </option>
        </select>
      </div>
      {link && (
        <p class="ex-link small" role="status">
          {link.copied ? 'Copied to the clipboard: ' : 'Link to this tick: '}
          <a href={link.url}>{link.url}</a>
        </p>
      )}
      <figure class="tl ex-fig" aria-labelledby="ex-fig-cap">
        <div
          class={
            'ex-frame' + (more.left ? ' has-more-left' : '') + (more.right ? ' has-more-right' : '')
          }
          style={`--ex-names: ${more.names}px`}
        >
          {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- ends a drag begun on the timeline inside, which is the control */}
          <div
            class="tl-scroll"
            ref={frame}
            onScroll={measure}
            onPointerDown={(e) =>
              // The plot captures the pointer, so its press ends here too (not a press on the scrollbar).
              (pressing.current = !!(e.target as Element).closest('.tl-plot'))
            }
            onPointerUp={release}
            onPointerCancel={release}
            onKeyUp={endGesture}
            onFocusOut={endGesture}
          >
            {width !== undefined && (
              <Timeline
                run={run}
                idPrefix="ex-tl"
                selectedTick={tick}
                onSelectTick={dragTick}
                label={`Tick of this run (${tickLabel(tick)} of ${tickLabel(last)}); drag across the figure or use the arrow keys`}
                ticks={comparing ? span : undefined}
                marked={differing}
                availableWidth={width}
                alongside={comparing && !same ? [other] : undefined}
              />
            )}
          </div>
          {more.left && (
            <button
              type="button"
              class="ex-frame__cue ex-frame__cue--left"
              tabindex={-1}
              aria-hidden="true"
              data-scroll-cue="left"
              onClick={() => scrollFrame(frame.current, -1)}
            >
              ← earlier ticks
            </button>
          )}
          {more.right && (
            <button
              type="button"
              class="ex-frame__cue ex-frame__cue--right"
              tabindex={-1}
              aria-hidden="true"
              data-scroll-cue="right"
              onClick={() => scrollFrame(frame.current, 1)}
            >
              later ticks →
            </button>
          )}
        </div>
        {comparing &&
          (same ? (
            <p class="small muted ex-cmp-same">The same setting: pick another to compare.</p>
          ) : (
            <div
              class="tl-scroll ex-fig2"
              ref={frame2}
              tabindex={0}
              role="group"
              aria-label={`Compared: ${describeSetting(vs)}`}
            >
              <Timeline
                run={other}
                idPrefix="ex-tl2"
                selectedTick={tick <= other.lastTick ? tick : undefined}
                ticks={span}
                marked={differing}
                availableWidth={width}
                alongside={[run]}
              />
            </div>
          ))}
        <figcaption id="ex-fig-cap" class="small">
          {comparing && !same ? (
            <>
              Below: <em>{describeSetting(vs)}</em>.{' '}
              <span data-differing={differing.length}>
                {differing.length
                  ? `Events differ at ${list(differing)} (shaded, ▲).`
                  : 'No event differs.'}
              </span>{' '}
            </>
          ) : (
            <>This run, from its records. </>
          )}
          Click or drag across the figure, or press ← or → on it, to move the tick; the panels
          follow.
        </figcaption>
        <details class="ex-legend" onToggle={fillLegend}>
          <summary>What the marks mean</summary>
        </details>
      </figure>
    </section>
  );
}
