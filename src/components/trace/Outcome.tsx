/**
 * A run's outcome (rules page /model/#rule-outcome) as label/value rows, from
 * the one description in src/lib/outcome.ts (`outcomeRows(run)`). Rendered
 * statically on trace pages (ticks link to their rows), live in the explorer,
 * and in the article's Try-it panel from rows it looks up (outcome-view.ts).
 */
import { tickText, type OutcomeRow } from '../../lib/outcome-view.ts';
import { href } from '../../lib/paths.ts';
import { definitionPath } from '../../lib/routes.ts';

interface Props {
  /** The rows to show: `outcomeRows(run)`, or the Try-it panel's few (`glanceRows`). */
  rows: OutcomeRow[];
  /** Where a tick links (null or absent: plain text). */
  tickHref?: (t: number) => string | null;
  /** The list's class: `ex-outcome` (explorer) or `tp-outcome` (trace pages). */
  class?: string;
}

export function Outcome({ rows, tickHref, class: cls = 'ex-outcome' }: Props) {
  return (
    <dl class={cls}>
      {rows.map((r) => (
        <div class="ex-outcome__row" key={r.id} data-outcome={r.id}>
          <dt>
            {r.id === 'finished' ? (
              <a href={href(definitionPath('finished'))}>{r.label}</a>
            ) : (
              r.label
            )}
          </dt>
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
