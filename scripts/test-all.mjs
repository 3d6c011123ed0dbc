// `npm test`: every step, each started as soon as the steps it needs have passed, ending with
// the line "N passed, M failed" (steps), which CI reads. Each line a step prints is labelled
// [step] (scripts/repro.mjs run()).
//
//   build      astro build → dist (writes the fault sweep's cache: src/lib/sweep-cache.ts)
//   lint       eslint (eslint.config.js) and prettier --check
//   unit       vitest --project unit
//   after the build:
//   lab        the short lab: real processes, kills and pauses on SQLite (tests/lab), and the
//              short Restate case (tests/lab/restate-case.test.ts; before any step, test-all
//              runs `npm ci --prefix engines` when engines/node_modules is missing); it needs no
//              build, but its ~50 Node processes would share the CPU with it
//   typecheck  tsc over .ts/.tsx (TypeScript 7), tsc over the .mjs/.js files with checkJs
//              (tsconfig.scripts.json; both with tsconfig.json's strictest flags), astro check
//              over the .astro files (the build writes .astro/, which they read)
//   checks     scripts/check-dist.mjs dist, then vitest --project site
//   browser    Playwright (playwright.config.ts): projects desktop and phone over dist
//   subpath    a copy of the checkout built with BASE_PATH=/sub/ into tmp/dist-sub; check-dist
//              --base /sub/; Playwright's @requests test (project desktop) over it
//   after subpath:
//   repro      the sub-path build holds what dist holds, once /sub/ is read as / and
//              content-hashed names are set aside (scripts/repro.mjs compareUnderBase)
//
//   npm test [-- --only checks,browser] [-- --skip repro] [-- --keep-going]
// A step whose dependency is not selected runs on what is there (--only browser uses dist).
// After a failure no new step starts (unless --keep-going); running ones finish.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ROOT, run, astroBuild, buildCopy, compareUnderBase, stepName } from './repro.mjs';

const bin = (/** @type {string[]} */ ...p) => join(ROOT, 'node_modules', ...p);
const [VITEST, PLAYWRIGHT, ASTRO, TSC, ESLINT, PRETTIER] = [
  bin('vitest', 'vitest.mjs'),
  bin('@playwright', 'test', 'cli.js'),
  bin('astro', 'bin', 'astro.mjs'),
  bin('@typescript', 'native', 'lib', 'tsc.js'),
  bin('eslint', 'bin', 'eslint.js'),
  bin('prettier', 'bin', 'prettier.cjs'),
];
const CHECK = join(ROOT, 'scripts', 'check-dist.mjs');
const SUB = '/sub/';
const SUB_DIST = 'tmp/dist-sub';
const MIN = 60_000;

/** @typedef {{ code: number, tail?: string[] }} Result */
/**
 * Run parts in order; the first failure ends the step.
 * @param {...(() => Result | Promise<Result>)} parts
 */
async function seq(...parts) {
  for (const part of parts) {
    const r = await part();
    if (r.code !== 0) return r;
  }
  return { code: 0 };
}
/** @param {string} line */
const say = (line) => console.log(`    [${stepName.getStore()}] ${line}`);

