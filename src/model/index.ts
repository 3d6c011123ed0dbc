/**
 * The model's public surface. Pages (at build time) and islands (in the
 * browser) import from here and nowhere else in src/model.
 */
export * from './world.ts';
export * from './switches.ts';
export * from './types.ts';
export { simulate } from './run.ts';
export { receive, newFeed, type Feed, type Post, type Receipt, type Announcement } from './feed.ts';
export { versionAt, checkInvariants, CHECKS } from './invariants.ts';
export { TIMING } from './sim.ts';
export * from './presets.ts';
export * from './sweep.ts';
export * from './views.ts';
export * from './ledger.ts';
