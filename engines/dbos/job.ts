/**
 * The worked example as a DBOS workflow, written the way DBOS's documentation
 * teaches (a registered workflow function whose effects are steps run through
 * DBOS.runStep): four summarise steps, assembly of the candidate, a wait for
 * the assessment made outside the worker (DBOS.recv on a topic; the harness's
 * assessor delivers it with DBOSClient.send), the newsletter admitted on the
 * accepted digest, and the announcement posted to the lab's feed.
 *
 * What DBOS keeps here and what the application writes:
 * - attempt: DBOS keeps it (the workflow's status row: its executor, its
 *   owner token, how many times it was claimed); recovery on launch resumes
 *   a PENDING workflow from its last recorded step.
 * - journal: DBOS keeps it (every step's output, by workflow ID and the
 *   step's function ID); a recovered execution gets a recorded step's output
 *   back without running the step, so what a summarise step read before a
 *   crash is pinned without the application asking.
 * - effect: DBOS keeps the step identity (DBOS.workflowID and DBOS.stepID,
 *   the same on every execution); the key built from it is the application's
 *   (`per-operation`), and the feed's key memory makes it count.
 * - epoch and acceptance: see the comments at the token's issue and at the wait for the assessment.
 *
 * Every call to the store or the feed goes through engines/harness/history.ts
 * (recorded in the lab's history format); `begin` and `step` entries say what
 * the engine did (a step that ran, or one whose output came from the journal).
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createHash, randomUUID } from 'node:crypto';
import { hist, recorded, type Json } from '../harness/history.ts';
import type { Assessment, JobEnv, JobResult } from '../harness/engine.ts';

const STEPS = ['s1', 's2', 's3', 's4'] as const;
const MAX_ROUNDS = 3;
export const QUEUE = 'digest-jobs';
export const WORKFLOW = 'digestJob';
export const TOPIC = 'assessment';
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

class Fenced extends Error {
  constructor(what: string, reply: Json) {
    super(`the store rejected ${what}: ${JSON.stringify(reply)}`);
    this.name = 'Fenced';
  }
}

export function registerJob(env: JobEnv) {
  const tick = env.tickMs;
  /** Store and feed calls have no reply while a fault holds them: retry the step, a tick apart. */
  const retry = {
    retriesAllowed: true,
    intervalSeconds: tick / 1000,
    backoffRate: 1,
    maxAttempts: 40,
    shouldRetry: (e: unknown) => !(e instanceof Fenced),
  };

  /** A write to the outside store under this execution's owner token. */
  async function write(token: number, row: Json): Promise<Json> {
    const r = await recorded(
      env,
      `${env.storeUrl}/write`,
      'write',
      { tbl: row.tbl, token, step: row.step ?? null, round: row.round ?? null },
      { ...row, token, fenced: env.store === 'fenced' },
      (b) => b.outcome === 'rejected',
    );
    // a fenced write: a newer execution holds a higher token; this one must not go on
    if (r.outcome === 'rejected') throw new Fenced(`${row.tbl} with token ${token}`, r);
    return r;
  }

  async function digestJob(): Promise<JobResult> {
    const wf = DBOS.workflowID!;
    hist(env, 'info', 'begin', null, { runId: wf });
    // DBOS keeps no epoch for stores outside it (its owner token fences only
    // its own checkpoints), so the application asks the store for one at the
    // start of every execution: deliberately outside any step, so that a
    // recovered execution gets a new token instead of the recorded one.
    let token = 0;
    while (!token)
      token = await recorded(env, `${env.storeUrl}/issue`, 'issue', {}, {}).then(
        (r) => r.token as number,
        () => new Promise<number>((res) => setTimeout(() => res(0), tick)),
      );

    for (let round = 1; round <= MAX_ROUNDS; round++) {
      const parts: { step: string; readHash: string }[] = [];
      for (const step of STEPS) {
        let ran = false;
        // #region summarise
        const part = await DBOS.runStep(
          async () => {
            ran = true;
            const sec = await recorded(
              env,
              `${env.storeUrl}/section`,
              'read',
              { step, round },
              { step },
            );
            // the model call: a tick of work between reading the section and storing its summary
            await sleep(tick);
            await write(token, { tbl: 'summary', step, round });
            return { step, readHash: sec.readHash as string };
          },
          { name: `summarise ${step} round ${round}`, ...retry },
        );
        // #endregion summarise
        hist(env, 'info', 'step', null, { step, round, readHash: part.readHash, ran });
        parts.push(part);
      }
      const d = sha256(`${wf}:${round}:${parts.map((p) => p.readHash).join(',')}`);
      await DBOS.runStep(() => write(token, { tbl: 'candidate', round, digest: d, parts }), {
        name: `assemble round ${round}`,
        ...retry,
      });
      // Acceptance: the application's record (the store's, with the version it
      // names); DBOS keeps only the message that carries the decision here, and
      // once received, its recorded copy. A message for another round or digest
      // (a late delivery) is passed over.
      let a: Assessment | null = null;
      while (a === null) {
        const m = await DBOS.recv<Assessment>(TOPIC, 60);
        if (m && m.round === round && m.digest === d) a = m;
      }
      if (!a.accepted) {
        await DBOS.sleep(tick);
        continue;
      }
      const admitted = await DBOS.runStep(
        () =>
          recorded(
            env,
            `${env.storeUrl}/admit`,
            'admit',
            { digest: d },
            { digest: d },
            (b) => b.outcome === 'rejected',
          ),
        { name: `admit newsletter round ${round}`, ...retry },
      );
      if (admitted.outcome !== 'admitted') continue; // the report changed after the acceptance
      // #region announce
      const sent = await DBOS.runStep(
        async () => {
          // the step's identity: the workflow ID and the step's function ID, the same in every execution
          const stable = `${DBOS.workflowID}/${DBOS.stepID}`;
          const key =
            env.key === 'per-operation'
              ? stable
              : env.key === 'per-attempt'
                ? `${stable}/${randomUUID()}`
                : null;
          return recorded(
            env,
            `${env.feedUrl}/announce`,
            'send',
            { key, digest: d },
            { digest: d, key },
          );
        },
        { name: `announce round ${round}`, ...retry },
      );
      // #endregion announce
      await DBOS.runStep(() => write(token, { tbl: 'confirmation', round, digest: d }), {
        name: `confirm round ${round}`,
        ...retry,
      });
      return { digest: d, post: (sent.post as string) ?? null, rounds: round };
    }
    return { digest: null, post: null, rounds: MAX_ROUNDS };
  }

  return DBOS.registerWorkflow(digestJob, { name: WORKFLOW });
}
