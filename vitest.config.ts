// One vitest config, two projects:
//   unit   pure TypeScript (src/model, src/lib, components' pure helpers) in Node
//   site   tests of the built site (dist, or DIST_DIR): run after `astro build`
// `npx vitest run --project unit` or `--project site` runs one. No Astro plugins are
// needed, so this is a plain Vite config; JSX compiles with Preact's automatic runtime.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  test: {
    environment: 'node',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One module registry per worker, not per file: the model and its word tables load once
          // (unit CPU 45 s → 23 s). No test mutates a module's state for another to see.
          isolate: false,
          include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          // Tests assert results, never time (budgets live in npm run bench): a test that
          // sweeps all 864 runs needs more than vitest's 5 s on a busy shared machine.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'site',
          isolate: false, // as unit (CPU 20 s → 11 s)
          include: ['tests/site/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