/** @type {Record<string, { after: string[], run: () => Promise<Result> }>} */
const STEPS = {
  build: { after: [], run: () => astroBuild('dist', { timeout: 15 * MIN }) },
  lint: {
    after: [],
    run: () =>
      seq(
        () => run(ESLINT, ['--max-warnings', '0', ROOT], { timeout: 10 * MIN }),
        () => run(PRETTIER, ['--check', ROOT], { timeout: 5 * MIN }),
      ),
  },
  unit: { after: [], run: () => run(VITEST, ['run', '--project', 'unit'], { timeout: 10 * MIN }) },
  lab: {
    after: ['build'],
    run: () =>
      seq(() =>
        run(
          process.execPath,
          [
            '--disable-warning=ExperimentalWarning',
            '--test',
            join(ROOT, 'tests/lab/short-lab.test.ts'),
            join(ROOT, 'tests/lab/restate-case.test.ts'),
          ],
          { timeout: 5 * MIN },
        ),
      ),
  },
  typecheck: {
    after: ['build'],
    run: () =>
      seq(
        // no build selected: write .astro/ (content and env types) here
        () =>
          selected.includes('build') ? { code: 0 } : run(ASTRO, ['sync'], { timeout: 2 * MIN }),
        () => run(TSC, ['--noEmit', '-p', ROOT], { timeout: 5 * MIN }),
        () =>
          run(TSC, ['--noEmit', '-p', join(ROOT, 'tsconfig.scripts.json')], { timeout: 5 * MIN }),
        () =>
          run(ASTRO, ['check', '--noSync', '--tsconfig', 'tsconfig.astro.json'], {
            timeout: 10 * MIN,
          }),
      ),
  },
  checks: {
    after: ['build'],
    run: () =>
      seq(
        () => run(CHECK, ['dist'], { timeout: 20 * MIN }),
        () => run(VITEST, ['run', '--project', 'site'], { timeout: 10 * MIN }),
      ),
  },
  browser: { after: ['build'], run: () => run(PLAYWRIGHT, ['test'], { timeout: 20 * MIN }) },
  subpath: {
    after: ['build'],
    run: async () => {
      const b = await buildCopy({ base: SUB, outDir: SUB_DIST, timeout: 15 * MIN });
      await rm(b.dir, { recursive: true, force: true });
      if (!b.ok) {
        for (const l of b.tail.slice(-30)) say(l);
        return { code: b.code || 1 };
      }
      return seq(
        () => run(CHECK, [SUB_DIST, '--base', SUB, '--skip', 'html'], { timeout: 10 * MIN }),
        () =>
          run(PLAYWRIGHT, ['test', '--project', 'desktop', '--grep', '@requests'], {
            timeout: 10 * MIN,
            env: { DIST_DIR: SUB_DIST, BASE_PATH: SUB },
          }),
      );
    },
  },
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

/**
 * The browser tests that failed, or passed only on their retry, from Playwright's JSON report
 * (written in CI): a line each with its first error, so that the tail of CI's output says which
 * and why. Nothing when the report is missing or every test passed first time.
 * @param {string} file
 * @returns {string[]}
 */
function browserTrouble(file) {
  if (!existsSync(file)) return [];
  /** @type {any} */
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    return [`  (could not read ${file}: ${String(err).slice(0, 120)})`];
  }
  /** @type {string[]} */
  const out = [];
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = (t.results ?? []).find((/** @type {any} */ r) => r.error)?.error;
        const why = stripVTControlCharacters(String(error?.message ?? ''))
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l && !/^(expect\(|Call log:)/.test(l))
          .slice(0, 5)
          .join(' | ');
        const where = `${spec.file}:${spec.line}`;
        out.push(
          `  ${t.status === 'flaky' ? 'flaky ' : 'FAILED'} [${t.projectName}] ${where} ${spec.title}`,
        );
        if (why) out.push(`         ${why.slice(0, 400)}`);
      }
    for (const s of suite.suites ?? []) walk(s);
  };
  for (const s of report.suites ?? []) walk(s);
  return out.slice(0, 12);
}

/** Playwright's JSON reports (playwright.config.ts writes them in CI), by the step that runs it. */
const BROWSER_REPORTS = {
  browser: 'test-results/browser.json',
  subpath: 'test-results/browser-subpath.json',
};
for (const file of Object.values(BROWSER_REPORTS)) await rm(join(ROOT, file), { force: true });

const args = process.argv.slice(2);
/** @param {string} flag */
const list = (flag) =>
  args.includes(flag) ? (args[args.indexOf(flag) + 1] ?? '').split(',').filter(Boolean) : null;
