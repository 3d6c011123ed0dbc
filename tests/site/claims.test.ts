// The claims a careful reader checks against the data, read from the built pages (the article,
// the companion, the engines page, the faults page, the lab and the rules page) and held against
// the data files the site publishes (dist/data/faults.json, dist/data/runs.json, and the lab's
// recorded results: dist/data/lab.json when the build writes it, else src/data/lab.json, which the
// lab page renders; the engines' results likewise: dist/data/engines.json, else
// src/data/engines.json).
// No expectation comes from the code that renders the pages: the words for the invariants and the
// shapes of the claims are written here, the numbers come from the data.
//
// Checked, sentence by sentence:
//   - an invariant said to hold under every schedule (or "no schedule breaks it") that the sweep
//     breaks in some schedule, with all four protections on unless the sentence names a weakening;
//     and a count of invariants said to hold, or to break, in the sweep that is not the data's;
//   - an owner epoch or token said to "never decrease" or "only ever grow" without saying where
//     (the grid, or without a restart that loses it), when the sweep finds a token issued twice;
//   - a range of ticks ("1 to 8 ticks", "from t1 to t40") that is no dimension's range in the
//     space swept, and a silence "of any number of ticks" when every duration swept is bounded;
//   - a count of settings, schedules, pairs, simulations or runs that no data file gives.
// Where such a number is a <Fig> (span.figure), tests/site/figures.test.ts already checks that it
// is the model's value for its key; this test checks the claim against the data instead, so a key
// that names the wrong figure for the sentence is caught here, not there.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, page, text } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

const data = (name: string) => JSON.parse(readFileSync(join(DIST, 'data', name), 'utf8'));
const faults = data('faults.json') as {
  space: Record<string, (string | number | null)[]> &
    Record<'restartAt' | 'epoch' | 'wakeAfter', (string | number | null)[]>;
  settings: number;
  schedules: number;
  runs: number;
  schedulesPerSetting: number;
  table: {
    variant: string;
    settings: number;
    schedules: number;
    invariants: Record<string, { schedules: number }>;
  }[];
  properties: { id: string; checked: number; failed: number }[];
};
const runs = (data('runs.json') as { runs: RunJson[] }).runs;
interface RunJson {
  switches: Record<string, string>;
  invariants: Record<string, boolean>;
  finished: boolean;
}
const labFile = existsSync(join(DIST, 'data', 'lab.json'))
  ? join(DIST, 'data', 'lab.json')
  : join(import.meta.dirname, '../../src/data/lab.json');
const lab: unknown = JSON.parse(readFileSync(labFile, 'utf8'));

const enginesFile = existsSync(join(DIST, 'data', 'engines.json'))
  ? join(DIST, 'data', 'engines.json')
  : join(import.meta.dirname, '../../src/data/engines.json');
const engines: unknown = JSON.parse(readFileSync(enginesFile, 'utf8'));

const PAGES = ['/article/', '/companion/', '/engines/', '/faults/', '/lab/', '/model/'];

