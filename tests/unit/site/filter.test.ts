import { describe, expect, it } from 'vitest';
import {
  filterNotice,
  filterQuery,
  matches,
  parseFilter,
} from '../../../src/components/trace/filter.ts';
import {
  MAIN,
  allSettings,
  brokenInvariants,
  runFor,
  type Switches,
} from '../../../src/model/index.ts';

describe('parseFilter / filterQuery', () => {
  it('reads switches and breaks, and lists what it ignored', () => {
    const { filter, ignored } = parseFilter(
      '?fencing=off&breaks=something&pins=maybe&colour=red&key=any',
    );
    expect(filter).toEqual({ switches: { fencing: 'off' }, breaks: 'something' });
    expect(ignored).toEqual(['pins=maybe', 'colour=red']);
  });
  it('round-trips, in switch order', () => {
    const q = '?fencing=off&change=never&breaks=staleWrite';
    expect(filterQuery(parseFilter(q).filter)).toBe(q);
    expect(filterQuery(parseFilter('?change=never&silent=crashed').filter)).toBe(
      '?silent=crashed&change=never',
    );
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
    expect(count('breaks=nothing')).toBe(
      runs.filter((r) => brokenInvariants(r).length === 0).length,
    );
  });
  it('filters by switch values and by a single invariant', () => {
    expect(count('fencing=off')).toBe(runs.length / 2);
    expect(count('change=never&rule=any-accepted')).toBe(runs.length / 9);
    expect(count('breaks=twoAccepted')).toBe(runs.filter((r) => r.invariants.twoAccepted).length);
    expect(matches({ switches: { fencing: 'off' }, breaks: null }, MAIN, [])).toBe(false);
  });
});

describe('parseFilter: repeated keys', () => {
  it('keeps the first value and lists the key as repeated, not as "not a filter"', () => {
    const r = parseFilter('?fencing=off&fencing=on&breaks=nothing&breaks=zzz&bogus=1');
    expect(r.filter.switches).toEqual({ fencing: 'off' });
    expect(r.filter.breaks).toBe('nothing');
    expect(r.ignored).toEqual(['bogus=1']);
    expect(r.repeated).toEqual(['fencing', 'breaks']);
    expect(filterNotice(r.ignored, r.repeated)).toBe(
      'Not a filter here, ignored: bogus=1. “fencing” was given more than once; the first value was kept. “breaks” was given more than once; the first value was kept.',
    );
  });
  it('keeps the notice short for long and many values', () => {
    const many = Array.from({ length: 50 }, (_, k) => `u${k}=${'x'.repeat(5000)}`);
    expect(filterNotice(many, []).length).toBeLessThan(400);
  });
});
