// Unit tests: pure TypeScript (src/model, src/lib) in Node. No Astro plugins are
// needed, so this is a plain Vite config rather than `getViteConfig` from
// astro/config. JSX in .tsx tests compiles with Preact's automatic runtime.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'preact' },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/unit/**/*.test.ts'],
  },
});