/** The sentences of a page's <main>: scripts, styles, drawings, equations and tables left out. */
export function sentences(html: string): string[] {
  let main = html.match(/<main\b[\s\S]*?<\/main>/)?.[0] ?? '';
  for (const tag of ['script', 'style', 'svg', 'math', 'table', 'nav'])
    main = main.replace(new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`, 'g'), ' ');
  main = main.replace(/<span class="katex-html"[\s\S]*?<\/span><\/span><\/span>/g, ' ');
  // A block ends a sentence: paragraphs, items, headings and captions do not run into each other.
  main = main.replace(/<\/(p|li|dd|dt|h[1-6]|figcaption|caption|td|th)>/g, '. ');
  return text(main)
    .split(/(?<=[.!?])\s+(?=[A-Z#“"(0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 3);
}

/** Every number a JSON value holds, and every array's length. */
function numbersIn(v: unknown, out = new Set<number>()): Set<number> {
  if (typeof v === 'number') out.add(v);
  else if (Array.isArray(v)) {
    out.add(v.length);
    for (const x of v) numbersIn(x, out);
  } else if (v && typeof v === 'object') {
    out.add(Object.keys(v).length);
    for (const x of Object.values(v)) numbersIn(x, out);
  }
  return out;
}

const INVARIANT_WORDS: Record<string, RegExp> = {
  duplicateEffect: /duplicate (effect|post|announcement)/i,
  staleWrite: /stale[- ]write/i,
  supersededAccepted:
    /superseded input (is )?accepted|accept(s|ed|ance of)? (a digest built from )?superseded/i,
  dependantWrong: /wrong digest/i,
  twoAccepted: /two (different )?digests (are )?accepted|double acceptance/i,
};
const WEAKENINGS: [RegExp, string][] = [
  [/fencing (is )?off|without fencing/i, 'fencing-off'],
  [/pins (are )?off|without (version )?pins/i, 'pins-off'],
  [/key per attempt|per-attempt key/i, 'key-per-attempt'],
  [/without a key|no key\b/i, 'key-none'],
  [/any accepted/i, 'rule-any-accepted'],
  [/latest finished/i, 'rule-latest-finished'],
];
const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight'];
const numberOf = (w: string) =>
  /^\d/.test(w) ? Number(w.replace(/,/g, '')) : NUMBER_WORDS.indexOf(w.toLowerCase());

const variant = (id: string) => faults.table.find((v) => v.variant === id)!;
const allOn = variant('all-on');
const breaksIn = (v: (typeof faults.table)[number]) =>
  Object.entries(v.invariants)
    .filter(([, x]) => x.schedules > 0)
    .map(([id]) => id);
/** The schedules of variant `v` that break invariant `id` (faults.json must have them). */
const breaking = (v: string, id: string): number => {
  const x = variant(v).invariants[id];
  if (!x) throw new Error(`faults.json: variant ${v} has no invariant ${id}`);
  return x.schedules;
};
const reissued = faults.properties.find((p) => p.id === 'tokens-increase-volatile');

/** The problems of one sentence, each a short reason. */
export function problems(s: string, before = ''): string[] {
  const out: string[] = [];
  const universal =
    /\b(every|all|any) (one of the )?([\d,]+ )?(possible )?schedules?\b|\bunder every\b|\bno schedule\b|\bwhatever the schedule\b/i.test(
      s,
    );
  const breakWords = /\bbreaks?\b|\bbroken\b|\blands?\b|\bappears?\b|\bfails?\b|\bcounts\b/i;
  if (universal) {
    const v = WEAKENINGS.find(([re]) => re.test(s))?.[1] ?? 'all-on';
    const named = Object.entries(INVARIANT_WORDS)
      .filter(([, re]) => re.test(s))
      .map(([id]) => id);
    const holds = /\bhold(s)?\b|\bnever\b|\bno (schedule )?breaks?\b|\bno stale write\b|\bnone\b/i;
    if (
      named.length > 0 &&
      holds.test(s) &&
      !breakWords.test(s.replace(/no schedule breaks?/i, ''))
    )
      for (const id of named)
        if (breaking(v, id) > 0)
          out.push(
            `says ${id} holds for every schedule, but ${breaking(v, id)} schedules of ${v} break it`,
          );
    if (named.length === 0 && /\bhold(s)?\b/i.test(s) && !/propert/i.test(s))
      out.push('says something holds for every schedule without naming which invariant');
    const n = s.match(/\b(\w+) (of the )?invariants? holds?\b/i)?.[1];
    if (n !== undefined && numberOf(n) >= 0) {
      const want = Object.keys(variant(v).invariants).length - breaksIn(variant(v)).length;
      if (numberOf(n) !== want) out.push(`says ${n} invariants hold; ${v} has ${want}`);
    }
  }
  const sweepContext = /\bschedules?\b|\bsweep\b|\bfaults? at\b|\brestart|can still break/i.test(s);
  const nb = s.match(/\b(\w+) (of the )?invariants? (can )?(still )?break\b/i)?.[1];
  if (sweepContext && nb !== undefined && numberOf(nb) >= 0) {
    const v = WEAKENINGS.find(([re]) => re.test(s))?.[1] ?? 'all-on';
    const want = breaksIn(variant(v)).length;
    if (numberOf(nb) !== want) out.push(`says ${nb} invariants break; in ${v} ${want} do`);
  }
  // The owner epoch and the tokens grow, except where a restart loses the epoch. "It never
  // decreases" after a sentence about the epoch is the same claim.
  const monotone =
    /\b(never (decreases|goes down|goes back|falls)|only (ever )?(grows?|increases?|rises?))\b/i;
  const aboutEpoch =
    /\b(epoch|tokens?)\b[^.;]*/i.test(s) ||
    (/^(It|They)\b/.test(s) && /\b(epoch|tokens?)\b/i.test(before));
  if (
    reissued &&
    reissued.failed > 0 &&
    aboutEpoch &&
    monotone.test(s) &&
    !/\bgrid\b|restart|durable|\bkept\b|survives?/i.test(s)
  )
    out.push(
      `says the epoch or tokens never go down, but a restart that loses the epoch issues a token twice in ${reissued.failed} schedules`,
    );
  // Ranges of ticks are the space's.
  const ranges = Object.entries(faults.space)
    .map(([id, vs]) => [id, vs.filter((x): x is number => typeof x === 'number')] as const)
    .filter(([, ns]) => ns.length > 0)
    .map(([id, ns]) => ({ id, min: Math.min(...ns), max: Math.max(...ns) }));
  const swept = /\bschedule|sweep|silent|silence|wake|forget|restart|down\b|retention|key/i.test(s);
  for (const m of s.matchAll(/\b(\d+) (?:to|–) (\d+) ticks\b/g)) {
    const [a, b] = [Number(m[1]), Number(m[2])];
    if (swept && !ranges.some((r) => r.min === a && r.max === b))
      out.push(`gives ${m[0]}, which is no swept dimension's range (${JSON.stringify(ranges)})`);
  }
  // A span of ticks at which the controller can be down is the restart dimension's.
  for (const m of s.matchAll(/\bfrom t(\d+) to t(\d+)\b/g)) {
    const r = ranges.find((x) => x.id === 'restartAt');
    if (
      /restart|controller can be down/i.test(s) &&
      r &&
      (r.min !== Number(m[1]) || r.max !== Number(m[2]))
    )
      out.push(`gives the restart ticks ${m[0]}; the space has t${r.min} to t${r.max}`);
  }
  if (/any number of ticks/i.test(s) && !/up to|bound/i.test(s))
    out.push(
      `says "any number of ticks"; the sweep's silence lasts ${ranges.find((r) => r.id === 'wakeAfter')?.min} to ${ranges.find((r) => r.id === 'wakeAfter')?.max}`,
    );
  // Counts of settings, schedules, pairs, simulations and runs come from the data.
  for (const m of s.matchAll(/\b(\d[\d,]*) (settings|schedules|pairs|simulations|runs)\b/g)) {
    // "pairs" are (setting, schedule) pairs only where the sentence is about schedules.
    if (m[2] === 'pairs' && !/schedule/i.test(s)) continue;
    const n = Number((m[1] ?? '').replace(/,/g, ''));
    if (!derivable(m[2] ?? '').has(n)) out.push(`counts ${m[0]}, which no data file gives`);
  }
  return out;
}

