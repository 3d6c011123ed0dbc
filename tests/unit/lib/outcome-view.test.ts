// The outcome's data shapes (src/lib/outcome-view.ts): the explorer's invariant list and
// the Try-it panel's rows come out the same as the trace pages' for every run, and a
// fetched table is checked before the panel believes it.
import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS, TIMING, runAll, short } from '../../../src/model/index.ts';
import { invariantLabel } from '../../../src/lib/vocabulary.ts';
import {
  brokenAt,
  glanceOf,
  glanceTable,
  invariantRows,
  outcomeRows,
  runSummary,
} from '../../../src/lib/outcome.ts';
import {
  firstBreachText,
  glanceRows,
  invariantItems,
  invariantStatus,
  partsText,
  verdictText,
} from '../../../src/lib/outcome-view.ts';
import { asGlanceTable } from '../../../src/lib/tryit-table.ts';

describe('outcome views from data', () => {
  it('the invariant list from brokenAt(run) says what the trace page’s invariant rows say, for every run', () => {
    for (const run of runAll()) {
      const rows = invariantRows(run);
      const items = invariantItems(brokenAt(run));
      expect(items.map((i) => [i.id, i.label, i.meaning, i.broken, i.record.id, i.first])).toEqual(
        rows.map((r) => [
          r.id,
          r.label,
          r.meaning,
          r.broken,
          r.record.id,
          r.broken ? (r.breaches[0]?.tick ?? null) : null,
        ]),
      );
    }
  });

  it('the rows the Try-it panel shows (glanceRows, which outcomeRows uses too) say what the run did, for every run', () => {
    for (const run of runAll()) {
      const rows = outcomeRows(run);
      const text = (id: string) => partsText(rows.find((r) => r.id === id)!.parts);
      // What each glance row must say, written from the run's own fields (not by the views).
      const byAttempt = Object.entries(run.callsByAttempt)
        .map(([n, c]) => `#${n}: ${c}`)
        .join(', ');
      const want: Record<string, string> = {
        calls: `${run.calls} (${byAttempt}; minimum ${TIMING.minimumCalls})`,
        posts: `${run.posts}`,
        duplicates: `${run.duplicatePosts}`,
        newsletter: run.newsletter
          ? `admitted t${run.newsletter.tick} on ${short(run.newsletter.digest)}, quoting ${run.newsletter.quote}`
          : 'never admitted',
        finished: run.finished ? 'yes' : 'no',
      };
      for (const id of Object.keys(want)) expect(text(id), `${run.slug} ${id}`).toBe(want[id]);
      expect(rows.map((r) => r.id)).toEqual([
        'calls',
        'restored',
        'rejected',
        'applied',
        'posts',
        'duplicates',
        'acceptances',
        'newsletter',
        'finished',
        'last',
      ]);
      // The Try-it panel's rows, from the run's glance alone, say the same.
      const glance = glanceRows(glanceOf(run), TIMING.minimumCalls);
      expect(Object.fromEntries(glance.map((r) => [r.id, partsText(r.parts)]))).toEqual(want);
    }
  });

  it('the live sentence, read off the glance, names what the run did, for every run', () => {
    for (const run of runAll()) {
      const broken = INVARIANT_IDS.filter((id) => run.invariants[id]).map((id) =>
        invariantLabel(id, true),
      );
      const news = run.newsletter
        ? `newsletter t${run.newsletter.tick} quoting ${run.newsletter.quote}`
        : 'newsletter never admitted';
      expect(runSummary(run)).toBe(
        `${run.calls} calls, ${run.posts} ${run.posts === 1 ? 'post' : 'posts'}, ${news}, ${run.finished ? 'finished' : 'not finished'}. ` +
          (broken.length ? `Broken: ${broken.join(', ')}.` : 'No invariant broken.'),
      );
    }
  });
});

describe('the texts the Try-it panel’s slots show (rendered at build time, set by its script)', () => {
  it('verdict, invariant status and first breach, in the words the list and panel use', () => {
    expect(verdictText(0)).toBe('Every invariant holds');
    expect(verdictText(2)).toBe(`2 of ${INVARIANT_IDS.length} invariants broken`);
    expect(invariantStatus({ label: 'Stale write', broken: true })).toBe('Stale write: broken');
    expect(invariantStatus({ label: 'Stale write', broken: false })).toBe('Stale write: held');
    expect(firstBreachText(8)).toBe('First at t8. ');
    expect(firstBreachText(null)).toBe('');
  });
});

describe('asGlanceTable', () => {
  const good = glanceTable(runAll(), 'abc');
  const copy = () => JSON.parse(JSON.stringify(good));

  it('accepts the table the build writes', () => expect(asGlanceTable(copy())).not.toBeNull());

  it.each([
    ['not an object', () => 'nope'],
    ['null', () => null],
    ['no glances', () => ({ ...copy(), glances: undefined })],
    ['too few settings', () => ({ ...copy(), at: copy().at.slice(1) })],
    [
      'an index past the glances',
      () => {
        const t = copy();
        t.at[3] = t.glances.length;
        return t;
      },
    ],
    [
      'a fractional index',
      () => {
        const t = copy();
        t.at[3] = 0.5;
        return t;
      },
    ],
    [
      'a glance without its calls',
      () => {
        const t = copy();
        delete t.glances[0].calls;
        return t;
      },
    ],
    [
      'an unknown invariant',
      () => {
        const t = copy();
        t.glances[0].broken.push(['nope', 3]);
        return t;
      },
    ],
    [
      'a newsletter tick that is not a number',
      () => {
        const t = copy();
        t.glances[0].newsletter = { tick: 'x', digest: 'd', quote: 'q' };
        return t;
      },
    ],
    [
      'a negative count',
      () => {
        const t = copy();
        t.glances[0].posts = -1;
        return t;
      },
    ],
    [
      'finished as text',
      () => {
        const t = copy();
        t.glances[0].finished = 'yes';
        return t;
      },
    ],
  ])('refuses %s', (_why, make) => expect(asGlanceTable(make())).toBeNull());
});
