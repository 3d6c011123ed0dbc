/**
 * The rules page's words: each rule's section title on /model/. Part of the site's
 * vocabulary (src/lib/vocabulary.ts), kept in a module of its own so that only the pages
 * that show the titles (the rules and fault pages, at build time) load them; an event row
 * names its rule by `ruleShort` (vocabulary.ts), so no island carries the titles.
 */
import type { RuleSection } from './routes.ts';

/** The title of each rule's section on /model/. */
export const RULE_WORDS: Record<RuleSection, { title: string }> = {
  world: { title: 'The world: one report, two versions' },
  switches: { title: 'The eight switches' },
  timing: { title: 'Fixed timing' },
  tick: { title: 'One tick, four phases' },
  input: { title: 'Input: the correction arrives' },
  assess: { title: 'Controller, first: assess candidates' },
  suspect: { title: 'Controller, second: suspect the silent' },
  admit: { title: 'Controller, third: admit a successor' },
  restore: { title: 'Restore or redo, at admission' },
  compute: { title: 'Worker: compute one step' },
  silent: { title: 'Worker #1 falls silent, and may wake' },
  assemble: { title: 'Worker: assemble a candidate' },
  post: { title: 'Worker: announce an accepted digest' },
  'post-dies': { title: 'The poster may die after its post' },
  settle: { title: 'Settle attempt: finish an unconfirmed announcement' },
  fencing: { title: 'Protected writes and fencing' },
  feed: { title: 'The feed remembers keys' },
  dependant: { title: 'The newsletter’s admission rule' },
  lifecycles: { title: 'Three lifecycles, kept apart' },
  'duplicate-effect': { title: 'Invariant: no duplicate effect' },
  'stale-write': { title: 'Invariant: no stale write applied' },
  'superseded-accepted': { title: 'Invariant: no superseded input accepted' },
  'dependant-wrong': { title: 'Invariant: the dependant starts on the right digest' },
  'two-accepted': { title: 'Invariant: one accepted digest per version' },
  finished: { title: 'When a run has finished' },
  outcome: { title: 'What a run reports' },
  // The fault schedule (src/components/faults/FaultRules.astro).
  schedule: { title: 'The fault schedule' },
  'fault-silence': { title: 'Fault: where #1 goes silent, and for how long' },
  'fault-poster': { title: 'Fault: where the poster dies' },
  'fault-retention': { title: 'Fault: the feed forgets keys' },
  'fault-restart': { title: 'Fault: the controller restarts' },
};

/**
 * Where a switch or a fault weakens a rule: the protection variant of the
 * fault sweep that weakens it (all-on: a fault weakens it, no switch) and the
 * invariant that then breaks. The rules page links each to the sweep's
 * counterexample with the fewest faults ("see it fail").
 */
export const RULE_FAILS: Partial<
  Record<
    RuleSection,
    {
      variant: string;
      invariant: import('../model/types.ts').InvariantId;
      /** What weakens the rule, as a phrase: "with fencing off". */
      how: string;
    }
  >
> = {
  assess: { variant: 'pins-off', invariant: 'supersededAccepted', how: 'with version pins off' },
  restore: { variant: 'pins-off', invariant: 'supersededAccepted', how: 'with version pins off' },
  fencing: { variant: 'fencing-off', invariant: 'staleWrite', how: 'with fencing off' },
  feed: { variant: 'key-per-attempt', invariant: 'duplicateEffect', how: 'with a key per attempt' },
  settle: { variant: 'key-none', invariant: 'duplicateEffect', how: 'with no key' },
  'post-dies': {
    variant: 'key-per-attempt',
    invariant: 'duplicateEffect',
    how: 'with a key per attempt',
  },
  dependant: {
    variant: 'rule-any-accepted',
    invariant: 'dependantWrong',
    how: 'with the rule “any accepted”',
  },
  'fault-retention': {
    variant: 'all-on',
    invariant: 'duplicateEffect',
    how: 'with every protection on, when a key expires',
  },
  'fault-restart': {
    variant: 'all-on',
    invariant: 'twoAccepted',
    how: 'with every protection on, when the restart loses the epoch',
  },
};
