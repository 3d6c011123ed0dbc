/**
 * The lost acknowledgement as a sequence of messages, from a run's records:
 * the poster records its intent and sends; the feed applies the post; the
 * poster dies before it records the reply; a successor finds the intent with
 * no confirmation and resends; the feed answers from its remembered key — or,
 * without a key (or with one per attempt), applies a second post.
 *
 * Pure: every step is one record (a write and the store's decision, a send and
 * the feed's answer, an admission, a death in the snapshots). Sequence.tsx draws it.
 */
import { short, type Run } from '../../model/browser.ts';
import type { Tone } from './marks.ts';
import { at } from '../../model/lookup.ts';

export type Actor = 'records' | 'poster' | 'successor' | 'feed';

export interface Step {
  tick: number;
  from: Actor;
  /** The same as `from` for a note on one lifeline. */
  to: Actor;
  kind:
    | 'intent'
    | 'send'
    | 'apply'
    | 'remembered'
    | 'rejected'
    | 'reply'
    | 'lost-reply'
    | 'finds'
    | 'confirm';
  tone: Tone;
  label: string;
  data: Record<string, string | number | boolean>;
}

export interface AckSequence {
  intent: number;
  poster: number;
  successor: number | null;
  /** The tick each lifeline starts and ends (an attempt's life within the story). */
  life: Record<Actor, { from: number; to: number | null }>;
  steps: Step[];
}

const keyText = (key: string | null) =>
  key === null ? 'no key' : `key ${key.slice(key.lastIndexOf(':') + 1)}`;

/** The intent whose announcement lost its reply (one a settle attempt took over), else the first; null without one. */
export function ackSequence(run: Run): AckSequence | null {
  if (run.intents.length === 0) return null;
  const settler = run.attempts.find((a) => a.kind === 'settle' && a.settles !== null);
  const index = settler?.settles ?? 0;
  const intent = at(run.intents, index, 'intents');
  const poster = intent.attempt;
  const successor = settler && settler.settles === index ? settler.n : null;
  const role = (n: number): Actor => (n === poster ? 'poster' : 'successor');
  const diedAt = (n: number) =>
    run.ticks.findIndex((s) => s.attempts.find((x) => x.n === n)?.activity === 'dead');
  const steps: Step[] = [];

  const intentWrite = run.writes.find(
    (w) => w.store === 'intents' && w.writer === poster && w.tick === intent.tick,
  );
  steps.push({
    tick: intent.tick,
    from: 'poster',
    to: 'records',
    kind: 'intent',
    tone: intentWrite?.outcome === 'stale-applied' ? 'wrong' : 'neutral',
    label: `intent: announce ${short(intent.digest)}`,
    data: { attempt: poster, outcome: intentWrite?.outcome ?? 'applied' },
  });
  if (successor !== null) {
    const s = at(run.attempts, successor - 1, 'attempts');
    steps.push({
      tick: s.admittedAt,
      from: 'records',
      to: 'successor',
      kind: 'finds',
      tone: 'waiting',
      label: `finds intent, no confirmation`,
      data: { attempt: successor },
    });
  }
  for (const s of run.sends.filter((x) => x.intent === index)) {
    const who = role(s.attempt);
    if (s.attempt !== poster && s.attempt !== successor) continue;
    steps.push({
      tick: s.tick,
      from: who,
      to: 'feed',
      kind: 'send',
      tone: 'neutral',
      label: `send, ${keyText(s.key)}`,
      data: { attempt: s.attempt },
    });
    if (s.receipt === 'applied') {
      steps.push({
        tick: s.tick,
        from: 'feed',
        to: 'feed',
        kind: 'apply',
        tone: s.duplicate ? 'duplicate' : 'neutral',
        label: s.duplicate
          ? `applies ${s.post}: second post`
          : `applies ${s.post}${s.key ? ', keeps key' : ''}`,
        data: { post: s.post ?? '', duplicate: s.duplicate },
      });
    } else if (s.receipt === 'remembered') {
      steps.push({
        tick: s.tick,
        from: 'feed',
        to: 'feed',
        kind: 'remembered',
        tone: 'safe',
        label: `key seen: ${s.post}, no new post`,
        data: { post: s.post ?? '' },
      });
    } else {
      steps.push({
        tick: s.tick,
        from: 'feed',
        to: 'feed',
        kind: 'rejected',
        tone: 'stale',
        label: 'rejects the send',
        data: {},
      });
    }
    if (s.receipt !== 'rejected') {
      const lost = diedAt(s.attempt) === s.tick;
      steps.push({
        tick: s.tick,
        from: 'feed',
        to: who,
        kind: lost ? 'lost-reply' : 'reply',
        tone: lost ? 'wrong' : 'neutral',
        label: lost ? `reply ${s.post} lost: #${s.attempt} died` : `reply ${s.post}`,
        data: { attempt: s.attempt, post: s.post ?? '' },
      });
    }
  }
  for (const w of run.writes.filter(
    (x) => x.store === 'confirmations' && (x.writer === poster || x.writer === successor),
  )) {
    steps.push({
      tick: w.tick,
      from: role(w.writer),
      to: 'records',
      kind: 'confirm',
      tone: w.outcome === 'applied' ? 'safe' : w.outcome === 'rejected' ? 'stale' : 'wrong',
      label: `confirmed: ${run.sends.find((x) => x.attempt === w.writer && x.tick === w.tick)?.post ?? intent.post ?? ''}`,
      data: { attempt: w.writer, outcome: w.outcome },
    });
  }
  // Tick order; within a tick, the order the records were made in (stable sort).
  const order = [
    'intent',
    'finds',
    'send',
    'apply',
    'remembered',
    'rejected',
    'reply',
    'lost-reply',
    'confirm',
  ];
  steps.sort((a, b) => a.tick - b.tick || order.indexOf(a.kind) - order.indexOf(b.kind));

  const posterDied = diedAt(poster);
  const end = (n: number) => {
    const d = diedAt(n);
    if (d >= 0) return d;
    const stop = run.ticks.findIndex((s) =>
      ['done', 'fenced', 'refused'].includes(s.attempts.find((x) => x.n === n)?.state ?? ''),
    );
    return stop >= 0 ? stop : null;
  };
  return {
    intent: index,
    poster,
    successor,
    life: {
      records: { from: intent.tick, to: null },
      feed: { from: intent.tick, to: null },
      poster: { from: intent.tick, to: posterDied >= 0 ? posterDied : end(poster) },
      successor:
        successor === null
          ? { from: 0, to: 0 }
          : { from: at(run.attempts, successor - 1, 'attempts').admittedAt, to: end(successor) },
    },
    steps,
  };
}
