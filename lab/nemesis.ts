/**
 * The nemesis's schedules. A random schedule is a seeded list of faults,
 * each at a random tick of the run: SIGKILL or SIGSTOP/SIGCONT of any
 * process (the journal store, the feed, the controller and the newsletter
 * are restarted after a kill; an attempt is not: the controller must notice),
 * replies dropped or delayed and requests held on a loopback link, and the
 * report corrected. Nothing here imports src/model or the processes' code.
 *
 * A fixed case is one of the site's named schedules, translated into
 * triggers on what the proxy sees (attempt #1's model call for a step, its
 * candidate write, the first post sent) and times counted from attempt #1's
 * launch (the report's change, the controller's restart).
 */
/** What a random fault's moment counts from: #1's launch, the first candidate written, the first acceptance, the first send to the feed. */
export const ANCHORS = ['launch', 'candidate', 'acceptance', 'send'] as const;
export type Anchor = (typeof ANCHORS)[number];

export interface Fault {
  anchor: Anchor;
  /** Ticks after the anchor. */
  at: number;
  kind: 'kill' | 'stop' | 'drop' | 'delay' | 'hold' | 'correct' | 'newsletter';
  target?: 'attempt' | 'store' | 'feed' | 'controller' | 'newsletter';
  link?: 'store' | 'feed' | 'ctl';
  /** Which live attempt (index modulo their number). */
  pick: number;
  /** How long: until a restart or a SIGCONT, or the link's fault window. */
  forTicks: number;
  delayTicks?: number;
}

export interface FixedFaults {
  silent: 'paused' | 'crashed';
  /** What #1 is doing when it goes silent: 'starts s1'…'starts s4', 'assembles', 'sends', or null. */
  silentAt: string | null;
  wakeAfter: number;
  postDies: boolean;
  posterDies: 'before-send' | 'after-apply' | 'after-confirm';
  changeAt: number | null;
  restartAt: number | null;
  keyRetention: number | null;
  checkpoints: 'per-step' | 'end-only';
  rule: string;
}

/** mulberry32: a small seeded generator (the same seed, the same schedule). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TARGETS = [
  'attempt',
  'attempt',
  'attempt',
  'attempt',
  'store',
  'feed',
  'controller',
  'controller',
  'newsletter',
] as const;
const LINKS = ['store', 'store', 'feed', 'feed', 'ctl'] as const;

/**
 * A random schedule: 3–7 faults, each at a random 0–10 ticks after a
 * randomly chosen anchor (so that they fall in every phase of a run however
 * slow the machine is); the report corrected in 7 runs of 10; and the
 * moment the newsletter starts (and is ready), chosen the same way.
 */
export function randomSchedule(
  seed: number,
  o: { controllerRestart?: boolean } = {},
): {
  faults: Fault[];
  checkpoints: 'per-step' | 'end-only';
} {
  const r = rng(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const pickOf = <T>(xs: readonly T[]): T => {
    const x = xs[Math.floor(r() * xs.length)];
    if (x === undefined) throw new Error('nemesis: nothing to pick from');
    return x;
  };
  const faults: Fault[] = [];
  const n = int(3, 7);
  const when = () => ({ anchor: pickOf(ANCHORS), at: r() * 10 });
  for (let i = 0; i < n; i++) {
    const { anchor, at } = when();
    const u = r();
    if (u < 0.35)
      faults.push({
        anchor,
        at,
        kind: 'kill',
        target: pickOf(TARGETS),
        pick: int(0, 9),
        forTicks: int(1, 5),
      });
    else if (u < 0.65)
      faults.push({
        anchor,
        at,
        kind: 'stop',
        target: pickOf(TARGETS),
        pick: int(0, 9),
        forTicks: int(1, 20),
      });
    else if (u < 0.8)
      faults.push({ anchor, at, kind: 'drop', link: pickOf(LINKS), pick: 0, forTicks: int(1, 4) });
    else if (u < 0.9)
      faults.push({
        anchor,
        at,
        kind: 'delay',
        link: pickOf(LINKS),
        pick: 0,
        forTicks: int(2, 4),
        delayTicks: int(2, 6),
      });
    else
      faults.push({ anchor, at, kind: 'hold', link: pickOf(LINKS), pick: 0, forTicks: int(1, 6) });
  }
  if (o.controllerRestart)
    faults.push({ ...when(), kind: 'kill', target: 'controller', pick: 0, forTicks: int(1, 3) });
  if (r() < 0.7) faults.push({ ...when(), kind: 'correct', pick: 0, forTicks: 0 });
  faults.push({ ...when(), kind: 'newsletter', pick: 0, forTicks: 0 });
  return { faults, checkpoints: r() < 0.5 ? 'per-step' : 'end-only' };
}

/** A fault in words, for the page and the replay. */
export function describeFault(f: Fault): string {
  const at = `${f.at.toFixed(1)} ticks after ${f.anchor === 'launch' ? '#1’s launch' : `the first ${f.anchor}`}:`;
  if (f.kind === 'correct') return `${at} the report is corrected`;
  if (f.kind === 'newsletter') return `${at} the newsletter starts`;
  if (f.kind === 'kill')
    return `${at} SIGKILL ${f.target}${f.target === 'attempt' ? '' : `, restarted ${f.forTicks} ticks later`}`;
  if (f.kind === 'stop') return `${at} SIGSTOP ${f.target}, SIGCONT ${f.forTicks} ticks later`;
  if (f.kind === 'drop')
    return `${at} replies on the ${f.link} link dropped for ${f.forTicks} ticks`;
  if (f.kind === 'delay')
    return `${at} replies on the ${f.link} link delayed ${f.delayTicks} ticks, for ${f.forTicks} ticks`;
  return `${at} requests on the ${f.link} link held for ${f.forTicks} ticks`;
}
