/**
 * The checker: decides the five invariants of a run from its history and the
 * stores' final contents, and nothing else. It imports no part of the lab's
 * processes and nothing of the model (src/model): only Node's fs, path and
 * crypto. Its input is engine-neutral (lab/README.md, "The history"): any
 * implementation that writes these entries and this final state can be
 * checked by it.
 *
 * Time is the history's: an operation took effect somewhere between its
 * invoke and its completion (or any time after its invoke, when no
 * completion was recorded). A breach is reported only when it holds for
 * every order of events that the history allows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';

export const INVARIANTS = [
  'duplicateEffect',
  'staleWrite',
  'supersededAccepted',
  'dependantWrong',
  'twoAccepted',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

export interface Entry {
  t: number;
  p: string;
  pid: number;
  type: 'invoke' | 'ok' | 'fail' | 'info';
  f: string;
  op: string | null;
  v: Record<string, any>;
}
export interface Final {
  report: Record<string, Record<string, string>>;
  writes: { op: string; tbl: string; token: number; writer: number }[];
  candidates: { digest: string; parts: { step: string; readHash: string }[] }[];
  acceptances: { op: string; digest: string; version: string | null }[];
  newsletter: { op: string; digest: string }[];
  confirmed: string[];
  posts: { op: string; post: string; digest: string; key: string | null }[];
}
export interface Breach {
  invariant: Invariant;
  why: string;
  /** The fewest history entries that show it, in time order. */
  excerpt: Entry[];
}
export interface Verdict {
  breaches: Breach[];
  broken: Record<Invariant, boolean>;
  /** Some accepted digest has the final report's content and an announcement confirmed. */
  finished: boolean;
  /** The median time between one process's consecutive heartbeats, in ms. */
  tickMs: number | null;
  entries: number;
}

export function readRun(dir: string): { history: Entry[]; final: Final } {
  const files = readdirSync(join(dir, 'history')).filter((f) => f.endsWith('.jsonl'));
  const history: Entry[] = [];
  for (const f of files)
    for (const line of readFileSync(join(dir, 'history', f), 'utf8').split('\n'))
      if (line.trim()) {
        try {
          history.push(JSON.parse(line));
        } catch {
          // a line cut short by a SIGKILL: the process never finished writing it
        }
      }
  history.sort((a, b) => a.t - b.t);
  return { history, final: JSON.parse(readFileSync(join(dir, 'final.json'), 'utf8')) };
}

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** An operation's window in the history: first invoke, last completion (Infinity: none). */
interface Span {
  invoke: Entry | null;
  done: Entry | null;
  from: number;
  to: number;
}

