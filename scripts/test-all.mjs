// `npm test`: everything, in order, stopping at the first failing step.
//   1 unit      vitest run
//   2 build     astro build → dist
//   3 checks    scripts/check-dist.mjs dist (HTML validity, links and fragments,
//               no off-site resources, CSP, runs.json), then the vitest tests of the
//               built pages (vitest.site.config.ts: figures on pages equal the model's)
//   4 browser   tests/browser/run.mjs over dist (axe, console, requests, 360 px, no-JS,
//               screenshots) in a real headless Chromium
//   5 subpath   BASE_PATH=/sub/ build → tmp/dist-sub; link/resource/CSP checks under
//               /sub/, and every page loaded in Chromium under /sub/ with no failed request
//   6 repro     a third build → tmp/dist-repro, compared byte for byte with dist
// Every child process has a timeout, so a missing or stuck piece fails instead of hanging.
//
//   npm test [-- --only checks,browser] [-- --skip repro] [-- --keep-going]
// (--keep-going runs the later steps after a failure, to see every problem at once)
import { access } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ROOT, run, astroBuild, compareDirs, printComparison } from './repro.mjs';

const MIN_NODE = [22, 12];
const VITEST = join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const TSC = join(ROOT, 'node_modules', 'typescript', 'lib', 'tsc.js');
const CHECK = join(ROOT, 'scripts', 'check-dist.mjs');
const BROWSER = join(ROOT, 'tests', 'browser', 'run.mjs');
const SITE_TESTS = join(ROOT, 'vitest.site.config.ts');
const SUB = '/sub/';

const exists = (p) =>
  access(p).then(
    () => true,
    () => false,
  );

const ok = (r) => r.code === 0;
const fail = (why) => ({ code: 1, why });

/** Run every part, even after one fails; the step passes when all return exit code 0. */
async function all(...parts) {
  let failed = null;
  for (const part of parts) {
    const r = await part();
    if (r.code !== 0) failed ??= r;
  }
  return failed ?? { code: 0 };
}

/** Run the parts in order, stopping at the first that fails. */
async function sequence(...parts) {
  for (const part of parts) {
    const r = await part();
    if (r.code !== 0) return r;
  }
  return { code: 0 };
}

function build(outDir, base) {
  return async () => {
    const r = await astroBuild(outDir, { base });
    return ok(r) ? r : { ...r, why: r.timedOut ? 'astro build timed out' : `astro build exited with ${r.code}` };
  };
}

const STEPS = [
  {
    name: 'typecheck',
    title: 'type check (tsc --noEmit: every .ts and .tsx file)',
    run: () => run(TSC, ['--noEmit', '-p', ROOT], { timeout: 300_000 }),
  },
  {
    name: 'unit',
    title: 'unit tests (vitest run)',
    run: () => run(VITEST, ['run'], { timeout: 300_000 }),
  },
  {
    name: 'build',
    title: 'build (astro build → dist)',
    run: build('dist'),
  },
  {
    name: 'checks',
    title: 'checks of dist (html-validate, links + fragments, off-site resources, CSP, runs.json; tests/site)',
    run: () =>
      all(
        () => run(CHECK, ['dist'], { timeout: 300_000 }),
        // Figures on the built pages against the model (vitest.site.config.ts), when present.
        async () =>
          (await exists(SITE_TESTS)) ? run(VITEST, ['run', '--config', SITE_TESTS], { timeout: 300_000 }) : { code: 0 },
      ),
  },
  {
    name: 'browser',
    title: 'browser tests over dist (Chromium: axe WCAG 2.2 AA, console, requests, 360 px, no JS)',
    run: () => run(BROWSER, ['--dist', 'dist'], { timeout: 1_200_000 }),
  },
  {
    name: 'subpath',
    title: `sub-path build (BASE_PATH=${SUB} → tmp/dist-sub): links and requests under ${SUB}`,
    run: () =>
      sequence(
        build('tmp/dist-sub', SUB),
        () => run(CHECK, ['tmp/dist-sub', '--base', SUB, '--skip', 'html'], { timeout: 300_000 }),
        () => run(BROWSER, ['--dist', 'tmp/dist-sub', '--base', SUB, '--requests-only'], { timeout: 600_000 }),
      ),
  },
  {
    name: 'repro',
    title: 'reproducible build (tmp/dist-repro byte-for-byte equal to dist)',
    run: (selected) =>
      sequence(build('tmp/dist-repro'), async () => {
        if (!selected.includes('build')) console.log('    note: dist was not rebuilt in this run, so a source change since then shows as a difference');
        const r = await compareDirs(resolve(ROOT, 'dist'), resolve(ROOT, 'tmp/dist-repro'));
        const log = (line) => console.log(`    ${line}`);
        return printComparison(r, 'dist', 'tmp/dist-repro', log) ? { code: 0 } : fail('the two builds differ');
      }),
  },
];

