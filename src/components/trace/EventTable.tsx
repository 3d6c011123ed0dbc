/**
 * A run's events as a table: one row group per tick, lanes as coloured
 * tags, each sentence followed by a link to the rule that wrote it on
 * /model/. The one renderer of the event list: trace pages and the
 * article/companion render it statically (no JavaScript), the explorer live.
 *
 * Tick labels link where `tickHref` says (null: no link). With `anchors`,
 * each tick's group carries id="tN" (trace pages). With `onTick`, a plain
 * click selects the tick in place instead of following the link (explorer).
 */
import type { Run, TraceEvent } from '../../model/browser.ts';
import { narrate } from '../../lib/narrate.ts';
import { href } from '../../lib/paths.ts';
import { rulePath, tickId } from '../../lib/routes.ts';
import { ruleShort } from '../../lib/vocabulary.ts';
import { formatTick } from '../../lib/format.ts';

interface Props {
  run: Run;
  caption: string;
  /** Only these ticks. */
  ticks?: number[];
  tickHref?: (t: number) => string | null;
  /** What a tick link's hidden text adds after "tN". */
  tickHint?: string;
  anchors?: boolean;
  /** The chosen tick (explorer): its group is marked. */
  current?: number;
  onTick?: (t: number) => void;
  /** Extra classes of the scroll container and the table. */
  wrapClass?: string | undefined;
  tableClass?: string;
  id?: string;
}

function groups(run: Run, ticks?: number[]): [number, TraceEvent[]][] {
  const m = new Map<number, TraceEvent[]>();
  for (const e of run.events) {
    if (ticks && !ticks.includes(e.tick)) continue;
    const g = m.get(e.tick);
    if (g) g.push(e);
    else m.set(e.tick, [e]);
  }
  return [...m];
}

/** The link from an event to the section of /model/ whose rule wrote it. */
export function RuleLink({ event }: { event: TraceEvent }) {
  return (
    <a
      class="ev-rule"
      href={href(rulePath(event.rule))}
      aria-label={`rule: ${ruleShort(event.rule)}`}
    >
      {ruleShort(event.rule)}
    </a>
  );
}

export function EventTable({
  run,
  caption,
  ticks,
  tickHref,
  tickHint,
  anchors = false,
  current,
  onTick,
  wrapClass,
  tableClass,
  id,
}: Props) {
  return (
    <section
      class={['table-wrap', wrapClass].filter(Boolean).join(' ')}
      tabindex={0}
      aria-label={caption}
      id={id}
    >
      <table class={['trace', tableClass].filter(Boolean).join(' ')}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tick</th>
            <th scope="col">Lane</th>
            <th scope="col">Actor</th>
            <th scope="col">What happened</th>
          </tr>
        </thead>
        {groups(run, ticks).map(([t, events]) => {
          const link = tickHref ? tickHref(t) : null;
          return (
            <tbody
              key={t}
              id={anchors ? tickId(t) : undefined}
              data-tick={t}
              class={current === t ? 'is-now' : undefined}
            >
              {events.map((e, i) => (
                <tr key={i}>
                  {i === 0 && (
                    <th scope="rowgroup" rowSpan={events.length} class="tick">
                      {link ? (
                        <a
                          href={link}
                          aria-current={current === t ? 'step' : undefined}
                          onClick={
                            onTick
                              ? (ev: MouseEvent) => {
                                  if (
                                    ev.button !== 0 ||
                                    ev.metaKey ||
                                    ev.ctrlKey ||
                                    ev.shiftKey ||
                                    ev.altKey
                                  )
                                    return;
                                  ev.preventDefault();
                                  onTick(t);
                                }
                              : undefined
                          }
                        >
                          {formatTick(t)}
                          {tickHint && <span class="sr-only">{tickHint}</span>}
                        </a>
                      ) : (
                        <span>{formatTick(t)}</span>
                      )}
                    </th>
                  )}
                  <td>
                    <span class={`lane lane-${e.lane}`}>{e.lane}</span>
                  </td>
                  <td class="actor">{e.actor}</td>
                  <td>
                    {narrate(e)} <RuleLink event={e} />
                  </td>
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </section>
  );
}
