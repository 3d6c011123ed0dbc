/**
 * The moments the article's sections discuss, as tick ranges read off a
 * reference run's records: the small multiples highlight them on the run's
 * timeline. Each range is found in the records (an admission, the first
 * snapshot in which an attempt is unknown, a rejected write, an acceptance);
 * no tick is typed here. The words are the figure's caption, in our own words.
 */
import type { Run } from '../../model/index.ts';

export type MomentId =
  | 'attempt-record'
  | 'silence'
  | 'restore-or-redo'
  | 'fencing'
  | 'acceptance'
  | 'effects'
  | 'after-acceptance'
  | 'pins-off';

export interface Moment {
  /** The reference trace the figure draws (a preset id). */
  preset: string;
  /** Ticks [from, to] to highlight, or null when the run lacks the records. */
  range: (run: Run) => [number, number] | null;
  /** What the highlighted ticks show, as a caption. */
  words: (run: Run) => string;
}

const n = (run: Run, i: number) => `#${run.attempts[i]?.n}`;
/** First tick at which attempt `i` (0-based) is unknown to the controller. */
const unknownAt = (run: Run, i: number) =>
  run.ticks.find((s) => s.attempts.some((a) => a.n === run.attempts[i]?.n && a.state === 'unknown'))
    ?.tick;
/** First tick at which attempt `i` is silent, in what it really does. */
const silentAt = (run: Run, i: number) =>
  run.ticks.find((s) =>
    s.attempts.some((a) => a.n === run.attempts[i]?.n && a.activity === 'silent'),
  )?.tick;
const both = (
  a: number | undefined | null,
  b: number | undefined | null,
): [number, number] | null => (a == null || b == null ? null : [Math.min(a, b), Math.max(a, b)]);

export const MOMENTS: Record<MomentId, Moment> = {
  'attempt-record': {
    preset: 'main',
    range: (r) => both(r.attempts[0]?.admittedAt, r.attempts[0]?.admittedAt),
    words: (r) => `The controller writes ${n(r, 0)} down before it does any work.`,
  },
  silence: {
    preset: 'main',
    range: (r) => both(silentAt(r, 0), unknownAt(r, 0)),
    words: (r) => `${n(r, 0)} stops answering; the controller holds it as unknown, not dead.`,
  },
  'restore-or-redo': {
    preset: 'main',
    range: (r) => {
      const second = r.attempts[1];
      const written = r.journal.filter((e) => e.writer === second?.n).map((e) => e.tick);
      return both(second?.admittedAt, written.length ? Math.max(...written) : null);
    },
    words: (r) =>
      `${n(r, 1)} restores what the journal already holds for its input and computes the rest.`,
  },
  fencing: {
    preset: 'main',
    range: (r) => {
      const w = r.writes.find((x) => x.outcome === 'rejected');
      return both(w?.tick, w?.tick);
    },
    words: (r) => `${n(r, 0)} wakes and writes with its old token; the journal refuses it.`,
  },
  acceptance: {
    preset: 'main',
    range: (r) => both(r.candidates[0]?.tick, r.newsletter?.tick ?? r.acceptances[0]?.tick),
    words: () =>
      'A finished candidate, then its acceptance, then the newsletter that relies on it.',
  },
  effects: {
    preset: 'main',
    range: (r) => both(r.feedPosts[0]?.tick, r.intents[0]?.confirmedAt),
    words: (r) =>
      `The feed applies the post, the reply is lost, and ${n(r, 2)} resends with the same key.`,
  },
  'after-acceptance': {
    preset: 'second',
    range: (r) => both(r.acceptances[0]?.tick, r.newsletter?.tick),
    words: () =>
      'The second trace: a digest is accepted, the report changes, and the newsletter waits for a new acceptance.',
  },
  'pins-off': {
    preset: 'pins-off',
    range: (r) => both(r.attempts[1]?.admittedAt, r.newsletter?.tick),
    words: () =>
      'Version pins off: the successor restores a summary of the old text, and the digest built on it is accepted.',
  },
};
