// /engines/ against /data/engines.json as built (dist/data/engines.json, the endpoint over what
// `npm run lab -- --engines` wrote): every cell of the records table, every row of the breaches
// by key and store, the run's facts and each engine's history. Expectations are computed here
// from the JSON, not by src/lib/engines.ts. The engines' own verdicts are tested by
// tests/lab/restate-case.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, page, text } from './dist.ts';

interface Choice {
  key: string;
  store: string;
  runs: number;
  breaches: Record<string, number>;
  replayPinned: number;
  staleApplied: number;
  staleRejected: number;
  seeds: Record<string, string[]>;
}
interface EngineEntry {
  name: string;
  version: string;
  available: boolean;
  why?: string;
  records: Record<string, { status: string; why: string }>;
  runs?: number;
  seconds?: number;
  asked?: number;
  cutShort?: boolean;
  tickMs?: number;
  faults?: Record<string, number>;
  returned?: number;
  errors?: number;
  choices?: Choice[];
  history?: { seed: string; invariant: string; lines: string[]; step: string } | null;
}
interface Engines {
  invariants: string[];
  engines: EngineEntry[];
}

const data = JSON.parse(readFileSync(join(DIST, 'data', 'engines.json'), 'utf8')) as Engines;
const html = page('/engines/');
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const el = (attr: string, value: string, tag = '[a-z]+', within = html) => {
  const m = new RegExp(`<(${tag})[^>]*${attr}="${esc(value)}"[^>]*>([\\s\\S]*?)</\\1>`).exec(
    within,
  );
  if (!m) throw new Error(`no element with ${attr}="${value}"`);
  return m[0];
};
/** HTML entities back to characters (the code's text, tags and all, as written). */
const decode = (h: string) =>
  h
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
const RECORD_IDS = ['attempt', 'journal', 'epoch', 'effect', 'acceptance'];
const ran = (name: string) => data.engines.find((e) => e.name === name && e.available) ?? null;
/** The runs that keep and that leave out a record, as the JSON's choices say (null: no choice leaves it out). */
const split = (e: EngineEntry, rec: string) => {
  const rule: Record<string, [(c: Choice) => boolean, string]> = {
    epoch: [(c) => c.store === 'plain', 'staleWrite'],
    effect: [(c) => c.key !== 'per-operation', 'duplicateEffect'],
  };
  if (!rule[rec]) return null;
  const [without, inv] = rule[rec];
  const sum = (cs: Choice[]) =>
    `${cs.reduce((n, c) => n + (c.breaches[inv] ?? NaN), 0)}/${cs.reduce((n, c) => n + c.runs, 0)}`;
  return {
    kept: sum(e.choices!.filter((c) => !without(c))),
    left: sum(e.choices!.filter(without)),
  };
};

