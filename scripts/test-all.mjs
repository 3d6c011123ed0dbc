// `npm test`: every step, side by side where they can be, ending with the line
// "N passed, M failed" (steps), which CI reads. Each line a step prints is labelled [step].
//
//   at once   build     astro build → dist (writes the fault sweep's cache, which every
//                       later build and the site tests read: src/lib/sweep-cache.ts)
//             lint      eslint (eslint.config.js) and prettier --check
//             unit      vitest --project unit
//   after the build (it writes .astro/, which the type checks read):
//             lab       the short lab: real processes, kills and pauses on SQLite (tests/lab);
//                       it needs no build, but its ~37 Node processes cost about 40 CPU-s, which
//                       the build, the head of the critical path, should not share
//             typecheck tsc over every .ts/.tsx (TypeScript 7), tsc over the .mjs scripts
//                       (checkJs: tsconfig.scripts.json), astro check over the .astro files
//                       (tsconfig.astro.json)
//             checks    scripts/check-dist.mjs dist (HTML, links + fragments, off-site
//                       resources, CSP, runs.json, no placeholder host) and vitest --project
//                       site, side by side
//             browser   Playwright (playwright.config.ts): desktop-light, desktop-dark,
//                       phone-360, no-js over dist
//             subpath   a copy of the checkout built with BASE_PATH=/sub/ into tmp/dist-sub,
//                       checked under /sub/ (check-dist --base /sub/), and Playwright's
//                       `subpath` project: every page loads there with no failed request
//   after subpath:
//             repro     the sub-path build is the reproducibility check too: the same bytes as
//                       dist once /sub/ is read as / and content-hashed names are set aside
//                       (scripts/repro.mjs compareUnderBase; `node scripts/repro.mjs` builds two
//                       root copies and compares them byte for byte)
//   Priorities: build and then browser are the critical path and run at normal priority (the
//   lab too: it keeps time with the wall clock); every other step runs at a lower one (nice 10),
//   on the CPU they leave idle.
//
//   npm test [-- --only checks,browser] [-- --skip repro] [-- --keep-going] [-- --one-at-a-time]
// --one-at-a-time runs one step at a time, in dependency order, and gives each step's CPU as
// the machine counted it (/proc/stat): what each check costs, Chromium's renderers included.
// A step whose dependency is not selected runs on what is there (--only browser uses dist).
// After a failure no new step starts (unless --keep-going); running ones finish.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, run, astroBuild, buildCopy, compareUnderBase, stepName } from './repro.mjs';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const TSC = join(ROOT, 'node_modules', '@typescript', 'native', 'lib', 'tsc.js');
const CHECK = join(ROOT, 'scripts', 'check-dist.mjs');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const PRETTIER = join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const SUB = '/sub/';
const SUB_DIST = 'tmp/dist-sub';
const MIN = 60_000;
const BACKGROUND_NICE = 10;

/** Run parts in order; the first failure ends the step. */
async function seq(...parts) {
  for (const part of parts) {
    const r = await part();
    if (r.code !== 0) return r;
  }
  return { code: 0 };
}
/** Run parts side by side; the step fails if any does. */
async function par(...parts) {
  const rs = await Promise.all(parts.map((p) => p()));
  return rs.find((r) => r.code !== 0) ?? { code: 0 };
}
const say = (line) => console.log(`    [${stepName.getStore()}] ${line}`);

