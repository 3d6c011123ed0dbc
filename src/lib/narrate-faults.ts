/**
 * Sentences for the fault schedule's events (rules page: #rule-schedule and
 * the fault rules after it). Kept beside the narrator, outside src/model, so
 * rewording one leaves the model version as it is; narrate() hands these
 * event kinds here.
 */
import type { TraceEvent } from '../model/types.ts';
import { formatTick } from './format.ts';

export type FaultEvent = Extract<
  TraceEvent,
  {
    kind:
      | 'falls-silent-before'
      | 'wakes-to-act'
      | 'poster-dies-at'
      | 'key-expired'
      | 'controller-down'
      | 'controller-restarted';
  }
>;

const ACTION = {
  assemble: 'assembling its candidate',
  send: 'sending the announcement it has just recorded',
} as const;

export function isFaultEvent(e: TraceEvent): e is FaultEvent {
  return (
    e.kind === 'falls-silent-before' ||
    e.kind === 'wakes-to-act' ||
    e.kind === 'poster-dies-at' ||
    e.kind === 'key-expired' ||
    e.kind === 'controller-down' ||
    e.kind === 'controller-restarted'
  );
}

export function narrateFault(e: FaultEvent): string {
  const n = `#${e.attempt}`;
  switch (e.kind) {
    case 'falls-silent-before':
      return `${n} falls silent just before ${ACTION[e.values.action]}: no heartbeat, nothing written.`;
    case 'wakes-to-act':
      return `${n} wakes and carries on with ${ACTION[e.values.action]}, still holding token ${e.values.token}.`;
    case 'poster-dies-at':
      return e.values.point === 'before-send'
        ? `${n} dies after recording its intent, before the announcement reaches the feed.`
        : `${n} dies right after recording the confirmation; its work was already done.`;
    case 'key-expired': {
      const x = e.values;
      return `The feed has forgotten key ${x.key}: it stored it with ${x.post} at ${formatTick(x.storedAt)} and keeps keys for ${x.retention} ${x.retention === 1 ? 'tick' : 'ticks'}, so this send is new to it.`;
    }
    case 'controller-down':
      return `The controller is down for this tick: nothing is assessed, suspected or admitted. The owner epoch stands at ${e.values.epoch}.`;
    case 'controller-restarted': {
      const x = e.values;
      return x.durable
        ? `The controller restarts with its records and the owner epoch ${x.epoch}; it starts its suspicion timers again from now.`
        : `The controller restarts with its records but not the owner epoch: it was ${x.before} and is back to ${x.epoch}, so the next admission issues the first token again. Suspicion timers start again from now.`;
    }
  }
}
