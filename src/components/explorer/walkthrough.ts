/**
 * The narrated walkthrough's clock, as pure functions: the fourteen scenes'
 * audio laid end to end on one timeline, and for any moment on it the scene,
 * the sentence being spoken (the cue) and the tick the figure shows. The
 * player (Walkthrough.tsx) asks these; the manifest they read is written by
 * `npm run narration` (src/data/narration.json).
 */
import { at } from '../../model/lookup.ts';

/** One spoken sentence: its times within its scene's audio (seconds), its text and its tick. */
export interface Cue {
  start: number;
  end: number;
  text: string;
  tick: number;
}

/** src/data/narration.json */
export interface Manifest {
  voice: string;
  encoding: string;
  scenes: {
    n: number;
    id: string;
    /** Site-relative path of the scene's Ogg Opus file. */
    file: string;
    /** sceneHash() of the text the audio was made from (narration-text.ts). */
    hash: string;
    /** The scene's switches where they differ from the main trace. */
    change: Record<string, string>;
    duration: number;
    bytes: number;
    cues: Cue[];
  }[];
}

/** A scene as the player receives it (explorer.astro resolves the file's URL under the base path). */
export interface SceneAudio {
  title: string;
  src: string;
  duration: number;
  cues: Cue[];
}

export interface Timeline {
  scenes: (SceneAudio & { at: number })[];
  total: number;
}

/** Where the walkthrough is at a moment: scene (1-based), seconds into it, cue index, tick. */
export interface Place {
  scene: number;
  offset: number;
  cue: number;
  tick: number;
}

/** A caption's sentences: a stop, then a space (so "4.7" and "t12." stay whole). */
export function sentences(caption: string): string[] {
  return caption
    .split(/(?<=[.!?])\s+(?=\S)/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the page gives the player (explorer.astro, from the manifest): times and ticks, no text. */
export interface Narration {
  /** The whole walkthrough's length, "m:ss". */
  length: string;
  /** URL of the cue file. */
  vtt: string;
  /** Each scene's start on the whole timeline, "m:ss" (the transcript gives them). */
  starts: string[];
  /** Per scene: its audio, its length and its cues as "start end tick" triples, comma-separated (a short prop). */
  scenes: { src: string; duration: number; cues: string }[];
}

/** The page's prop from the manifest; `url` puts a site path under the base path. */
export function narrationProp(
  m: { scenes: readonly Pick<Manifest['scenes'][number], 'file' | 'duration' | 'cues'>[] },
  url: (path: string) => string,
): Narration {
  const tl = timeline(m.scenes.map((s) => ({ title: '', src: '', ...s })));
  return {
    length: clock(tl.total),
    vtt: url('/explorer/narration.vtt'),
    starts: tl.scenes.map((s) => clock(s.at)),
    scenes: m.scenes.map((s) => ({
      src: url(s.file),
      duration: s.duration,
      cues: s.cues.map((c) => `${c.start} ${c.end} ${c.tick}`).join(),
    })),
  };
}

/**
 * The player's timeline: the page's times joined with each scene's words (its title, then the
 * sentences of its caption, as the manifest's cues were made from them).
 */
export function joinText(n: Narration, scenes: readonly { title: string; caption: string }[]) {
  return timeline(
    n.scenes.map((s, i) => {
      const text = [scenes[i]?.title ?? '', ...sentences(scenes[i]?.caption ?? '')];
      return {
        title: scenes[i]?.title ?? '',
        src: s.src,
        duration: s.duration,
        cues: s.cues.split(',').map((c, k) => {
          const [start, end, tick] = c.split(' ').map(Number);
          if (start === undefined || end === undefined || tick === undefined)
            throw new Error(`walkthrough: cue "${c}" is not "start end tick"`);
          return { start, end, tick, text: text[k] ?? '' };
        }),
      };
    }),
  );
}

/** The scenes end to end: each starts where the one before it ends. */
export function timeline(scenes: readonly SceneAudio[]): Timeline {
  let at = 0;
  const out = scenes.map((s) => {
    const x = { ...s, at };
    at += s.duration;
    return x;
  });
  return { scenes: out, total: at };
}

/** The start of scene n (1-based) on the whole timeline. */
export const sceneStart = (tl: Timeline, n: number): number =>
  at(tl.scenes, Math.min(Math.max(n, 1), tl.scenes.length) - 1, 'scenes').at;

/**
 * The place at time t (clamped to the timeline). A moment exactly at a scene's start belongs to
 * that scene; the very end belongs to the last. Before a scene's first cue starts (the breath
 * before the first word) the first cue holds; between two cues, the earlier one.
 */
export function locate(tl: Timeline, t: number): Place {
  const time = Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), tl.total);
  const i = Math.max(
    0,
    tl.scenes.findLastIndex((s) => s.at <= time),
  );
  return placeIn(tl, i + 1, time - at(tl.scenes, i, 'scenes').at);
}

