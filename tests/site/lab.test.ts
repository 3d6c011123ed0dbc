// /lab/ against src/data/lab.json (what `npm run lab` wrote): every case has its row, every
// cell says what the file says, every disagreement is explained, every setting links to a page
// that exists; and the file's predictions are still the model's (re-run `npm run lab` when a rule
// changes). The lab's own verdicts are tested by tests/lab/short-lab.test.ts.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, type Switches } from '../../src/model/index.ts';
import { BASE_SCHEDULE, type Schedule } from '../../src/model/schedule.ts';
import { INVARIANTS } from '../../src/lib/vocabulary.ts';
import lab from '../../src/data/lab.json';
import { DIST, page, text } from './dist.ts';

const html = page('/lab/');
const ids = INVARIANTS.map((i) => i.id);
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function rowOf(id: string): string {
  const m = new RegExp(`<tr[^>]*data-case="${esc(id)}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!m) throw new Error(`no row for ${id}`);
  return m[0];
}

describe('/lab/ shows lab.json', () => {
  it('covers the 24 protected settings, each single weakening and the counterexamples', () => {
    const groups = (g: string) => lab.cases.filter((c) => c.group === g).length;
    expect(groups('all-on')).toBe(24);
    for (const g of [
      'fencing-off',
      'pins-off',
      'key-per-attempt',
      'key-none',
      'rule-any-accepted',
      'rule-latest-finished',
    ])
      expect(groups(g), g).toBeGreaterThan(0);
    expect(groups('counterexample')).toBeGreaterThanOrEqual(2);
  });

  it('has one row per case, each cell as the file says', () => {
    for (const c of lab.cases) {
      const row = rowOf(c.id);
      expect(row).toContain(`data-agree="${c.agree}"`);
      for (const id of ids) {
        const p = (c.predicted as Record<string, boolean>)[id] ? 'breaks' : 'holds';
        const k = `${(c.observed as Record<string, number>)[id]} of ${c.runs}`;
        const td = new RegExp(`<td[^>]*data-invariant="${id}"[^>]*>([\\s\\S]*?)</td>`).exec(row);
        expect(td, `${c.id} ${id}`).not.toBeNull();
        expect(td![0]).toContain(`data-predicted="${p}"`);
        expect(td![0]).toContain(`data-observed="${k}"`);
        expect(text(td![1])).toContain(`model ${p}; lab ${k}`);
      }
    }
  });

  it('links every setting to a page that exists', () => {
    for (const c of lab.cases) {
      const href = /<a href="([^"]+)"/.exec(rowOf(c.id))![1].replace(/[?#].*$/, '');
      expect(existsSync(join(DIST, href, 'index.html')), `${c.id} → ${href}`).toBe(true);
    }
  });

  it('explains every disagreement', () => {
    const bad = lab.cases.filter((c) => !c.agree);
    for (const c of bad) {
      const li = new RegExp(`<li[^>]*data-disagreement="${esc(c.id)}"[^>]*>([\\s\\S]*?)</li>`).exec(
        html,
      );
      expect(li, c.id).not.toBeNull();
      expect(text(li![1])).not.toContain('Not yet explained');
    }
    expect((html.match(/data-disagreement=/g) ?? []).length).toBe(bad.length);
  });

  it('shows each annotated run’s faults, writes and feed log as recorded', () => {
    for (const e of lab.examples) {
      const sec = new RegExp(`data-example="${e.id}"[\\s\\S]*?(?=data-example=|<h2)`).exec(
        html,
      )![0];
      for (const [rows, n] of [
        ['faults', e.faults.length],
        ['writes', e.writes.length],
        ['requests', e.requests.length],
      ] as const) {
        const table = new RegExp(`data-rows="${rows}"[\\s\\S]*?</table>`).exec(sec)![0];
        expect((table.match(/<tr/g) ?? []).length - 1, `${e.id} ${rows}`).toBe(n);
      }
      for (const f of e.faults) expect(text(sec)).toContain(f.what);
    }
  });
});

describe('lab.json is current with the model', () => {
  it('predicts what the model predicts now for every case', () => {
    for (const c of lab.cases) {
      const sch: Schedule = { ...BASE_SCHEDULE, ...(c.schedule as Partial<Schedule>) };
      const r = simulate(c.switches as Switches, { schedule: sch });
      expect(c.predicted, `${c.id}: re-run npm run lab`).toEqual(r.invariants);
    }
  });
});
