/**
 * A run's five invariants, from the one description in src/lib/outcome.ts:
 * held or broken, each breach with its tick and sentence, and the record and
 * checker that guard it (linked to the article section on that record). Two
 * layouts of the same rows: a table on trace pages (static), whose labels link
 * to the invariant's definition, and a list in the explorer and TryIt (live),
 * whose one link per broken invariant is the article's.
 */
import type { InvariantRow } from '../../lib/outcome.ts';
import {
  firstBreachText,
  invariantStatus,
  tickText,
  type InvariantItem,
} from '../../lib/outcome-view.ts';
import { href } from '../../lib/paths.ts';
import { articlePath, invariantPath } from '../../lib/routes.ts';

function Name({ row }: { row: InvariantRow }) {
  return <a href={href(invariantPath(row.id))}>{row.label}</a>;
}

function Status({ row }: { row: InvariantRow }) {
  return row.broken ? <span class="broken">broken</span> : <span class="ok">held</span>;
}

/** Trace pages: a table of `invariantRows(run)`, breach ticks linking where `tickHref` says. */
export function InvariantTable({
  rows,
  tickHref,
}: {
  rows: InvariantRow[];
  tickHref: (t: number) => string;
}) {
  const broken = rows.filter((r) => r.broken);
  return (
    <>
      <p>
        {broken.length === 0 ? (
          <span class="ok">Every invariant held.</span>
        ) : (
          <span class="broken">Broken: {broken.map((r) => r.label.toLowerCase()).join(', ')}.</span>
        )}
      </p>
      <section class="table-wrap" tabindex={0} aria-label="Table of the invariants">
        <table class="tp-invariants">
          <caption>The invariants of this run, and the record and checker that guard each</caption>
          <thead>
            <tr>
              <th scope="col">Invariant</th>
              <th scope="col">In this run</th>
              <th scope="col">Guarded by</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr
                key={r.id}
                class={r.broken ? 'is-broken' : undefined}
                data-invariant={r.id}
                data-broken={r.broken ? 'true' : 'false'}
              >
                <th scope="row">
                  <Name row={r} /> <span class="muted small block">{r.meaning}</span>
                </th>
                <td>
                  <Status row={r} />
                  {r.breaches.map((b) => (
                    <span class="block small">
                      <a href={tickHref(b.tick)}>{tickText(b.tick)}</a>: {b.text}
                    </span>
                  ))}
                </td>
                <td class="small">
                  <a href={href(articlePath(r.record.section))}>{r.record.record}</a>{' '}
                  <span class="block muted">checked by {r.record.checker}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

/**
 * The explorer and TryIt: a list; a broken invariant names its first breach tick (a button that selects it, with `onTick`) and its record.
 * `items`: `invariantItems(brokenAt(run))` in the explorer, the starting setting's glance in the Try-it panel.
 * `allStates` (the Try-it panel, rendered once at build time and updated in place by its script): every item
 * gets its detail, hidden while it holds, and the parts that vary are marked `data-slot` (status, first), so the
 * script only sets their texts (invariantStatus, firstBreachText) and toggles `hidden`, classes and data-broken.
 */
export function InvariantList({
  items,
  onTick,
  compact = false,
  allStates = false,
}: {
  items: InvariantItem[];
  onTick?: (t: number) => void;
  compact?: boolean;
  allStates?: boolean;
}) {
  return (
    <ul class="ex-invariants">
      {items.map((r) => {
        const at = r.first;
        return (
          <li
            key={r.id}
            data-invariant={r.id}
            data-broken={r.broken ? 'true' : 'false'}
            class={r.broken ? 'is-broken' : undefined}
          >
            <span class={r.broken ? 'broken' : 'ok'} data-slot={allStates ? 'status' : undefined}>
              {invariantStatus(r)}
            </span>
            {(r.broken || allStates) && (
              <div class="ex-inv-detail" hidden={!r.broken}>
                {!compact && <p class="small">{r.meaning}</p>}
                <p class="small">
                  {onTick ? (
                    at !== null && (
                      <>
                        First at{' '}
                        <button type="button" class="ex-linkish" onClick={() => onTick(at)}>
                          {tickText(at)}
                        </button>
                        .{' '}
                      </>
                    )
                  ) : allStates ? (
                    <span data-slot="first">{firstBreachText(at)}</span>
                  ) : (
                    firstBreachText(at)
                  )}
                  The record that would have caught it: <strong>{r.record.record}</strong> — checked
                  by {r.record.checker}.{' '}
                  <a href={href(articlePath(r.record.section))}>Read why in the article</a>
                </p>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
