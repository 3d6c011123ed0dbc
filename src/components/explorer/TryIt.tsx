/**
 * A compact "try it" panel for the article: the eight switches and what the
 * chosen setting does — outcome and invariants — computed live by the same
 * model, with links to the full explorer and the run's permanent trace page.
 * All props are optional; <TryIt client:visible /> starts on the main trace.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { href } from '../../lib/paths.ts';
import { MAIN, runOf, type SwitchId, type Switches } from './model.ts';
import { explorerPath, tracePath } from '../../lib/routes.ts';
import { INVARIANTS } from '../../lib/vocabulary.ts';
import { SwitchPanel } from './Switches.tsx';
import { InvariantList } from '../trace/Invariants.tsx';
import { Outcome } from '../trace/Outcome.tsx';
import { brokenIds, summarise } from './format.ts';
import './explorer.css';

interface Props {
  /** Starting setting (defaults to the main trace). */
  initial?: Partial<Switches>;
  /** Heading text; omit to use the default. */
  heading?: string;
  /** Heading level of the panel's title (default 3). */
  level?: 2 | 3 | 4;
}

export default function TryIt({ initial, heading = 'Try it: switch a protection off', level = 3 }: Props) {
  const start: Switches = { ...MAIN, ...(initial ?? {}) };
  const [s, setS] = useState<Switches>(start);
  const run = useMemo(() => runOf(s), [s]);
  const [said, setSaid] = useState('');
  // Rendered on the server with its controls disabled: without JavaScript they could
  // not do anything. Hydration turns them on.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const H = `h${level}` as 'h3';
  const change = (id: SwitchId, v: string) => {
    const next = { ...s, [id]: v } as Switches;
    setS(next);
    setSaid(summarise(next, runOf(next)));
  };
  const broken = brokenIds(run);
  return (
    <section class="ex-tryit" aria-labelledby="tryit-heading">
      <H id="tryit-heading" class="ex-tryit__title">
        {heading}
      </H>
      <div class="ex-tryit__grid">
        <SwitchPanel value={s} onChange={change} compact label="Switches for the worked example" disabled={!live} />
        <div class="ex-tryit__result">
          <p class="ex-tryit__verdict">
            {broken.length === 0 ? (
              <span class="ok">Every invariant holds</span>
            ) : (
              <span class="broken">
                {broken.length} of {INVARIANTS.length} invariants broken
              </span>
            )}
          </p>
          <Outcome run={run} only={['calls', 'posts', 'duplicates', 'newsletter', 'finished']} />
          <InvariantList run={run} compact />
          <p class="ex-tryit__links">
            <a href={href(explorerPath(s))}>Open in the explorer</a>
            <a href={href(tracePath(s))}>Open the trace page</a>
            <button
              type="button"
              disabled={!live}
              onClick={() => {
                setS({ ...MAIN });
                setSaid(summarise(MAIN, runOf(MAIN)));
              }}
            >
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