/** Each step: what it waits for (among the selected steps), and what it runs. */
const STEPS = {
  build: { after: [], run: () => astroBuild('dist', { timeout: 15 * MIN }) },
  // the short lab (tests/lab): needs no build; waits for it only to leave the build the CPU
  lab: {
    after: ['build'],
    run: () =>
      run(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          '--test',
          join(ROOT, 'tests', 'lab', 'short-lab.test.ts'),
        ],
        { timeout: 5 * MIN },
      ),
  },
  lint: {
    after: [],
    run: () =>
      seq(
        () =>
          run(ESLINT, ['--max-warnings', '0', ROOT], { nice: BACKGROUND_NICE, timeout: 10 * MIN }),
        () => run(PRETTIER, ['--check', ROOT], { nice: BACKGROUND_NICE, timeout: 5 * MIN }),
      ),
  },
  unit: {
    after: [],
    run: () =>
      run(VITEST, ['run', '--project', 'unit'], { nice: BACKGROUND_NICE, timeout: 10 * MIN }),
  },
  typecheck: {
    after: ['build'],
    run: () =>
      seq(
        // no build selected: write .astro/ (content and env types) here
        () =>
          selected.includes('build')
            ? { code: 0 }
            : run(ASTRO, ['sync'], { nice: BACKGROUND_NICE, timeout: 2 * MIN }),
        () => run(TSC, ['--noEmit', '-p', ROOT], { nice: BACKGROUND_NICE, timeout: 5 * MIN }),
        () =>
          run(TSC, ['--noEmit', '-p', join(ROOT, 'tsconfig.scripts.json')], {
            nice: BACKGROUND_NICE,
            timeout: 5 * MIN,
          }),
        // .astro files only (tsconfig.astro.json): tsc has checked the .ts files above
        () =>
          run(ASTRO, ['check', '--noSync', '--tsconfig', 'tsconfig.astro.json'], {
            nice: BACKGROUND_NICE,
            timeout: 10 * MIN,
          }),
      ),
  },
  checks: {
    after: ['build'],
    run: () =>
      par(
        () => run(CHECK, ['dist'], { nice: BACKGROUND_NICE, timeout: 20 * MIN }),
        () =>
          run(VITEST, ['run', '--project', 'site'], { nice: BACKGROUND_NICE, timeout: 10 * MIN }),
      ),
  },
  browser: {
    after: ['build'],
    run: () => run(PLAYWRIGHT, ['test'], { timeout: 20 * MIN }),
  },
  subpath: {
    after: ['build'],
    run: async () => {
      const b = await buildCopy({
        base: SUB,
        outDir: SUB_DIST,
        timeout: 15 * MIN,
        nice: BACKGROUND_NICE,
      });
      await rm(b.dir, { recursive: true, force: true });
      if (!b.ok) {
        for (const l of b.tail.slice(-30)) say(l);
        return { code: b.code || 1 };
      }
      say(`the sub-path build took ${(b.ms / 1000).toFixed(1)} s`);
      return seq(
        () =>
          run(CHECK, [SUB_DIST, '--base', SUB, '--skip', 'html'], {
            nice: BACKGROUND_NICE,
            timeout: 10 * MIN,
          }),
        () =>
          run(PLAYWRIGHT, ['test', '--project', 'subpath'], {
            nice: BACKGROUND_NICE,
            timeout: 10 * MIN,
            env: { SUBPATH_DIST: SUB_DIST },
          }),
      );
    },
  },
  // Reproducibility, on the sub-path step's build (one extra build, not two): a copy of the
  // checkout, built in another directory under /sub/, must hold what dist holds, byte for byte,
  // once /sub/ is read as / and content-hashed file names are set aside (compareUnderBase).
  repro: {
    after: ['build', 'subpath'],
    run: async () => {
      const [dist, sub] = [resolve(ROOT, 'dist'), resolve(ROOT, SUB_DIST)];
      if (!existsSync(sub)) {
        say(`no sub-path build in ${sub}: run the subpath step first`);
        return { code: 1 };
      }
      const { files, diffs } = await compareUnderBase(dist, sub, SUB);
      for (const l of diffs.slice(0, 30)) say(l);
      say(
        diffs.length
          ? `${diffs.length} difference(s) between ${dist} and ${sub} (under ${SUB})`
          : `identical: ${files} files in ${dist} and in ${sub}, built from a copy of the checkout under ${SUB}`,
      );
      return { code: diffs.length ? 1 : 0 };
    },
  },
};
/** The order steps are listed in (and started in, when several are ready at once). */
const ORDER = [
  'typecheck',
  'lint',
  'unit',
  'lab',
  'build',
  'checks',
  'subpath',
  'browser',
  'repro',
];

const args = process.argv.slice(2);
const list = (flag) =>
  args.includes(flag) ? (args[args.indexOf(flag) + 1] ?? '').split(',').filter(Boolean) : null;
const only = list('--only');
const skip = list('--skip') ?? [];
const keepGoing = args.includes('--keep-going');
const oneAtATime = args.includes('--one-at-a-time');
const unknown = [...(only ?? []), ...skip].filter((n) => !(n in STEPS));
const [major, minor] = process.versions.node.split('.').map(Number);
let problem = unknown.length
  ? `unknown step(s) ${unknown.join(', ')}; steps are ${ORDER.join(', ')}`
  : null;
