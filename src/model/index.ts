/**
 * The model's public surface for build-time code (pages, figures, tests):
 * the browser entry point plus the 864-run sweep and the call ledger.
 * Islands import browser.ts instead.
 */
export * from './browser.ts';
export * from './sweep.ts';
export * from './ledger.ts';
export * from './faults.ts';
