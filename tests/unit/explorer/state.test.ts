// URL state of the explorer: parsing never throws, bad parts become notices and
// fall back to defaults, and serialising then parsing gives the same view.
import { describe, expect, it } from 'vitest';
import {
  clampTick,
  parseTickHash,
  parseUrl,
  parseVs,
  toUrl,
  vsToken,
} from '../../../src/components/explorer/state.ts';
import {
  MAIN,
  PRESETS,
  SWITCH_IDS,
  SWITCH_VALUES,
  allSettings,
  slugOf,
} from '../../../src/model/index.ts';

const N = 14;

describe('parseUrl', () => {
  it('reads an empty address as the main trace with no tick', () => {
    const u = parseUrl('', '', N);
    expect(u.switches).toEqual(MAIN);
    expect(u.tick).toBeNull();
    expect(u.scene).toBeNull();
    expect(u.vs).toBeNull();
    expect(u.problems).toEqual([]);
  });

  it('accepts all eight switches, even the ones equal to the main trace', () => {
    const q = SWITCH_IDS.map(
      (id) => `${id}=${SWITCH_VALUES[id][SWITCH_VALUES[id].length - 1]}`,
    ).join('&');
    const u = parseUrl(`?${q}`, '#t3', N);
    for (const id of SWITCH_IDS)
      expect(u.switches[id]).toBe(SWITCH_VALUES[id][SWITCH_VALUES[id].length - 1]);
    expect(u.tick).toBe(3);
    expect(u.problems).toEqual([]);
    expect(parseUrl('?fencing=on&pins=on', '', N).problems).toEqual([]);
  });

  it('names an unknown parameter and an unknown value, and falls back per switch', () => {
    const u = parseUrl('?colour=blue&fencing=maybe&pins=off', '', N);
    expect(u.switches).toEqual({ ...MAIN, pins: 'off' });
    expect(u.problems).toMatchObject([
      { code: 'unknown-param', param: 'colour', value: 'blue' },
      { code: 'bad-value', param: 'fencing', value: 'maybe', fallback: 'on' },
    ]);
  });

  it('keeps scene and vs out of the switch parser', () => {
    const u = parseUrl('?scene=4&vs=pins-off', '', N);
    expect(u.problems).toEqual([]);
    expect(u.scene).toBe(4);
    expect(u.vs).toEqual(PRESETS.find((p) => p.id === 'pins-off')!.switches);
  });

  it.each(['0', '15', 'abc', '-1', '1.5', '', '99999'])('rejects scene=%s with a notice', (v) => {
    const u = parseUrl(`?scene=${v}`, '', N);
    expect(u.scene).toBeNull();
    expect(u.problems).toEqual([{ code: 'not-a-scene', param: 'scene', value: v, scenes: N }]);
  });

  it('keeps the first of a repeated scene or vs', () => {
    const u = parseUrl('?scene=2&vs=second&scene=3&vs=main', '', N);
    expect(u.scene).toBe(2);
    expect(u.vs).toEqual(PRESETS.find((p) => p.id === 'second')!.switches);
    expect(u.problems).toEqual([
      { code: 'repeated', param: 'scene', value: '3' },
      { code: 'repeated', param: 'vs', value: 'main' },
    ]);
  });

  it('rejects an unknown vs and accepts a slug', () => {
    expect(parseUrl('?vs=nope', '', N).problems).toEqual([
      { code: 'not-a-run', param: 'vs', value: 'nope' },
    ]);
    const s = { ...MAIN, key: 'none' as const };
    expect(parseUrl(`?vs=${slugOf(s)}`, '', N).vs).toEqual(s);
  });

  it('never throws on malformed input', () => {
    for (const q of [
      '?%',
      '?%E0%A4%A',
      '?==',
      '?&&&',
      '?a=b=c',
      '?%FF%FE=1',
      '?fencing=%00',
      '?' + 'x'.repeat(5000),
    ])
      for (const h of ['', '#', '#t', '#t999', '#tfoo', '#%', '#t-1', '#t3.5', '#main'])
        expect(() => parseUrl(q, h, N)).not.toThrow();
  });
});

describe('parseTickHash', () => {
  it('reads #tN', () => expect(parseTickHash('#t12')).toEqual({ tick: 12, problem: null }));
  it('ignores fragments that are not ticks', () =>
    expect(parseTickHash('#main')).toEqual({ tick: null, problem: null }));
  it.each(['#tfoo', '#t-1', '#t3.5', '#t', '#t1234567'])('flags %s', (h) => {
    const r = parseTickHash(h);
    expect(r.tick).toBeNull();
    expect(r.problem).toEqual({ code: 'not-a-tick', value: h });
  });
});

describe('clampTick', () => {
  it('keeps ticks in range', () => expect(clampTick(5, 14)).toEqual({ tick: 5, problem: null }));
  it('clamps past the end, with a notice', () => {
    const c = clampTick(999, 14);
    expect(c.tick).toBe(14);
    expect(c.problem).toEqual({ code: 'past-the-end', tick: 999, lastTick: 14 });
  });
});

describe('toUrl', () => {
  it('writes nothing for the main trace without a tick', () => {
    expect(toUrl({ switches: MAIN, tick: null, scene: null, vs: null })).toBe('');
  });
  it('writes only switches that differ from the main trace', () => {
    expect(toUrl({ switches: { ...MAIN, fencing: 'off' }, tick: 8, scene: null, vs: null })).toBe(
      '?fencing=off#t8',
    );
  });
  it('names a compared preset by its id', () => {
    const second = PRESETS.find((p) => p.id === 'second')!.switches;
    expect(vsToken(second)).toBe('second');
    expect(toUrl({ switches: MAIN, tick: null, scene: 3, vs: second })).toBe('?scene=3&vs=second');
    expect(parseVs('second')).toEqual(second);
  });
  it('round-trips every one of the 864 settings', () => {
    for (const s of allSettings()) {
      const url = toUrl({ switches: s, tick: 7, scene: null, vs: s });
      const [search = '', hash] = url.split('#');
      const u = parseUrl(search, `#${hash}`, N);
      expect(u.problems).toEqual([]);
      expect(u.switches).toEqual(s);
      expect(u.tick).toBe(7);
      expect(slugOf(u.vs ?? MAIN)).toBe(slugOf(s));
    }
  });
});