if (major < 22 || (major === 22 && minor < 12))
  problem = `Node ${process.versions.node} is too old (Astro 7 needs ≥ 22.12): run \`npm test\`, which uses the project's Node 22.`;
if (problem) {
  console.log(`test-all: ${problem}\n0 passed, 1 failed`);
  process.exit(1);
}

/**
 * The machine's busy CPU time so far, in seconds (Linux: /proc/stat's first line, every process
 * on it), or null elsewhere. Measured from outside because a process's own count (rusage, `time`)
 * leaves out Chromium's renderer processes, which are most of the browser step's CPU.
 */
function machineBusy() {
  try {
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user + nice + system + irq + softirq) / 100; // USER_HZ, 100 on Linux
  } catch {
    return null;
  }
}

const selected = ORDER.filter((n) => (!only || only.includes(n)) && !skip.includes(n));
const t0 = performance.now();
const busy0 = machineBusy();
const secs = (ms) => (ms / 1000).toFixed(1);
/** name → { ok: true | false | null (not run), start, ms } */
const results = new Map();
const started = new Map();
let failed = false;

function start(name) {
  const s0 = performance.now();
  const b0 = machineBusy();
  console.log(`\n── ${name} starts at ${secs(s0 - t0)} s`);
  const p = stepName
    .run(name, () => STEPS[name].run())
    .catch((err) => ({ code: 1, tail: [String(err.stack ?? err)] }))
    .then((r) => {
      const ms = performance.now() - s0;
      const ok = r.code === 0;
      console.log(`── ${name}: ${ok ? 'passed' : `FAILED (exit ${r.code})`} in ${secs(ms)} s`);
      // Alone on the machine (--one-at-a-time), the machine's busy time is the step's CPU.
      const b1 = machineBusy();
      const cpu = oneAtATime && b0 !== null && b1 !== null ? b1 - b0 : undefined;
      results.set(name, { ok, start: s0 - t0, ms, cpu });
      if (!ok) failed = true;
    });
  started.set(name, p);
}

/** The steps started and not yet ended. */
const running = () => [...started].filter(([n, p]) => p && !results.has(n)).map(([, p]) => p);

// Start every step whose selected dependencies have passed (with --one-at-a-time, only when none
// is running, and one); wait for one to end; repeat.
for (;;) {
  for (const name of selected) {
    if (started.has(name)) continue;
    const deps = STEPS[name].after.filter((d) => selected.includes(d));
    if (deps.some((d) => results.get(d)?.ok === false)) {
      results.set(name, { ok: null });
      started.set(name, null);
      continue;
    }
    if (failed && !keepGoing) continue;
    if (oneAtATime && running().length) break;
    if (deps.every((d) => results.get(d)?.ok === true)) {
      start(name);
      if (oneAtATime) break;
    }
  }
  const now = running();
  if (!now.length) break;
  await Promise.race(now);
}
for (const name of selected) if (!results.has(name)) results.set(name, { ok: null });

console.log(
  oneAtATime
    ? '\nSummary (one step at a time: start, duration in seconds, and CPU as the machine counted it)'
    : '\nSummary (steps run side by side: start and duration, in seconds)',
);
for (const name of selected) {
  const r = results.get(name);
  const state = r.ok === null ? 'not run' : r.ok ? 'passed ' : 'FAILED ';
  const when =
    r.ms === undefined ? '' : `from ${secs(r.start).padStart(6)}  for ${secs(r.ms).padStart(6)}`;
  const cpu = r.cpu === undefined ? '' : `  ${r.cpu.toFixed(1).padStart(6)} CPU-s`;
  console.log(`  ${state} ${name.padEnd(9)} ${when}${cpu}`);
}
const wall = performance.now() - t0;
console.log(`  total ${secs(wall)} s`);
const busy1 = machineBusy();
if (busy0 !== null && busy1 !== null) {
  const cpu = busy1 - busy0;
  const cores = availableParallelism();
  console.log(
    `  the machine was busy for ${cpu.toFixed(0)} CPU-s (every process on it, from /proc/stat): ` +
      `${((100 * cpu) / ((cores * wall) / 1000)).toFixed(0)} % of ${cores} core(s) over the run`,
  );
}
const passed = selected.filter((n) => results.get(n).ok).length;
const nfailed = selected.filter((n) => results.get(n).ok === false).length;
console.log(`${passed} passed, ${nfailed} failed`);
process.exitCode = nfailed ? 1 : 0;
