/**
 * The narrator: turns the model's events and breaches (plain data, see
 * TraceEvent and Breach in src/model/types.ts) into the sentences trace
 * pages, the explorer and the article show. It decides nothing: every fact
 * is in the event; this file only chooses words. It lives outside src/model,
 * so rewording a sentence leaves the model version as it is.
 */
import { REVENUE, short, versionHash } from '../model/world.ts';
import type { Breach, Refusal, StaleMark, TraceEvent, WriteSubject } from '../model/types.ts';
import { isFaultEvent, narrateFault } from './narrate-faults.ts';
import { formatTick } from './format.ts';

const who = (n: number | null) => `#${n}`;

/** Why the feed rejects a send, in words (the receipt's reason code, src/model/feed.ts). */
const REJECTION: Record<string, string> = { 'different-request': 'different request' };

function stale(mark: StaleMark): string {
  if (!mark) return '';
  return mark.highest === undefined
    ? ` — a stale write: token ${mark.token}, epoch ${mark.epoch}`
    : ` — a stale write: token ${mark.token}, below token ${mark.highest} issued before the restart (the epoch, lost, is ${mark.epoch})`;
}

/** What a protected write carried, as a noun phrase. */
export function subjectText(w: WriteSubject): string {
  switch (w.kind) {
    case 'step':
      return `${w.step} (${short(w.result)})`;
    case 'candidate':
      return `candidate ${short(w.digest)}`;
    case 'intent':
      return `the intent to announce ${short(w.digest)}`;
    case 'confirmation':
      return `confirmation of ${w.post}`;
  }
}

/** Why a candidate was refused, as a clause. */
export function refusalText(r: Refusal): string {
  switch (r.reason) {
    case 'token':
      return `its writer’s token ${r.token} is below the owner epoch ${r.epoch}`;
    case 'pin':
      return `it is pinned to ${r.pin}, but ${r.current} is current`;
    case 'input':
      return `part ${r.step} was computed from an input that is not ${r.current}’s ${r.step}`;
  }
}

const keyText = (key: string | null) => (key ? `key ${key}` : 'no key');

const WHY = {
  current: (current: string) => `accepted for ${current}, the current report`,
  'fail-open': () =>
    'records carry no version, so the current-report rule fails open and takes the newest accepted digest',
  any: () => 'the newest accepted digest',
  latest: () => 'the newest finished candidate, accepted or not',
};

