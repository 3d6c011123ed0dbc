/**
 * The guided route: the fourteen scenes of the narrated walk-through, as data.
 * Each scene names a setting (changes from the main trace), the tick it talks
 * about, the panels to look at, and a caption in the site's own words. Every
 * number in a caption is read from the scene's run or the model's constants
 * at the moment the caption is built; none is typed here.
 */
import {
  journalAt,
  MAIN,
  REVENUE,
  STEPS,
  TIMING,
  WORK_ID,
  short,
  type Run,
  type Switches,
} from './model.ts';

import type { Focus } from './focus.ts';
import { formatTick, listAnd } from '../../lib/format.ts';
import { at } from '../../model/lookup.ts';
export { FOCUS_LABEL, type Focus } from './focus.ts';

export interface Scene {
  id: string;
  title: string;
  change: Partial<Switches>;
  tick: (run: Run) => number;
  focus: Focus[];
  caption: (run: Run) => string;
}

const t = formatTick;

/** First tick whose snapshot satisfies `test`, or the run's last tick. */
function firstTick(run: Run, test: (s: Run['ticks'][number]) => boolean): number {
  const hit = run.ticks.find(test);
  return hit ? hit.tick : run.lastTick;
}

const unknownAt = (run: Run, n: number) =>
  firstTick(run, (s) => s.attempts.some((a) => a.n === n && a.state === 'unknown'));
const admittedAt = (run: Run, n: number) => run.attempts[n - 1]?.admittedAt ?? run.lastTick;
const acceptedAt = (run: Run, i = 0) => run.acceptances[i]?.tick ?? run.lastTick;
const rejectedWrite = (run: Run) => run.writes.find((w) => w.outcome === 'rejected');
const firstPost = (run: Run) => run.feedPosts[0];
const settle = (run: Run) =>
  run.intents.find((i) => i.confirmedBy !== null && i.confirmedBy !== i.attempt);
/** "#n" of the run's first and second attempts, read from the run. */
const first = (run: Run) => `#${run.attempts[0]?.n}`;
const second = (run: Run) => `#${run.attempts[1]?.n}`;
const list = listAnd;

