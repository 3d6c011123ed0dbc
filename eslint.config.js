// ESLint (flat config): the recommended rule sets of ESLint, typescript-eslint and
// eslint-plugin-astro, and jsx-a11y (the -x fork, which supports ESLint 10) for the Preact
// islands (.tsx) and the Astro templates. Style is Prettier's job, not ESLint's: no
// formatting rules here. CONTRIBUTING.md ("Checks") says why these and not others.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import globals from 'globals';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'tmp/',
      '.astro/',
      'node_modules/',
      'public/',
      'test-results/',
      'playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs.recommended,
  astro.configs['jsx-a11y-recommended'],
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature, a skipped element).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // A scroll container is focusable (tabindex="0") so that a keyboard can scroll it
    // (WCAG 2.1.1; axe's scrollable-region-focusable): a labelled <section> (a region) or a
    // role="group". The rule's default allows only tabpanel.
    files: ['**/*.tsx'],
    rules: {
      'jsx-a11y-x/no-noninteractive-tabindex': [
        'error',
        { tags: ['section'], roles: ['tabpanel', 'region', 'group'], allowExpressionValues: true },
      ],
    },
  },
  {
    files: ['**/*.astro'],
    rules: {
      // Astro types a component's props by the name `Props`, used or not in the frontmatter.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^(_|Props$)',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      'astro/jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: ['section'], roles: ['tabpanel', 'region', 'group'], allowExpressionValues: true },
      ],
    },
  },
  {
    // The lab reads rows from node:sqlite, which types every row as a record of column values;
    // each query names its columns in its SQL, and the checker validates what it reads.
    files: ['lab/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
