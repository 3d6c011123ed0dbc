/**
 * A compact "try it" panel for the article: the eight switches and what the
 * chosen setting's run does — verdict, outcome rows, invariants — with links
 * to the full explorer and the run's permanent trace page. Place it with
 * TryIt.astro, which computes the starting setting's glance at build time.
 *
 * It never simulates: every setting's glance was computed from the model at
 * build time (/data/tryit.json, src/lib/tryit-table.ts), fetched as soon as
 * the panel hydrates, so a switch only looks its setting up. The rows and the
 * list are the explorer's own renderers (Outcome, InvariantList).
 */
import { useEffect, useState } from 'preact/hooks';
import { href } from '../../lib/paths.ts';
import { MAIN, SWITCH_IDS, type SwitchId, type Switches } from '../../model/switches.ts';
import { PAGE, explorerPath, tracePath } from '../../lib/routes.ts';
import { INVARIANTS } from '../../lib/vocabulary.ts';
import { glanceRows, glanceSummary, invariantItems, settingSummary, type Glance } from '../../lib/outcome-view.ts';
import { asGlanceTable, glanceAt, type GlanceTable } from '../../lib/tryit-table.ts';
import { SwitchPanel } from './Switches.tsx';
import { InvariantList } from '../trace/Invariants.tsx';
import { Outcome } from '../trace/Outcome.tsx';
import './controls.css';
import './tryit.css';

interface Props {
  /** The starting setting, its run's glance and the model's minimum of calls (TryIt.astro computes them). */
  start: { s: Switches; g: Glance; minimumCalls: number };
  /** Heading text; omit to use the default. */
  heading?: string;
  /** Heading level of the panel's title (default 3). */
  level?: 2 | 3 | 4;
}

const same = (a: Switches, b: Switches) => SWITCH_IDS.every((id) => a[id] === b[id]);

export default function TryIt({ start, heading = 'Try it: switch a protection off', level = 3 }: Props) {
  const [s, setS] = useState<Switches>(start.s);
  const [said, setSaid] = useState('');
  // The other settings' glances: loading, loaded, or a short reason they are not.
  const [table, setTable] = useState<GlanceTable | 'loading' | 'failed'>('loading');
  // Rendered on the server with its controls disabled: without JavaScript they could
  // not do anything. Hydration turns them on, and fetches the table at once (not on
  // the first click), so a switch answers without waiting.
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    fetch(href(PAGE.tryitJson))
      .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
      .then((data) => setTable(asGlanceTable(data) ?? 'failed'))
      .catch(() => setTable('failed'));
  }, []);
  const glanceOf = (x: Switches): Glance | null => (same(x, start.s) ? start.g : typeof table === 'object' ? glanceAt(table, x) : null);
  const pick = (next: Switches) => {
    setS(next);
    const g = glanceOf(next);
    const missing = table === 'failed' ? 'Its outcome could not be loaded here; the explorer and the trace page show it.' : 'Its outcome is still loading.';
    setSaid(settingSummary(next, g ? glanceSummary(g) : missing));
  };
  const H = `h${level}` as 'h3';
  const g = glanceOf(s);
  return (
    <section class="ex-tryit" aria-labelledby="tryit-heading">
      <H id="tryit-heading" class="ex-tryit__title">
        {heading}
      </H>
      <div class="ex-tryit__grid">
        <SwitchPanel value={s} onChange={(id: SwitchId, v: string) => pick({ ...s, [id]: v } as Switches)} compact label="Switches for the worked example" disabled={!live} />
        <div class="ex-tryit__result">
          {g ? (
            <>
              <p class="ex-tryit__verdict">
                {g.broken.length === 0 ? (
                  <span class="ok">Every invariant holds</span>
                ) : (
                  <span class="broken">
                    {g.broken.length} of {INVARIANTS.length} invariants broken
                  </span>
                )}
              </p>
              <Outcome rows={glanceRows(g, start.minimumCalls)} />
              <InvariantList items={invariantItems(g.broken)} compact />
            </>
          ) : (
            <p class="ex-tryit__unavailable notice small" data-tryit-missing={table === 'failed' ? 'failed' : 'loading'}>
              {table === 'failed'
                ? 'This setting’s outcome could not be loaded here; the links below show it.'
                : 'Loading this setting’s outcome…'}
            </p>
          )}
          <p class="ex-tryit__links">
            <a href={href(explorerPath(s))}>Open in the explorer</a>
            <a href={href(tracePath(s))}>Open the trace page</a>
            <button type="button" disabled={!live} onClick={() => pick({ ...MAIN })}>
              Reset to the main trace
            </button>
          </p>
        </div>
      </div>
      <p class="sr-only" aria-live="polite">
        {said}
      </p>
      {!live && (
        <p class="ex-tryit__nojs small muted" data-nojs>
          These switches need JavaScript; every combination also has its own trace page, linked above.
        </p>
      )}
    </section>
  );
}
