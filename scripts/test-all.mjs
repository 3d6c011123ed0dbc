// `npm test`: every step in order, stopping at the first failure; ends with the line
// "N passed, M failed" (steps), which CI reads.
//   typecheck astro sync (content and env types), then tsc --noEmit over every .ts/.tsx,
//            tsc over the .mjs scripts (checkJs: tsconfig.scripts.json), astro check (.astro)
//   lint     eslint (eslint.config.js) and prettier --check
//   unit     vitest --project unit
//   lab      the short lab: real processes, kills and pauses on SQLite (tests/lab)
//   build    astro build → dist; then, in the background, the two other builds start:
//            the sub-path build (BASE_PATH=/sub/ → tmp/dist-sub) and the reproduction
//            build (a copy of the checkout in a temporary directory). All three read the
//            fault sweep the first one wrote (src/lib/sweep-cache.ts).
//   checks   scripts/check-dist.mjs dist (HTML, links + fragments, off-site resources,
//            CSP, runs.json, no placeholder host) and vitest --project site, side by side
//   subpath  waits for the sub-path build; checks it under /sub/ (check-dist --base /sub/)
//   browser  Playwright (playwright.config.ts): desktop-light, desktop-dark, phone-360,
//            no-js over dist, and, when the subpath step built tmp/dist-sub, the project
//            `subpath`: every page loads under /sub/ with no failed or off-site request
//   repro    waits for the reproduction build; it must be byte-identical to dist
//
//   npm test [-- --only checks,browser] [-- --skip repro] [-- --keep-going]
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ROOT, run, astroBuild, buildCopy, compareDirs } from './repro.mjs';

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

/** Builds started in the background once dist is built (each at most once per run). */
const background = {};
function subBuild() {
  return (background.sub ??= astroBuild(SUB_DIST, { base: SUB, timeout: 15 * MIN, quiet: true }));
}
function copyBuild() {
  return (background.copy ??= buildCopy({ timeout: 15 * MIN }).catch((err) => ({
    ok: false,
    tail: [String(err.stack ?? err)],
  })));
}
let subpathBuilt = false;

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
  unit: () => run(VITEST, ['run', '--project', 'unit'], { timeout: 10 * MIN }),
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
  build: async () => {
    const r = await astroBuild('dist', { timeout: 15 * MIN });
    if (r.code === 0) {
      if (selected.includes('subpath')) subBuild();
      if (selected.includes('repro')) copyBuild();
    }
    return r;
  },
  checks: () =>
    par(
      // Generous: html-validate over 875 pages takes about a minute alone and many more on a
      // machine shared with other builds; the timeout only catches a hang.
      () => run(CHECK, ['dist'], { timeout: 20 * MIN }),
      () => run(VITEST, ['run', '--project', 'site'], { timeout: 10 * MIN }),
    ),
  subpath: async () => {
    const b = await subBuild();
    if (b.code !== 0) {
      for (const l of b.tail.slice(-30)) console.log(`    ${l}`);
      return b;
    }
    subpathBuilt = true;
    console.log(
      `    the sub-path build took ${(b.ms / 1000).toFixed(1)} s (started after the build step)`,
    );
    const r = await run(CHECK, [SUB_DIST, '--base', SUB, '--skip', 'html'], { timeout: 10 * MIN });
    if (r.code !== 0 || selected.includes('browser')) return r;
    // No browser step in this run: load the sub-path build's pages here.
    return run(PLAYWRIGHT, ['test', '--project', 'subpath'], {
      timeout: 10 * MIN,
      env: { SUBPATH_DIST: SUB_DIST },
    });
  },
  browser: () =>
    run(PLAYWRIGHT, ['test'], {
      timeout: 20 * MIN,
      env: subpathBuilt ? { SUBPATH_DIST: SUB_DIST } : {},
    }),
  repro: async () => {
    const b = await copyBuild();
    try {
      if (!b.ok) {
        for (const l of b.tail.slice(-20)) console.log(`    ${l}`);
        console.log(`    build in ${b.dir} failed`);
        return { code: 1 };
      }
      console.log(
        `    the copy's build took ${(b.ms / 1000).toFixed(1)} s (started after the build step)`,
      );
      const dist = resolve(ROOT, 'dist');
      const { files, diffs } = await compareDirs(dist, b.dist);
      for (const l of diffs.slice(0, 30)) console.log(`    ${l}`);
      console.log(
        diffs.length
          ? `    ${diffs.length} difference(s) between ${dist} and ${b.dist}`
          : `    identical: ${files} files in ${dist} and a copy built in ${b.dir}`,
      );
      return { code: diffs.length ? 1 : 0 };
    } finally {
      if (b.dir) await rm(b.dir, { recursive: true, force: true });
    }
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

const selected = Object.keys(STEPS).filter((n) => (!only || only.includes(n)) && !skip.includes(n));
const t0 = performance.now();
const results = [];
for (const name of selected) {
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
// A step failed before the background builds were waited for: let them end, and remove the copy.
const left = await Promise.all(Object.values(background));
for (const b of left) if (b?.dir) await rm(b.dir, { recursive: true, force: true });
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
