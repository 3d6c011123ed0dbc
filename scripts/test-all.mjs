// `npm test`: every step in order, stopping at the first failure; ends with the line
// "N passed, M failed" (steps), which CI reads.
//   typecheck astro sync (content and env types), then tsc --noEmit over every .ts/.tsx,
//            tsc over the .mjs scripts (checkJs: tsconfig.scripts.json), astro check (.astro)
//   lint     eslint (eslint.config.js) and prettier --check
//   unit     vitest --project unit
//   build    astro build → dist
//   checks   scripts/check-dist.mjs dist (HTML, links + fragments, off-site resources,
//            CSP, runs.json, no placeholder host), then vitest --project site
//   browser  Playwright (playwright.config.ts): desktop-light, desktop-dark, phone-360, no-js
//   subpath  BASE_PATH=/sub/ build → tmp/dist-sub: checks under /sub/, every page loaded
//   repro    a copy of the checkout in a temporary directory builds byte-identical to dist
//
//   npm test [-- --only checks,browser] [-- --skip repro] [-- --keep-going]
import { join, resolve } from 'node:path';
import { ROOT, run, astroBuild, reproduce } from './repro.mjs';

const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const PLAYWRIGHT = join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
const TSC = join(ROOT, 'node_modules', '@typescript', 'native', 'lib', 'tsc.js');
const CHECK = join(ROOT, 'scripts', 'check-dist.mjs');
const ESLINT = join(ROOT, 'node_modules', 'eslint', 'bin', 'eslint.js');
const PRETTIER = join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const SUB = '/sub/';
const MIN = 60_000;

/** Run parts in order; the first failure ends the step. */
async function seq(...parts) {
  for (const part of parts) {
    const r = await part();
    if (r.code !== 0) return r;
  }
  return { code: 0 };
}
const build = (dir, base) => () => astroBuild(dir, { base, timeout: 5 * MIN });

const STEPS = {
  typecheck: () =>
    seq(
      () => run(ASTRO, ['sync'], { timeout: 2 * MIN }),
      () => run(TSC, ['--noEmit', '-p', ROOT], { timeout: 5 * MIN }),
      () => run(TSC, ['--noEmit', '-p', join(ROOT, 'tsconfig.scripts.json')], { timeout: 5 * MIN }),
      () => run(ASTRO, ['check'], { timeout: 10 * MIN }),
    ),
  lint: () =>
    seq(
      () => run(ESLINT, ['--max-warnings', '0', ROOT], { timeout: 10 * MIN }),
      () => run(PRETTIER, ['--check', ROOT], { timeout: 5 * MIN }),
    ),
  unit: () => run(VITEST, ['run', '--project', 'unit'], { timeout: 5 * MIN }),
  // the short lab: real processes, kills and pauses (tests/lab); no build needed
  lab: () =>
    run(
      process.execPath,
      [
        '--disable-warning=ExperimentalWarning',
        '--test',
        join(ROOT, 'tests', 'lab', 'short-lab.test.ts'),
      ],
      {
        timeout: 5 * MIN,
      },
    ),
  build: build('dist'),
  checks: () =>
    seq(
      () => run(CHECK, ['dist'], { timeout: 5 * MIN }),
      () => run(VITEST, ['run', '--project', 'site'], { timeout: 5 * MIN }),
    ),
  browser: () => run(PLAYWRIGHT, ['test'], { timeout: 20 * MIN }),
  subpath: () =>
    seq(
      build('tmp/dist-sub', SUB),
      () => run(CHECK, ['tmp/dist-sub', '--base', SUB, '--skip', 'html'], { timeout: 5 * MIN }),
      () =>
        run(PLAYWRIGHT, ['test', '--project', 'desktop-light', '--grep', '@requests'], {
          timeout: 10 * MIN,
          env: { DIST_DIR: 'tmp/dist-sub', BASE_PATH: SUB },
        }),
    ),
  repro: async () => {
    const r = await reproduce(resolve(ROOT, 'dist'));
    for (const l of r.lines) console.log(`    ${l}`);
    return { code: r.ok ? 0 : 1 };
  },
};

const args = process.argv.slice(2);
const list = (flag) =>
  args.includes(flag) ? (args[args.indexOf(flag) + 1] ?? '').split(',').filter(Boolean) : null;
const only = list('--only');
const skip = list('--skip') ?? [];
const unknown = [...(only ?? []), ...skip].filter((n) => !(n in STEPS));
const [major, minor] = process.versions.node.split('.').map(Number);
let problem = unknown.length
  ? `unknown step(s) ${unknown.join(', ')}; steps are ${Object.keys(STEPS).join(', ')}`
  : null;
if (major < 22 || (major === 22 && minor < 12))
  problem = `Node ${process.versions.node} is too old (Astro 7 needs ≥ 22.12): run \`npm test\`, which uses the project's Node 22.`;
if (problem) {
  console.log(`test-all: ${problem}\n0 passed, 1 failed`);
  process.exit(1);
}

const t0 = performance.now();
const results = [];
for (const name of Object.keys(STEPS).filter(
  (n) => (!only || only.includes(n)) && !skip.includes(n),
)) {
  if (results.some((r) => !r.ok) && !args.includes('--keep-going')) {
    results.push({ name, ok: null });
    continue;
  }
  console.log(`\n── ${name}`);
  const s0 = performance.now();
  const r = await STEPS[name]().catch((err) => ({ code: 1, tail: [String(err.stack ?? err)] }));
  const secs = (performance.now() - s0) / 1000;
  console.log(
    `── ${name}: ${r.code === 0 ? 'passed' : `FAILED (exit ${r.code})`} in ${secs.toFixed(1)} s`,
  );
  results.push({ name, ok: r.code === 0, secs });
}
console.log('\nSummary');
for (const r of results)
  console.log(
    `  ${r.ok === null ? 'not run' : r.ok ? 'passed ' : 'FAILED '} ${r.name.padEnd(8)} ${r.secs?.toFixed(1).padStart(6) ?? '     -'} s`,
  );
console.log(`  total ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const passed = results.filter((r) => r.ok).length;
const failed = results.filter((r) => r.ok === false).length;
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
