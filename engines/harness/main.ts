/**
 * `npm run lab -- --engines [--runs 102] [--only restate] [--tick-ms 50] [--minutes M] [--out FILE]`
 * and `npm run lab -- --engines --replay restate:per-attempt/plain:17 [--dir DIR]`.
 *
 * For each engine that can run here: N seeded nemesis runs spread over the
 * key × store choices (seed i takes choice i mod 6), one at a time (each run
 * starts the engine's server, its service processes, the feed and the store);
 * each run's verdict is the checker's. Writes src/data/engines.json.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { SECTION_TEXT } from '../../src/model/world.ts';
import { at } from '../../src/model/lookup.ts';
import {
  INVARIANTS,
  formatExcerpt,
  readRun,
  type Entry,
  type Invariant,
} from '../../lab/checker/check.ts';
import { checkEngine, type EngineVerdict } from './check.ts';
import { describeEngineFault, engineSchedule } from './nemesis.ts';
import { runEngineOnce, type EngineOut } from './run.ts';
import type { Engine, KeyChoice, StoreChoice } from './engine.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const KEYS: KeyChoice[] = ['per-operation', 'per-attempt', 'none'];
export const STORES: StoreChoice[] = ['fenced', 'plain'];
export const CHOICES = KEYS.flatMap((key) => STORES.map((store) => ({ key, store })));

/** The engines the harness knows (an adapter each); DBOS joins when engines/dbos/adapter.ts exists. */
async function engines(): Promise<Engine[]> {
  const out: Engine[] = [(await import('../restate/adapter.ts')).restateEngine];
  try {
    const m = await import('../dbos/adapter.ts' as string);
    if (m.dbosEngine) out.push(m.dbosEngine as Engine);
  } catch {
    // no DBOS adapter in this tree
  }
  return out;
}

function arg(name: string, def: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? def) : def;
}

export interface Seeded {
  engine: string;
  key: KeyChoice;
  store: StoreChoice;
  seed: number;
}
export const seedId = (s: Seeded) => `${s.engine}:${s.key}/${s.store}:${s.seed}`;
/** Parses `engine:key/store:seed`; null with a reason when it is not one. */
export function parseSeed(id: string): Seeded | string {
  const m = /^([a-z]+):([a-z-]+)\/([a-z]+):(\d{1,9})$/.exec(id);
  if (!m)
    return `not a seed: ${JSON.stringify(id)} (expected engine:key/store:N, e.g. restate:per-attempt/plain:17)`;
  if (!KEYS.includes(m[2] as KeyChoice)) return `no key choice ${m[2]} (one of ${KEYS.join(', ')})`;
  if (!STORES.includes(m[3] as StoreChoice))
    return `no store choice ${m[3]} (one of ${STORES.join(', ')})`;
  return { engine: m[1]!, key: m[2] as KeyChoice, store: m[3] as StoreChoice, seed: Number(m[4]) }; // the pattern matched all four
}

export async function runSeed(
  engine: Engine,
  s: Seeded,
  o: {
    dir: string;
    tickMs: number;
    feedMemory?: boolean;
    killAfterApply?: boolean;
    faults?: boolean;
  },
): Promise<{ out: EngineOut; v: EngineVerdict; history: Entry[] }> {
  const sch = engineSchedule(s.seed, { server: engine.noServer === null });
  const out = await runEngineOnce(engine, {
    dir: o.dir,
    tickMs: o.tickMs,
    options: { runId: `run-${s.seed}`, key: s.key, store: s.store },
    report: SECTION_TEXT,
    faults: o.faults === false ? [] : sch.faults,
    killAfterApply: o.killAfterApply ?? sch.killAfterApply,
    feedMemory: o.feedMemory ?? true,
    horizonMs: 400 * o.tickMs,
  });
  const { history, final } = readRun(o.dir);
  return { out, v: checkEngine(history, final), history };
}

/**
 * A breach's excerpt with the nemesis's faults on the processes in it (by pid, up to its last
 * entry) and on the engine's server (between its first and last): what was done to whom, beside
 * what they did.
 */
function withFaults(excerpt: Entry[], history: Entry[]): Entry[] {
  if (excerpt.length === 0) return excerpt;
  const pids = new Set(excerpt.map((e) => e.pid));
  const from = at(excerpt, 0, 'excerpt').t;
  const to = at(excerpt, excerpt.length - 1, 'excerpt').t;
  const faults = history.filter(
    (e) =>
      e.f === 'fault' && e.t <= to && (pids.has(e.v.pid) || (e.v.proc === 'server' && e.t >= from)),
  );
  return [...excerpt, ...faults].sort((a, b) => a.t - b.t);
}

