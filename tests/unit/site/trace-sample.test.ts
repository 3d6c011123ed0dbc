// check-dist's trace-page sample for html-validate (scripts/check-dist.mjs, tracePageSample):
// on runs built here, the sample must hold the one run with a feature no other run has, and
// every pair of features that occurs somewhere.
import { describe, expect, it } from 'vitest';
import { tracePageSample } from '../../../scripts/check-dist.mjs';

const run = (url: string, fencing: string, keys: string, staleWrite: boolean) => ({
  url,
  switches: { fencing, keys },
  finished: true,
  posts: 1,
  duplicatePosts: 0,
  restored: 0,
  staleWritesRejected: 0,
  staleWritesApplied: staleWrite ? 1 : 0,
  lastTick: 14,
  acceptances: [{}],
  newsletter: {},
  invariants: { staleWrite },
});

describe('tracePageSample', () => {
  it('holds the only run with a stale write', () => {
    const runs = [
      run('/a/', 'on', 'yes', false),
      run('/b/', 'on', 'no', false),
      run('/c/', 'off', 'yes', false),
      run('/d/', 'off', 'no', true),
    ];
    expect(tracePageSample(runs)).toContain('/d/');
  });
  it('covers every pair of switch values that occurs', () => {
    const runs = [
      run('/a/', 'on', 'yes', false),
      run('/b/', 'on', 'no', false),
      run('/c/', 'off', 'yes', false),
      run('/d/', 'off', 'no', false),
    ];
    // Each run is the only one with its pair of values: all four must be read.
    expect(tracePageSample(runs).sort()).toEqual(['/a/', '/b/', '/c/', '/d/']);
  });
  it('reads fewer pages than there are runs when pairs repeat', () => {
    const runs = [
      run('/a/', 'on', 'yes', false),
      run('/a2/', 'on', 'yes', false),
      run('/a3/', 'on', 'yes', false),
    ];
    expect(tracePageSample(runs)).toEqual(['/a/']);
  });
});
