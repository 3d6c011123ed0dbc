/**
 * The explorer's state handling as a hook, beside the pure URL functions of
 * state.ts: the view state (switches, tick, scene, compared setting, notices),
 * kept in the URL, and the actions that change it.
 *
 * History: a user action pushes a history entry; a gesture on the tick (the
 * slider, a drag across the figure) pushes once and then replaces while it
 * lasts; back/forward (popstate) re-read the URL. A bad URL never blanks the
 * page: problems are listed in a visible notice and each bad part falls back
 * to its default. A bare address (/explorer/, nothing in it) is the guided
 * route's first scene, so the page opens on what that scene narrates.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { BASE_SCHEDULE, MAIN, runOf, type Schedule, type Switches } from './model.ts';
import type { SceneView } from './scenes.ts';
import { clampTick, parseUrl, toUrl, type ViewState } from './state.ts';
import type { Notice } from '../../lib/notices.ts';
import { sameSwitches } from './format.ts';
import { at } from '../../model/lookup.ts';

export interface ExplorerState extends ViewState {
  /** The scene the guide panel shows, even after the reader wandered off. */
  guideAt: number;
  notices: Notice[];
}

const pagePath = () => location.pathname;
const bare = () => location.search === '' && location.hash === '';

/**
 * Turn the page URL into a state, collecting every problem as a notice.
 * A fragment that is not a tick (the skip link's #main, say) keeps the tick
 * the reader had chosen. Nothing at all in the address means scene 1.
 */