/**
 * The lab's totals its page states, summed here from lab.json's own entries: the random runs over
 * every variant, the fixed runs, and the mutants' runs.
 */
function labTotals(data: unknown): number[] {
  const d = data as {
    variants?: { random?: { runs?: number }; fixed?: { runs?: number }[] }[];
    mutants?: { runs?: number }[];
  };
  const sum = (xs: (number | undefined)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);
  const variants = d.variants ?? [];
  return [
    sum(variants.map((v) => v.random?.runs)),
    sum(variants.flatMap((v) => (v.fixed ?? []).map((f) => f.runs))),
    sum((d.mutants ?? []).map((m) => m.runs)),
  ];
}

/**
 * The engines' totals their page states: per engine, the runs of the choices with a fenced and a
 * plain store, and with a per-operation key and any other.
 */
function engineTotals(data: unknown): number[] {
  const d = data as { engines?: { choices?: { key: string; store: string; runs: number }[] }[] };
  const out: number[] = [];
  for (const e of d.engines ?? []) {
    const cs = e.choices ?? [];
    const sum = (f: (c: { key: string; store: string }) => boolean) =>
      cs.filter(f).reduce((n, c) => n + c.runs, 0);
    out.push(
      sum((c) => c.store === 'fenced'),
      sum((c) => c.store === 'plain'),
      sum((c) => c.key === 'per-operation'),
      sum((c) => c.key !== 'per-operation'),
    );
  }
  return out;
}