describe('/engines/ shows /data/engines.json', () => {
  it('has the five records × the model, Restate and DBOS, each cell as the file says', () => {
    const table = el('data-table', 'records', 'table');
    expect((table.match(/<tr data-record=/g) ?? []).length).toBe(5);
    for (const rec of RECORD_IDS) {
      const row = el('data-record', rec, 'tr', table);
      expect(row).toContain('data-engine="model"');
      for (const name of ['restate', 'dbos']) {
        const td = new RegExp(`<td[^>]*data-engine="${name}"[^>]*>([\\s\\S]*?)</td>`).exec(row);
        expect(td, `${rec} ${name}`).not.toBeNull();
        const e = ran(name);
        if (!e) {
          expect(td![0]).toContain('data-status="not run"');
          expect(text(td![1] ?? '')).toBe('not run');
          continue;
        }
        const r = e.records[rec];
        if (!r) throw new Error(`engines.json: ${name} has no record ${rec}`);
        expect(['kept by the engine', 'yours to write', 'absent']).toContain(r.status);
        expect(td![0]).toContain(`data-status="${r.status}"`);
        expect(text(td![1] ?? '')).toContain(r.status);
        expect(text(td![1] ?? '')).toContain(text(r.why));
        const s = split(e, rec);
        if (s) {
          expect(td![0]).toContain(`data-kept="${s.kept}"`);
          expect(td![0]).toContain(`data-left="${s.left}"`);
          const [kb, kr] = s.kept.split('/');
          const [lb, lr] = s.left.split('/');
          expect(text(td![1] ?? '')).toContain(
            `${kb} of ${kr} runs with it, ${lb} of ${lr} without`,
          );
          // Runs with a fenced store in which no late write reached it say they did not test it.
          const reached = e
            .choices!.filter((c) => c.store !== 'plain')
            .reduce((n, c) => n + c.staleApplied + c.staleRejected, 0);
          expect(
            text(td![1] ?? '').includes('so they do not test the fence'),
            `${rec} ${name}`,
          ).toBe(rec === 'epoch' && reached === 0);
        } else expect(td![0]).not.toContain('data-kept=');
      }
    }
  });

  it('has one row per key × store choice for each engine that ran, every count as the file says', () => {
    for (const e of data.engines.filter((x) => x.available)) {
      const table = el('data-choices', e.name, 'table');
      expect((table.match(/<tr data-choice=/g) ?? []).length).toBe(e.choices!.length);
      for (const c of e.choices!) {
        const row = el('data-choice', `${c.key}/${c.store}`, 'tr', table);
        const cell = (attr: string, v: string) => text(el(attr, v, 'td', row));
        expect(cell('data-n', 'runs')).toBe(String(c.runs));
        for (const i of data.invariants)
          expect(cell('data-invariant', i)).toBe(String(c.breaches[i]));
        expect(cell('data-n', 'replayPinned')).toBe(String(c.replayPinned));
        expect(cell('data-n', 'staleApplied')).toBe(String(c.staleApplied));
      }
    }
  });

  it('says in how many runs a replay read the first version and a late write was applied', () => {
    for (const e of data.engines.filter((x) => x.available && x.choices)) {
      const p = text(el('data-observed', e.name, 'p'));
      const sum = (f: (c: Choice) => number) => e.choices!.reduce((n, c) => n + f(c), 0);
      // The site's prose counts: zero to nine in words, zero as "no" unless the page says "0".
      const SMALL = [
        'zero',
        'one',
        'two',
        'three',
        'four',
        'five',
        'six',
        'seven',
        'eight',
        'nine',
      ];
      const runs = (n: number, zero = 'no') =>
        `${n === 0 ? zero : n < 10 ? SMALL[n] : n} ${n === 1 ? 'run' : 'runs'}`;
      expect(p).toContain(
        `“replay read the first version”: in ${runs(sum((c) => c.replayPinned))}`,
      );
      expect(p).toContain(
        `“Late write applied”: in ${runs(
          sum((c) => c.staleApplied),
          '0',
        )}`,
      );
      if (sum((c) => c.replayPinned) > 0)
        expect(p).toContain(
          `was found in ${sum((c) => c.breaches.supersededAccepted ?? NaN)} of ${runs(e.runs!)}`,
        );
    }
  });

  it('says how many breaching runs have their seed in the JSON', () => {
    let broken = 0;
    let listed = 0;
    for (const e of data.engines.filter((x) => x.available && x.choices))
      for (const c of e.choices!)
        for (const i of data.invariants) {
          broken += c.breaches[i] ?? 0;
          listed += c.seeds[i]?.length ?? 0;
        }
    const p = text(el('data-fact', 'seeds', 'p'));
    if (listed === broken) expect(p).toMatch(/^Every breach’s seed is in/);
    else expect(p).toContain(`The seeds of ${listed} of the ${broken} breaches found`);
  });

  it('names the lab fault with no counterpart, and what was struck instead', () => {
    const li = text(el('data-limit', 'controller-restart', 'li'));
    expect(li).toContain('controller restart');
    for (const e of data.engines.filter((x) => x.available && x.runs))
      expect(li).toContain(
        `${e.faults!['server-kill'] ?? 0} kills and ${e.faults!['server-stop'] ?? 0} pauses`,
      );
  });

  it('states the runs, the faults struck, the engines not run and a cut-short run', () => {
    const facts = text(el('data-facts', 'runs', 'ul'));
    for (const e of data.engines) {
      if (!e.available || !e.runs) continue;
      const li = text(el('data-fact', `runs-${e.name}`, 'li'));
      expect(li).toContain(`${e.runs} nemesis run`);
      expect(li).toContain(`in ${e.seconds} s`);
      expect(li).toContain(`returned its result in ${e.returned} of them`);
      expect(li.includes('harness error')).toBe(!!e.errors);
      for (const n of Object.values(e.faults!)) expect(li).toContain(`${n} ×`);
      expect(Object.keys(e.faults!).length).toBe((li.match(/ × /g) ?? []).length);
    }
    if (!ran('dbos')) expect(facts).toContain('DBOS: not run');
    for (const e of data.engines.filter((x) => x.available && x.runs)) {
      expect(facts).toContain(`a tick of ${e.tickMs} ms`);
      expect(html.includes(`data-fact="cut-short-${e.name}"`)).toBe(!!e.cutShort);
      if (e.cutShort)
        expect(text(el('data-fact', `cut-short-${e.name}`, 'li'))).toContain(
          `${e.asked} runs were asked for and ${e.runs} made`,
        );
    }
  });

  it('shows each engine’s history line by line, with its seed and the step’s code', () => {
    for (const e of data.engines.filter((x) => x.available && x.history)) {
      const sec = el('data-history', e.name, 'section');
      expect(sec).toContain(e.history!.seed);
      const pre = el('data-lines', String(e.history!.lines.length), 'pre', sec);
      for (const l of e.history!.lines) expect(text(pre)).toContain(text(l));
      // the code shown is the job's own source text, line by line and in order
      const src = readFileSync(
        join(import.meta.dirname, '../../engines', e.name, 'job.ts'),
        'utf8',
      ).split('\n');
      const code = el('data-step', e.history!.step, 'pre', sec);
      const lines = decode(code.slice(code.indexOf('>') + 1, code.lastIndexOf('</pre>'))).split(
        '\n',
      );
      expect(lines.length).toBeGreaterThan(3);
      const at = src.findIndex((l) => l.trim() === lines[0]?.trim());
      expect(at, 'the first line of the code is a line of the source').toBeGreaterThan(0);
      lines.forEach((l, i) => expect(src[at + i]?.trim()).toBe(l.trim()));
    }
  });
});