/**
 * The place `offset` seconds into scene n, however far that is (the audio element's clock
 * reaches its file's end, which is also the next scene's start: it still belongs to scene n).
 */
export function placeIn(tl: Timeline, n: number, offset: number): Place {
  const s = at(tl.scenes, n - 1, 'scenes');
  const cue = Math.max(
    0,
    s.cues.findLastIndex((c) => c.start <= offset),
  );
  return { scene: n, offset, cue, tick: s.cues[cue]?.tick ?? 0 };
}

/** ← and →: the start of the scene before or after the one playing at t (null past either end). */
export function stepScene(tl: Timeline, t: number, dir: -1 | 1): number | null {
  const n = locate(tl, t).scene + dir;
  return n < 1 || n > tl.scenes.length ? null : sceneStart(tl, n);
}

/** Scrubbing: a position on the bar (0 to 1) as a time, and the scene it falls in. */
export function scrub(tl: Timeline, fraction: number): { time: number; scene: number } {
  const time = Math.min(Math.max(fraction, 0), 1) * tl.total;
  return { time, scene: locate(tl, time).scene };
}

/** Each scene's start as a fraction of the whole, for the marks on the progress bar. */
export const marks = (tl: Timeline): number[] =>
  tl.total > 0 ? tl.scenes.map((s) => s.at / tl.total) : [];

/** Two settings of the switches are the same (here, not from format.ts: the player's chunk stays apart). */
export function sameSetting(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => x[k] === y[k]);
}

/** "m:ss" (seconds rounded down; a minute past the hour stays in minutes: "63:05"). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The ticks the figure passes through going from one cue's tick to the next within a scene: every
 * tick on the way when it moves forward (the figure steps through the run), only the target when
 * it goes back or when motion is reduced.
 */
export function ticksBetween(from: number, to: number, still: boolean): number[] {
  if (still || to <= from) return to === from ? [] : [to];
  return Array.from({ length: to - from }, (_, i) => from + i + 1);
}

/** The cue file: one cue per sentence, on the whole walkthrough's timeline. */
export function vtt(tl: Timeline): string {
  const ts = (x: number) => {
    const ms = Math.round(x * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor(ms / 60_000) % 60;
    const s = Math.floor(ms / 1000) % 60;
    const p = (v: number, w = 2) => String(v).padStart(w, '0');
    return `${p(h)}:${p(m)}:${p(s)}.${p(ms % 1000, 3)}`;
  };
  const blocks = tl.scenes.flatMap((s, i) =>
    s.cues.map(
      (c, k) =>
        `scene-${i + 1}-${k + 1}\n${ts(s.at + c.start)} --> ${ts(s.at + c.end)}\n` +
        // A cue's text may not hold a blank line or "-->"; the scenes' sentences hold neither.
        c.text.replace(/-->/g, '→').replace(/\n+/g, ' '),
    ),
  );
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}
