/**
 * The explorer's state as it lives in the URL, and back.
 *
 *   /explorer/?fencing=off&scene=8&vs=main#t8
 *
 * Switches are query parameters (only those that differ from the main trace
 * are written; all eight are accepted). `scene` is the guided-route scene
 * (1-based), `vs` the setting shown in Compare (a preset id or a trace slug),
 * and the hash `#tN` the chosen tick. Parsing never throws: every problem
 * goes to the visible notice and the part falls back to its default. Problems are data (`Notice`); src/lib/notices.ts words them.
 * Pure functions; the island does the history calls.
 */
import {
  PRESETS,
  changedFromMain,
  fromSlug,
  isOneOf,
  isScheduleId,
  parseSchedule,
  parseSwitches,
  readParams,
  type Schedule,
  type Switches,
} from './model.ts';
import { EXPLORER_PARAMS, explorerSearch, vsToken } from '../../lib/routes.ts';
import type { Notice } from '../../lib/notices.ts';

export { vsToken };
// The notice's lines are worded in src/lib/notices.ts; Explorer.tsx takes them from here.
export { noticeLines } from '../../lib/notices.ts';

export interface UrlState {
  switches: Switches;
  /** Tick asked for in the hash (unclamped), or null when there is none. */
  tick: number | null;
  /** Guided-route scene, 1-based, or null. */
  scene: number | null;
  /** The compared setting, or null for the default (the main trace). */
  vs: Switches | null;
  problems: Notice[];
  /** True when the query gave at least one switch parameter. */
  hadSwitches: boolean;
  /** The fault schedule (FaultsPanel.tsx): its dimensions are query parameters too. */
  schedule: Schedule;
}

const TICK_RE = /^t(\d{1,6})$/;

/** Read a hash: '' or a non-tick fragment → null without a problem; '#tfoo' → problem. */
export function parseTickHash(hash: string): { tick: number | null; problem: Notice | null } {
  const h = decodeSafe(hash.replace(/^#/, ''));
  if (h === '' || !/^t/i.test(h)) return { tick: null, problem: null };
  const m = TICK_RE.exec(h);
  if (!m) return { tick: null, problem: { code: 'not-a-tick', value: `#${h}` } };
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

const isExplorerParam = (k: string): k is (typeof EXPLORER_PARAMS)[number] =>
  isOneOf(EXPLORER_PARAMS, k);

export function parseUrl(search: string, hash: string, sceneCount: number): UrlState {
  const problems: Notice[] = [];
  let params: [string, string][] = [];
  try {
    params = [...new URLSearchParams(search)];
  } catch {
    problems.push({ code: 'unreadable-query' });
  }
  const switchParams = params.filter(([k]) => !isExplorerParam(k) && !isScheduleId(k));
  const sch = parseSchedule(params);
  problems.push(...sch.problems);
  const parsed = parseSwitches(switchParams);
  problems.push(...parsed.problems);

  let scene: number | null = null;
  let vs: Switches | null = null;
  const own = readParams<(typeof EXPLORER_PARAMS)[number], Notice>(
    params,
    isExplorerParam,
    (param, value) => {
      if (param === 'vs') {
        vs = parseVs(value);
        return vs ? null : { code: 'not-a-run', param, value };
      }
      const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(n >= 1 && n <= sceneCount))
        return { code: 'not-a-scene', param, value, scenes: sceneCount };
      scene = n;
      return null;
    },
    'skip',
  );
  problems.push(...own);

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
): { tick: number; problem: Notice | null } {
  if (tick > lastTick) return { tick: lastTick, problem: { code: 'past-the-end', tick, lastTick } };
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
