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
 * - epoch and acceptance: see the comments at `issue` and at `assessed`.
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
export const QUEUE = 'digest-jobs';
export const WORKFLOW = 'digestJob';
export const TOPIC = 'assessment';
const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

interface Part {
  step: string;
  version: string;
  readHash: string;
  resultId: string;
}

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

  async function write(tbl: string, token: number, body: Json): Promise<Json> {
    const r = await recorded(
      env,
      `${env.storeUrl}/write`,
      'write',
      { tbl, token, step: body.step ?? null, round: body.round ?? null },
      { tbl, token, fenced: env.store === 'fenced', ...body },
      (b) => b.outcome === 'rejected',
    );
    if (r.outcome === 'rejected') throw new Fenced(`${tbl} with token ${token}`, r);
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

    for (let round = 1; ; round++) {
      const parts: Part[] = [];
      for (const step of STEPS) {
        let ran = false;
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
            // the model call: a deterministic function of what was read, and of who called it
            const p: Part = {
              step,
              version: sec.version,
              readHash: sec.readHash,
              resultId: sha256(`${step}\n${sec.readHash}\n#${token}`),
            };
            await write('summary', token, { step, round, digest: p.resultId });
            return p;
          },
          { name: `summarise ${step} (round ${round})`, ...retry },
        );
        hist(env, 'info', 'step', null, { step, round, readHash: part.readHash, ran });
        parts.push(part);
      }
      const digest = sha256(parts.map((p) => p.resultId).join('\n'));
      await DBOS.runStep(
        () =>
          write('candidate', token, {
            step: 'assemble',
            round,
            digest,
            parts: parts.map(({ step, readHash }) => ({ step, readHash })),
          }),
        { name: `assemble (round ${round})`, ...retry },
      );
      // The acceptance is the application's record (the store's, with the
      // version it names); DBOS keeps only the message that carries it here,
      // and once received, its recorded copy.
      let assessed: Assessment | null = null;
      while (assessed === null) {
        const m = await DBOS.recv<Assessment>(TOPIC, 60);
        if (m && m.round === round && m.digest === digest) assessed = m;
      }
      if (!assessed.accepted) continue;

      await DBOS.runStep(
        async () => {
          const r = await recorded(
            env,
            `${env.storeUrl}/admit`,
            'admit',
            { digest },
            { digest, token },
            (b) => b.outcome !== 'admitted',
          );
          return r.outcome as string;
        },
        { name: 'admit the newsletter', ...retry },
      );
      const post = await DBOS.runStep(
        async () => {
          const key =
            env.key === 'per-operation'
              ? `announce:${DBOS.workflowID}:${DBOS.stepID}`
              : env.key === 'per-attempt'
                ? `announce:${randomUUID()}`
                : null;
          const r = await recorded(
            env,
            `${env.feedUrl}/announce`,
            'send',
            { key, digest },
            { key, digest },
          );
          if (r.outcome === 'rejected') throw new Error(`the feed refused key ${key}`);
          return r.post as string;
        },
        { name: 'announce', ...retry },
      );
      return { digest, post, rounds: round };
    }
  }

  return DBOS.registerWorkflow(digestJob, { name: WORKFLOW });
}
