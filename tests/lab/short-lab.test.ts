/**
 * The short lab (`npm test -- --only lab`): real processes, real signals,
 * verdicts from lab/checker (the history and the final stores). Expected
 * outcomes are the protocol's claims as lab/README.md states them, not the lab's own output:
 *   - all four protections on: no invariant broken in the named cases and in
 *     a few random nemesis schedules;
 *   - fencing off, #1 paused at s3: a stale write;
 *   - the mutants the checker must catch: the fence's comparison removed
 *     (a stale write) and the key made per attempt (a duplicate post);
 *   - a lab killed part-way leaves SQLite files that open and pass
 *     integrity_check, and no process it started still running.
 * The whole lab (`npm run lab`) runs hundreds of random schedules; this is
 * its smoke test.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { MAIN } from '../../src/model/switches.ts';
import { BASE_SCHEDULE } from '../../src/model/schedule.ts';
import { closeSpares } from '../../lab/run.ts';
import { runAndCheck, specOfFixed, specOfSeed, type FixedCase } from '../../lab/main.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TMP = join(ROOT, 'tmp', 'lab-test');
const TICK = 40;
const pids: number[] = [];
let k = 0;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z');
  } catch {
    return false;
  }
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

after(async () => {
  closeSpares();
  for (let i = 0; i < 50 && pids.some(alive); i++) await sleep(100);
  assert.deepEqual(pids.filter(alive), [], 'lab processes left running');
  rmSync(TMP, { recursive: true, force: true });
});

const fixed = (id: string, change: Partial<typeof MAIN>): FixedCase => ({
  id,
  variant: 'test',
  switches: { ...MAIN, ...change },
  schedule: { ...BASE_SCHEDULE },
});
async function run(spec: Parameters<typeof runAndCheck>[0], seed: string) {
  const out = await runAndCheck(spec, seed);
  pids.push(...out.pids);
  assert.deepEqual(out.integrity, { journal: 'ok', feed: 'ok' });
  return out;
}
/** Two runs at a time, as the lab does. */
async function both<T>(a: () => Promise<T>, b: () => Promise<T>) {
  return Promise.all([a(), b()]);
}

test('all four protections on: the main case and random schedules break nothing', async () => {
  const [main, r0] = await both(
    () => run(specOfFixed(fixed('main', {}), join(TMP, `a${++k}`), TICK), 'main'),
    () => run(specOfSeed('all-on:0', join(TMP, `b${++k}`), TICK), 'all-on:0'),
  );
  for (const { r, v } of [main, r0])
    assert.deepEqual(r.broken, [], `${r.seed}: ${v.breaches.map((b) => b.why).join('; ')}`);
  // the faults struck: the main case kills its first poster after the feed applied its post
  assert.ok(main.history.some((e) => e.f === 'fault' && e.v.signal === 'SIGKILL'));
  assert.ok(r0.history.some((e) => e.f === 'fault'));
  assert.ok(main.v.finished, 'the main case finished');
});

