/**
 * The short Restate case (`npm test -- --only lab`): the worked example on a
 * real restate-server with two service processes, the lab's feed and the
 * outside store. The sender is SIGKILLed after the feed applied its post and
 * before Restate could record the step, so Restate runs the step again. With
 * the key made once per operation from the invocation id and the feed's key
 * memory on, the checker must find exactly one post; with the feed's memory
 * off (the mutant), it must find the duplicate. Expectations are the feed's rule on /model/
 * (#rule-feed: a key the feed remembers returns the first post), not the harness's output. Needs engines/node_modules
 * (`npm ci --prefix engines`, which npm test's lab step runs when it is missing).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TMP = join(ROOT, 'tmp', 'engines-test');
if (!existsSync(join(ROOT, 'engines/node_modules/@restatedev/restate-sdk')))
  throw new Error(
    'engines/node_modules is missing: run npm ci --prefix engines --no-audit --no-fund',
  );
const { runSeed } = await import('../../engines/harness/main.ts');
const { restateEngine } = await import('../../engines/restate/adapter.ts');

const kill = async (feedMemory: boolean) => {
  const dir = join(TMP, feedMemory ? 'memory' : 'no-memory');
  const r = await runSeed(
    restateEngine,
    { engine: 'restate', key: 'per-operation', store: 'fenced', seed: 1 },
    { dir, tickMs: 50, faults: false, killAfterApply: true, feedMemory },
  );
  assert.equal(r.out.error, null, `the run failed: ${r.out.error}`);
  assert.deepEqual(r.out.integrity, { store: 'ok', feed: 'ok' });
  assert.ok(
    r.out.struck.some((s) => s.kind === 'kill-after-apply'),
    'the sender was killed after the feed applied its post',
  );
  assert.deepEqual(leftOver(dir), [], 'no process of the run is still running');
  return r;
};

/** Processes still running for a run under dir: the server (its --base-dir) or a service process (its ENGINE_JOB). */
const leftOver = (dir: string) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d) && Number(d) !== process.pid)
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return false;
        const seen =
          readFileSync(`/proc/${d}/cmdline`, 'utf8') + readFileSync(`/proc/${d}/environ`, 'utf8');
        return seen.includes(dir);
      } catch {
        return false; // gone, or not ours to read
      }
    });

test('Restate, key per operation: a kill between the post and the step’s record posts once', async () => {
  const { out, v } = await kill(true);
  assert.equal(v.posts, 1);
  assert.equal(v.broken.duplicateEffect, false);
  assert.equal(out.result?.post, 'P1', 'the retried step got the remembered post back');
  rmSync(join(TMP, 'memory'), { recursive: true, force: true });
});

test('the same with the feed’s key memory off: the checker sees the duplicate', async () => {
  const { v } = await kill(false);
  assert.equal(v.posts, 2);
  assert.equal(v.broken.duplicateEffect, true);
  rmSync(join(TMP, 'no-memory'), { recursive: true, force: true });
});
