/**
 * The five records of the example and what each guards, as data: no rule of
 * its own (the rules that write and check these records are in controller,
 * workers, stores and dependant). The sweep counts with it; the vocabulary
 * gives each record its words. No dependencies, so islands and the 404
 * script can import it cheaply.
 */
import type { SwitchId } from './switches.ts';
import type { InvariantId } from './types.ts';

export type RecordId = 'attempt' | 'journal' | 'epoch' | 'effect' | 'acceptance';

/**
 * What each of the five records guards: the invariants that break when the
 * record (or its check) is missing, and the switch value that removes it in
 * the model (null: no switch removes it). The words for each record live in
 * the vocabulary.
 */
export const RECORD_GUARDS: Record<
  RecordId,
  { invariants: InvariantId[]; removedBy: { id: SwitchId; values: string[] } | null }
> = {
  attempt: { invariants: [], removedBy: null },
  journal: {
    invariants: ['supersededAccepted', 'dependantWrong'],
    removedBy: { id: 'pins', values: ['off'] },
  },
  epoch: {
    invariants: ['staleWrite', 'twoAccepted'],
    removedBy: { id: 'fencing', values: ['off'] },
  },
  effect: {
    invariants: ['duplicateEffect'],
    removedBy: { id: 'key', values: ['per-attempt', 'none'] },
  },
  acceptance: {
    invariants: ['dependantWrong'],
    removedBy: { id: 'rule', values: ['any-accepted', 'latest-finished'] },
  },
};