export function check(history: Entry[], final: Final): Verdict {
  const spans = new Map<string, Span>();
  for (const e of history) {
    if (!e.op) continue;
    let s = spans.get(e.op);
    if (!s) spans.set(e.op, (s = { invoke: null, done: null, from: Infinity, to: Infinity }));
    if (e.type === 'invoke' && !s.invoke) {
      s.invoke = e;
      s.from = e.t;
    } else if (e.type === 'ok' || e.type === 'fail') {
      s.done = e;
      s.to = e.t;
    }
  }
  const span = (op: string): Span =>
    spans.get(op) ?? { invoke: null, done: null, from: -Infinity, to: Infinity };
  const pick = (...es: (Entry | null | undefined)[]) =>
    [...new Set(es.filter((e): e is Entry => !!e))].sort((a, b) => a.t - b.t);
  const breaches: Breach[] = [];

  // content: each version's section hashes, computed here from the report's text
  const hashes = Object.fromEntries(
    Object.entries(final.report).map(([v, secs]) => [
      v,
      Object.fromEntries(Object.entries(secs).map(([k, t]) => [k, sha(t)])),
    ]),
  );
  const contentOf = (digest: string): string | null => {
    const c = final.candidates.find((x) => x.digest === digest);
    if (!c) return null;
    for (const [v, h] of Object.entries(hashes))
      if (
        c.parts.length === Object.keys(h).length &&
        c.parts.every((p) => h[p.step] === p.readHash)
      )
        return v;
    return 'mixed';
  };
  // the report: v1 until the correction took effect, somewhere in its span
  const corr = history.find((e) => e.f === 'correct' && e.type === 'invoke');
  const corrSpan = corr?.op ? span(corr.op) : null;
  /** The versions that may have been current at some moment of [from, to]. */
  const currentDuring = (s: Span): Set<string> => {
    const out = new Set<string>();
    if (!corrSpan || s.from < corrSpan.to) out.add('v1');
    if (corrSpan && s.to > corrSpan.from) out.add('v2');
    return out;
  };
  const corrEntries = corrSpan ? [corrSpan.invoke, corrSpan.done] : [];

  // 1. duplicateEffect: the feed applied two posts announcing one digest
  const byDigest = new Map<string, Final['posts']>();
  for (const p of final.posts) byDigest.set(p.digest, [...(byDigest.get(p.digest) ?? []), p]);
  for (const [d, ps] of byDigest)
    if (ps.length > 1)
      breaches.push({
        invariant: 'duplicateEffect',
        why: `the feed applied ${ps.map((p) => p.post).join(' and ')}, all announcing digest ${d.slice(0, 8)}`,
        excerpt: pick(...ps.flatMap((p) => [span(p.op).invoke, span(p.op).done])),
      });

  // 2. staleWrite: an applied write invoked after a higher token's issue had completed
  const issued = history.filter((e) => e.f === 'issue' && e.type === 'ok');
  for (const w of final.writes) {
    const s = span(w.op);
    const higher = issued
      .filter((i) => i.v.token > w.token && i.t < s.from)
      .sort((a, b) => a.t - b.t)[0];
    if (higher)
      breaches.push({
        invariant: 'staleWrite',
        why: `${w.tbl} by #${w.writer} with token ${w.token} applied, invoked after token ${higher.v.token} was issued`,
        excerpt: pick(higher.op ? span(higher.op).invoke : null, higher, s.invoke, s.done),
      });
  }

  // 3. supersededAccepted: accepted while its content was not the current report's
  for (const a of final.acceptances) {
    const s = span(a.op);
    const content = contentOf(a.digest);
    const cur = currentDuring(s);
    if (content === null || !cur.has(content))
      breaches.push({
        invariant: 'supersededAccepted',
        why: `digest ${a.digest.slice(0, 8)} (content ${content ?? 'unknown'}) accepted while ${[...cur].join('/')} was current`,
        excerpt: pick(...corrEntries, s.invoke, s.done),
      });
  }

  // 4. dependantWrong: the newsletter admitted on a digest never accepted (before it), or not the current report's
  for (const n of final.newsletter) {
    const s = span(n.op);
    const accepted = final.acceptances.filter(
      (a) => a.digest === n.digest && span(a.op).from < s.to,
    );
    const content = contentOf(n.digest);
    const cur = currentDuring(s);
    if (accepted.length === 0 || content === null || !cur.has(content))
      breaches.push({
        invariant: 'dependantWrong',
        why:
          accepted.length === 0
            ? `the newsletter was admitted on digest ${n.digest.slice(0, 8)}, never accepted before it`
            : `the newsletter was admitted on digest ${n.digest.slice(0, 8)} (content ${content}) while ${[...cur].join('/')} was current`,
        excerpt: pick(
          ...corrEntries,
          ...accepted.flatMap((a) => [span(a.op).done]),
          s.invoke,
          s.done,
        ),
      });
  }

  // 5. twoAccepted: two different digests accepted while one version was current (for certain)
  const accs = final.acceptances.map((a) => ({ a, s: span(a.op) }));
  const surely = (s: Span): string | null => {
    const c = currentDuring(s);
    return c.size === 1 ? ([...c][0] ?? null) : null;
  };
  for (const [i, x] of accs.entries())
    for (const y of accs.slice(i + 1)) {
      const v = surely(x.s);
      if (x.a.digest !== y.a.digest && v !== null && v === surely(y.s))
        breaches.push({
          invariant: 'twoAccepted',
          why: `digests ${x.a.digest.slice(0, 8)} and ${y.a.digest.slice(0, 8)} both accepted while ${v} was current`,
          excerpt: pick(...corrEntries, x.s.invoke, x.s.done, y.s.invoke, y.s.done),
        });
    }

  const finalVersion = corrSpan?.done || corrSpan?.invoke ? 'v2' : 'v1';
  const finished = final.acceptances.some(
    (a) => contentOf(a.digest) === finalVersion && final.confirmed.includes(a.digest),
  );

  // the tick measured: consecutive heartbeats of one process
  const gaps: number[] = [];
  const last = new Map<string, number>();
  for (const e of history)
    if (e.f === 'heartbeat' && e.type === 'invoke') {
      const k = `${e.p}.${e.pid}`;
      const l = last.get(k);
      if (l !== undefined) gaps.push((e.t - l) / 1000);
      last.set(k, e.t);
    }
  gaps.sort((a, b) => a - b);
  return {
    breaches,
    broken: Object.fromEntries(
      INVARIANTS.map((i) => [i, breaches.some((b) => b.invariant === i)]),
    ) as Record<Invariant, boolean>,
    finished,
    tickMs: gaps[Math.floor(gaps.length / 2)] ?? null, // the median gap; null without one
    entries: history.length,
  };
}

/** An excerpt as lines: ms since the first entry shown, process, type, function, value. */
export function formatExcerpt(es: Entry[], t0 = es[0]?.t ?? 0): string[] {
  return es.map(
    (e) =>
      `${((e.t - t0) / 1000).toFixed(1).padStart(8)} ms  ${e.p.padEnd(14)} ${e.type.padEnd(6)} ${e.f.padEnd(14)} ${JSON.stringify(e.v)}`,
  );
}
