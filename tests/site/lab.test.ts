// /lab/ against /data/lab.json as built (dist/data/lab.json, the endpoint over what `npm run lab`
// wrote): every cell of the summary, every mutant row, every named case, the run's facts and the
// annotated histories. Expectations are computed here from the JSON, not by src/lib/lab.ts; and
// the file's predictions are still the model's (re-run `npm run lab` when a rule changes). The
// lab's own verdicts are tested by tests/lab/short-lab.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate, type Switches } from '../../src/model/index.ts';
import { BASE_SCHEDULE, type Schedule } from '../../src/model/schedule.ts';
import { DIST, page, text } from './dist.ts';

type Counts = Record<string, number>;
/** The count of invariant `i` (lab.json has one for each). */
const countOf = (c: Counts, i: string): number => {
  const n = c[i];
  if (n === undefined) throw new Error(`lab.json: no count for ${i}`);
  return n;
};
interface Tally {
  runs: number;
  breaches: Counts;
  seeds: Record<string, string[]>;
}
interface Fixed extends Tally {
  id: string;
  switches: Switches;
  schedule: Partial<Schedule>;
  predicted: Record<string, boolean>;
}
interface Lab {
  tickMsSet: number;
  tickMsMeasured: { median: number | null };
  totalRuns: number;
  invariants: string[];
  cutShort: boolean;
  variants: {
    id: string;
    prediction: Record<string, boolean>;
    predictionCase: string;
    random: Tally;
    fixed: Fixed[];
  }[];
  mutants: (Tally & { id: string; caught: boolean; caughtRuns: number })[];
  histories: { id: string; entries: unknown[] }[];
}

const lab = JSON.parse(readFileSync(join(DIST, 'data', 'lab.json'), 'utf8')) as Lab;
const html = page('/lab/');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const el = (attr: string, value: string, tag = '[a-z]+') => {
  const m = new RegExp(`<(${tag})[^>]*${attr}="${esc(value)}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  if (!m) throw new Error(`no element with ${attr}="${value}"`);
  return m[0];
};

describe('/lab/ shows /data/lab.json', () => {
  it('has one summary row per variant and one cell per invariant, each as the file says', () => {
    const figure = el('data-figure', 'summary', 'figure');
    expect((figure.match(/<tr data-variant=/g) ?? []).length).toBe(lab.variants.length);
    for (const v of lab.variants) {
      const row = new RegExp(`<tr data-variant="${esc(v.id)}"[^>]*>([\\s\\S]*?)</tr>`).exec(
        figure,
      )![0];
      const named = v.fixed.find((f) => f.id === v.predictionCase)!;
      for (const i of lab.invariants) {
        const td = new RegExp(`<td[^>]*data-invariant="${i}"[^>]*>([\\s\\S]*?)</td>`).exec(row);
        expect(td, `${v.id} ${i}`).not.toBeNull();
        const predicted = v.prediction[i];
        const found = countOf(v.random.breaches, i) + countOf(named.breaches, i) > 0;
        expect(td![0]).toContain(`data-predicted="${predicted ? 'breaks' : 'holds'}"`);
        expect(td![0]).toContain(`data-random="${v.random.breaches[i]}/${v.random.runs}"`);
        expect(td![0]).toContain(`data-fixed="${named.breaches[i]}/${named.runs}"`);
        expect(td![0]).toContain(`data-agree="${predicted === found}"`);
        const words = text(td![1] ?? '');
        expect(words).toContain(`model ${predicted ? 'breaks' : 'holds'}`);
        expect(words).toContain(`lab ${v.random.breaches[i]} of ${v.random.runs}`);
        expect(words).toContain(predicted === found ? 'as predicted' : 'differs');
      }
    }
  });

  it('states the runs, the tick measured and whether the run was cut short', () => {
    const facts = text(el('data-facts', 'run', 'ul'));
    expect(facts).toContain(`${lab.totalRuns} runs in all`);
    const random = lab.variants.reduce((n, v) => n + v.random.runs, 0);
    expect(facts).toContain(
      `${random} random nemesis schedules over ${lab.variants.length} variants`,
    );
    expect(facts).toContain(`${lab.tickMsSet} ms as set`);
    if (lab.tickMsMeasured.median !== null)
      expect(facts).toContain(`${lab.tickMsMeasured.median} ms at the median`);
    expect(html.includes('data-fact="cut-short"')).toBe(lab.cutShort);
  });

  it('lists every mutant with its runs and whether the checker caught it', () => {
    for (const m of lab.mutants) {
      const row = el('data-mutant', m.id, 'tr');
      expect(row).toContain(`data-caught="${m.caughtRuns > 0}"`);
      expect(row).toContain(`data-runs="${m.runs}"`);
      expect(text(row)).toContain(m.caughtRuns > 0 ? `${m.caughtRuns} runs` : 'survived');
    }
    const caught = lab.mutants.filter((m) => m.caughtRuns > 0).length;
    expect(text(html)).toContain(`${caught} of ${lab.mutants.length} were caught`);
  });

  it('shows every named case with the model and the lab side by side', () => {
    for (const v of lab.variants)
      for (const f of v.fixed) {
        const row = el('data-case', f.id, 'tr');
        for (const i of lab.invariants)
          expect(
            text(
              new RegExp(`<td[^>]*data-invariant="${i}"[^>]*>([\\s\\S]*?)</td>`).exec(row)?.[1] ??
                '',
            ),
          ).toBe(`model ${f.predicted[i] ? 'breaks' : 'holds'}; lab ${f.breaches[i]} of ${f.runs}`);
      }
  });

  it('prints each annotated history entry by entry, or says it is missing', () => {
    for (const id of ['kill-mid-transaction', 'paused-writer-fenced']) {
      const sec = new RegExp(`data-history="${id}"[\\s\\S]*?(?=data-history=|<h2)`).exec(html)![0];
      const h = lab.histories.find((x) => x.id === id);
      if (h) expect((sec.match(/<li/g) ?? []).length, id).toBe(h.entries.length);
      else expect(sec).toContain('data-missing');
    }
  });

  it('links the JSON and names the code', () => {
    expect(html).toContain('href="/data/lab.json"');
    for (const path of ['lab/checker/check.ts', 'lab/nemesis.ts', 'lab/README.md'])
      expect(html).toContain(path);
  });
});

describe('lab.json is current with the model', () => {
  it('predicts what the model predicts now for every named case', () => {
    for (const v of lab.variants)
      for (const f of v.fixed) {
        const r = simulate(f.switches, { schedule: { ...BASE_SCHEDULE, ...f.schedule } });
        expect(f.predicted, `${f.id}: re-run npm run lab -- --predict`).toEqual(r.invariants);
      }
  });
});