interface Row {
  s: Seeded;
  v: EngineVerdict;
  out: EngineOut;
  excerpt: Record<string, string[]>;
}

export async function engineLab(): Promise<void> {
  try {
    await engineLabUnchecked();
  } catch (e) {
    // bad options and an engine that cannot start end here: one line, no stack
    console.error(`engines: ${(e as Error).message}`);
    process.exitCode = 2;
  }
}

async function engineLabUnchecked(): Promise<void> {
  const tickMs = Number(arg('--tick-ms', '50'));
  const runs = Number(arg('--runs', '102'));
  const minutes = Number(arg('--minutes', '0'));
  const only = arg('--only', '').split(',').filter(Boolean);
  const out = arg('--out', join(ROOT, 'src/data/engines.json'));
  if (!(tickMs >= 10 && tickMs <= 1000) || !(runs >= 1 && runs <= 5000) || !(minutes >= 0))
    throw new Error('--tick-ms must be 10–1000, --runs 1–5000, --minutes ≥ 0');
  const all = await engines();
  const replayId = arg('--replay', '');
  if (replayId) {
    const s = parseSeed(replayId);
    if (typeof s === 'string') throw new Error(s);
    const engine = all.find((e) => e.name === s.engine);
    if (!engine) throw new Error(`no engine ${s.engine} (${all.map((e) => e.name).join(', ')})`);
    const dir = arg('--dir', join(ROOT, 'tmp', 'engines', 'replay'));
    console.log(
      `engines: replaying ${replayId}; the schedule is the seed's, the timing is the machine's`,
    );
    const sch = engineSchedule(s.seed, { server: engine.noServer === null });
    for (const f of sch.faults) console.log(`  ${describeEngineFault(f)}`);
    if (sch.killAfterApply)
      console.log('  the sender killed after the feed applies its first post');
    const { v, history } = await runSeed(engine, s, { dir, tickMs });
    console.log(
      `broken: ${v.breaches.map((b) => b.invariant).join(', ') || 'nothing'}; finished ${v.finished}; posts ${v.posts}; run kept in ${dir}`,
    );
    for (const b of v.breaches) {
      console.log(`\n${b.invariant}: ${b.why}`);
      for (const l of formatExcerpt(withFaults(b.excerpt, history))) console.log(`  ${l}`);
    }
    return;
  }
  // a SIGINT runs the adapters' exit hooks (they kill the servers they started)
  process.once('SIGINT', () => process.exit(130));
  const t0 = Date.now();
  const results: Record<string, unknown>[] = [];
  let anyCut = false;
  for (const engine of all.filter((e) => only.length === 0 || only.includes(e.name))) {
    const why = await engine.available();
    if (why) {
      console.log(`engines: ${engine.name} cannot run here: ${why}`);
      results.push({
        name: engine.name,
        version: engine.version,
        available: false,
        why,
        records: engine.records,
      });
      continue;
    }
    const rows: Row[] = [];
    const started = Date.now();
    let cutShort = false;
    for (let i = 0; i < runs; i++) {
      if (minutes > 0 && Date.now() - t0 > minutes * 60_000) {
        cutShort = true;
        break;
      }
      const c = at(CHOICES, i % CHOICES.length, 'key × store choices');
      const s: Seeded = { engine: engine.name, ...c, seed: i + 1 };
      const dir = join(ROOT, 'tmp', 'engines', `${engine.name}-${i + 1}`);
      const { out: o, v, history } = await runSeed(engine, s, { dir, tickMs });
      const excerpt: Record<string, string[]> = {};
      for (const b of v.breaches)
        excerpt[b.invariant] ??= [b.why, ...formatExcerpt(withFaults(b.excerpt, history))];
      rows.push({ s, v, out: o, excerpt });
      console.log(
        `  ${seedId(s).padEnd(34)} ${(o.wallMs / 1000).toFixed(1)} s  ${v.breaches.map((b) => b.invariant).join(',') || 'ok'}${o.error ? `  error: ${o.error.split('\n')[0]}` : ''}${v.finished ? '' : '  (not finished)'}`,
      );
      if (!o.error) rmSync(dir, { recursive: true, force: true });
    }
    anyCut ||= cutShort;
    results.push({
      ...summarise(engine, rows, (Date.now() - started) / 1000),
      generated: new Date().toISOString().slice(0, 10),
      tickMs,
      asked: runs,
      cutShort,
    });
  }
  // the engines not run this time keep their entries (--only restate leaves DBOS's as it was)
  let kept: Record<string, unknown>[] = [];
  if (existsSync(out)) {
    try {
      kept = (JSON.parse(readFileSync(out, 'utf8')).engines ?? []).filter(
        (e: { name: string }) => !results.some((r) => r.name === e.name),
      );
    } catch {
      console.log(`engines: ${out} is not JSON; written anew`);
    }
  }
  const data = {
    choices: CHOICES,
    invariants: INVARIANTS,
    engines: [...results, ...kept].sort((a, b) => String(a.name).localeCompare(String(b.name))),
  };
  mkdirSync(join(out, '..'), { recursive: true });
  writeFileSync(
    out,
    await format(JSON.stringify(data), { ...(await resolveConfig(out)), parser: 'json' }),
  );
  console.log(
    `engines: wrote ${out} in ${Math.round((Date.now() - t0) / 1000)} s${anyCut ? ' (cut short)' : ''}`,
  );
}

