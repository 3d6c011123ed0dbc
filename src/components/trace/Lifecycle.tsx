/**
 * The three lifecycles (attempts, artifacts, effects) plus the owner epoch, the
 * current report and the newsletter, at the end of every tick of a run, from
 * run.ticks. A tick in which nothing happened has no row in the event table,
 * so its row here carries id="tN": every #t0…#t<last> on a trace page lands.
 * One Preact view, rendered statically on trace pages (no JavaScript).
 */
import { activeTicks, short, type Run } from '../../model/browser.ts';
import { tickHash, tickId } from '../../lib/routes.ts';
import { formatTick } from '../../lib/format.ts';
import { at } from '../../model/lookup.ts';

type Snap = Run['ticks'][number];

function attemptsText(s: Snap): string[] {
  return s.attempts.map((a) => {
    let hidden = '';
    if (a.activity === 'silent' && (a.state === 'running' || a.state === 'unknown'))
      hidden = ' (silent)';
    else if (a.activity === 'dead') hidden = ' (dead)';
    else if (a.activity === 'working' && a.state === 'unknown') hidden = ' (still working)';
    return `#${a.n} ${a.state}${hidden}`;
  });
}
const candidatesText = (s: Snap) =>
  s.candidates.map((c) => `${short(c.digest)} (#${c.attempt}) ${c.state}`);
const effectsText = (s: Snap) =>
  s.intents.map(
    (i) => `${short(i.digest)} (#${i.attempt}) ${i.state}${i.post ? `, ${i.post}` : ''}`,
  );
function newsletterText(s: Snap): string {
  const n = s.newsletter;
  if (n.state === 'admitted') return `admitted on ${short(n.digest!)}, “${n.quote}”`;
  return n.state === 'waiting' ? 'waiting' : 'not ready';
}
const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function Lifecycle({ run }: { run: Run }) {
  const active = new Set(activeTicks(run));
  const rows = run.ticks.map((s) => ({
    tick: s.tick,
    cells: [
      [s.current],
      [String(s.ownerEpoch)],
      attemptsText(s),
      [String(s.journal)],
      candidatesText(s),
      effectsText(s),
      [`${s.posts}`],
      [newsletterText(s)],
    ],
  }));
  return (
    // Wide: the table takes the room beside the contents list, as the companion's
    // wide tables do (tables.css .table-wrap--wide); at 1280 it no longer scrolls in a column-wide box.
    <section
      class="table-wrap table-wrap--wide"
      tabindex={0}
      aria-label="Table of states at the end of each tick"
    >
      <table class="tp-lifecycle">
        <caption>States at the end of each tick (bold: changed since the tick before)</caption>
        <thead>
          <tr>
            {[
              'Tick',
              'Report',
              'Epoch',
              'Attempts',
              'Journal',
              'Candidates',
              'Effects',
              'Posts',
              'Newsletter',
            ].map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={row.tick} id={active.has(row.tick) ? undefined : tickId(row.tick)}>
              <th scope="row">
                {active.has(row.tick) ? (
                  <a href={tickHash(row.tick)}>{formatTick(row.tick)}</a>
                ) : (
                  <span>{formatTick(row.tick)}</span>
                )}
              </th>
              {row.cells.map((items, c) => (
                <td
                  key={c}
                  class={
                    r > 0 && !same(items, at(at(rows, r - 1, 'rows').cells, c, 'cells'))
                      ? 'chg'
                      : undefined
                  }
                >
                  {items.length === 0 ? (
                    <span class="muted">–</span>
                  ) : (
                    // A space between items: each is a line of its own on the page, and text read
                    // without CSS (search, a copy) keeps them apart.
                    items.flatMap((x, i) => [i > 0 ? ' ' : null, <span key={i}>{x}</span>])
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