async function preflight() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1]))
    return `Node ${process.versions.node} is too old: Astro 7 needs ≥ ${MIN_NODE.join('.')}. Run through npm (\`npm test\`), which puts the project's Node 22 (devDependency "node") first on PATH.`;
  for (const p of [VITEST, join(ROOT, 'node_modules', 'astro'), join(ROOT, 'node_modules', 'playwright-core')])
    if (!(await exists(p))) return `${p} is missing: install dependencies first with \`npm ci\`.`;
  return null;
}

function parseSelection(args) {
  const pick = (flag) => {
    const i = args.indexOf(flag);
    return i < 0 ? null : (args[i + 1] ?? '').split(',').filter(Boolean);
  };
  const only = pick('--only');
  const skip = pick('--skip') ?? [];
  const names = STEPS.map((s) => s.name);
  const unknown = [...(only ?? []), ...skip].filter((n) => !names.includes(n));
  if (unknown.length) throw new Error(`unknown step(s) ${unknown.join(', ')}; steps are ${names.join(', ')}`);
  return STEPS.filter((s) => (only ? only.includes(s.name) : true) && !skip.includes(s.name));
}

async function main() {
  const t0 = performance.now();
  const problem = await preflight();
  if (problem) {
    console.log(`test-all: ${problem}`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  const keepGoing = process.argv.includes('--keep-going');
  let steps;
  try {
    steps = parseSelection(process.argv.slice(2));
  } catch (err) {
    console.log(`test-all: ${err.message}`);
    console.log('0 passed, 1 failed');
    return 2;
  }
  const results = [];
  let stopped = false;
  for (const [i, step] of steps.entries()) {
    if (stopped) {
      results.push({ step, status: 'not run' });
      continue;
    }
    console.log(`\n── ${i + 1}/${steps.length} ${step.name}: ${step.title}`);
    const s0 = performance.now();
    let r;
    try {
      r = await step.run(steps.map((s) => s.name));
    } catch (err) {
      r = fail(`crashed: ${err.stack ?? err}`);
    }
    const secs = (performance.now() - s0) / 1000;
    const passed = r.code === 0;
    const why = passed ? '' : (r.why ?? (r.timedOut ? 'timed out' : `exit code ${r.code}`));
    console.log(`── ${step.name}: ${passed ? 'passed' : `FAILED (${why})`} in ${secs.toFixed(1)} s`);
    results.push({ step, status: passed ? 'passed' : 'FAILED', secs, why });
    if (!passed && !keepGoing) stopped = true;
  }

  console.log('\nSummary');
  for (const r of results)
    console.log(
      `  ${r.status.padEnd(7)} ${r.step.name.padEnd(8)} ${r.secs != null ? `${r.secs.toFixed(1).padStart(6)} s` : '       -'}  ${r.why ?? ''}`,
    );
  const passed = results.filter((r) => r.status === 'passed').length;
  const failed = results.filter((r) => r.status === 'FAILED').length;
  const notRun = results.length - passed - failed;
  console.log(`  total ${((performance.now() - t0) / 1000).toFixed(1)} s${notRun ? `; ${notRun} step(s) not run after the failure` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
