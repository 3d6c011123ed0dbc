/**
 * The DBOS service process: DBOS is a library, so the process that runs the
 * job's steps is the one that launches DBOS. It registers the workflow,
 * launches (which recovers every workflow left PENDING under its executor ID
 * by an earlier process: a restart after a SIGKILL resumes the job from its
 * last recorded step), and then takes work from the job queue that
 * `DBOSClient.enqueue` fills (engines/dbos/adapter.ts, submit).
 *
 * Settings: ENGINE_JOB (engines/harness/engine.ts, JobEnv) and
 * DBOS_SYSTEM_DATABASE_URL (DBOS's own variable). Tells its parent `ready`
 * over IPC once launched. Every service process of a run shares one executor
 * ID, as successive processes on one server do: DBOS without its Conductor
 * service recovers a workflow only in a process with the ID that started it.
 */
import { DBOS } from '@dbos-inc/dbos-sdk';
import { jobEnv, hist } from '../harness/history.ts';
import { QUEUE, registerJob } from './job.ts';

const env = jobEnv();
const url = process.env.DBOS_SYSTEM_DATABASE_URL;
if (!url) throw new Error('DBOS_SYSTEM_DATABASE_URL is not set: the adapter sets it');

DBOS.setConfig({
  name: 'digest',
  systemDatabaseUrl: url,
  applicationVersion: '1',
  executorID: 'digest-service',
  logLevel: 'error',
});
registerJob(env);
// A process started while PostgreSQL is down (the nemesis killed it) waits for
// it, as a service under a supervisor would be restarted until it comes up.
for (let i = 0; ; i++) {
  try {
    await DBOS.launch();
    await DBOS.registerQueue(QUEUE);
    break;
  } catch (e) {
    if (i >= 600) throw e;
    hist(env, 'info', 'launch', null, { why: String((e as Error).message).slice(0, 200) });
    await DBOS.shutdown().catch(() => {});
    await new Promise((r) => setTimeout(r, env.tickMs));
  }
}
hist(env, 'info', 'ready', null, { executor: DBOS.executorID });
process.send?.({ ready: true });
// the harness ends this process with SIGKILL; leaving the lab's IPC channel means the lab went away
process.on('disconnect', () => process.exit(0));
