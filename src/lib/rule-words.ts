/**
 * The rules page's words: each rule's section title on /model/ and the short name an event
 * row shows beside its sentence. Part of the site's vocabulary (src/lib/vocabulary.ts), kept
 * in a module of its own so that only what shows rules (event tables, the rules and fault
 * pages) loads them, not every island that uses the vocabulary.
 */
import type { RuleSection } from './routes.ts';

/** The title of each rule's section on /model/, and the short name an event row shows beside its sentence. */
export const RULE_WORDS: Record<RuleSection, { title: string; short: string }> = {
  world: { title: 'The world: one report, two versions', short: 'world' },
  switches: { title: 'The eight switches', short: 'switches' },
  timing: { title: 'Fixed timing', short: 'timing' },
  tick: { title: 'One tick, four phases', short: 'tick' },
  input: { title: 'Input: the correction arrives', short: 'input' },
  assess: { title: 'Controller, first: assess candidates', short: 'assess' },
  suspect: { title: 'Controller, second: suspect the silent', short: 'suspect' },
  admit: { title: 'Controller, third: admit a successor', short: 'admit' },
  restore: { title: 'Restore or redo, at admission', short: 'restore' },
  compute: { title: 'Worker: compute one step', short: 'compute' },
  silent: { title: 'Worker #1 falls silent, and may wake', short: 'silent' },
  assemble: { title: 'Worker: assemble a candidate', short: 'assemble' },
  post: { title: 'Worker: announce an accepted digest', short: 'post' },
  'post-dies': { title: 'The poster may die after its post', short: 'post dies' },
  settle: { title: 'Settle attempt: finish an unconfirmed announcement', short: 'settle' },
  fencing: { title: 'Protected writes and fencing', short: 'fencing' },
  feed: { title: 'The feed remembers keys', short: 'feed' },
  dependant: { title: 'The newsletter’s admission rule', short: 'newsletter' },
  lifecycles: { title: 'Three lifecycles, kept apart', short: 'lifecycles' },
  'duplicate-effect': { title: 'Invariant: no duplicate effect', short: 'duplicate effect' },
  'stale-write': { title: 'Invariant: no stale write applied', short: 'stale write' },
  'superseded-accepted': { title: 'Invariant: no superseded input accepted', short: 'superseded accepted' },
  'dependant-wrong': { title: 'Invariant: the dependant starts on the right digest', short: 'dependant wrong' },
  'two-accepted': { title: 'Invariant: one accepted digest per version', short: 'two accepted' },
  finished: { title: 'When a run has finished', short: 'finished' },
  outcome: { title: 'What a run reports', short: 'outcome' },
  // The fault schedule (src/components/faults/FaultRules.astro).
  schedule: { title: 'The fault schedule', short: 'schedule' },
  'fault-silence': { title: 'Fault: where #1 goes silent, and for how long', short: 'fault: silence' },
  'fault-poster': { title: 'Fault: where the poster dies', short: 'fault: poster' },
  'fault-retention': { title: 'Fault: the feed forgets keys', short: 'fault: key retention' },
  'fault-restart': { title: 'Fault: the controller restarts', short: 'fault: restart' },
};
