/**
 * A run's outcome (rules page /model/#rule-outcome) as label/value rows, from
 * the one description in src/lib/outcome.ts. Rendered statically on trace
 * pages (ticks link to their rows) and live in the explorer and TryIt.
 */
import type { Run } from '../../model/browser.ts';
import { outcomeRows, tickText, type OutcomeRow } from '../../lib/outcome.ts';
import { href } from '../../lib/paths.ts';
import { definitionPath } from '../../lib/routes.ts';

interface Props {
  run: Run;
  /** Only these rows (TryIt shows a few). */
  only?: OutcomeRow['id'][];
  /** Where a tick links (null or absent: plain text). */
  tickHref?: (t: number) => string | null;
  /** The list's class: `ex-outcome` (explorer) or `tp-outcome` (trace pages). */
  class?: string;
}

export function Outcome({ run, only, tickHref, class: cls = 'ex-outcome' }: Props) {
  const rows = outcomeRows(run).filter((r) => (only ? only.includes(r.id) : true));
  return (
    <dl class={cls}>
      {rows.map((r) => (
        <div class="ex-outcome__row" key={r.id} data-outcome={r.id}>
          <dt>{r.id === 'finished' ? <a href={href(definitionPath('finished'))}>{r.label}</a> : r.label}</dt>
          <dd class="figure">
            {r.parts.map((p) => {
              if (typeof p === 'string') return p;
              const to = tickHref ? tickHref(p.tick) : null;
              return to ? <a href={to}>{tickText(p.tick)}</a> : tickText(p.tick);
            })}
          </dd>
        </div>
      ))}
    </dl>
  );
}
