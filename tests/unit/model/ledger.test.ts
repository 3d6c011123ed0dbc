import { describe, expect, it } from 'vitest';
import { extraCalls, ledger, preset, runAll, runFor } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const run = (id: string) => runFor(preset(id).switches);

describe('ledger: where every model call went', () => {
  it('main trace: minimum + the v1 revenue call + the s3 call lost with the silent worker', () => {
    const l = ledger(run('main'));
    expect([l.total, l.used, l.superseded, l.unrecorded, l.stale]).toEqual([6, 4, 1, 1, 0]);
    expect(
      l.calls.filter((c) => c.fate !== 'used').map((c) => `#${c.attempt} ${c.step} ${c.fate}`),
    ).toEqual(['#1 s2 superseded', '#1 s3 unrecorded']);
    expect(l.parts.filter((p) => p.restoredBy !== null).map((p) => p.step)).toEqual(['s1']);
  });

  it('second trace: #1’s s2 call is not in the digest accepted last, but is in the v1 digest accepted earlier, which stays accepted', () => {
    const r = run('second');
    const l = ledger(r);
    const first = at(r.acceptances, 0, 'acceptances');
    const firstParts = r.candidates.find((c) => c.digest === first.digest)!.parts;
    const call = l.calls.find((c) => c.attempt === 1 && c.step === 's2')!;
    expect(call.fate).toBe('superseded');
    expect(firstParts.some((p) => p.step === 's2' && p.computedBy === 1)).toBe(true);
    expect(call.acceptedIn).toEqual({
      digest: first.digest,
      tick: first.tick,
      version: first.version,
    });
    // In the main trace no accepted digest holds #1’s superseded s2.
    expect(ledger(run('main')).calls.every((c) => c.acceptedIn === null)).toBe(true);
  });

  it('a crashed worker loses the same call, in flight', () => {
    const l = ledger(run('crashed'));
    expect(l.calls.find((c) => c.attempt === 1 && c.step === 's3')).toMatchObject({
      arrived: false,
      fate: 'unrecorded',
    });
  });

  it('end-only: every call of #1 is wasted, and the difference from per-step is #2 s1 and #1 s4', () => {
    const l = ledger(run('end-only'));
    expect([l.total, l.used, l.superseded, l.unrecorded]).toEqual([8, 4, 1, 3]);
    expect(
      extraCalls(run('end-only'), run('main'))
        .map((c) => `#${c.attempt} ${c.step}`)
        .sort(),
    ).toEqual(['#1 s4', '#2 s1']);
    expect(extraCalls(run('main'), run('end-only'))).toEqual([]);
  });

  it('pins off: cheaper, with one stale part inside the accepted digest', () => {
    const l = ledger(run('pins-off'));
    expect([l.total, l.used, l.stale, l.unrecorded]).toEqual([5, 4, 1, 1]);
  });

  it('adds up for every run of the grid', () => {
    for (const r of runAll()) expect(ledger(r).total).toBe(r.calls);
  });
});