export const SCENES: Scene[] = [
  {
    id: 'halfway',
    title: 'A worker goes quiet mid-job',
    change: {},
    tick: () => TIMING.silentAt,
    focus: ['attempts', 'trace'],
    caption: (run) =>
      `Attempt ${first(run)} is part-way through the job when, at ${t(TIMING.silentAt)}, it stops answering. Someone else will have to finish. ` +
      `Before they can, they need to know which of the results already written down are safe to build on. ` +
      `We will follow this one small job through a takeover, a corrected input and an announcement that has to be sent again — ${run.lastTick + 1} ticks in all.`,
  },
  {
    id: 'identity',
    title: 'The job has a name; workers are attempts',
    change: {},
    tick: () => 0,
    focus: ['trace', 'attempts'],
    caption: (run) =>
      `A made-up example for teaching: the job ${WORK_ID} turns a report of ${STEPS.length} sections into a short digest, ` +
      `and a newsletter that becomes ready at ${t(TIMING.newsletterReady)} will quote it. ` +
      `The job keeps its name for its whole life. Each worker that picks it up is just one attempt — ${first(run)}, ${second(run)}, and so on. ` +
      `Recovery can start from that name even when every worker is gone.`,
  },
  {
    id: 'attempt-record',
    title: 'The attempt is written down before it runs',
    change: {},
    tick: () => 0,
    focus: ['attempts', 'epoch'],
    caption: (run) => {
      const start = at(run.ticks, 0, 'ticks');
      const a = at(start.attempts, 0, 'attempts at t0');
      return (
        `At ${t(0)}, before dispatching anything, the controller raises the owner epoch to ${start.ownerEpoch} and records attempt #${a.n}: ` +
        `it holds token ${a.token} and will read report ${a.pin}. ` +
        `Should #${a.n} disappear, a successor learns from this record what may have been under way. ` +
        `It is evidence of intent, not proof that any work happened.`
      );
    },
  },
  {
    id: 'saved',
    title: 'Saved is not the same as accepted',
    change: {},
    tick: () => TIMING.silentAt - 1,
    focus: ['journal', 'artifacts'],
    caption: (run) => {
      const at = TIMING.silentAt - 1;
      const j = journalAt(run, at);
      return (
        `By ${t(at)}, ${first(run)} has put ${j.length} step results in the journal (${list(j.map((e) => e.step))}). ` +
        `Next to each result it wrote the hash of the section text it summarised (${list(j.map((e) => (e.inputHash ? short(e.inputHash) : 'none')))}). ` +
        `That is progress a successor can pick up. It is not a verdict: no candidate digest exists yet, and nobody has assessed anything.`
      );
    },
  },
  {
    id: 'silence',
    title: 'Silence is neither failure nor success',
    change: {},
    tick: (run) => unknownAt(run, 1),
    focus: ['attempts', 'epoch'],
    caption: (run) => {
      const u = unknownAt(run, 1);
      const snap = at(run.ticks, u, 'ticks');
      const two = snap.attempts.find((a) => a.n === 2);
      return (
        `${first(run)} has now missed ${TIMING.missedHeartbeats} heartbeats, so at ${t(u)} the controller marks it unknown. ` +
        `From the outside it cannot tell a crashed worker from a paused one, and it does not pretend to. ` +
        `What it can do safely is hand the job on: it publishes epoch ${snap.ownerEpoch} and admits ${second(run)}${two ? ` with token ${two.token}` : ''}.`
      );
    },
  },
  {
    id: 'restore',
    title: 'Restore what still matches, compute the rest',
    change: {},
    tick: (run) => admittedAt(run, 2),
    focus: ['journal', 'trace'],
    caption: (run) => {
      const at = admittedAt(run, 2);
      const pin = run.attempts[1]?.pin;
      const restored = run.restores.filter((r) => r.attempt === 2).map((r) => r.step);
      const rest = STEPS.filter((s) => !restored.includes(s));
      // A step not restored is either redone (the journal holds an entry, computed from other text)
      // or never done (no attempt ever journalled it): two different costs, two different reasons.
      const journalled = new Set(journalAt(run, at).map((e) => e.step));
      const redone = rest.filter((s) => journalled.has(s));
      const never = rest.filter((s) => !journalled.has(s));
      const changedAt = run.versionChangedAt;
      const parts = [
        `While ${first(run)} was silent the report was corrected${changedAt !== null ? ` at ${t(changedAt)}` : ''}: in ${run.finalVersion}, revenue reads ${REVENUE[run.finalVersion]} instead of ${REVENUE.v1}. `,
        `${second(run)} works from ${pin}. It checks each journal entry’s input hash against the section it must read. `,
        restored.length
          ? `At ${t(at)} it restores ${list(restored)} without a model call: ${restored.length === 1 ? 'the entry was' : 'the entries were'} computed from the same text. `
          : `At ${t(at)} it restores nothing. `,
      ];
      if (redone.length)
        parts.push(
          `It redoes ${list(redone)}: the journal has ${redone.length === 1 ? 'an entry' : 'entries'}, but computed from ${first(run)}’s older text, and the input has changed since. `,
        );
      if (never.length)
        parts.push(
          `${never.length === 1 ? 'Step' : 'Steps'} ${list(never)} ${never.length === 1 ? 'has' : 'have'} no entry at all: no attempt ever journalled ${never.length === 1 ? 'a result' : 'results'} for ${never.length === 1 ? 'it' : 'them'}, so ${second(run)} computes ${never.length === 1 ? 'it' : 'them'} whether the text changed or not.`,
        );
      return parts.join('').trim();
    },
  },
  {
    id: 'reuse-key',
    title: 'A reuse key has to cover every input',
    change: {},
    tick: (run) => admittedAt(run, 2) + 1,
    focus: ['journal'],
    caption: (run) => {
      const at = admittedAt(run, 2) + 1;
      const s2 = journalAt(run, at).filter((e) => e.step === 's2');
      return (
        `Read the journal’s input-hash column at ${t(at)}. There are now ${s2.length} results for s2, recorded from different text ` +
        `(${list(s2.map((e) => `#${e.writer}: ${e.inputHash ? short(e.inputHash) : 'none'}`))}). ` +
        `Whether a result may be reused depends on what it was computed from, not on whether it exists. ` +
        `That is only sound if the hash covers everything the step looked at, and if the step really read the version it was pinned to.`
      );
    },
  },
  {
    id: 'fencing',
    title: 'Alive, but without the right to write',
    change: {},
    tick: (run) => rejectedWrite(run)?.tick ?? TIMING.wakeAt,
    focus: ['epoch', 'attempts'],
    caption: (run) => {
      const w = rejectedWrite(run);
      if (!w) return `In this setting no stale write is rejected.`;
      return (
        `#${w.writer} was never dead, only paused. At ${t(w.tick)} it wakes and tries to save its late result with token ${w.token}. ` +
        `The ${w.store} store compares that token with the owner epoch, ${w.epoch}, and turns the write away. ` +
        `#${w.writer} is fenced: the process may well still be running, but it has lost the authority to change anything.`
      );
    },
  },
  {
    id: 'acceptance',
    title: 'An acceptance names the input it was judged against',
    change: {},
    tick: (run) => run.newsletter?.tick ?? acceptedAt(run),
    focus: ['artifacts', 'newsletter'],
    caption: (run) => {
      const acc = run.acceptances[0];
      const cand = run.candidates.find((c) => c.digest === acc?.digest);
      if (!acc || !cand) return `In this setting nothing is accepted.`;
      return (
        `#${cand.attempt} finishes a candidate digest at ${t(cand.tick)}. Finished is not accepted: a check outside the worker has to pass it. ` +
        `At ${t(acc.tick)} the controller records the acceptance of ${short(acc.digest)} for report ${acc.version ?? '(no version)'}. ` +
        (run.newsletter
          ? `Only then may the newsletter rely on it; at ${t(run.newsletter.tick)} it starts and quotes ${run.newsletter.quote}.`
          : `The newsletter never starts in this setting.`)
      );
    },
  },
  {
    id: 'retry',
    title: 'A retry under the same operation key',
    change: {},
    tick: (run) => settle(run)?.confirmedAt ?? run.lastTick,
    focus: ['effects', 'feed'],
    caption: (run) => {
      const p = firstPost(run);
      const s = settle(run);
      if (!p || !s) return `In this setting the announcement needs no retry.`;
      return (
        `A second failure window: at ${t(p.tick)} the feed applied ${p.id}, and #${s.attempt} died before writing down the reply. ` +
        `#${s.confirmedBy} finds an intent with no confirmation and sends it again at ${t(s.confirmedAt!)}, keyed by the operation itself. ` +
        `The feed has seen that key, so it answers with the original ${s.post} and posts nothing new.`
      );
    },
  },
  {
    id: 'attempt-key',
    title: 'Key the attempt, and the post appears twice',
    change: { key: 'per-attempt' },
    tick: (run) => run.feedPosts[1]?.tick ?? run.lastTick,
    focus: ['feed', 'invariants'],
    caption: (run) => {
      const [p1, p2] = run.feedPosts;
      if (!p1 || !p2) return `In this setting the feed applies only one post.`;
      return (
        `Compared with the main trace, only the announcement key has changed: it now names the attempt. ` +
        `To the feed, the retry at ${t(p2.tick)} is a brand-new request, so it applies ${p2.id} on top of ${p1.id} — the same digest announced twice. ` +
        `The sender kept a perfectly good log; what a safe retry needs is a receiver that recognises the operation.`
      );
    },
  },
  {
    id: 'history',
    title: 'True as history, not enough for now',
    change: { change: 'after-acceptance' },
    tick: () => TIMING.newsletterReady,
    focus: ['artifacts', 'newsletter'],
    caption: (run) => {
      const a1 = at(run.acceptances, 0, 'acceptances');
      const a2 = run.acceptances[1];
      return (
        `Change the timing: this time a version-1 digest is accepted at ${t(a1.tick)}, before the correction lands at ${t(run.versionChangedAt ?? TIMING.newsletterReady)}. ` +
        `That acceptance does not become false; it was right about ${a1.version}. ` +
        `But this newsletter wants the current report, so at ${t(TIMING.newsletterReady)} it waits` +
        (a2 && run.newsletter
          ? `, and starts only at ${t(run.newsletter.tick)}, once a ${a2.version} digest has been accepted.`
          : '.')
      );
    },
  },
  {
    id: 'consumer-rule',
    title: 'The consumer decides what it can use',
    change: { change: 'after-acceptance', rule: 'any-accepted' },
    tick: (run) => run.newsletter?.tick ?? TIMING.newsletterReady,
    focus: ['newsletter', 'invariants'],
    caption: (run) => {
      const n = run.newsletter;
      if (!n) return `In this setting the newsletter never starts.`;
      return (
        `Same timing, looser rule: the newsletter now takes any accepted digest. At ${t(n.tick)} it starts on ${short(n.digest)} and quotes ${n.quote}, ` +
        `although the current report says ${REVENUE[run.finalVersion]}. ` +
        `The digest really was accepted. The consumer’s loosened rule let it pick a result that does not serve its purpose: it needs the current report’s figure.`
      );
    },
  },
  {
    id: 'three-questions',
    title: 'Three questions, kept apart',
    change: {},
    tick: (run) => run.lastTick,
    focus: ['outcome', 'invariants'],
    caption: (run) => {
      const held = Object.values(run.invariants).filter((b) => !b).length;
      return (
        `Saved, accepted and dependable are different questions with different records behind them. ` +
        `The journal lets a successor resume; an acceptance judges one output against one input; the consumer’s rule decides what it may depend on. ` +
        `With every protection on, the run ends at ${t(run.lastTick)} after ${run.calls} model calls (the floor is ${TIMING.minimumCalls}) and all ${held} invariants hold. ` +
        `Now switch protections off and watch which record was doing the work.`
      );
    },
  },
];

export function sceneSwitches(scene: Scene): Switches {
  return { ...MAIN, ...scene.change };
}

/** A scene as the island receives it: everything resolved at build time for the scene's own run. */
export interface SceneView {
  title: string;
  switches: Switches;
  tick: number;
  focus: Focus[];
  caption: string;
}

/**
 * The route resolved for the island (explorer.astro passes it as a prop): each
 * scene's tick and caption depend only on the scene's own run, so they are
 * computed once at build time and the captions' code stays out of the browser.
 */
export function sceneViews(runOf: (s: Switches) => Run): SceneView[] {
  return SCENES.map((sc) => {
    const switches = sceneSwitches(sc);
    const run = runOf(switches);
    return {
      title: sc.title,
      switches,
      tick: sc.tick(run),
      focus: sc.focus,
      caption: sc.caption(run),
    };
  });
}
