/**
 * `npm run lab [-- --runs 200] [--mutant-runs 60] [--fixed-runs 2] [--tick-ms 40] [--jobs 2]
 *   [--only all-on,epoch-lost] [--out FILE]` and `npm run lab -- --replay SEED`.
 *
 * For each protection variant (all four on with the epoch durable, the same
 * with the epoch lost when the controller restarts, and each single
 * weakening): N random nemesis schedules plus the site's fixed cases; for
 * each mutant: M random schedules with all four protections on. Two runs at a
 * time (one per core). Each run's verdict is the checker's (lab/checker),
 * from its history and final stores alone; this file imports the model only
 * for its predictions of the fixed cases, which it sets beside the lab's.
 * Writes src/data/lab.json.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { format, resolveConfig } from 'prettier';
import { MAIN, slugOf, type Switches } from '../src/model/switches.ts';
import { BASE_SCHEDULE, changedFromBase, type Schedule } from '../src/model/schedule.ts';
import { simulate } from '../src/model/run.ts';
import { counterexamples } from '../src/model/faults.ts';
import { WEAKENINGS } from '../src/model/sweep.ts';
import { SECTION_TEXT } from '../src/model/world.ts';
import { closeSpares, runOnce, type Protections, type RunSpec } from './run.ts';
import { describeFault, randomSchedule, type FixedFaults } from './nemesis.ts';
import {
  check,
  formatExcerpt,
  INVARIANTS,
  readRun,
  type Entry,
  type Invariant,
  type Verdict,
} from './checker/check.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const HORIZON = 90;

export interface Variant {
  id: string;
  change: Partial<Switches>;
  epoch: 'durable' | 'volatile';
  mutant: string;
}
export const VARIANTS: Variant[] = [
  { id: 'all-on', change: {}, epoch: 'durable', mutant: '' },
  { id: 'epoch-lost', change: {}, epoch: 'volatile', mutant: '' },
  ...WEAKENINGS.map((w) => ({ id: w.id, change: w.change, epoch: 'durable' as const, mutant: '' })),
];
export const MUTANTS: (Variant & { what: string })[] = [
  {
    id: 'fence',
    what: 'the store’s fence compares no token',
    change: {},
    epoch: 'durable',
    mutant: 'fence',
  },
  {
    id: 'key',
    what: 'the per-operation key is made per attempt',
    change: {},
    epoch: 'durable',
    mutant: 'key',
  },
  {
    id: 'acceptance-version',
    what: 'acceptances are recorded without their version',
    change: {},
    epoch: 'durable',
    mutant: 'acceptance-version',
  },
  {
    id: 'rule',
    what: 'the newsletter’s current-accepted rule relaxed to any-accepted',
    change: {},
    epoch: 'durable',
    mutant: 'rule',
  },
  {
    id: 'epoch-memory',
    what: 'the controller keeps the epoch in memory only',
    change: {},
    epoch: 'durable',
    mutant: 'epoch-memory',
  },
];

const protectionsOf = (s: Switches): Protections => ({
  fencing: s.fencing === 'on',
  pins: s.pins === 'on',
  key: s.key,
  rule: s.rule,
});

export function fixedFaults(s: Switches, sch: Schedule): FixedFaults {
  const at: Record<Schedule['silentAt'], string | null> = {
    s1: 'starts s1',
    s2: 'starts s2',
    s3: 'starts s3',
    s4: 'starts s4',
    assemble: 'assembles',
    effect: 'sends',
    never: null,
  };
  return {
    silent: s.silent,
    silentAt: at[sch.silentAt],
    wakeAfter: sch.wakeAfter,
    postDies: s.postDies === 'yes',
    posterDies: sch.posterDies,
    changeAt: s.change === 'outage' ? 4 : s.change === 'after-acceptance' ? 12 : null,
    restartAt: sch.restartAt,
    keyRetention: sch.keyRetention,
    checkpoints: s.checkpoints,
    rule: s.rule,
  };
}

let ce: ReturnType<typeof counterexamples> | null = null;
/** The fault sweep's counterexamples (the sweep takes seconds: once per lab). */
const allOnCounterexamples = () => (ce ??= counterexamples());
const fixedMemo = new Map<string, FixedCase[]>();

