/**
 * `npm run lab -- --runs N [--tick-ms 40] [--jobs 2] [--only all-on,fencing-off] [--out file]`
 *
 * Runs every setting of the protection variants (all four protections on,
 * then each single weakening; 24 settings each) under the base schedule, the
 * fault sweep's counterexample schedules, and a few more schedules of the
 * main setting, N times each on real processes, and writes src/data/lab.json:
 * per case, what the model predicts (from src/model: this is the comparison)
 * and in how many of N runs the lab's checker (lab/check.ts) saw each
 * invariant broken.
 */
import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { format } from 'prettier';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { MAIN, slugOf, type Switches } from '../src/model/switches.ts';
import { BASE_SCHEDULE, changedFromBase, type Schedule } from '../src/model/schedule.ts';
import { simulate } from '../src/model/run.ts';
import { PROTECTION_VARIANTS, counterexamples, variantSettings } from '../src/model/faults.ts';
import { SECTION_TEXT } from '../src/model/world.ts';
import { INVARIANTS, type Invariant } from './check.ts';
import { Pool, runOnce, type LabRun } from './run.ts';
import { example, type Example } from './example.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Case {
  id: string;
  group: string;
  switches: Switches;
  schedule: Schedule;
}

export function cases(): Case[] {
  const out: Case[] = [];
  for (const v of PROTECTION_VARIANTS)
    for (const s of variantSettings(v.change))
      out.push({
        id: `${v.id}/${slugOf(s)}`,
        group: v.id,
        switches: s,
        schedule: { ...BASE_SCHEDULE },
      });
  for (const c of counterexamples())
    out.push({
      id: `counterexample/${c.invariant}`,
      group: 'counterexample',
      switches: c.switches,
      schedule: c.schedule,
    });
  const more: [string, Partial<Schedule>][] = [
    ['restart-durable', { restartAt: 11, epoch: 'durable' }],
    ['restart-volatile', { restartAt: 11, epoch: 'volatile' }],
    ['silent-in-effect', { silentAt: 'effect' }],
    ['poster-before-send', { posterDies: 'before-send' }],
    ['key-retention-2', { keyRetention: 2 }],
  ];
  for (const [id, ch] of more)
    out.push({
      id: `schedule/${id}`,
      group: 'schedule',
      switches: { ...MAIN },
      schedule: { ...BASE_SCHEDULE, ...ch },
    });
  for (const [id, ch] of more.slice(3))
    out.push({
      id: `schedule/${id}/key-none`,
      group: 'schedule',
      switches: { ...MAIN, key: 'none' },
      schedule: { ...BASE_SCHEDULE, ...ch },
    });
  return out;
}

export interface CaseResult {
  id: string;
  group: string;
  slug: string;
  switches: Switches;
  /** Only the schedule dimensions that differ from the base. */
  schedule: Partial<Schedule>;
  runs: number;
  predicted: Record<Invariant, boolean>;
  observed: Record<Invariant, number>;
  agree: boolean;
  disagreements: Invariant[];
  model: { lastTick: number; calls: number; posts: number };
  lab: { lastTick: number[]; calls: number[]; posts: number[]; wallMs: number[] };
  faults: string[];
  landing: string[];
}

