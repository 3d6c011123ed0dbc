import { describe, expect, it } from 'vitest';
import { filterQuery, matches, parseFilter } from '../../../src/components/trace/filter.ts';
import { MAIN, allSettings, brokenInvariants, runFor, type Switches } from '../../../src/model/index.ts';

describe('parseFilter / filterQuery', () => {
  it('reads switches and breaks, and lists what it ignored', () => {
    const { filter, ignored } = parseFilter('?fencing=off&breaks=something&pins=maybe&colour=red&key=any');
    expect(filter).toEqual({ switches: { fencing: 'off' }, breaks: 'something' });
    expect(ignored).toEqual(['pins=maybe', 'colour=red']);
  });
  it('round-trips, in switch order', () => {
    const q = '?fencing=off&change=never&breaks=staleWrite';
    expect(filterQuery(parseFilter(q).filter)).toBe(q);
    expect(filterQuery(parseFilter('?change=never&silent=crashed').filter)).toBe('?silent=crashed&change=never');
    expect(filterQuery({ switches: {}, breaks: null })).toBe('');
  });
  it('keeps the first of a repeated parameter', () => {
    expect(parseFilter('fencing=off&fencing=on').filter.switches.fencing).toBe('off');
  });
});

describe('matches', () => {
  const runs = allSettings().map((s) => runFor(s));
  const count = (q: string) => {
    const { filter } = parseFilter(q);
    return runs.filter((r) => matches(filter, r.switches as Switches, brokenInvariants(r))).length;
  };
  it('shows everything with no filter, and splits the runs by breaks', () => {
    expect(count('')).toBe(runs.length);
    expect(count('breaks=something') + count('breaks=nothing')).toBe(runs.length);
    expect(count('breaks=nothing')).toBe(runs.filter((r) => brokenInvariants(r).length === 0).length);
  });
  it('filters by switch values and by a single invariant', () => {
    expect(count('fencing=off')).toBe(runs.length / 2);
    expect(count('change=never&rule=any-accepted')).toBe(runs.length / 9);
    expect(count('breaks=twoAccepted')).toBe(runs.filter((r) => r.invariants.twoAccepted).length);
    expect(matches({ switches: { fencing: 'off' }, breaks: null }, MAIN, [])).toBe(false);
  });
});