/** Which failure a page shows first: a late write that reached the store, then a duplicate post. */
const INSTRUCTIVE: Invariant[] = [
  'staleWrite',
  'duplicateEffect',
  'supersededAccepted',
  'dependantWrong',
  'twoAccepted',
];

function summarise(engine: Engine, rows: Row[], seconds: number) {
  const faults: Record<string, number> = {};
  for (const r of rows)
    for (const f of r.out.struck) {
      const k =
        f.kind === 'kill-after-apply'
          ? 'kill-after-post'
          : f.kind === 'correct'
            ? 'correct'
            : f.sig === 'SIGCONT'
              ? null
              : `${f.proc === 'server' ? 'server' : 'worker'}-${f.sig === 'SIGKILL' ? 'kill' : 'stop'}`;
      if (k) faults[k] = (faults[k] ?? 0) + 1;
    }
  const choices = CHOICES.map((c) => {
    const rs = rows.filter((r) => r.s.key === c.key && r.s.store === c.store);
    const breaches = Object.fromEntries(
      INVARIANTS.map((i) => [i, rs.filter((r) => r.v.broken[i]).length]),
    );
    const seeds = Object.fromEntries(
      INVARIANTS.map((i) => [
        i,
        rs
          .filter((r) => r.v.broken[i])
          .slice(0, 5)
          .map((r) => seedId(r.s)),
      ]),
    );
    return {
      ...c,
      runs: rs.length,
      finished: rs.filter((r) => r.v.finished).length,
      returned: rs.filter((r) => r.out.result !== null).length,
      errors: rs.filter((r) => r.out.error).length,
      breaches,
      seeds,
      replayPinned: rs.filter((r) => r.v.replayPinned).length,
      staleApplied: rs.filter((r) => r.v.staleApplied > 0).length,
      staleRejected: rs.filter((r) => r.v.staleRejected > 0).length,
    };
  });
  let history = null;
  for (const inv of INSTRUCTIVE) {
    // a duplicate post with a key made per attempt is the one to set beside the per-operation key
    const r =
      rows.find(
        (x) => x.v.broken[inv] && (inv !== 'duplicateEffect' || x.s.key === 'per-attempt'),
      ) ?? rows.find((x) => x.v.broken[inv]);
    const ex = r?.excerpt[inv];
    if (r && ex) {
      history = {
        seed: seedId(r.s),
        key: r.s.key,
        store: r.s.store,
        invariant: inv,
        why: ex[0] ?? '',
        lines: ex.slice(1),
        step: inv === 'duplicateEffect' ? 'announce' : 'summarise',
      };
      break;
    }
  }
  return {
    name: engine.name,
    version: engine.version,
    available: true,
    workers: engine.workers,
    noServer: engine.noServer,
    records: engine.records,
    runs: rows.length,
    seconds: Math.round(seconds),
    faults,
    finished: rows.filter((r) => r.v.finished).length,
    /** Runs in which the job returned its result before the horizon. */
    returned: rows.filter((r) => r.out.result !== null).length,
    errors: rows.filter((r) => r.out.error).length,
    choices,
    history,
  };
}
