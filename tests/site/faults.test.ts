// The fault pages and /data/faults.json against the model: the counterexamples are simulated
// again here from their setting and schedule (not read back from the renderer), and every
// figure faults.json gives is the sweep's.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVARIANT_IDS, counterexamples, simulate } from '../../src/model/index.ts';
import { invariantLabel } from '../../src/lib/vocabulary.ts';
import { invariantRule } from '../../src/lib/routes.ts';
import { DIST, builtSweep, page, text } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

const data = JSON.parse(readFileSync(join(DIST, 'data/faults.json'), 'utf8'));
const runsJson = JSON.parse(readFileSync(join(DIST, 'data/runs.json'), 'utf8'));
const sweep = builtSweep();
const num = (n: number) => n.toLocaleString('en-GB');

describe('/data/faults.json', () => {
  it('names the same model version as runs.json', () => {
    expect(data.model).toMatch(/^[0-9a-f]{12}$/);
    expect(data.model).toBe(runsJson.model);
  });
  it('gives the space, the counts and the table of the sweep', () => {
    expect(data.space).toEqual(JSON.parse(JSON.stringify(sweep.space)));
    expect([data.settings, data.schedules, data.runs, data.schedulesPerSetting]).toEqual([
      sweep.settings,
      sweep.schedules,
      sweep.runs,
      sweep.schedulesPerSetting,
    ]);
    expect(data.table.map((v: { variant: string }) => v.variant)).toEqual(
      sweep.variants.map((v) => v.id),
    );
    for (const [i, v] of sweep.variants.entries()) {
      for (const id of INVARIANT_IDS)
        expect(data.table[i].invariants[id].schedules, `${v.id} ${id}`).toBe(
          v.byInvariant[id].schedules,
        );
    }
  });
  it('lists one counterexample per invariant that breaks with every protection on, each breaking it when simulated', () => {
    expect(data.counterexamples.map((c: { invariant: string }) => c.invariant)).toEqual(
      INVARIANT_IDS.filter((id) => at(sweep.variants, 0, 'variants').byInvariant[id].schedules > 0),
    );
    for (const c of data.counterexamples) {
      const r = simulate(c.switches, { schedule: c.schedule });
      expect(r.invariants[c.invariant as (typeof INVARIANT_IDS)[number]]).toBe(true);
      expect(c.broken).toEqual(INVARIANT_IDS.filter((id) => r.invariants[id]));
      const base = (process.env.BASE_PATH ?? '/').replace(/\/+$/, '');
      expect(c.url.endsWith(`/faults/${invariantRule(c.invariant)}/`)).toBe(true);
      expect(existsSync(join(DIST, c.url.slice(base.length), 'index.html')), c.url).toBe(true);
    }
  });
});

describe('counterexample pages', () => {
  // Each page features the counterexample with the fewest faults (the shortest is its second).
  for (const c of counterexamples(sweep).map(
    (s) => at(sweep.variants, 0, 'variants').byInvariant[s.invariant].fewest ?? s,
  )) {
    it(`/faults/${invariantRule(c.invariant)}/ shows the fewest-fault run's ticks and exactly its breaches`, () => {
      const html = page(`/faults/${invariantRule(c.invariant)}/`);
      const r = simulate(c.switches, { schedule: c.schedule });
      for (const t of new Set(r.events.map((e) => e.tick)))
        expect(html, `t${t}`).toContain(`id="t${t}"`);
      const shown = [...html.matchAll(/Invariant broken: ([^<]+)</g)].map((m) => text(m[1] ?? ''));
      expect(shown).toEqual(r.breaches.map((b) => invariantLabel(b.invariant)));
      expect(text(html)).toContain(`Model version`);
      expect(text(html)).toContain(`after ${c.faults === 1 ? 'one fault' : `${c.faults} faults`}`);
      expect(text(html)).not.toContain('SITE_URL');
    });
  }
});

describe('the run in which a woken, fenced #1 reopened a confirmed announcement, as faults.json and the fault pages count it', () => {
  it('the all-on duplicate-effect count is the sweep’s, and the minimal sets’ brackets are stated as falling short of it', () => {
    const on = at(sweep.variants, 0, 'variants').byInvariant.duplicateEffect;
    const t = text(page('/faults/'));
    const sum = on.minimalFaultSets.reduce((n, x) => n + x.schedules, 0);
    expect(sum).toBeLessThanOrEqual(on.schedules);
    expect(t).toContain(`${num(sum)} of ${num(on.schedules)}`);
    expect(data.table[0].invariants.duplicateEffect.fewest.faults).toBe(on.fewest!.faults);
  });
});

describe('/faults/', () => {
  const t = text(page('/faults/'));
  it('the rules page has the anchored rule sections of the schedule', () => {
    const html = page('/model/');
    for (const id of [
      'rule-schedule',
      'rule-fault-silence',
      'rule-fault-poster',
      'rule-fault-retention',
      'rule-fault-restart',
    ])
      expect(html).toContain(`id="${id}"`);
  });
  it('says, for each invariant nothing breaks with every protection on, how many schedules were tried', () => {
    const allOn = at(sweep.variants, 0, 'variants');
    for (const id of INVARIANT_IDS) {
      if (allOn.byInvariant[id].schedules > 0) continue;
      const row = new RegExp(
        `>${invariantLabel(id)}</th>\\s*<td[^>]*>none of ${num(allOn.schedules)}<`,
      );
      expect(page('/faults/'), id).toMatch(row);
    }
  });
  it('states the space and the run count', () => {
    expect(t).toContain(`${num(sweep.schedules)} pairs:`);
    expect(t).toContain(`${num(sweep.runs)} simulations`);
  });
});
