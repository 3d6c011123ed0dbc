// Tests of the built site (dist/): they run after `astro build`, from scripts/test-all.mjs.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/site/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
