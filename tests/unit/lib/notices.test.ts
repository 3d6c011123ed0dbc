// The words of an address's problems (src/lib/notices.ts): each problem the parsers return as
// data becomes the sentence written out here by hand, values from the address are cut, and a
// list of problems gives a bounded notice.
import { describe, expect, it } from 'vitest';
import { noticeLines, noticeText, shorten, type Notice } from '../../../src/lib/notices.ts';
import { parseUrl } from '../../../src/components/explorer/state.ts';

describe('noticeText', () => {
  it.each<[Notice, string]>([
    [
      { code: 'unknown-param', param: 'colour', value: 'blue' },
      '“colour” is not a switch; it was ignored.',
    ],
    [
      { code: 'repeated', param: 'key', value: 'none' },
      '“key” was given more than once; the first value was kept.',
    ],
    [
      {
        code: 'bad-value',
        param: 'fencing',
        value: 'maybe',
        expected: { kind: 'one-of', values: ['on', 'off'] },
        fallback: 'on',
      },
      '“maybe” is not a value of “fencing” (expected on, off); using “on”.',
    ],
    [
      {
        code: 'bad-value',
        param: 'wakeAfter',
        value: '0',
        expected: { kind: 'whole', unit: 'ticks', min: 1, max: 30 },
        fallback: '5',
      },
      '“0” is not a value of “wakeAfter” (expected a whole number of ticks from 1 to 30); using “5”.',
    ],
    [
      {
        code: 'bad-value',
        param: 'keyRetention',
        value: '-1',
        expected: { kind: 'whole', unit: 'ticks', min: 1, max: 40, or: 'run' },
        fallback: 'run',
      },
      '“-1” is not a value of “keyRetention” (expected run, or a whole number of ticks from 1 to 40); using “run”.',
    ],
    [
      {
        code: 'bad-value',
        param: 'restartAt',
        value: 'soon',
        expected: { kind: 'whole', unit: 'tick', min: 1, max: 40, or: 'none' },
        fallback: 'none',
      },
      '“soon” is not a value of “restartAt” (expected none, or a tick from 1 to 40); using “none”.',
    ],
    [{ code: 'unreadable-query' }, 'The query string could not be read; showing the main trace.'],
    [
      { code: 'not-a-scene', param: 'scene', value: '0', scenes: 14 },
      '“0” is not a scene of the guided route (1 to 14); it was ignored.',
    ],
    [
      { code: 'not-a-run', param: 'vs', value: 'nope' },
      '“nope” names no preset and no trace; comparing with the main trace.',
    ],
    [
      { code: 'not-a-tick', value: '#tfoo' },
      '“#tfoo” is not a tick (ticks look like #t5); showing the default tick.',
    ],
    [
      { code: 'past-the-end', tick: 999, lastTick: 14 },
      'This run ends at t14; t999 does not exist, so t14 is shown.',
    ],
    [
      { code: 'scene-sets-switches', scene: 3 },
      'Scene 3 sets its own switches; the ones in the address were replaced by the scene’s.',
    ],
  ])('%j', (n, text) => expect(noticeText(n)).toBe(text));

  it('quotes a value with quotation marks in it whole', () => {
    const n: Notice = { code: 'not-a-run', param: 'vs', value: '“on”' };
    expect(noticeText(n)).toBe(
      '““on”” names no preset and no trace; comparing with the main trace.',
    );
  });
});

describe('noticeLines', () => {
  it('cuts a long value from the address to 60 characters', () => {
    const lines = noticeLines(parseUrl(`?fencing=${'x'.repeat(20000)}`, '', 14).problems);
    expect(lines).toEqual([
      `“${'x'.repeat(59)}…” is not a value of “fencing” (expected on, off); using “on”.`,
    ]);
  });
  it('cuts a long unknown parameter too', () => {
    const lines = noticeLines(parseUrl(`?${'k'.repeat(2000)}=1`, '', 14).problems);
    expect(lines).toEqual([`“${'k'.repeat(59)}…” is not a switch; it was ignored.`]);
  });
  it('merges repeats and caps the list, counting the rest', () => {
    const many = Array.from({ length: 43 }, (_, k) => `u${k}=1`).join('&');
    const lines = noticeLines(parseUrl(`?${many}`, '', 14).problems);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('“u0” is not a switch; it was ignored.');
    expect(lines[5]).toBe('… and 38 more.');
    const again: Notice = { code: 'repeated', param: 'key', value: 'none' };
    const other: Notice = { code: 'unreadable-query' };
    expect(noticeLines([again, again, again, other])).toEqual([
      '“key” was given more than once; the first value was kept. (×3)',
      'The query string could not be read; showing the main trace.',
    ]);
  });
  it('leaves short lists alone and cuts by code point, never inside an emoji', () => {
    expect(noticeLines([])).toEqual([]);
    expect(shorten('😀'.repeat(100), 10)).toBe('😀'.repeat(9) + '…');
  });
});