export async function runCase(
  c: Case,
  n: number,
  pool: Pool,
  tickMs: number,
  dir: string,
): Promise<CaseResult> {
  const m = simulate(c.switches, { schedule: c.schedule });
  const observed = Object.fromEntries(INVARIANTS.map((i) => [i, 0])) as Record<Invariant, number>;
  const lab: CaseResult['lab'] = { lastTick: [], calls: [], posts: [], wallMs: [] };
  const landing = new Map<string, number>();
  const faults = new Set<string>();
  for (let k = 0; k < n; k++) {
    const r: LabRun = await runOnce(c.switches, c.schedule, {
      dir,
      tickMs,
      report: SECTION_TEXT,
      pool,
    });
    for (const i of INVARIANTS) if (r.verdict[i]) observed[i]++;
    lab.lastTick.push(r.lastTick);
    lab.calls.push(Object.values(r.calls).reduce((a, b) => a + b, 0));
    lab.posts.push(r.posts);
    lab.wallMs.push(r.wallMs);
    for (const f of r.faults)
      faults.add(`t${f.tick} ${f.signal ?? ''} ${f.what}`.replace('  ', ' '));
    for (const l of r.landing) landing.set(l, (landing.get(l) ?? 0) + 1);
  }
  const predicted = m.invariants as Record<Invariant, boolean>;
  const disagreements = INVARIANTS.filter((i) =>
    predicted[i] ? observed[i] !== n : observed[i] !== 0,
  );
  return {
    id: c.id,
    group: c.group,
    slug: slugOf(c.switches),
    switches: c.switches,
    schedule: Object.fromEntries(changedFromBase(c.schedule).map((d) => [d, c.schedule[d]])),
    runs: n,
    predicted,
    observed,
    agree: disagreements.length === 0,
    disagreements,
    model: { lastTick: m.lastTick, calls: m.calls, posts: m.posts },
    lab,
    faults: [...faults],
    landing: [...landing].map(([l, k]) => (k > 1 ? `${l} (${k} of ${n} runs)` : l)),
  };
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

async function main() {
  const n = Number(arg('--runs', '1'));
  const tickMs = Number(arg('--tick-ms', '40'));
  const jobs = Number(arg('--jobs', String(Math.min(2, availableParallelism()))));
  const only = arg('--only', '').split(',').filter(Boolean);
  const out = arg('--out', join(ROOT, 'src/data/lab.json'));
  if (!(n >= 1 && n <= 100) || !(tickMs >= 5 && tickMs <= 1000) || !(jobs >= 1 && jobs <= 8)) {
    console.error('lab: --runs 1..100, --tick-ms 5..1000, --jobs 1..8');
    process.exit(2);
  }
  const all = cases().filter((c) => only.length === 0 || only.includes(c.group));
  const started = Date.now();
  const results: CaseResult[] = new Array(all.length);
  const failed: { id: string; error: string }[] = [];
  const pools = Array.from({ length: jobs }, () => new Pool(3));
  const cleanup = () => Promise.all(pools.map((p) => p.close()));
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));
  let next = 0;
  try {
    await Promise.all(
      pools.map(async (pool, j) => {
        while (next < all.length) {
          const i = next++;
          let r: CaseResult;
          try {
            r = await runCase(all[i], n, pool, tickMs, join(ROOT, 'tmp', 'lab', `job${j}`));
          } catch (e) {
            console.error(`lab: ${all[i].id}: ${String((e as Error)?.stack ?? e)}`);
            failed.push({ id: all[i].id, error: String((e as Error)?.message ?? e) });
            await pool.close();
            continue;
          }
          results[i] = r;
          console.log(
            `${String(i + 1).padStart(3)}/${all.length} ${r.agree ? 'agree   ' : 'DISAGREE'} ${r.id} ${r.disagreements.join(' ')}`,
          );
        }
      }),
    );
    const examples: Example[] = [];
    for (const e of EXAMPLES)
      examples.push(
        await example(
          e.id,
          e.title,
          e.switches,
          e.schedule,
          pools[0],
          tickMs,
          join(ROOT, 'tmp', 'lab', 'example'),
        ),
      );
    const secs = Math.round((Date.now() - started) / 1000);
    const data = {
      about:
        'Written by `npm run lab` (lab/main.ts). Model: src/model simulate(); lab: lab/check.ts over the store and the feed.',
      runsPerCase: n,
      tickMs,
      jobs,
      seconds: secs,
      node: process.versions.node,
      sqlite: sqliteVersion(),
      cases: results.filter(Boolean),
      examples,
      /** Cases that could not run (a process failed to start): listed, never dropped silently. */
      failed,
    };
    // formatted as `npm run format:check` expects
    writeFileSync(out, await format(JSON.stringify(data), { parser: 'json' }));
    const bad = results.filter((r) => !r.agree);
    if (failed.length) console.log(`lab: ${failed.length} cases failed to run (see above)`);
    console.log(
      `lab: ${results.length} cases × ${n} runs in ${secs} s; ${bad.length} disagree with the model; wrote ${out}`,
    );
  } finally {
    await cleanup();
  }
}

function sqliteVersion(): string {
  const db = new DatabaseSync(':memory:');
  const v = (db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v;
  db.close();
  return v;
}

const EXAMPLES: { id: string; title: string; switches: Switches; schedule: Schedule }[] = [
  {
    id: 'main',
    title: 'All four protections on: #1 paused, #2 killed after its post',
    switches: { ...MAIN },
    schedule: { ...BASE_SCHEDULE },
  },
  {
    id: 'fencing-off',
    title: 'Fencing off: the woken #1 writes with a stale token',
    switches: { ...MAIN, fencing: 'off' },
    schedule: { ...BASE_SCHEDULE },
  },
  {
    id: 'key-none',
    title: 'No key: the settle attempt posts the announcement again',
    switches: { ...MAIN, key: 'none' },
    schedule: { ...BASE_SCHEDULE },
  },
];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