export interface FixedCase {
  id: string;
  variant: string;
  switches: Switches;
  schedule: Schedule;
}
/** The site's named cases for a variant: its main setting, the second trace, and (all on) the sweep's counterexamples and the restarts. */
export function fixedCases(v: Variant): FixedCase[] {
  const had = fixedMemo.get(v.id);
  if (had) return had;
  const out = fixedCasesOf(v);
  fixedMemo.set(v.id, out);
  return out;
}
function fixedCasesOf(v: Variant, sweep = true): FixedCase[] {
  const main = { ...MAIN, ...v.change };
  const out: FixedCase[] = [];
  const add = (id: string, switches: Switches, schedule: Partial<Schedule> = {}) =>
    out.push({
      id: `${v.id}/${id}`,
      variant: v.id,
      switches,
      schedule: { ...BASE_SCHEDULE, ...schedule },
    });
  if (v.id === 'epoch-lost') {
    add('restart-volatile', main, { restartAt: 11, epoch: 'volatile' });
    return out;
  }
  add('main', main);
  add('after-acceptance', { ...main, change: 'after-acceptance' });
  if (v.id === 'all-on') {
    add('crashed', { ...main, silent: 'crashed' });
    add('restart-durable', main, { restartAt: 11, epoch: 'durable' });
    add('paused-assembling', main, { silentAt: 'assemble' });
    if (sweep)
      for (const c of allOnCounterexamples())
        if (c.schedule.epoch !== 'volatile' || c.schedule.restartAt === null)
          add(`counterexample-${c.invariant}`, c.switches, c.schedule);
  }
  return out;
}

interface RunResult {
  seed: string;
  broken: Invariant[];
  finished: boolean;
  tickMs: number | null;
  wallMs: number;
  faults: string[];
  excerpts: { invariant: Invariant; why: string; lines: string[] }[];
}

const seedNumber = (seed: string) => {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
};
/** Seeds: `variant:k` for a random schedule of a variant, `mutant-<id>:k` for a mutant's. */
export function specOfSeed(seed: string, dir: string, tickMs: number): RunSpec {
  const [name = '', k] = seed.split(':');
  if (k === undefined || !/^\d+$/.test(k))
    throw new Error(`lab: a seed is variant:number or mutant-id:number, not ${seed}`);
  const v = name.startsWith('mutant-')
    ? MUTANTS.find((m) => `mutant-${m.id}` === name)
    : VARIANTS.find((x) => x.id === name);
  if (!v) throw new Error(`lab: no variant or mutant ${name}`);
  const r = randomSchedule(seedNumber(seed), { controllerRestart: v.id === 'epoch-lost' });
  return {
    dir,
    tickMs,
    protections: protectionsOf({ ...MAIN, ...v.change }),
    checkpoints: r.checkpoints,
    epoch: v.epoch,
    mutant: v.mutant,
    report: SECTION_TEXT,
    faults: r.faults,
    horizon: HORIZON,
  };
}
export function specOfFixed(c: FixedCase, dir: string, tickMs: number, mutant = ''): RunSpec {
  return {
    dir,
    tickMs,
    protections: protectionsOf(c.switches),
    checkpoints: c.switches.checkpoints,
    epoch: c.schedule.epoch,
    mutant,
    report: SECTION_TEXT,
    faults: [],
    fixed: fixedFaults(c.switches, c.schedule),
    horizon: HORIZON,
  };
}