/** The sentence for one event. */
export function narrate(e: TraceEvent): string {
  if (isFaultEvent(e)) return narrateFault(e); // the fault schedule's events
  const n = who(e.attempt);
  switch (e.kind) {
    case 'report-changed': {
      const x = e.values;
      return `Report ${x.version} ${short(versionHash(x.version))} becomes current: section s2’s revenue is corrected from ${REVENUE[x.from]} to ${REVENUE[x.version]}.`;
    }
    case 'falls-silent':
      return `${n} starts ${e.values.step} (the model call is made), then falls silent: no heartbeat, nothing written.`;
    case 'step-journaled': {
      const x = e.values;
      return `${n} summarises ${x.step} from ${x.pin} (one model call) → result ${short(x.result)}, written to the journal${stale(x.stale)}.`;
    }
    case 'step-held': {
      const x = e.values;
      return `${n} summarises ${x.step} from ${x.pin} (one model call) → result ${short(x.result)}, held in memory until the end.`;
    }
    case 'wakes-to-write': {
      const x = e.values;
      return `${n} wakes: its ${x.step} result ${short(x.result)} arrives, and it tries to write it, still holding token ${x.token}.`;
    }
    case 'woken-step-journaled':
      return `${n}’s ${e.values.step} lands in the journal${stale(e.values.stale)}.`;
    case 'wakes-holding': {
      const x = e.values;
      return `${n} wakes: its ${x.step} result ${short(x.result)} arrives and is held in memory; it carries on as if nothing happened.`;
    }
    case 'candidate-written': {
      const x = e.values;
      const saved = x.endOnly ? 'writes its steps to the journal, then ' : '';
      // `pin` is the version the attempt read, not what the candidate record
      // says: with version pins off the record names no version (the state
      // panel shows the record), so the sentence says "built from", which holds either way.
      return `${n} ${saved}assembles candidate digest ${short(x.digest)} (built from ${x.pin}, quoting ${x.quote})${stale(x.stale)}. A candidate, not yet accepted.`;
    }
    case 'send-rejected':
      return `The feed rejects ${n}’s send (${keyText(e.values.key)}): ${REJECTION[e.values.reason] ?? e.values.reason}.`;
    case 'send-remembered':
      return `${n} sends with ${keyText(e.values.key)}. The feed has seen this key: it returns ${e.values.post} and posts nothing new.`;
    case 'send-applied': {
      const x = e.values;
      return `${n} sends with ${keyText(x.key)}. The feed applies a new post ${x.post}${x.duplicate ? ' — a second post announcing the same digest' : ''}.`;
    }
    case 'confirmed':
      return `${n} records ${e.values.post} as confirmed${stale(e.values.stale)}; ${n} is done.`;
    case 'intent-recorded':
      return `${n} records its intent to announce ${short(e.values.digest)}${stale(e.values.stale)}.`;
    case 'poster-dies':
      return `${n} dies right after the feed applies the post, before it can record the reply.`;
    case 'candidate-refused':
      return `Controller refuses candidate ${short(e.values.digest)} from ${n}: ${refusalText(e.values.refusal)}. ${n} is refused.`;
    case 'candidate-accepted': {
      const x = e.values;
      return x.version
        ? `Controller accepts ${short(x.digest)} for ${x.version} and appends the acceptance record.`
        : `Controller accepts ${short(x.digest)}; with pins off the acceptance record names no version.`;
    }
    case 'suspected':
      return `${n} has missed ${e.values.missed} heartbeats (last at ${formatTick(e.values.last)}): unknown — neither failed nor finished.`;
    case 'settle-admitted': {
      const x = e.values;
      return `Controller publishes epoch ${x.token}, then admits ${n} with token ${x.token} to settle ${who(x.writer)}’s unconfirmed announcement of ${short(x.digest)}.`;
    }
    case 'build-admitted': {
      const x = e.values;
      return `Controller publishes epoch ${x.token}, then records ${n} (build) with token ${x.token}, pinned to report ${x.pin} ${short(versionHash(x.pin))} — before any work is dispatched.`;
    }
    case 'step-restored': {
      const x = e.values;
      return x.wanted
        ? `${n} restores ${x.step} from the journal: entry ${short(x.result)} by ${who(x.writer)} was computed from ${short(x.wanted)}, the hash it needs. No model call.`
        : `${n} restores ${x.step} from the journal: an entry ${short(x.result)} by ${who(x.writer)} exists, and with pins off nothing says what it was computed from. No model call.`;
    }
    case 'steps-redone': {
      const x = e.values;
      const reasons = [
        x.stale.length
          ? `${x.stale.join(', ')}: the journal’s ${x.stale.length === 1 ? 'entry was' : 'entries were'} computed from other text than ${x.pin}’s`
          : '',
        x.absent.length ? `${x.absent.join(', ')}: the journal has no entry yet` : '',
      ].filter(Boolean);
      return `${n} must compute ${x.redo.join(', ')} itself (${reasons.join('; ')}).`;
    }
    case 'write-rejected': {
      const x = e.values;
      return `The ${x.store} store rejects ${n}’s write of ${subjectText(x.subject)}: token ${x.token} is below the owner epoch ${x.epoch}. ${n} is fenced and stops — alive, but without write authority.`;
    }
    case 'newsletter-waits': {
      const x = e.values;
      const why =
        x.reason === 'no-version'
          ? 'records carry no version, so it can never prove a digest is current (fail closed)'
          : `no digest is accepted for ${x.current} yet`;
      return `The newsletter is ready but waits: ${why}.`;
    }
    case 'newsletter-admitted': {
      const x = e.values;
      return `Newsletter admitted on ${short(x.digest)} (${WHY[x.why](x.current)}); it quotes ${x.quote}.`;
    }
  }
}

/** The sentence for one breach the engine noted. */
export function breachText(b: Breach): string {
  switch (b.invariant) {
    case 'duplicateEffect':
      return `The feed applied ${b.values.post}, announcing ${short(b.values.digest)} a second time.`;
    case 'staleWrite': {
      const x = b.values;
      return x.highest === undefined
        ? `${who(x.attempt)} (token ${x.token}) wrote ${subjectText(x.subject)} to the ${x.store} store while the owner epoch was ${x.epoch}.`
        : `${who(x.attempt)} (token ${x.token}) wrote ${subjectText(x.subject)} to the ${x.store} store after token ${x.highest} had been issued: the restart had lost the epoch (${x.epoch}), so the store let it through.`;
    }
    case 'supersededAccepted': {
      const x = b.values;
      return `${short(x.digest)} was accepted at ${formatTick(b.tick)} but its parts are ${x.content ?? 'a mix of versions'}, while ${x.current} is current.`;
    }
    case 'dependantWrong': {
      const x = b.values;
      return x.accepted
        ? `The newsletter started on ${short(x.digest)}, whose content is not ${x.current}, the current report.`
        : `The newsletter started on ${short(x.digest)}, which was never accepted.`;
    }
    case 'twoAccepted':
      return `${short(b.values.first)} and ${short(b.values.second)} were both accepted while ${b.values.current} was current.`;
  }
}
