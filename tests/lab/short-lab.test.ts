/**
 * The short lab (`npm test -- --only lab`): real processes, real signals,
 * verdicts from lab/check.ts. Expectations are the claims, not the
 * lab's own output:
 *   - all four protections on: no invariant broken in any of ≥ 20 runs, each
 *     with a kill or a pause, and the feed never posts twice under a key it
 *     still remembers;
 *   - fencing off with a paused worker: a stale write;
 *   - no key with a kill after the post lands: a duplicate post;
 *   - a run killed part-way leaves SQLite files that open and pass
 *     integrity_check, and no lab process outlives its parent.
 * Break it on purpose: LAB_BREAK=fence (the store ignores the epoch) or
 * LAB_BREAK=feed-key (the feed ignores remembered keys) makes it fail.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAIN, type Switches } from '../../src/model/switches.ts';
import { BASE_SCHEDULE } from '../../src/model/schedule.ts';
import { SECTION_TEXT } from '../../src/model/world.ts';
import { variantSettings } from '../../src/model/faults.ts';
import { Pool, reapLeftovers, runOnce, type LabRun } from '../../lab/run.ts';
import { INVARIANTS } from '../../lab/check.ts';
import { open } from '../../lab/store.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TMP = join(ROOT, 'tmp', 'lab-test');
const pools = [new Pool(3), new Pool(3)];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

after(async () => {
  await Promise.all(pools.map((p) => p.close()));
  for (const pid of pools.flatMap((p) => p.pids))
    assert.equal(alive(pid), false, `pid ${pid} left running`);
  rmSync(TMP, { recursive: true, force: true });
});

/** Run settings two at a time (two pools), each once. */
async function runAll(settings: Switches[]): Promise<LabRun[]> {
  const out: LabRun[] = [];
  let next = 0;
  await Promise.all(
    pools.map(async (pool, j) => {
      while (next < settings.length) {
        const s = settings[next++];
        out.push(
          await runOnce(s, BASE_SCHEDULE, {
            dir: join(TMP, `job${j}`),
            tickMs: 20,
            report: SECTION_TEXT,
            pool,
          }),
        );
      }
    }),
  );
  return out;
}

test('all four protections on: no invariant broken in 20+ runs, each with a kill or a pause', async () => {
  const settings = variantSettings({}).slice(0, 20);
  const runs = await runAll(settings);
  assert.equal(runs.length, 20);
  for (const r of runs) {
    assert.ok(
      r.faults.some((f) => f.signal === 'SIGKILL' || f.signal === 'SIGSTOP'),
      'a kill or a pause struck',
    );
    const broken = INVARIANTS.filter((i) => r.verdict[i]);
    assert.deepEqual(
      broken,
      [],
      `broken with every protection on: ${broken.join(', ')} (${JSON.stringify(r.faults)})`,
    );
    assert.equal(r.postsUnderRememberedKey, 0, 'the feed posted twice under a remembered key');
    assert.equal(r.staleApplied, 0);
  }
  assert.ok(
    runs.some((r) => r.staleRejected > 0),
    'the fence rejected at least one stale write',
  );
});

test('fencing off with a paused worker: a stale write lands', async () => {
  const [r] = await runAll([{ ...MAIN, fencing: 'off' }]);
  assert.ok(
    r.faults.some((f) => f.signal === 'SIGSTOP') && r.faults.some((f) => f.signal === 'SIGCONT'),
  );
  assert.equal(r.verdict.staleWrite, true);
  assert.ok(r.staleApplied > 0);
});

test('no key, the poster killed after the feed applied its post: a duplicate post', async () => {
  const [r] = await runAll([{ ...MAIN, key: 'none' }]);
  assert.ok(r.faults.some((f) => f.signal === 'SIGKILL' && /after the feed applied/.test(f.what)));
  assert.equal(r.verdict.duplicateEffect, true);
  assert.equal(r.posts, 2);
});

test('a run killed part-way: its SQLite files stay readable and no lab process outlives it', async () => {
  const dir = join(TMP, 'killed');
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', join(ROOT, 'lab', 'one.ts'), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((res, rej) => {
    child.stdout.on('data', (b: Buffer) => {
      if (/tick 6\b/.test(String(b))) res(); // #1 is stopped (SIGSTOP), #2 at work: kill the lab itself
    });
    child.on('exit', () => rej(new Error('the run ended before tick 6')));
  });
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  for (const f of ['store.sqlite', 'feed.sqlite']) {
    assert.ok(existsSync(join(dir, f)));
    const db = open(join(dir, f), true);
    assert.equal(
      (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
      'ok',
    );
    db.close();
  }
  const store = open(join(dir, 'store.sqlite'), true);
  const stopped = (store.prepare('SELECT pid FROM attempts WHERE n = 1').get() as { pid: number })
    .pid;
  assert.ok(
    (store.prepare('SELECT COUNT(*) AS n FROM journal').get() as { n: number }).n >= 2,
    'journal rows survived',
  );
  store.close();
  // every process of the run: the feed, the controller, each attempt
  const pids = readFileSync(join(dir, 'pids'), 'utf8').split('\n').filter(Boolean).map(Number);
  const others = pids.filter((p) => p !== stopped);
  assert.ok(others.length >= 3);
  // The running ones leave when their parent's IPC channel closes (lab/agent.ts, disconnect)…
  for (let i = 0; i < 50 && others.some(alive); i++) await sleep(100);
  assert.deepEqual(others.filter(alive), [], 'lab processes left running after the lab was killed');
  // …but #1, stopped by SIGSTOP, cannot notice: the next run in that directory reaps it.
  assert.equal(alive(stopped), true, '#1 was stopped when the lab died');
  assert.deepEqual(reapLeftovers(dir), [stopped]);
  for (let i = 0; i < 50 && alive(stopped); i++) await sleep(100);
  assert.equal(alive(stopped), false);
});