export async function runAndCheck(
  spec: RunSpec,
  seed: string,
): Promise<{
  r: RunResult;
  v: Verdict;
  history: Entry[];
  integrity: Record<string, string>;
  pids: number[];
}> {
  const out = await runOnce(spec);
  const { history, final } = readRun(spec.dir);
  const v = check(history, final);
  return {
    r: {
      seed,
      broken: INVARIANTS.filter((i) => v.broken[i]),
      finished: v.finished,
      tickMs: v.tickMs,
      wallMs: out.wallMs,
      faults: spec.faults.map(describeFault),
      excerpts: v.breaches
        .slice(0, 3)
        .map((b) => ({ invariant: b.invariant, why: b.why, lines: formatExcerpt(b.excerpt) })),
    },
    v,
    history,
    integrity: out.integrity,
    pids: out.pids,
  };
}

// ——— annotated histories for the page: found in the runs, not staged ———
interface Annotated {
  id: string;
  seed: string;
  variant: string;
  entries: { ms: number; p: string; type: string; f: string; v: Record<string, unknown> }[];
  marks: Record<string, number>;
}
const annotated: Record<string, Annotated> = {};
function keep(
  id: string,
  seed: string,
  variant: string,
  es: Entry[],
  marks: Record<string, Entry>,
) {
  if (annotated[id] || !es[0]) return; // annotated already, or no history to annotate
  const t0 = es[0].t;
  annotated[id] = {
    id,
    seed,
    variant,
    entries: es.map((e) => ({
      ms: Math.round((e.t - t0) / 100) / 10,
      p: e.p,
      type: e.type,
      f: e.f,
      v: e.v,
    })),
    marks: Object.fromEntries(Object.entries(marks).map(([k, e]) => [k, es.indexOf(e)])),
  };
}
/** A store process SIGKILLed while a transaction of its was open; and a paused writer fenced while its write was in flight. */
function lookForExamples(seed: string, variant: string, h: Entry[]) {
  if (!annotated['kill-mid-transaction']) {
    for (const k of h.filter(
      (e) => e.f === 'fault' && e.v.signal === 'SIGKILL' && String(e.v.proc).startsWith('store@'),
    )) {
      const open = h.filter((e) => e.p === k.v.proc && e.f === 'txn' && e.t < k.t);
      const lastTxn = open.at(-1);
      if (!lastTxn || lastTxn.type !== 'invoke') continue;
      const client = h.find((e) => e.op === lastTxn.op && e.type === 'invoke' && e.p !== lastTxn.p);
      if (!client) continue;
      const after = h.filter((e) => e.op === lastTxn.op && e.t > k.t).slice(0, 4);
      const es = h.filter(
        (e) =>
          e.t >= client.t &&
          e.t <= (after.at(-1)?.t ?? k.t) &&
          (e.op === lastTxn.op ||
            e === k ||
            e.f === 'restart' ||
            (e.f === 'start' && String(e.v.proc).startsWith('store'))),
      );
      keep('kill-mid-transaction', seed, variant, es, { txn: lastTxn, kill: k });
      break;
    }
  }
  if (!annotated['paused-writer-fenced']) {
    for (const st of h.filter(
      (e) => e.f === 'fault' && e.v.signal === 'SIGSTOP' && String(e.v.proc).startsWith('attempt#'),
    )) {
      const w = h
        .filter((e) => e.p === st.v.proc && e.f === 'write' && e.type === 'invoke' && e.t < st.t)
        .at(-1);
      if (!w) continue;
      const done = h.find((e) => e.op === w.op && e.type !== 'invoke' && e.t > w.t);
      if (done && done.t < st.t) continue; // it had its reply before the pause
      const fail = h.find((e) => e.op === w.op && e.type === 'fail');
      const issue = h.find(
        (e) => e.f === 'issue' && e.type === 'ok' && e.t > w.t && e.v.token > w.v.token,
      );
      if (!fail || !issue || issue.t > fail.t) continue;
      const cont = h.find(
        (e) => e.f === 'fault' && e.v.signal === 'SIGCONT' && e.v.proc === st.v.proc && e.t > st.t,
      );
      const txn = h.filter((e) => e.f === 'txn' && e.op === w.op);
      const es = [
        w,
        st,
        h.find(
          (e) => e.f === 'suspect' && e.type === 'ok' && e.t > st.t && e.v.attempt === w.v.attempt,
        ),
        h.find((e) => e.f === 'issue' && e.type === 'invoke' && e.op === issue.op),
        issue,
        ...txn,
        cont,
        ...h.filter((e) => e.op === w.op && e.t > w.t),
      ]
        .filter((e): e is Entry => !!e)
        .sort((a, b) => a.t - b.t);
      keep('paused-writer-fenced', seed, variant, [...new Set(es)], {
        write: w,
        stop: st,
        issue,
        fail,
      });
      break;
    }
  }
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

function sqliteVersion(): string {
  const db = new DatabaseSync(':memory:');
  const v = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  return v;
}

async function replay(seed: string, tickMs: number) {
  const dir = arg('--dir', join(ROOT, 'tmp', 'lab', 'replay'));
  // the fault sweep (seconds of CPU) only when the case is one of its counterexamples
  const fixed = VARIANTS.flatMap((v) =>
    seed.includes('/counterexample-') ? fixedCases(v) : fixedCasesOf(v, false),
  ).find((c) => c.id === seed);
  const spec = fixed
    ? specOfFixed(fixed, dir, tickMs, arg('--mutant', ''))
    : specOfSeed(seed, dir, tickMs);
  console.log(
    `lab: replaying ${seed} (${spec.faults.length} random faults${fixed ? ', fixed case' : ''}); the schedule is the seed's, the timing is the machine's`,
  );
  for (const f of spec.faults) console.log(`  ${describeFault(f)}`);
  const { r, v } = await runAndCheck(spec, seed);
  console.log(
    `broken: ${r.broken.join(', ') || 'nothing'}; finished ${r.finished}; tick measured ${v.tickMs?.toFixed(1)} ms; run kept in ${dir}`,
  );
  for (const b of v.breaches) {
    console.log(`\n${b.invariant}: ${b.why}`);
    for (const l of formatExcerpt(b.excerpt)) console.log(`  ${l}`);
  }
}

/** `npm run lab -- --predict`: the model's predictions in lab.json recomputed (after a rule changed), the lab's counts untouched. */
async function predict(file: string) {
  const data = JSON.parse(readFileSync(file, 'utf8'));
  for (const v of data.variants) {
    for (const f of v.fixed)
      f.predicted = simulate(f.switches, {
        schedule: { ...BASE_SCHEDULE, ...f.schedule },
      }).invariants;
    v.prediction = v.fixed.find((f: { id: string }) => f.id === v.predictionCase).predicted;
  }
  writeFileSync(
    file,
    await format(JSON.stringify(data), { ...(await resolveConfig(file)), parser: 'json' }),
  );
  console.log(`lab: predictions recomputed in ${file}`);
}

/** `--engines`: the worked example on real engines (engines/harness), their packages installed on first use. */
async function enginesLab() {
  const { existsSync } = await import('node:fs');
  const { execFileSync } = await import('node:child_process');
  if (!existsSync(join(ROOT, 'engines/node_modules/@restatedev/restate-sdk'))) {
    console.log('engines: installing engines/node_modules (npm ci --prefix engines)');
    execFileSync('npm', ['ci', '--prefix', 'engines', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  const { engineLab } = await import('../engines/harness/main.ts');
  await engineLab();
}

async function main() {
  if (process.argv.includes('--engines')) return enginesLab();
  const tickMs = Number(arg('--tick-ms', '40'));
  if (process.argv.includes('--predict'))
    return predict(arg('--out', join(ROOT, 'src/data/lab.json')));
  const seedArg = arg('--replay', '');
  process.once('SIGINT', () => (closeSpares(), process.exit(130)));
  if (seedArg) return replay(seedArg, tickMs).finally(closeSpares);
  const runs = Number(arg('--runs', '200'));
  const mutantRuns = Number(arg('--mutant-runs', '60'));
  const fixedRuns = Number(arg('--fixed-runs', '2'));
  const jobs = Number(arg('--jobs', '2'));
  const only = arg('--only', '').split(',').filter(Boolean);
  /** Stop starting runs after this many minutes (the JSON then holds the runs that were made, counted as made). */
  const minutes = Number(arg('--minutes', '0'));
  const out = arg('--out', join(ROOT, 'src/data/lab.json'));
  if (
    !(runs >= 0 && runs <= 5000 && mutantRuns >= 0 && mutantRuns <= 5000) ||
    !(tickMs >= 5 && tickMs <= 1000) ||
    !(jobs >= 1 && jobs <= 8)
  ) {
    console.error('lab: --runs 0..5000, --mutant-runs 0..5000, --tick-ms 5..1000, --jobs 1..8');
    process.exit(2);
  }
  const variants = VARIANTS.filter((v) => only.length === 0 || only.includes(v.id));
  const mutants = MUTANTS.filter(
    (m) => only.length === 0 || only.includes(`mutant-${m.id}`) || only.includes('mutants'),
  );
  type Job = {
    kind: 'random' | 'fixed' | 'mutant';
    group: string;
    seed: string;
    spec: (dir: string) => RunSpec;
    fixed?: FixedCase;
  };
  const queue: Job[] = [];
  for (const v of variants) {
    for (const c of fixedCases(v))
      for (let k = 0; k < fixedRuns; k++)
        queue.push({
          kind: 'fixed',
          group: v.id,
          seed: c.id,
          spec: (d) => specOfFixed(c, d, tickMs),
          fixed: c,
        });
    for (let k = 0; k < runs; k++)
      queue.push({
        kind: 'random',
        group: v.id,
        seed: `${v.id}:${k}`,
        spec: (d) => specOfSeed(`${v.id}:${k}`, d, tickMs),
      });
  }
  for (const m of mutants)
    for (let k = 0; k < mutantRuns; k++)
      queue.push({
        kind: 'mutant',
        group: m.id,
        seed: `mutant-${m.id}:${k}`,
        spec: (d) => specOfSeed(`mutant-${m.id}:${k}`, d, tickMs),
      });
  // interleave so that a run cut short still covers every group
  queue.sort((a, b) => Number(a.seed.split(':')[1] ?? -1) - Number(b.seed.split(':')[1] ?? -1));
  const started = Date.now();
  const results = new Map<Job, RunResult>();
  const bad: string[] = [];
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: jobs }, async (_, j) => {
      let n = 0;
      while (next < queue.length && !(minutes > 0 && Date.now() - started > minutes * 60_000)) {
        const job = queue[next++]!; // next < queue.length: the loop's condition
        try {
          // a directory of its own for every run, removed once checked
          const runDir = process.env.LAB_KEEP
            ? join(ROOT, 'tmp', 'lab-kept', job.seed.replace(/[/:]/g, '_'))
            : join(ROOT, 'tmp', 'lab', `${process.pid}-job${j}-${n++}`);
          const { r, history, integrity } = await runAndCheck(job.spec(runDir), job.seed);
          if (!process.env.LAB_KEEP) rmSync(runDir, { recursive: true, force: true });
          if (integrity.journal !== 'ok' || integrity.feed !== 'ok')
            bad.push(`${job.seed}: integrity ${JSON.stringify(integrity)}`);
          results.set(job, r);
          lookForExamples(job.seed, job.group, history);
        } catch (e) {
          bad.push(`${job.seed}: ${String((e as Error)?.stack ?? e)}`);
          console.error(`lab: ${job.seed}: ${String((e as Error)?.stack ?? e)}`);
        }
        done++;
        if (process.env.LAB_VERBOSE)
          console.log(
            `  ${job.seed} ${results.get(job)?.wallMs} ms ${results.get(job)?.broken.join(',')}`,
          );
        if (done % 20 === 0 || done === queue.length) {
          const s = (Date.now() - started) / 1000;
          console.log(`lab: ${done}/${queue.length} runs, ${s.toFixed(0)} s`);
        }
      }
    }),
  );
  closeSpares();
  // each run removed its own directory; nothing else of tmp/lab is this lab's (another may be running)
  const seconds = Math.round((Date.now() - started) / 1000);
  const of = (kind: Job['kind'], group: string) =>
    [...results].filter(([j]) => j.kind === kind && j.group === group).map(([, r]) => r);
  const tally = (rs: RunResult[]) => ({
    runs: rs.length,
    breaches: Object.fromEntries(
      INVARIANTS.map((i) => [i, rs.filter((r) => r.broken.includes(i)).length]),
    ),
    seeds: Object.fromEntries(
      INVARIANTS.map((i) => [i, rs.filter((r) => r.broken.includes(i)).map((r) => r.seed)]),
    ),
    finished: rs.filter((r) => r.finished).length,
    example: rs.find((r) => r.broken.length > 0)?.excerpts ?? [],
  });
  const ticks = [...results.values()]
    .map((r) => r.tickMs)
    .filter((x): x is number => x !== null)
    .sort((a, b) => a - b);
  const q = (p: number) => {
    const x = ticks[Math.min(ticks.length - 1, Math.floor(p * ticks.length))];
    return x === undefined ? null : Math.round(x * 10) / 10;
  };
  const data = {
    about:
      'Written by `npm run lab` (lab/main.ts). Verdicts: lab/checker/check.ts from each run’s history and final stores; predictions: src/model simulate() for the fixed cases.',
    tickMsSet: tickMs,
    tickMsMeasured: { median: q(0.5), p10: q(0.1), p90: q(0.9) },
    jobs,
    seconds,
    node: process.versions.node,
    sqlite: sqliteVersion(),
    /** What was asked for; the counts under variants and mutants are what was run. */
    asked: { runsPerVariant: runs, runsPerMutant: mutantRuns, minutes: minutes || null },
    cutShort: results.size + bad.length < queue.length,
    fixedRunsPerCase: fixedRuns,
    totalRuns: results.size,
    invariants: [...INVARIANTS],
    variants: variants.map((v) => {
      const cases = fixedCases(v).map((c) => {
        const rs = [...results]
          .filter(([j]) => j.kind === 'fixed' && j.fixed?.id === c.id)
          .map(([, r]) => r);
        const m = simulate(c.switches, { schedule: c.schedule });
        return {
          id: c.id,
          slug: slugOf(c.switches),
          switches: c.switches,
          schedule: Object.fromEntries(changedFromBase(c.schedule).map((d) => [d, c.schedule[d]])),
          predicted: m.invariants,
          ...tally(rs),
        };
      });
      const first = cases[0];
      if (!first) throw new Error(`lab: variant ${v.id} has no fixed case`);
      return {
        id: v.id,
        change: v.change,
        epoch: v.epoch,
        prediction: first.predicted,
        predictionCase: first.id,
        random: tally(of('random', v.id)),
        fixed: cases,
      };
    }),
    mutants: mutants.map((m) => {
      const t = tally(of('mutant', m.id));
      const caughtRuns = of('mutant', m.id).filter((r) => r.broken.length > 0).length;
      return { id: m.id, what: m.what, ...t, caughtRuns, caught: caughtRuns > 0 };
    }),
    histories: Object.values(annotated),
    failed: bad,
  };
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(
    out,
    await format(JSON.stringify(data), { ...(await resolveConfig(out)), parser: 'json' }),
  );
  console.log(
    `lab: ${results.size} runs in ${seconds} s (tick measured ${data.tickMsMeasured.median} ms); ${bad.length} failed; wrote ${out}`,
  );
  for (const v of data.variants)
    console.log(
      `  ${v.id.padEnd(22)} ${v.random.runs} random: ${INVARIANTS.map((i) => `${i} ${v.random.breaches[i]}`).join(', ')}`,
    );
  for (const m of data.mutants)
    console.log(`  mutant ${m.id.padEnd(20)} caught in ${m.caughtRuns} of ${m.runs}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
