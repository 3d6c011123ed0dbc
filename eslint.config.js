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
// The words of the switches, values and invariants (Node 22 strips the types: run ESLint
// through npm, as CONTRIBUTING.md says, so it gets the project's Node).
import { INVARIANTS, VOCABULARY, valueWords } from './src/lib/vocabulary.ts';
import { SWITCH_IDS, SWITCH_VALUES } from './src/model/switches.ts';

/**
 * One route table (src/lib/routes.ts): no other file builds a trace, explorer, run-JSON, fault,
 * rule or definition URL by hand. Each entry: an AST selector and the message.
 */
const HAND_BUILT_URLS = [
  ['a trace URL', String.raw`/^\/traces\/[a-z]/`, String.raw`/traces\/$/`],
  ['an explorer query', String.raw`/\/explorer\/[?#]/`, String.raw`/\/explorer\/[?#]?$/`],
  ['a tick anchor', String.raw`/^#t$/`, String.raw`/#t$/`],
  ['a run JSON URL', String.raw`/\/data\/runs\//`, String.raw`/\/data\/runs\//`],
  [
    'a fault page or data URL',
    String.raw`/^\/faults\/|\/data\/faults\.json/`,
    String.raw`/\/faults\/$|\/data\/faults\.json/`,
  ],
  ['a rule or definition anchor', String.raw`/#(rule|def)-/`, String.raw`/#(rule|def)-/`],
  [
    'a section link',
    String.raw`/\/(article|companion|model)\/#/`,
    String.raw`/\/(article|companion|model)\/#/`,
  ],
].flatMap(([what, literal, template]) =>
  [`Literal[value=${literal}]`, `TemplateElement[value.raw=${template}]`].map((selector) => ({
    selector,
    message: `Builds ${what} by hand: take it from src/lib/routes.ts (then href() from src/lib/paths.ts).`,
  })),
);

/**
 * One vocabulary (src/lib/vocabulary.ts): no other code file spells a switch's, a value's or an
 * invariant's words (those long enough to be wording: ten characters and a space).
 */
const WORDING = [
  ...new Set([
    ...SWITCH_IDS.flatMap((id) => [
      VOCABULARY[id].label,
      VOCABULARY[id].meaning,
      ...SWITCH_VALUES[id].flatMap((v) => {
        const w = valueWords(id, v);
        return [w.label, w.phrase, w.not];
      }),
    ]),
    ...INVARIANTS.flatMap((inv) => [inv.label, inv.meaning]),
  ]),
].filter((w) => w.length >= 10 && w.includes(' '));
const quoted = (/** @type {string} */ w) => JSON.stringify(w);
const regexOf = (/** @type {string} */ w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const OWN_WORDING = WORDING.flatMap((w) => [
  {
    selector: `Literal[value=${quoted(w)}]`,
    message: `Spells “${w}”: take it from src/lib/vocabulary.ts.`,
  },
  {
    selector: `TemplateElement[value.raw=/^${regexOf(w)}/]`,
    message: `Spells “${w}”: take it from src/lib/vocabulary.ts.`,
  },
  {
    selector: `JSXText[value=/^\\s*${regexOf(w)}\\s*$/]`,
    message: `Spells “${w}”: take it from src/lib/vocabulary.ts.`,
  },
]);

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
    // The route table and the vocabulary hold their lines (the selectors above).
    files: ['src/**/*.{ts,tsx,astro,mjs}'],
    ignores: ['src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...HAND_BUILT_URLS, ...OWN_WORDING] },
  },
  {
    files: ['src/lib/routes.ts'],
    rules: { 'no-restricted-syntax': ['error', ...OWN_WORDING] },
  },
  {
    files: ['src/lib/vocabulary.ts'],
    rules: { 'no-restricted-syntax': ['error', ...HAND_BUILT_URLS] },
  },
  {
    // The lab and the engines' harness read rows from node:sqlite, which types every row as a record of column values;
    // each query names its columns in its SQL, and the checker validates what it reads.
    files: ['lab/**/*.ts', 'engines/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
