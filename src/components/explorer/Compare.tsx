/**
 * Compare: the current run beside another setting (the main trace by
 * default, a preset chosen beside the tick control, or any setting picked
 * here with a second switch set),
 * aligned by tick. Ticks whose events differ are marked with a visible
 * "differs" label (read by screen readers too); within them, events the other
 * run does not have are emphasised.
 */
import { useState } from 'preact/hooks';
import { MAIN, type Run, type SwitchId, type Switches } from './model.ts';
import { describeSetting } from '../../lib/vocabulary.ts';
import { SwitchPanel } from './Switches.tsx';
import { compareRows, type CompareEvent } from './diff.ts';
import { outcomeRows, sameSwitches, tickLabel } from './format.ts';
import { RuleLink } from '../trace/EventTable.tsx';
import { narrate } from '../../lib/narrate.ts';
import { at } from '../../model/lookup.ts';

interface Props {
  run: Run;
  other: Run;
  vs: Switches;
  setVs: (s: Switches) => void;
  tick: number;
  onTick: (t: number) => void;
}

function Events({ events, only }: { events: CompareEvent[]; only: string }) {
  if (!events.length) return <span class="muted">—</span>;
  return (
    <ul class="ex-cmp-events">
      {events.map((e, i) => (
        <li key={i} class={e.shared ? undefined : 'ex-only'}>
          <span class={`lane-${e.lane}`}>{e.lane}</span> {narrate(e)} <RuleLink event={e} />
          {!e.shared && <span class="sr-only"> ({only})</span>}
        </li>
      ))}
    </ul>
  );
}

export function Compare({ run, other, vs, setVs, tick, onTick }: Props) {
  const rows = compareRows(run, other);
  const differing = rows.filter((r) => r.differs).length;
  const a = outcomeRows(run);
  const b = outcomeRows(other);
  const identical = sameSwitches(run.switches, vs);
  const [onlyDiff, setOnlyDiff] = useState(false);
  const shown = onlyDiff ? rows.filter((r) => r.differs) : rows;
  return (
    <section class="ex-compare" aria-labelledby="ex-compare-h" id="ex-compare">
      <h2 id="ex-compare-h">Compare</h2>
      <p>
        This setting (<em>{describeSetting(run.switches)}</em>) beside{' '}
        <em>{describeSetting(vs)}</em>.
      </p>
      <details class="ex-compare__pick">
        <summary>Choose any setting to compare with</summary>
        <SwitchPanel
          value={vs}
          onChange={(id: SwitchId, v: string) => setVs({ ...vs, [id]: v } as Switches)}
          prefix="vs"
          compact
          label="Switches of the compared setting"
        />
        <button type="button" onClick={() => setVs({ ...MAIN })}>
          Compare with the main trace
        </button>
      </details>
      <p class="ex-compare__summary" data-differing={differing}>
        {identical
          ? 'Both sides are the same setting, so nothing differs. Pick a preset above, or choose any setting, to see what changes.'
          : `${differing} of ${rows.length} ticks with events differ. Compared: ${describeSetting(vs)}.`}
      </p>
      {!identical && (
        <section class="table-wrap" tabindex={0} aria-label="Outcomes compared">
          <table class="ex-cmp-outcome">
            <caption>Outcome, side by side</caption>
            <thead>
              <tr>
                <th scope="col">Measure</th>
                <th scope="col">This setting</th>
                <th scope="col">Compared</th>
              </tr>
            </thead>
            <tbody>
              {a.map((r, i) => {
                const o = at(b, i, "the other run's rows");
                const d = r.value !== o.value;
                return (
                  <tr key={r.id} class={d ? 'differs' : undefined}>
                    <th scope="row">
                      {r.label}
                      {d && <span class="ex-differs">differs</span>}
                    </th>
                    <td>{r.value}</td>
                    <td>{o.value}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
      {!identical && (
        <p>
          <label class="ex-option ex-only-toggle">
            <input
              type="checkbox"
              checked={onlyDiff}
              onChange={(e) => setOnlyDiff((e.currentTarget as HTMLInputElement).checked)}
            />
            <span>Show only the ticks that differ</span>
          </label>
        </p>
      )}
      {!identical && (
        <section class="table-wrap" tabindex={0} aria-label="Traces compared by tick">
          <table class="ex-cmp">
            <caption>Events aligned by tick; ticks that differ are marked “differs”.</caption>
            <thead>
              <tr>
                <th scope="col">Tick</th>
                <th scope="col">This setting</th>
                <th scope="col">Compared</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr
                  key={r.tick}
                  data-tick={r.tick}
                  data-differs={r.differs ? 'true' : 'false'}
                  class={(r.differs ? 'differs' : '') + (r.tick === tick ? ' is-now' : '')}
                >
                  <th scope="row" class="tick">
                    <button
                      type="button"
                      class="ex-linkish"
                      onClick={() => onTick(r.tick)}
                      aria-label={`Show ${tickLabel(r.tick)}`}
                    >
                      {tickLabel(r.tick)}
                    </button>
                    {r.differs && <span class="ex-differs">differs</span>}
                  </th>
                  <td>
                    <Events events={r.left} only="only in this setting" />
                  </td>
                  <td>
                    <Events events={r.right} only="only in the compared setting" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
