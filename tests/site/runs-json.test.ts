// /data/runs.json is the model's output, in its published shape.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allSettings, runFor, short, slugOf } from '../../src/model/index.ts';
import { DIST } from './dist.ts';

const data = JSON.parse(readFileSync(join(DIST, 'data/runs.json'), 'utf8'));

describe('/data/runs.json', () => {
  it('holds 864 runs in the fixed order, with a model version', () => {
    expect(data.model).toMatch(/^[0-9a-f]{12}$/);
    expect(data.runs).toHaveLength(864);
    expect(data.runs.map((r: { switches: object }) => r.switches)).toEqual(allSettings());
  });
  it('has exactly the contract’s fields', () => {
    expect(Object.keys(data.runs[0]).sort()).toEqual(
      [
        'switches',
        'url',
        'calls',
        'callsByAttempt',
        'restored',
        'staleWritesRejected',
        'staleWritesApplied',
        'posts',
        'duplicatePosts',
        'acceptances',
        'newsletter',
        'finished',
        'invariants',
        'lastTick',
      ].sort(),
    );
  });
  it('agrees with the model for every run', () => {
    for (const j of data.runs) {
      const r = runFor(j.switches);
      expect(j.calls).toBe(r.calls);
      expect(j.callsByAttempt).toEqual(r.callsByAttempt);
      expect(j.restored).toBe(r.restored);
      expect([j.staleWritesRejected, j.staleWritesApplied]).toEqual([
        r.staleWritesRejected,
        r.staleWritesApplied,
      ]);
      expect([j.posts, j.duplicatePosts, j.finished, j.lastTick]).toEqual([
        r.posts,
        r.duplicatePosts,
        r.finished,
        r.lastTick,
      ]);
      expect(j.invariants).toEqual(r.invariants);
      expect(j.acceptances).toEqual(
        r.acceptances.map((a) => ({ tick: a.tick, digest: short(a.digest), version: a.version })),
      );
      expect(j.newsletter).toEqual(
        r.newsletter && {
          tick: r.newsletter.tick,
          digest: short(r.newsletter.digest),
          quote: r.newsletter.quote,
        },
      );
      expect(j.url.endsWith(`/traces/${slugOf(r.switches)}/`)).toBe(true);
    }
  });
  it('every url is distinct and exists in dist', () => {
    expect(new Set(data.runs.map((r: { url: string }) => r.url)).size).toBe(864);
    const base = (process.env.BASE_PATH ?? '/').replace(/\/+$/, '');
    for (const j of data.runs)
      expect(existsSync(join(DIST, j.url.slice(base.length), 'index.html')), j.url).toBe(true);
  });
  it('main trace entry reads as the hand-typed example', () => {
    const main = data.runs[0];
    expect(main).toMatchObject({
      calls: 6,
      callsByAttempt: { 1: 3, 2: 3, 3: 0 },
      restored: 1,
      lastTick: 14,
      finished: true,
    });
    expect(main.acceptances).toMatchObject([{ tick: 10, version: 'v2' }]);
    expect(main.newsletter).toMatchObject({ tick: 12, quote: '4.7 million' });
  });
});
