/**
 * The explorer's state as it lives in the URL, and back.
 *
 *   /explorer/?fencing=off&scene=8&vs=main#t8
 *
 * Switches are query parameters (only those that differ from the main trace
 * are written; all eight are accepted). `scene` is the guided-route scene
 * (1-based), `vs` the setting shown in Compare (a preset id or a trace slug),
 * and the hash `#tN` the chosen tick. Parsing never throws: every problem
 * becomes a sentence for the visible notice and the part falls back to its
 * default. Pure functions; the island does the history calls.
 */
import {
  PRESETS,
  SCHEDULE_IDS,
  changedFromMain,
  fromSlug,
  parseSchedule,
  parseSwitches,
  type Schedule,
  type Switches,
} from './model.ts';
import { EXPLORER_PARAMS, explorerSearch, vsToken } from '../../lib/routes.ts';
import { formatTick } from '../../lib/format.ts';

export { vsToken };

export interface UrlState {
  switches: Switches;
  /** Tick asked for in the hash (unclamped), or null when there is none. */
  tick: number | null;
  /** Guided-route scene, 1-based, or null. */
  scene: number | null;
  /** The compared setting, or null for the default (the main trace). */
  vs: Switches | null;
  problems: string[];
  /** True when the query gave at least one switch parameter. */
  hadSwitches: boolean;
  /** The fault schedule (FaultsPanel.tsx): its dimensions are query parameters too. */
  schedule: Schedule;
}

const TICK_RE = /^t(\d{1,6})$/;

/** Read a hash: '' or a non-tick fragment → null without a problem; '#tfoo' → problem. */
export function parseTickHash(hash: string): { tick: number | null; problem: string | null } {
  const h = decodeSafe(hash.replace(/^#/, ''));
  if (h === '' || !/^t/i.test(h)) return { tick: null, problem: null };
  const m = TICK_RE.exec(h);
  if (!m)
    return {
      tick: null,
      problem: `“#${h}” is not a tick (ticks look like #t5); showing the default tick.`,
    };
  return { tick: Number(m[1]), problem: null };
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Read a `vs` value: a preset id or a full trace slug. */
export function parseVs(raw: string): Switches | null {
  const p = PRESETS.find((x) => x.id === raw);
  if (p) return { ...p.switches };
  return fromSlug(raw);
}

export function parseUrl(search: string, hash: string, sceneCount: number): UrlState {
  const problems: string[] = [];
  let params: [string, string][] = [];
  try {
    params = [...new URLSearchParams(search)];
  } catch {
    problems.push('The query string could not be read; showing the main trace.');
  }
  const switchParams = params.filter(
    ([k]) =>
      !(EXPLORER_PARAMS as readonly string[]).includes(k) &&
      !(SCHEDULE_IDS as readonly string[]).includes(k),
  );
  const sch = parseSchedule(params);
  problems.push(...sch.problems.map((p) => p.message));
  const parsed = parseSwitches(switchParams);
  problems.push(...parsed.problems.map((p) => p.message));

  let scene: number | null = null;
  const sceneRaw = params.filter(([k]) => k === 'scene');
  if (sceneRaw.length) {
    const v = sceneRaw[0][1];
    const n = /^\d{1,3}$/.test(v) ? Number(v) : NaN;
    if (n >= 1 && n <= sceneCount) scene = n;
    else
      problems.push(
        `“${v}” is not a scene of the guided route (1 to ${sceneCount}); it was ignored.`,
      );
    if (sceneRaw.length > 1)
      problems.push('“scene” was given more than once; the first value was kept.');
  }

  let vs: Switches | null = null;
  const vsRaw = params.filter(([k]) => k === 'vs');
  if (vsRaw.length) {
    const v = vsRaw[0][1];
    vs = parseVs(v);
    if (!vs) problems.push(`“${v}” names no preset and no trace; comparing with the main trace.`);
    if (vsRaw.length > 1) problems.push('“vs” was given more than once; the first value was kept.');
  }

  const t = parseTickHash(hash);
  if (t.problem) problems.push(t.problem);
  return {
    switches: parsed.switches,
    tick: t.tick,
    scene,
    vs,
    problems,
    hadSwitches: switchParams.length > 0,
    schedule: sch.schedule,
  };
}

/** Clamp a requested tick into a run's range [0, lastTick]. */
export function clampTick(
  tick: number,
  lastTick: number,
): { tick: number; problem: string | null } {
  if (tick > lastTick) {
    return {
      tick: lastTick,
      problem: `This run ends at ${formatTick(lastTick)}; ${formatTick(tick)} does not exist, so ${formatTick(lastTick)} is shown.`,
    };
  }
  return { tick: Math.max(0, tick), problem: null };
}

export interface ViewState {
  switches: Switches;
  tick: number | null; // null: no tick chosen (the end of the run is shown)
  scene: number | null;
  vs: Switches | null; // null: main trace
  schedule?: Schedule; // absent: the base schedule
}

/** The search + hash for a view ('' for the main trace with no tick), to append to the page path. Compare with the main trace is the default, so it is not written. */
export function toUrl(v: ViewState): string {
  return explorerSearch(v.switches, {
    scene: v.scene,
    tick: v.tick,
    vs: v.vs && changedFromMain(v.vs).length > 0 ? v.vs : null,
    schedule: v.schedule,
  });
}

/** Longest quoted value a notice repeats from the address, in characters. */
export const NOTICE_VALUE_MAX = 60;
/** Most lines a notice lists; the rest are counted ("and 37 more"). */
export const NOTICE_LINES_MAX = 6;

/** Shorten text to `max` characters (whole code points), ending in "…" when cut. */
export function shorten(text: string, max = NOTICE_VALUE_MAX): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}

/**
 * The lines a notice shows for a list of problems: every quoted value from the
 * address cut to about 60 characters, repeated lines merged ("(×3)"), and at most
 * NOTICE_LINES_MAX lines, the rest counted in a last line. A 20,000-character value
 * or a hundred unknown keys still give a notice a few lines tall.
 */
export function noticeLines(problems: readonly string[], max = NOTICE_LINES_MAX): string[] {
  const counts = new Map<string, number>();
  for (const p of problems) {
    const line = shorten(
      p.replace(/“([^”]*)”/g, (_, v: string) => `“${shorten(v)}”`),
      4 * NOTICE_VALUE_MAX,
    );
    counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const lines = [...counts].map(([line, n]) => (n > 1 ? `${line} (×${n})` : line));
  if (lines.length <= max) return lines;
  return [...lines.slice(0, max - 1), `… and ${lines.length - (max - 1)} more.`];
}