test('fencing off and the fence mutant: a stale write; the key mutant: a duplicate post', async () => {
  // three at once: each run spends most of its time waiting on its processes' clocks
  const [off, fence, key] = await Promise.all([
    run(
      specOfFixed(fixed('fencing-off', { fencing: 'off' }), join(TMP, `a${++k}`), TICK),
      'fencing-off',
    ),
    run(specOfFixed(fixed('main', {}), join(TMP, `b${++k}`), TICK, 'fence'), 'mutant-fence'),
    run(specOfFixed(fixed('main', {}), join(TMP, `c${++k}`), TICK, 'key'), 'mutant-key'),
  ]);
  // Each case shows its breach only once its schedule has played out: a write invoked after a
  // higher token's issue completed (the stale write's premise; whether it was applied is the
  // checker's to say), or a second attempt sending the announcement (the duplicate's). On a
  // loaded machine a run can end first; such a run did not exercise the case, so it is run again
  // (twice at most), and the checker must then find the breach.
  type Out = typeof off;
  const lateWrite = (o: Out) => {
    const issued = o.history.filter((e) => e.f === 'issue' && e.type === 'ok');
    return o.history.some(
      (e) =>
        e.f === 'write' &&
        e.type === 'invoke' &&
        issued.some((i) => i.t < e.t && Number(i.v?.token) > Number(e.v?.token)),
    );
  };
  const senders = (o: Out) =>
    new Set(o.history.filter((e) => e.f === 'send' && e.type === 'invoke').map((e) => e.p)).size;
  const played = async (first: Out, again: () => Promise<Out>, pre: (o: Out) => boolean) => {
    let o = first;
    for (let i = 0; i < 2 && !pre(o); i++) o = await again();
    return o;
  };
  const offRun = await played(
    off,
    () =>
      run(
        specOfFixed(fixed('fencing-off', { fencing: 'off' }), join(TMP, `a${++k}`), TICK),
        'fencing-off',
      ),
    lateWrite,
  );
  const fenceRun = await played(
    fence,
    () => run(specOfFixed(fixed('main', {}), join(TMP, `b${++k}`), TICK, 'fence'), 'mutant-fence'),
    lateWrite,
  );
  const keyRun = await played(
    key,
    () => run(specOfFixed(fixed('main', {}), join(TMP, `c${++k}`), TICK, 'key'), 'mutant-key'),
    (o) => senders(o) >= 2,
  );
  assert.ok(lateWrite(offRun), 'fencing off: a write came after a higher token was issued');
  assert.ok(offRun.r.broken.includes('staleWrite'), `fencing off: ${offRun.r.broken}`);
  assert.ok(lateWrite(fenceRun), 'fence mutant: a write came after a higher token was issued');
  assert.ok(fenceRun.r.broken.includes('staleWrite'), `fence mutant: ${fenceRun.r.broken}`);
  const stale = fenceRun.v.breaches.find((b) => b.invariant === 'staleWrite')!;
  assert.ok(
    stale.excerpt.some((e) => e.f === 'issue') && stale.excerpt.some((e) => e.f === 'write'),
    'the excerpt shows the issue and the write',
  );
  assert.ok(senders(keyRun) >= 2, 'key mutant: two attempts sent the announcement');
  assert.ok(keyRun.r.broken.includes('duplicateEffect'), `key mutant: ${keyRun.r.broken}`);
});

test('a lab killed part-way: SQLite files readable, no process left', async () => {
  const dir = join(TMP, 'killed');
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      join(ROOT, 'lab', 'main.ts'),
      '--replay',
      'all-on/crashed',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // kill the lab once #1 has journaled a step (a case with kills but no SIGSTOP: a stopped process could not leave)
  for (let i = 0; i < 300; i++) {
    await sleep(100);
    const h = existsSync(join(dir, 'history')) ? readdirSync(join(dir, 'history')) : [];
    const text = h
      .filter((f) => f.startsWith('attempt#'))
      .map((f) => readFileSync(join(dir, 'history', f), 'utf8'))
      .join('');
    if (text.includes('"outcome":"applied"')) break;
  }
  child.kill('SIGKILL');
  await new Promise((r) => child.once('exit', r));
  const started = readdirSync(join(dir, 'history'))
    .flatMap((f) => readFileSync(join(dir, 'history', f), 'utf8').split('\n'))
    .filter((l) => l.includes('"f":"start"'))
    .map((l) => JSON.parse(l).v.pid as number);
  assert.ok(started.length >= 4, 'the store, the feed, the controller and an attempt had started');
  // processes notice their parent's IPC channel close and leave; a stopped one cannot, so none may be stopped here
  for (let i = 0; i < 50 && started.some(alive); i++) await sleep(100);
  assert.deepEqual(started.filter(alive), [], 'lab processes outlived the lab');
  for (const f of ['journal.sqlite', 'feed.sqlite']) {
    const db = new DatabaseSync(join(dir, f));
    assert.equal(
      (db.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
      'ok',
      f,
    );
    db.close();
  }
  const db = new DatabaseSync(join(dir, 'journal.sqlite'));
  assert.ok(
    (db.prepare('SELECT COUNT(*) AS n FROM journal').get() as { n: number }).n >= 1,
    'journal rows survived',
  );
  db.close();
});