export function fromLocation(
  scenes: SceneView[],
  guideAt: number,
  prev?: ExplorerState,
): ExplorerState {
  const h = location.hash.replace(/^#/, '');
  // An in-page link to a fragment that is not a tick (the skip link's #main) leaves the whole
  // state as it was, the route's scene included, when the query is still the state's own (or
  // still bare, on scene 1): before, the bare address plus #main read as "no scene".
  if (
    prev !== undefined &&
    h !== '' &&
    !/^t/i.test(h) &&
    (location.search === toUrl(prev) || (location.search === '' && prev.scene === 1))
  )
    return prev;
  const u = parseUrl(bare() ? '?scene=1' : location.search, location.hash, scenes.length);
  const notices = [...u.problems];
  let { switches, tick } = u;
  const kept = prev !== undefined && h !== '' && !/^t/i.test(h);
  if (kept) tick = prev.tick;
  if (u.scene !== null) {
    const sc = at(scenes, u.scene - 1, 'scenes');
    const want = sc.switches;
    if (u.hadSwitches && !sameSwitches(want, switches)) {
      notices.push({ code: 'scene-sets-switches', scene: u.scene });
    }
    switches = want;
    if (tick === null) tick = sc.tick;
  }
  if (tick !== null) {
    const c = clampTick(
      tick,
      runOf(switches, u.scene !== null ? BASE_SCHEDULE : u.schedule).lastTick,
    );
    if (c.problem && !kept) notices.push(c.problem);
    tick = c.tick;
  }
  // A scene runs on the base schedule; otherwise the address's fault schedule (FaultsPanel.tsx).
  return {
    switches,
    tick,
    scene: u.scene,
    vs: u.vs,
    guideAt: u.scene ?? guideAt,
    notices,
    schedule: u.scene !== null ? BASE_SCHEDULE : u.schedule,
  };
}

export type Mode = 'push' | 'replace';

export function useExplorer(scenes: SceneView[]) {
  const [st, setSt] = useState<ExplorerState>(() => fromLocation(scenes, 1));
  const schedule = st.schedule ?? BASE_SCHEDULE;
  const run = useMemo(() => runOf(st.switches, schedule), [st.switches, schedule]);
  const vs = st.vs ?? MAIN;
  const other = useMemo(() => runOf(vs), [vs]);
  const tick = st.tick ?? run.lastTick;
  /**
   * True while the current history entry was made by moving the tick: every later move of the
   * tick (a drag, a held or repeated arrow key on the figure or the slider, a tap, a step button)
   * replaces it, so moving the tick adds at most one history entry however it is done, and Back
   * returns to the state before the tick moved. Any other change, and Back or Forward, clears it.
   */
  const tickEntry = useRef(false);

  // Normalise the URL once (drops what could not be read); a bare address stays bare.
  useEffect(() => {
    const place = location.hash.length > 1 && !/^#t/i.test(location.hash) ? location.hash : '';
    const clean = pagePath() + toUrl(st) + (place && st.tick === null ? place : '');
    if (!bare() && clean !== pagePath() + location.search + location.hash)
      history.replaceState(null, '', clean);
    const onPop = () => {
      tickEntry.current = false;
      setSt((prev) => fromLocation(scenes, prev.guideAt, prev));
    };
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  /** Apply a change and record it in history. */
  const commit = useCallback((next: ExplorerState, mode: Mode = 'push', byTick = false) => {
    if (mode === 'push' && byTick && tickEntry.current) mode = 'replace';
    if (!byTick) tickEntry.current = false;
    else if (mode === 'push') tickEntry.current = true;
    const url = pagePath() + toUrl(next);
    if (url !== pagePath() + location.search + location.hash) {
      if (mode === 'push') history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
    setSt(next);
  }, []);

  /** Change the switches; `at` (a preset's departure from the main trace) moves the tick there too. */
  const setSwitches = (switches: Switches, at?: number) => {
    const r = runOf(switches, schedule);
    const t =
      at !== undefined
        ? Math.min(at, r.lastTick)
        : st.tick === null
          ? null
          : Math.min(st.tick, r.lastTick);
    commit({ ...st, switches, tick: t, scene: null, notices: [] });
    return r;
  };
  // Stepping through ticks replaces the history entry: Back leaves the page's state, it does not replay ticks.
  const setTick = (t: number, mode: Mode = 'replace') => {
    const c = Math.max(0, Math.min(run.lastTick, t));
    commit(
      {
        ...st,
        tick: c,
        scene: st.scene !== null && c === at(scenes, st.scene - 1, 'scenes').tick ? st.scene : null,
      },
      mode,
      true,
    );
  };
  /** Move the tick by a gesture (drag, tap, arrow keys, the slider): at most one history entry for all of it. */
  const dragTick = (t: number) => setTick(t, 'push');
  /** Kept for the stage's handlers; the history entry is now shared by every move of the tick. */
  const endGesture = () => {};
  /** Scene n's setting at a tick (the narrated walkthrough's cues name ticks within a scene). */
  const cue = (n: number, t: number, mode: Mode = 'replace') => {
    const sc = at(scenes, n - 1, 'scenes');
    commit(
      {
        ...st,
        switches: { ...sc.switches },
        tick: t,
        scene: n,
        guideAt: n,
        notices: [],
        schedule: BASE_SCHEDULE,
      },
      mode,
    );
  };
  const goScene = (n: number) => {
    if (n < 1 || n > scenes.length) return false;
    cue(n, at(scenes, n - 1, 'scenes').tick, 'push');
    return true;
  };
  /** Leave the guided route where it stands: same setting and tick, no scene. */
  const leaveRoute = () => commit({ ...st, tick, scene: null });
  const setVs = (s: Switches) => commit({ ...st, vs: sameSwitches(s, MAIN) ? null : s });
  const setSchedule = (next: Schedule) => {
    const r = runOf(st.switches, next);
    commit({
      ...st,
      schedule: next,
      tick: st.tick === null ? null : Math.min(st.tick, r.lastTick),
      scene: null,
      notices: [],
    });
    return r;
  };
  const dismiss = () => setSt({ ...st, notices: [] });
  const hrefFor = (v: ViewState) => pagePath() + toUrl(v);

  return {
    st,
    run,
    vs,
    other,
    tick,
    schedule,
    setSwitches,
    setTick,
    dragTick,
    endGesture,
    goScene,
    cue,
    leaveRoute,
    setVs,
    setSchedule,
    dismiss,
    hrefFor,
  };
}
