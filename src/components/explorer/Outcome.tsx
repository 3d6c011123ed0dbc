/**
 * A run's five invariants (the outcome rows are src/components/trace/Outcome.tsx). A broken invariant names the
 * record that was missing and the checker that would have caught it, and
 * links to the article section that explains that record.
 */
import { href } from '../../lib/paths.ts';
import { articlePath } from '../../lib/routes.ts';
import { type Run } from './model.ts';
import { INVARIANTS } from '../../lib/vocabulary.ts';
import { breachTick, recordFor, tickLabel } from './format.ts';

interface InvProps {
  run: Run;
  /** When given, a breach tick becomes a button that selects that tick. */
  onTick?: (t: number) => void;
  compact?: boolean;
}

export function InvariantList({ run, onTick, compact = false }: InvProps) {
  return (
    <ul class="ex-invariants">
      {INVARIANTS.map((inv) => {
        const broken = run.invariants[inv.id];
        const rec = recordFor(inv.id);
        const at = breachTick(run, inv.id);
        return (
          <li key={inv.id} data-invariant={inv.id} data-broken={broken ? 'true' : 'false'} class={broken ? 'is-broken' : undefined}>
            <span class={broken ? 'broken' : 'ok'}>
              {inv.label}: {broken ? 'broken' : 'holds'}
            </span>
            {broken && (
              <div class="ex-inv-detail">
                {!compact && <p class="small">{inv.meaning}</p>}
                <p class="small">
                  {at !== null &&
                    (onTick ? (
                      <>
                        First at{' '}
                        <button type="button" class="ex-linkish" onClick={() => onTick(at)}>
                          {tickLabel(at)}
                        </button>
                        .{' '}
                      </>
                    ) : (
                      <>First at {tickLabel(at)}. </>
                    ))}
                  The record that would have caught it: <strong>{rec.record}</strong> — checked by {rec.checker}.{' '}
                  <a href={href(articlePath(rec.section))}>Read why in the article</a>
                </p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
