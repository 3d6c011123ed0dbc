/** The panels of the explorer a guided-route scene can point at, and their names in a sentence. */
export type Focus =
  | 'trace'
  | 'attempts'
  | 'epoch'
  | 'journal'
  | 'artifacts'
  | 'effects'
  | 'feed'
  | 'newsletter'
  | 'outcome'
  | 'invariants';

export const FOCUS_LABEL: Record<Focus, string> = {
  trace: 'the trace',
  attempts: 'the attempts',
  epoch: 'the owner epoch and the stores’ decisions',
  journal: 'the journal',
  artifacts: 'the candidates and acceptances',
  effects: 'the effect intents',
  feed: 'the feed',
  newsletter: 'the newsletter',
  outcome: 'the outcome',
  invariants: 'the invariants',
};
