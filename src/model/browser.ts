/**
 * The model's one browser entry point: everything an island may use, without
 * the 864-run sweep (sweep.ts) or the ledger, which only build-time pages
 * need. Islands import the model through this file and nothing else in
 * src/model; index.ts re-exports it and adds the build-time parts.
 */
export * from './world.ts';
export * from './switches.ts';
export * from './params.ts';
export * from './types.ts';
export { simulate } from './run.ts';
export { strictRuleUncheckable } from './dependant.ts';
export { receive, newFeed, type Feed, type Post, type Receipt, type Announcement } from './feed.ts';
export { versionAt, checkInvariants, CHECKS } from './invariants.ts';
export { TIMING } from './sim.ts';
export * from './presets.ts';
export * from './views.ts';
export * from './records.ts';
export * from './schedule.ts';
export { probe, type Probe } from './run.ts';