const cache = new Map<string, Set<number>>();
/** The counts the data files give for a kind of thing. */
function derivable(kind: string): Set<number> {
  const key = kind === 'settings' || kind === 'runs' ? 'runs' : 'schedules';
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Set<number>([
    ...numbersIn(faults),
    ...numbersIn(lab),
    ...labTotals(lab),
    ...numbersIn(engines),
    ...engineTotals(engines),
  ]);
  if (key === 'runs') {
    // Runs of the grid: all, or those with one or two switch values, optionally with one outcome.
    const values: [string, string][] = [];
    for (const r of runs)
      for (const [k, v] of Object.entries(r.switches))
        if (!values.some(([a, b]) => a === k && b === v)) values.push([k, v]);
    const flags: ((r: RunJson) => boolean)[] = [
      () => true,
      (r) => r.finished,
      (r) => !r.finished,
      (r) => Object.values(r.invariants).some(Boolean),
      (r) => !Object.values(r.invariants).some(Boolean),
      ...Object.keys(at(runs, 0, 'runs').invariants).map(
        (id) => (r: RunJson) => r.invariants[id] === true,
      ),
    ];
    const filters: ((r: RunJson) => boolean)[] = [() => true];
    for (const [k, v] of values) filters.push((r) => r.switches[k] === v);
    for (const [i, a] of values.entries())
      for (const b of values.slice(i + 1)) {
        if (a[0] !== b[0])
          filters.push((r) => r.switches[a[0]] === a[1] && r.switches[b[0]] === b[1]);
      }
    for (const f of filters)
      for (const g of flags) out.add(runs.filter((r) => f(r) && g(r)).length);
  } else {
    // Schedules that name a restart with a lost epoch, struck or not (the rules page's other reading).
    const per =
      faults.schedulesPerSetting / faults.space.restartAt.length / faults.space.epoch.length;
    const named = per * (faults.space.restartAt.length - 1);
    out.add(faults.settings * named).add(faults.schedules - faults.settings * named);
  }
  cache.set(key, out);
  return out;
}

describe('claims on the built pages agree with the data files', () => {
  for (const path of PAGES)
    it(`${path}: no sentence the data contradicts`, () => {
      const all = sentences(page(path));
      const found = all.flatMap((s, i) => problems(s, all[i - 1]).map((p) => `${p}: “${s}”`));
      expect(found).toEqual([]);
    });
});

describe('the checks catch what they are for', () => {
  it('the sentences a reviewer disputed, as they were printed', () => {
    for (const old of [
      'With all four protections on, two invariants can still break.',
      'Three invariants hold under every schedule: no stale write is applied, no superseded input is accepted, and the newsletter never starts on the wrong digest.',
      'Each has a page with its shortest counterexample, linked from the table below. The others hold for every schedule swept.',
      'The first owner token is 41; the owner epoch and every token only ever grow.',
      'the silence of the first attempt can strike at any of its actions and last any number of ticks, the poster can die at any point of its post.',
    ])
      expect(problems(old.split('. ').pop()!, old), old).not.toEqual([]);
    expect(problems('It never decreases.', 'Its first value is 41, the owner epoch.')).not.toEqual(
      [],
    );
  });
  const on = (id: string) => breaking('all-on', id);
  it('an invariant the sweep breaks, said to hold under every schedule', () => {
    expect(on('staleWrite')).toBeGreaterThan(0);
    expect(
      problems('Three invariants hold under every schedule: no stale write is applied.'),
    ).not.toEqual([]);
    const holding = Object.keys(allOn.invariants).filter((id) => on(id) === 0);
    if (holding.includes('supersededAccepted'))
      expect(
        problems('No superseded input is accepted under any schedule swept, so it holds.'),
      ).toEqual([]);
  });
  it('an epoch that never decreases, unqualified; and the same sentence scoped to the grid', () => {
    expect(problems('The owner epoch never decreases.')).not.toEqual([]);
    expect(problems('In every run of the grid the epoch only ever grows.')).toEqual([]);
  });
  it('a silence of any number of ticks, and a range the space does not have', () => {
    expect(problems('The silence can last any number of ticks.')).not.toEqual([]);
    const w = faults.space.wakeAfter.filter((x): x is number => typeof x === 'number');
    expect(
      problems(
        `When paused it wakes ${Math.min(...w)} to ${Math.max(...w)} ticks later in the sweep.`,
      ),
    ).toEqual([]);
    expect(
      problems(`When paused it wakes 1 to ${Math.max(...w) + 3} ticks later in the sweep.`),
    ).not.toEqual([]);
  });
  it('counts of settings and schedules the data does and does not give', () => {
    expect(problems(`The sweep covers ${faults.settings} settings.`)).toEqual([]);
    expect(problems(`The grid has ${runs.length} runs.`)).toEqual([]);
    expect(problems(`The sweep covers ${faults.settings + 1} settings.`)).not.toEqual([]);
    expect(
      problems(`It tried ${(faults.schedules + 7).toLocaleString('en')} schedules.`),
    ).not.toEqual([]);
  });
  it('a count of invariants that break in the sweep', () => {
    const n = breaksIn(allOn).length;
    expect(
      problems(`With all four on, ${NUMBER_WORDS[n]} invariants can still break in some schedule.`),
    ).toEqual([]);
    expect(
      problems(
        `With all four on, ${NUMBER_WORDS[n - 1]} invariants can still break in some schedule.`,
      ),
    ).not.toEqual([]);
  });
});
