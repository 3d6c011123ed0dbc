// The companion explains the duplicate posts in runs where no poster dies
// (agg.duplicateWithoutDeath): version pins off, the correction after
// acceptance, a key per attempt or none; a successor restores every part by
// name, rebuilds a digest that was already accepted, gets it accepted again
// and announces it under a new key. Checked here on the model's runs.
import { describe, expect, it } from 'vitest';
import { runAll } from '../../../src/model/index.ts';
import { resolve } from '../../../src/lib/figures.ts';

const runs = runAll().filter((r) => r.switches.postDies === 'no' && r.invariants.duplicateEffect);

describe('duplicate effects without a poster dying', () => {
  it('exist, and the printed figure counts them', () => {
    expect(runs.length).toBeGreaterThan(0);
    expect(resolve('agg.duplicateWithoutDeath')).toBe(runs.length);
  });

  it('all have pins off, the correction after acceptance, and a key per attempt or none', () => {
    for (const r of runs) {
      expect(r.switches.pins, r.slug).toBe('off');
      expect(r.switches.change, r.slug).toBe('after-acceptance');
      expect(['per-attempt', 'none'], r.slug).toContain(r.switches.key);
    }
  });

  it('in each, the last builder restores every part by name, and one digest is accepted twice and posted twice', () => {
    for (const r of runs) {
      const last = Math.max(...r.attempts.filter((a) => a.kind === 'build').map((a) => a.n));
      expect(r.restores.filter((x) => x.attempt === last).length, r.slug).toBe(4);
      const accepted = r.acceptances.map((a) => a.digest);
      const twice = accepted.filter((d, i) => accepted.indexOf(d) !== i);
      expect(twice.length, r.slug).toBeGreaterThan(0);
      expect(
        r.feedPosts.filter((p) => twice.some((d) => d.startsWith(p.digest))).length,
        r.slug,
      ).toBeGreaterThanOrEqual(2);
      const keys = r.feedPosts.map((p) => p.key).filter((k) => k !== null);
      expect(new Set(keys).size, r.slug).toBe(keys.length); // each post under a key of its own, or none
    }
  });
});
