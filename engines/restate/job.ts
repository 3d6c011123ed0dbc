/**
 * The worked example as a Restate workflow, written as Restate's documentation
 * teaches: the workflow's key is the run id (one run per id), each summarise
 * step and the assembly are `ctx.run` steps (their results journaled, so a
 * retry replays them instead of running them again), the assessment outside
 * the worker arrives on a durable promise (`ctx.promise`) that a shared
 * handler resolves, the wait between rounds is a durable timer (`ctx.sleep`),
 * and the announcement's key is built from the invocation id, which Restate
 * keeps the same across retries.
 *
 * Every call to the outside store or the feed is recorded in the history
 * (engines/harness/history.ts); the checker decides from that and the stores.
 */
import * as restate from '@restatedev/restate-sdk';
import { randomUUID, createHash } from 'node:crypto';
import { hist, jobEnv, recorded, type Json } from '../harness/history.ts';
import type { Assessment, JobResult } from '../harness/engine.ts';

const env = jobEnv();
const STEPS = ['s1', 's2', 's3', 's4'];
const MAX_ROUNDS = 3;
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const rejected = (b: Json) => b.outcome === 'rejected';

/** A write to the outside store under this attempt's owner token. */
async function write(token: number, row: Json): Promise<void> {
  const r = await recorded(
    env,
    `${env.storeUrl}/write`,
    'write',
    { tbl: row.tbl, token, step: row.step ?? null, round: row.round ?? null },
    { ...row, token, fenced: env.store === 'fenced' },
    rejected,
  );
  // a fenced write: a newer attempt holds a higher token; this one must not go on
  if (rejected(r)) throw new restate.TerminalError('fenced: a newer attempt owns the run');
}

export const digest = restate.workflow({
  name: 'digest',
  handlers: {
    run: async (ctx: restate.WorkflowContext): Promise<JobResult> => {
      const invocation = String(ctx.request().id);
      hist(env, 'info', 'begin', null, { runId: ctx.key, invocation });
      // Epoch: Restate fences nothing outside its own journal, so the application asks the
      // outside store for an owner token at every attempt (outside ctx.run: a retry gets a new one).
      const { token } = await recorded(env, `${env.storeUrl}/issue`, 'issue', {}, {});
      for (let round = 1; round <= MAX_ROUNDS; round++) {
        const parts: { step: string; readHash: string }[] = [];
        for (const step of STEPS) {
          let ran = false;
          // #region summarise
          const part = await ctx.run(`summarise ${step} round ${round}`, async () => {
            ran = true;
            const r = await recorded(
              env,
              `${env.storeUrl}/section`,
              'read',
              { step, round },
              { step },
            );
            // the model call: a tick of work between reading the section and storing its summary
            await new Promise((res) => setTimeout(res, env.tickMs));
            await write(token, { tbl: 'summary', step, round });
            return { step, readHash: r.readHash as string };
          });
          // #endregion summarise
          hist(env, 'info', 'step', null, { step, round, readHash: part.readHash, ran });
          parts.push(part);
        }
        const d = sha(`${ctx.key}:${round}:${parts.map((p) => p.readHash).join(',')}`);
        await ctx.run(`assemble round ${round}`, () =>
          write(token, { tbl: 'candidate', round, digest: d, parts }),
        );
        // Acceptance: Restate keeps the promise's value; which report version it names is ours
        // (the assessor records it in the outside store).
        const a = await ctx.promise<Assessment>(`assessment round ${round}`);
        if (!a.accepted || a.digest !== d) {
          await ctx.sleep(env.tickMs);
          continue;
        }
        const admitted = await ctx.run(`admit newsletter round ${round}`, () =>
          recorded(env, `${env.storeUrl}/admit`, 'admit', { digest: d }, { digest: d }, rejected),
        );
        if (admitted.outcome !== 'admitted') continue; // the report changed after the acceptance
        // Effect: the key comes from Restate's stable identity of the step (or, to show the
        // difference, from each attempt); the feed must remember it: that part is the receiver's.
        // #region announce
        const stable = `${invocation}/announce round ${round}`;
        const sent = await ctx.run(`announce round ${round}`, () => {
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
        });
        // #endregion announce
        await ctx.run(`confirm round ${round}`, () =>
          write(token, { tbl: 'confirmation', round, digest: d }),
        );
        return { digest: d, post: (sent.post as string) ?? null, rounds: round };
      }
      return { digest: null, post: null, rounds: MAX_ROUNDS };
    },

    /** The assessor's decision, from outside the worker: resolves the round's durable promise. */
    assess: async (ctx: restate.WorkflowSharedContext, a: Assessment): Promise<void> => {
      await ctx.promise<Assessment>(`assessment round ${a.round}`).resolve(a);
    },
  },
  options: {
    // a silent attempt is given up on after this long, and retried (on whichever worker is up)
    inactivityTimeout: 8 * env.tickMs,
    abortTimeout: 4 * env.tickMs,
    retryPolicy: {
      initialInterval: env.tickMs,
      maxInterval: 8 * env.tickMs,
      maxAttempts: 400,
      onMaxAttempts: 'kill',
    },
  },
});
