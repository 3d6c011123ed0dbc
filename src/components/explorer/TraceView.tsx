/**
 * The run's event list, one row group per tick, the chosen tick marked.
 * Tick labels are links to that tick's explorer URL; a plain click selects
 * the tick in place instead of reloading.
 */
import type { Run, TraceEvent } from './model.ts';
import { narrate } from '../../lib/narrate.ts';

interface Props {
  run: Run;
  tick: number;
  caption: string;
  tickHref: (t: number) => string;
  onTick: (t: number) => void;
  highlight?: boolean;
}

function groups(run: Run): [number, TraceEvent[]][] {
  const m = new Map<number, TraceEvent[]>();
  for (const e of run.events) {
    const g = m.get(e.tick);
    if (g) g.push(e);
    else m.set(e.tick, [e]);
  }
  return [...m];
}

export function TraceView({ run, tick, caption, tickHref, onTick, highlight }: Props) {
  return (
    <section class={'table-wrap' + (highlight ? ' is-focus' : '')} tabindex={0} aria-label={caption} id="ex-trace">
      <table class="trace ex-trace">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Tick</th>
            <th scope="col">Lane</th>
            <th scope="col">Actor</th>
            <th scope="col">What happened</th>
          </tr>
        </thead>
        {groups(run).map(([t, events]) => (
          <tbody key={t} data-tick={t} class={t === tick ? 'is-now' : undefined}>
            {events.map((e, i) => (
              <tr key={i}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={events.length} class="tick">
                    <a
                      href={tickHref(t)}
                      aria-current={t === tick ? 'step' : undefined}
                      onClick={(ev) => {
                        if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
                        ev.preventDefault();
                        onTick(t);
                      }}
                    >
                      t{t}
                    </a>
                  </th>
                )}
                <td>
                  <span class={`lane-${e.lane}`}>{e.lane}</span>
                </td>
                <td class="actor">{e.actor}</td>
                <td>{narrate(e)}</td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </section>
  );
}
