// Slugs and URL parsing: the permanent, public names of the 864 settings.
import { describe, expect, it } from 'vitest';
import {
  MAIN,
  SWITCH_VALUES,
  allSettings,
  fromSlug,
  parseSwitches,
  slugOf,
} from '../../../src/model/index.ts';
import { describeSetting } from '../../../src/lib/vocabulary.ts';

describe('settings and slugs', () => {
  it('enumerates 864 distinct settings, main first', () => {
    const all = allSettings();
    expect(all).toHaveLength(Object.values(SWITCH_VALUES).reduce((n, v) => n * v.length, 1));
    expect(all).toHaveLength(864);
    expect(all[0]).toEqual(MAIN);
    expect(new Set(all.map(slugOf)).size).toBe(864);
  });
  it('spells the main slug as published', () => {
    expect(slugOf(MAIN)).toBe(
      'paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation',
    );
  });
  it('round-trips every slug', () => {
    for (const s of allSettings()) expect(fromSlug(slugOf(s))).toEqual(s);
  });
  it('rejects mangled slugs', () => {
    expect(
      fromSlug(
        'paused.fencing-onn.per-step.outage.pins-on.current-accepted.post-dies.per-operation',
      ),
    ).toBeNull();
    expect(fromSlug('paused')).toBeNull();
    expect(fromSlug('')).toBeNull();
  });
  it('says in words what was switched', () => {
    expect(describeSetting({ ...MAIN, fencing: 'off', change: 'after-acceptance' })).toBe(
      'fencing off; the report changes after acceptance',
    );
  });
});

describe('parseSwitches', () => {
  it('reads valid values', () => {
    const { switches, problems } = parseSwitches(new URLSearchParams('fencing=off&key=none'));
    expect(switches).toEqual({ ...MAIN, fencing: 'off', key: 'none' });
    expect(problems).toEqual([]);
  });
  it('reports an unknown value and falls back to the default for that switch only', () => {
    const { switches, problems } = parseSwitches(new URLSearchParams('fencing=maybe&pins=off'));
    expect(switches).toEqual({ ...MAIN, pins: 'off' });
    expect(problems).toHaveLength(1);
    expect(problems).toEqual([
      {
        code: 'bad-value',
        param: 'fencing',
        value: 'maybe',
        expected: { kind: 'one-of', values: ['on', 'off'] },
        fallback: 'on',
      },
    ]);
  });
  it('reports an unknown parameter and a repeated one', () => {
    const { problems } = parseSwitches(new URLSearchParams('colour=red&key=none&key=per-attempt'));
    expect(problems).toEqual([
      { code: 'unknown-param', param: 'colour', value: 'red' },
      { code: 'repeated', param: 'key', value: 'per-attempt' },
    ]);
  });
});
