/**
 * The lost acknowledgement as a sequence diagram: four lifelines (the effect
 * records, the poster, its successor, the feed), time downwards, one row per
 * record of sequence.ts. Static SVG; the tick labels link to `#tN`.
 * Grammar: solid arrow = a request or a write; dashed arrow = a reply; a box on
 * the feed = what the feed did (double edge: a duplicate post); ✕ = a death;
 * the reply that ends in ✕ is the acknowledgement that was lost.
 */
import type { JSX } from 'preact';
import type { Run } from '../../model/browser.ts';
import { ackSequence, type Actor } from './sequence.ts';

export interface SequenceProps {
  run: Run;
  tickHref?: (tick: number) => string;
}

const ROW = 26;
const HEAD = 34;
const X: Record<Actor, number> = { records: 96, poster: 250, successor: 404, feed: 540 };
const WIDTH = 770;

export default function Sequence({ run, tickHref }: SequenceProps) {
  const seq = ackSequence(run);
  if (!seq) return null;
  const y = (i: number) => HEAD + i * ROW + ROW / 2;
  const height = HEAD + seq.steps.length * ROW + 14;
  const rowsAt = (from: number, to: number | null) => {
    const idx = seq.steps
      .map((s, i) => [s.tick, i] as const)
      .filter(([t]) => t >= from && (to === null || t <= to));
    return idx.length ? [idx[0][1], idx[idx.length - 1][1]] : null;
  };
  const names: Record<Actor, string> = {
    records: 'effect records',
    poster: `#${seq.poster} poster`,
    successor: seq.successor === null ? '' : `#${seq.successor} successor`,
    feed: 'feed',
  };
  const actors: Actor[] =
    seq.successor === null
      ? ['records', 'poster', 'feed']
      : ['records', 'poster', 'successor', 'feed'];
  let lastTick = -1;
  return (
    <svg
      class="sq"
      width={WIDTH}
      height={height}
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="group"
      aria-label="Ticks of the sequence"
    >
      <g aria-hidden="true">
        {actors.map((a) => {
          const life = seq.life[a];
          const span =
            a === 'records' || a === 'feed'
              ? [0, seq.steps.length - 1]
              : rowsAt(life.from, life.to);
          const died =
            a !== 'records' &&
            a !== 'feed' &&
            seq.steps.some((s) => s.kind === 'lost-reply' && s.to === a);
          return (
            <g key={a} class={`sq-life sq-${a}`}>
              <text class="sq-name" x={X[a]} y={16} text-anchor="middle">
                {names[a]}
              </text>
              {span ? (
                <path
                  d={`M${X[a]} ${y(span[0]) - ROW / 2 - 4}V${y(span[1]) + (died ? 0 : ROW / 2)}`}
                />
              ) : null}
              {died && span ? (
                <path class="sq-x" d={`M${X[a] - 6} ${y(span[1]) - 6}l12 12m0 -12l-12 12`} />
              ) : null}
            </g>
          );
        })}
        {seq.steps.map((s, i) => {
          const yy = y(i);
          const attrs: Record<string, string> = {
            'data-step': s.kind,
            'data-tick': String(s.tick),
          };
          for (const [k, v] of Object.entries(s.data)) attrs[`data-${k}`] = String(v);
          let body: JSX.Element;
          if (s.from === s.to) {
            const w = s.label.length * 5.9 + 12;
            body = (
              <>
                <rect x={X.feed + 8} y={yy - 9} width={w} height={18} rx={3} />
                {s.data.duplicate === true ? (
                  <rect
                    class="sq-edge"
                    x={X.feed + 10}
                    y={yy - 7}
                    width={w - 4}
                    height={14}
                    rx={2}
                  />
                ) : null}
                <text x={X.feed + 14} y={yy + 4}>
                  {s.label}
                </text>
              </>
            );
          } else {
            const x1 = X[s.from];
            const x2 = X[s.to];
            const dir = x2 > x1 ? 1 : -1;
            const reply = s.kind === 'reply' || s.kind === 'lost-reply' || s.kind === 'finds';
            const end = s.kind === 'lost-reply' ? x2 + dir * -8 : x2 - dir * 2;
            body = (
              <>
                <path class={reply ? 'sq-dash' : 'sq-line'} d={`M${x1} ${yy}H${end}`} />
                {s.kind === 'lost-reply' ? null : (
                  <path class="sq-head" d={`M${end} ${yy}l${-dir * 7} -4v8z`} />
                )}
                <text x={(x1 + x2) / 2} y={yy - 5} text-anchor="middle">
                  {s.label}
                </text>
              </>
            );
          }
          return (
            <g key={i} class={`sq-step sq-${s.kind} t-${s.tone}`} {...attrs}>
              {body}
            </g>
          );
        })}
      </g>
      {seq.steps.map((s, i) => {
        if (s.tick === lastTick) return null;
        lastTick = s.tick;
        const t = (
          <text x={8} y={y(i) + 4}>
            t{s.tick}
          </text>
        );
        return tickHref ? (
          <a key={`t${i}`} class="sq-tick" href={tickHref(s.tick)}>
            {t}
          </a>
        ) : (
          <g key={`t${i}`} class="sq-tick" aria-hidden="true">
            {t}
          </g>
        );
      })}
    </svg>
  );
}