const only = list('--only');
const skip = list('--skip') ?? [];
const keepGoing = args.includes('--keep-going');
const names = Object.keys(STEPS);
const unknown = [...(only ?? []), ...skip].filter((n) => !(n in STEPS));
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const problem = unknown.length
  ? `unknown step(s) ${unknown.join(', ')}; steps are ${names.join(', ')}`
  : major < 22 || (major === 22 && minor < 12)
    ? `Node ${process.versions.node} is too old (Astro 7 needs ≥ 22.12): run \`npm test\`, which uses the project's Node 22.`
    : null;
if (problem) {
  console.log(`test-all: ${problem}\n0 passed, 1 failed`);
  process.exit(1);
}

const selected = names.filter((n) => (!only || only.includes(n)) && !skip.includes(n));
const t0 = performance.now();
const secs = (/** @type {number} */ ms) => (ms / 1000).toFixed(1);
/** @type {Map<string, { ok: boolean | null, start?: number, ms?: number }>} */
const results = new Map();
/** @type {Map<string, Promise<boolean>>} */
const steps = new Map();
let failed = false;

/** Start a step once the selected steps it needs have passed; → whether it passed. @param {string} name @returns {Promise<boolean>} */
function step(name) {
  const def = STEPS[name];
  if (!def) throw new Error(`test-all: no step ${name}`);
  if (!steps.has(name))
    steps.set(
      name,
      (async () => {
        const deps = def.after.filter((d) => selected.includes(d));
        const ok = (await Promise.all(deps.map(step))).every(Boolean);
        if (!ok || (failed && !keepGoing)) {
          results.set(name, { ok: null });
          return false;
        }
        const s0 = performance.now();
        console.log(`\n── ${name} starts at ${secs(s0 - t0)} s`);
        const r = await stepName
          .run(name, () => def.run())
          .catch((err) => ({ code: 1, tail: [String(err?.stack ?? err)] }));
        const ms = performance.now() - s0;
        const passed = r.code === 0;
        console.log(
          `── ${name}: ${passed ? 'passed' : `FAILED (exit ${r.code})`} in ${secs(ms)} s`,
        );
        results.set(name, { ok: passed, start: s0 - t0, ms });
        if (!passed) failed = true;
        return passed;
      })(),
    );
  return /** @type {Promise<boolean>} */ (steps.get(name));
}
// The engines' own install (not the site's npm ci), before any step: the short Restate case runs
// on it and the type check reads its packages' types.
if (
  selected.some((n) => n === 'lab' || n === 'typecheck') &&
  !existsSync(join(ROOT, 'engines/node_modules/@restatedev/restate-sdk'))
) {
  const r = await run('npm', ['ci', '--prefix', 'engines', '--no-audit', '--no-fund'], {
    timeout: 5 * MIN,
  });
  if (r.code !== 0) {
    console.log('test-all: npm ci --prefix engines failed');
    process.exit(1);
  }
}
await Promise.all(selected.map(step));

console.log('\nSummary (start and duration, in seconds)');
for (const name of selected) {
  const r = results.get(name) ?? { ok: null };
  const state = r.ok === null ? 'not run' : r.ok ? 'passed ' : 'FAILED ';
  const when =
    r.ms === undefined
      ? ''
      : `from ${secs(r.start ?? 0).padStart(6)}  for ${secs(r.ms).padStart(6)}`;
  console.log(`  ${state} ${name.padEnd(9)} ${when}`);
}
console.log(`  total ${secs(performance.now() - t0)} s`);
// Which browser tests failed or were flaky, and why: from Playwright's JSON report (CI only).
for (const [name, file] of Object.entries(BROWSER_REPORTS))
  if (typeof results.get(name)?.ok === 'boolean')
    for (const l of browserTrouble(join(ROOT, file))) console.log(l);
const passed = selected.filter((n) => results.get(n)?.ok === true).length;
const nfailed = selected.filter((n) => results.get(n)?.ok === false).length;
console.log(`${passed} passed, ${nfailed} failed`);
process.exitCode = nfailed ? 1 : 0;
