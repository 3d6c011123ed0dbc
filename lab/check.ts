/**
 * The five invariants, computed from a lab run's rows alone: the store's
 * tables and the feed's log of applied posts. It reads no event log and
 * imports nothing from src/model: the definitions are the companion's
 * (one digest announced twice; a write applied below the epoch; a digest
 * accepted whose parts are not the current report's sections; a newsletter
 * started on a digest never accepted or not the current report's; two
 * digests accepted while one version is current).
 */
import type { Db } from './store.ts';

export const INVARIANTS = [
  'duplicateEffect',
  'staleWrite',
  'supersededAccepted',
  'dependantWrong',
  'twoAccepted',
] as const;
export type Invariant = (typeof INVARIANTS)[number];
export type Verdict = Record<Invariant, boolean>;

interface Rows {
  inputs: { tick: number; version: string }[];
  report: { version: string; step: string; hash: string }[];
  candidates: { digest: string; parts: string }[];
  acceptances: { digest: string; tick: number }[];
  newsletter: { digest: string; tick: number } | undefined;
  applied: { token: number; epoch: number }[];
  posts: { digest: string; key: string | null }[];
}

function rows(store: Db, feed: Db): Rows {
  const all = (db: Db, sql: string) => db.prepare(sql).all() as any[];
  return {
    inputs: all(store, 'SELECT tick, version FROM inputs ORDER BY tick, rowid'),
    report: all(store, 'SELECT version, step, hash FROM report'),
    candidates: all(store, 'SELECT digest, parts FROM candidates'),
    acceptances: all(store, 'SELECT digest, tick FROM acceptances ORDER BY id'),
    newsletter: store.prepare('SELECT digest, tick FROM newsletter').get() as any,
    // every protected record carries the writer's token and the epoch its transaction saw
    applied: [
      ...all(store, 'SELECT token, epoch FROM journal'),
      ...all(store, 'SELECT token, epoch FROM candidates'),
      ...all(store, 'SELECT token, epoch FROM intents'),
      ...all(store, 'SELECT token, epoch FROM confirmations'),
    ],
    posts: all(feed, 'SELECT digest, key FROM posts ORDER BY seq'),
  };
}

export function check(store: Db, feed: Db): Verdict {
  const r = rows(store, feed);
  const versionAt = (tick: number) => {
    let v = r.inputs[0].version;
    for (const i of r.inputs) if (i.tick <= tick) v = i.version;
    return v;
  };
  /** The parts' read hashes are exactly the sections of the version current at `tick`. */
  const contentIsCurrent = (digest: string, tick: number) => {
    const c = r.candidates.find((x) => x.digest === digest);
    if (!c) return false;
    const v = versionAt(tick);
    const parts = JSON.parse(c.parts) as { step: string; readHash: string }[];
    const sections = r.report.filter((x) => x.version === v);
    return (
      parts.length === sections.length &&
      parts.every((p) => sections.some((s) => s.step === p.step && s.hash === p.readHash))
    );
  };
  const n = r.newsletter;
  return {
    duplicateEffect: new Set(r.posts.map((p) => p.digest)).size < r.posts.length,
    staleWrite: r.applied.some((w) => w.token < w.epoch),
    supersededAccepted: r.acceptances.some((a) => !contentIsCurrent(a.digest, a.tick)),
    dependantWrong:
      n !== undefined &&
      (!r.acceptances.some((a) => a.digest === n.digest && a.tick <= n.tick) ||
        !contentIsCurrent(n.digest, n.tick)),
    twoAccepted: r.acceptances.some((a, i) =>
      r.acceptances.some(
        (b, j) => j > i && a.digest !== b.digest && versionAt(a.tick) === versionAt(b.tick),
      ),
    ),
  };
}

/** Posts applied while an earlier post under the same key was still remembered: the feed's own promise broken. */
export function postsUnderRememberedKey(feed: Db): number {
  const reqs = feed
    .prepare(
      "SELECT key, post, forgot FROM requests WHERE outcome = 'applied' AND key IS NOT NULL ORDER BY id",
    )
    .all() as { key: string; post: string; forgot: string | null }[];
  const seen = new Set<string>();
  let bad = 0;
  for (const q of reqs) {
    if (seen.has(q.key) && q.forgot === null) bad++;
    seen.add(q.key);
  }
  return bad;
}
