/**
 * The lost acknowledgement as a sequence diagram, drawn for a narrow column (fits
 * 328 px at 1:1, a 360 px phone's column, labels at 12 px): three lifelines (the poster, its successor, the
 * feed) on the left, time downwards, one row per record of sequence.ts, and each
 * row's words in a column on the right, so no label sits between lifelines. Writes
 * to the effect records (the intent, the confirmation) are dots on the writer's
 * lifeline. Static SVG; the tick labels link to `#tN`.
 * Grammar: solid arrow = a request; dashed arrow = a reply; a box on the feed =
 * what the feed did (double edge: a duplicate post); ✕ = a death; the reply that
 * ends in ✕ is the acknowledgement that was lost.
 */
import type { JSX } from 'preact';
import type { Run } from '../../model/browser.ts';
import { ackSequence, type Actor } from './sequence.ts';
import { formatTick } from '../../lib/format.ts';

export interface SequenceProps {
  run: Run;
  tickHref?: ((tick: number) => string) | undefined;
  /** The claim written on the figure, under the last row (class fig-claim). */
  claim?: string | undefined;
}

const ROW = 26;
const HEAD = 40;
export const SEQUENCE_WIDTH = 328;
const X: Record<Exclude<Actor, 'records'>, number> = { poster: 38, successor: 80, feed: 122 };
const LABEL_X = 140;

export default function Sequence({ run, tickHref, claim }: SequenceProps) {
  const seq = ackSequence(run);
  if (!seq) return null;
  const y = (i: number) => HEAD + i * ROW + ROW / 2;
  const height = HEAD + seq.steps.length * ROW + (claim ? 30 : 10);
  const rowsAt = (from: number, to: number | null): [number, number] | null => {
    const idx = seq.steps
      .map((s, i) => [s.tick, i] as const)
      .filter(([t]) => t >= from && (to === null || t <= to));
    const [first, last] = [idx[0], idx.at(-1)];
    return first && last ? [first[1], last[1]] : null;
  };
  const names: Record<'poster' | 'successor' | 'feed', [string, string]> = {
    poster: [`#${seq.poster}`, 'poster'],
    successor: seq.successor === null ? ['', ''] : [`#${seq.successor}`, 'next'],
    feed: ['feed', ''],
  };
  const actors: ('poster' | 'successor' | 'feed')[] =
    seq.successor === null ? ['poster', 'feed'] : ['poster', 'successor', 'feed'];
  const at = (a: Actor) => (a === 'records' ? null : X[a]);
  let lastTick = -1;
  return (
    <svg
      class="sq"
      width={SEQUENCE_WIDTH}
      height={height}
      viewBox={`0 0 ${SEQUENCE_WIDTH} ${height}`}
      role="group"
      aria-label="Ticks of the sequence"
    >
      <g aria-hidden="true">
        {actors.map((a) => {
          const life = seq.life[a];
          const span: [number, number] | null =
            a === 'feed' ? [0, seq.steps.length - 1] : rowsAt(life.from, life.to);
          const died = a !== 'feed' && seq.steps.some((s) => s.kind === 'lost-reply' && s.to === a);
          return (
            <g key={a} class={`sq-life sq-${a}`}>
              <text class="sq-name" x={X[a]} y={14} text-anchor="middle">
                {names[a][0]}
              </text>
              <text class="sq-sub" x={X[a]} y={29} text-anchor="middle">
                {names[a][1]}
              </text>
              {span ? (
                <path
                  d={`M${X[a]} ${y(span[0]) - ROW / 2 + 2}V${y(span[1]) + (died ? 0 : ROW / 2)}`}
                  data-seq={a === 'successor' ? String(span[0]) : undefined}
                />
              ) : null}
              {died && span ? (
                <path
                  class="sq-x"
                  d={`M${X[a] - 6} ${y(span[1]) - 6}l12 12m0 -12l-12 12`}
                  data-seq={String(span[1])}
                />
              ) : null}
            </g>
          );
        })}
        {seq.steps.map((s, i) => {
          const yy = y(i);
          const attrs: Record<string, string> = {
            'data-step': s.kind,
            'data-tick': String(s.tick),
            'data-mark': s.kind,
            // The row's place in the sequence: a figure that steps message by message reads it.
            'data-seq': String(i),
          };
          for (const [k, v] of Object.entries(s.data)) attrs[`data-${k}`] = String(v);
          let body: JSX.Element;
          const from = at(s.from);
          const to = at(s.to);
          if (from === null || to === null || s.from === s.to) {
            // A note on one lifeline: a write to the records, or what the feed did.
            const x = (from ?? to) as number;
            const feed = s.from === 'feed';
            body = feed ? (
              <>
                <rect x={x - 6} y={yy - 6} width={12} height={12} rx={2} />
                {s.data.duplicate === true ? (
                  <rect class="sq-edge" x={x - 9} y={yy - 9} width={18} height={18} rx={3} />
                ) : null}
              </>
            ) : (
              <circle class="sq-dot" cx={x} cy={yy} r={4} />
            );
          } else {
            const dir = to > from ? 1 : -1;
            const reply = s.kind === 'reply' || s.kind === 'lost-reply';
            const end = s.kind === 'lost-reply' ? to - dir * 8 : to - dir * 2;
            body = (
              <>
                <path class={reply ? 'sq-dash' : 'sq-line'} d={`M${from} ${yy}H${end}`} />
                {s.kind === 'lost-reply' ? null : (
                  <path class="sq-head" d={`M${end} ${yy}l${-dir * 7} -4v8z`} />
                )}
              </>
            );
          }
          return (
            <g key={i} class={`sq-step sq-${s.kind} t-${s.tone}`} {...attrs}>
              {body}
              <text x={LABEL_X} y={yy + 4}>
                {s.label}
              </text>
            </g>
          );
        })}
        {claim ? (
          <text
            class="sq-claim fig-claim"
            data-claim=""
            data-seq={String(seq.steps.length - 1)}
            x={LABEL_X}
            y={HEAD + seq.steps.length * ROW + 20}
          >
            {claim}
          </text>
        ) : null}
      </g>
      {seq.steps.map((s, i) => {
        if (s.tick === lastTick) return null;
        lastTick = s.tick;
        const t = (
          <text x={2} y={y(i) + 4}>
            {formatTick(s.tick)}
          </text>
        );
        return tickHref ? (
          <a key={`t${i}`} class="sq-tick" href={tickHref(s.tick)} data-seq={String(i)}>
            {t}
          </a>
        ) : (
          <g key={`t${i}`} class="sq-tick" aria-hidden="true" data-seq={String(i)}>
            {t}
          </g>
        );
      })}
    </svg>
  );
}
