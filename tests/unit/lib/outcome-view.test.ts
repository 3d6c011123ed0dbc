// The outcome's data shapes (src/lib/outcome-view.ts): the explorer's invariant list and
// the Try-it panel's rows come out the same as the trace pages' for every run, and a
// fetched table is checked before the panel believes it.
import { describe, expect, it } from 'vitest';
import { runAll } from '../../../src/model/index.ts';
import { brokenAt, glanceOf, glanceTable, invariantRows, outcomeRows } from '../../../src/lib/outcome.ts';
import { asGlanceTable, glanceRows, invariantItems } from '../../../src/lib/outcome-view.ts';

describe('outcome views from data', () => {
  it('the invariant list from brokenAt(run) says what the trace page’s invariant rows say, for every run', () => {
    for (const run of runAll()) {
      const rows = invariantRows(run);
      const items = invariantItems(brokenAt(run));
      expect(items.map((i) => [i.id, i.label, i.meaning, i.broken, i.record.id, i.first])).toEqual(
        rows.map((r) => [r.id, r.label, r.meaning, r.broken, r.record.id, r.broken ? (r.breaches[0]?.tick ?? null) : null]),
      );
    }
  });

  it('the Try-it panel’s rows are the trace page’s rows of the same ids, for every run', () => {
    for (const run of runAll()) {
      const g = glanceRows(glanceOf(run));
      expect(g).toEqual(outcomeRows(run).filter((r) => g.some((x) => x.id === r.id)));
      expect(g.map((r) => r.id)).toEqual(['calls', 'posts', 'duplicates', 'newsletter', 'finished']);
    }
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
    ['an index past the glances', () => { const t = copy(); t.at[3] = t.glances.length; return t; }],
    ['a fractional index', () => { const t = copy(); t.at[3] = 0.5; return t; }],
    ['a glance with four rows', () => { const t = copy(); t.glances[0].o.pop(); return t; }],
    ['an unknown invariant', () => { const t = copy(); t.glances[0].b.push(['nope', 3]); return t; }],
    ['a tick that is not a number', () => { const t = copy(); t.glances[0].o[3] = [{ tick: 'x' }]; return t; }],
    ['no sentence', () => { const t = copy(); delete t.glances[0].s; return t; }],
  ])('refuses %s', (_why, make) => expect(asGlanceTable(make())).toBeNull());
});
