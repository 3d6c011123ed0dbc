/**
 * The words for what was wrong with an address: the problems the parsers
 * return as data (src/model/params.ts: a switch, a schedule dimension) and the
 * explorer's own (its query, scene, compared run and tick), each written as one
 * short sentence for the visible notice. Every value quoted from the address is
 * cut to NOTICE_VALUE_MAX characters, so a 20,000-character value or a hundred
 * unknown keys still give a notice a few lines tall.
 */
import type { Expected, ParamProblem } from '../model/params.ts';
import { formatTick } from './format.ts';

/** Something wrong with the explorer's address that is not one query parameter's value. */
export type Notice =
  | ParamProblem
  /** The query string could not be read at all. */
  | { code: 'unreadable-query' }
  /** `scene` names no scene of the guided route (1 to `scenes`); it was ignored. */
  | { code: 'not-a-scene'; param: 'scene'; value: string; scenes: number }
  /** `vs` names no preset and no trace; compare shows the main trace. */
  | { code: 'not-a-run'; param: 'vs'; value: string }
  /** The hash looks like a tick but is none (`value` is the hash, with its #). */
  | { code: 'not-a-tick'; value: string }
  /** The tick asked for is past the run's last tick, which is shown instead. */
  | { code: 'past-the-end'; tick: number; lastTick: number }
  /** A scene sets its own switches; those in the address were replaced. */
  | { code: 'scene-sets-switches'; scene: number };

/** Longest quoted value a notice repeats from the address, in characters. */
export const NOTICE_VALUE_MAX = 60;
/** Most lines a notice lists; the rest are counted ("and 37 more"). */
export const NOTICE_LINES_MAX = 6;

/** Shorten text to `max` characters (whole code points), ending in "…" when cut. */
export function shorten(text: string, max = NOTICE_VALUE_MAX): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/** Text from an address, shortened, in quotation marks. */
export const quoted = (text: string): string => `“${shorten(text)}”`;

/** What a parameter accepts, in words ("on, off"; "none, or a tick from 1 to 40"). */
export function expectedText(e: Expected): string {
  if (e.kind === 'one-of') return e.values.join(', ');
  const range =
    e.unit === 'ticks'
      ? `a whole number of ticks from ${e.min} to ${e.max}`
      : `a tick from ${e.min} to ${e.max}`;
  return e.or === undefined ? range : `${e.or}, or ${range}`;
}

/** The sentence for a parameter that came again (the parsers keep its first value). */
export const repeatedText = (param: string): string =>
  `${quoted(param)} was given more than once; the first value was kept.`;

/** The one sentence a notice shows for a problem. */
export function noticeText(n: Notice): string {
  switch (n.code) {
    case 'unknown-param':
      return `${quoted(n.param)} is not a switch; it was ignored.`;
    case 'repeated':
      return repeatedText(n.param);
    case 'bad-value':
      return `${quoted(n.value)} is not a value of ${quoted(n.param)} (expected ${expectedText(n.expected)}); using ${quoted(n.fallback)}.`;
    case 'unreadable-query':
      return 'The query string could not be read; showing the main trace.';
    case 'not-a-scene':
      return `${quoted(n.value)} is not a scene of the guided route (1 to ${n.scenes}); it was ignored.`;
    case 'not-a-run':
      return `${quoted(n.value)} names no preset and no trace; comparing with the main trace.`;
    case 'not-a-tick':
      return `${quoted(n.value)} is not a tick (ticks look like #t5); showing the default tick.`;
    case 'past-the-end':
      return `This run ends at ${formatTick(n.lastTick)}; ${formatTick(n.tick)} does not exist, so ${formatTick(n.lastTick)} is shown.`;
    case 'scene-sets-switches':
      return `Scene ${n.scene} sets its own switches; the ones in the address were replaced by the scene’s.`;
  }
}

/**
 * The lines a notice shows for a list of problems: one sentence each, repeated
 * lines merged ("(×3)"), and at most `max` lines, the rest counted in a last line.
 */
export function noticeLines(notices: readonly Notice[], max = NOTICE_LINES_MAX): string[] {
  const counts = new Map<string, number>();
  for (const n of notices) {
    const line = noticeText(n);
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, k]) => (k > 1 ? `${line} (×${k})` : line));
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), `… and ${lines.length - (max - 1)} more.`];
}
