/**
 * The explorer island (/explorer/). It owns the view state — switches, tick,
 * guided-route scene, compared setting — keeps it in the URL, and renders the
 * parts: guided route, switches and presets, the state at the chosen tick
 * beside the outcome and invariants, the trace, and Compare. Every figure is
 * computed here, in the browser, by src/model; nothing is decided here.
 *
 * History: a user action pushes a history entry; scrubbing the tick slider
 * pushes once per gesture and replaces while the gesture lasts; back/forward
 * (popstate) re-read the URL. A bad URL never blanks the page: problems are
 * listed in a visible notice and each bad part falls back to its default.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { href } from '../../lib/paths.ts';
import { BASE_SCHEDULE, MAIN, PRESETS, isBaseSchedule, runOf, type Schedule, type SwitchId, type Switches } from './model.ts';
import { tracePath } from '../../lib/routes.ts';
import { describeSetting } from '../../lib/vocabulary.ts';
import { SwitchPanel } from './Switches.tsx';
import { InvariantList } from '../trace/Invariants.tsx';
import { Outcome } from '../trace/Outcome.tsx';
import { TickPanels } from './TickPanels.tsx';
import { EventTable } from '../trace/EventTable.tsx';
import { Guide } from './Guide.tsx';
import { Compare } from './Compare.tsx';
import { SCENES, sceneSwitches, type Focus } from './scenes.ts';
import { clampTick, noticeLines, parseUrl, toUrl, type ViewState } from './state.ts';
import { brokenIds, sameSwitches, summarise, tickLabel } from './format.ts';
import './explorer.css';

interface State extends ViewState {
  /** The scene the guide panel shows, even after the reader wandered off. */
  guideAt: number;
  notices: string[];
}

/**
 * Turn the page URL into a state, collecting every problem as a notice.
 * A fragment that is not a tick (the skip link's #main, say) keeps the tick
 * the reader had chosen.
 */
function fromLocation(guideAt: number, prev?: State): State {
  const u = parseUrl(location.search, location.hash, SCENES.length);
  const notices = [...u.problems];
  let { switches, tick } = u;
  const h = location.hash.replace(/^#/, '');
  const kept = prev !== undefined && h !== '' && !/^t/i.test(h);
  if (kept) tick = prev.tick;
  if (u.scene !== null) {
    const sc = SCENES[u.scene - 1];
    const want = sceneSwitches(sc);
    if (u.hadSwitches && !sameSwitches(want, switches)) {
      notices.push(`Scene ${u.scene} sets its own switches; the ones in the address were replaced by the scene’s.`);
    }
    switches = want;
    if (tick === null) tick = sc.tick(runOf(want));
  }
  if (tick !== null) {
    const c = clampTick(tick, runOf(switches, u.scene !== null ? BASE_SCHEDULE : u.schedule).lastTick);
    if (c.problem && !kept) notices.push(c.problem);
    tick = c.tick;
  }
  return { switches, tick, scene: u.scene, vs: u.vs, guideAt: u.scene ?? guideAt, notices, schedule: u.scene !== null ? BASE_SCHEDULE : u.schedule };
}

const pagePath = () => location.pathname;

export default function Explorer() {
  const [st, setSt] = useState<State>(() => fromLocation(1));
  const [said, setSaid] = useState('');
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);
  const scrubbing = useRef(false);

  const schedule = st.schedule ?? BASE_SCHEDULE;
  const run = useMemo(() => runOf(st.switches, schedule), [st.switches, schedule]);
  const vs = st.vs ?? MAIN;
  const other = useMemo(() => runOf(vs), [vs]);
  const tick = st.tick ?? run.lastTick;

  // Take over from the server-rendered fallback; normalise the URL once (drops what could not be read).
  useEffect(() => {
    document.getElementById('ex-static')?.remove();
    // A fragment that is not a tick (#ex-trace-h) names a place on the page: keep it
    // in the clean URL and scroll to it once the island has replaced the fallback.
    const place = location.hash.length > 1 && !/^#t/i.test(location.hash) ? location.hash : '';
    const clean = pagePath() + toUrl(st) + (place && st.tick === null ? place : '');
    if (clean !== pagePath() + location.search + location.hash) history.replaceState(null, '', clean);
    if (place) {
      let id = place.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        /* keep it as typed */
      }
      document.getElementById(id)?.scrollIntoView();
    }
    const onPop = () => setSt((prev) => fromLocation(prev.guideAt, prev));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  /** Apply a change and record it in history. */
  const commit = useCallback((next: State, mode: 'push' | 'replace' = 'push') => {
    const url = pagePath() + toUrl(next);
    if (url !== pagePath() + location.search + location.hash) {
      if (mode === 'push') history.pushState(null, '', url);
      else history.replaceState(null, '', url);
    }
    setLink(null);
    setSt(next);
  }, []);

  const setSwitches = (switches: Switches, announce = true) => {
    const r = runOf(switches, schedule);
    const t = st.tick === null ? null : Math.min(st.tick, r.lastTick);
    commit({ ...st, switches, tick: t, scene: null, notices: [] });
    if (announce) setSaid(summarise(switches, r));
  };
  const setSwitch = (id: SwitchId, v: string) => setSwitches({ ...st.switches, [id]: v } as Switches);
  // Stepping through ticks replaces the history entry: Back leaves the page's state, it does not replay ticks.
  const setTick = (t: number, mode: 'push' | 'replace' = 'replace') => {
    const c = Math.max(0, Math.min(run.lastTick, t));
    commit({ ...st, tick: c, scene: st.scene !== null && c === SCENES[st.scene - 1].tick(run) ? st.scene : null }, mode);
  };
  const goScene = (n: number) => {
    if (n < 1 || n > SCENES.length) return;
    const sc = SCENES[n - 1];
    const s = sceneSwitches(sc);
    const r = runOf(s);
    commit({ ...st, switches: s, tick: sc.tick(r), scene: n, guideAt: n, notices: [], schedule: BASE_SCHEDULE });
    setSaid('');
  };
  const setVs = (s: Switches) => commit({ ...st, vs: sameSwitches(s, MAIN) ? null : s });
  const setSchedule = (next: Schedule) => {
    const r = runOf(st.switches, next);
    commit({ ...st, schedule: next, tick: st.tick === null ? null : Math.min(st.tick, r.lastTick), scene: null, notices: [] });
    setSaid(summarise(st.switches, r));
  };

  // The faults panel's code loads when the reader opens it, or at once when the address sets a schedule.
  const [Panel, setPanel] = useState<null | typeof import('./FaultsPanel.tsx').FaultsPanel>(null);
  const loadPanel = () => {
    if (!Panel) import('./FaultsPanel.tsx').then((m) => setPanel(() => m.FaultsPanel));
  };
  useEffect(() => {
    if (!isBaseSchedule(schedule)) loadPanel();
  }, [schedule]);

  const scene = st.scene !== null ? SCENES[st.scene - 1] : null;
  const focus: Focus[] = scene ? scene.focus : [];
  const tracePage = tracePath(st.switches);
  const tickHref = (t: number) => pagePath() + toUrl({ ...st, tick: t, scene: null });
  const sceneHref = (n: number) => {
    const sc = SCENES[n - 1];
    const s = sceneSwitches(sc);
    return pagePath() + toUrl({ switches: s, tick: sc.tick(runOf(s)), scene: n, vs: st.vs });
  };
  const broken = brokenIds(run);

  const permalink = async () => {
    // A trace page shows the base schedule; under another schedule the explorer's own address is the permalink.
    const url = isBaseSchedule(schedule)
      ? new URL(href(tracePath(st.switches, tick)), location.origin).href
      : new URL(pagePath() + toUrl({ ...st, tick, scene: null }), location.origin).href;
    let copied = false;
    try {
      if (navigator.clipboard && window.isSecureContext) {
        await navigator.clipboard.writeText(url);
        copied = true;
      }
    } catch {
      copied = false;
    }
    setLink({ url, copied });
  };

  return (
    <div class="ex">
      {st.notices.length > 0 && (
        <div class="notice warn ex-notice" role="status">
          <p>
            <strong>Part of the address could not be used.</strong> The rest of the page shows the closest valid state.
          </p>
          <ul>
            {noticeLines(st.notices).map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              setSt({ ...st, notices: [] });
              document.getElementById('ex-guide-panel')?.focus();
            }}
          >
            Dismiss
          </button>
        </div>
      )}

      <Guide at={st.guideAt} active={st.scene !== null} go={goScene} sceneHref={sceneHref} />

      <section class="ex-controls" aria-labelledby="ex-controls-h">
        <h2 id="ex-controls-h">Switches</h2>
        <div class="ex-presets" role="group" aria-label="Presets: the reference traces">
          <span class="ex-presets__label">Presets:</span>
          {PRESETS.map((p) => (
            <button
              type="button"
              key={p.id}
              data-preset={p.id}
              aria-pressed={sameSwitches(p.switches, st.switches) ? 'true' : 'false'}
              onClick={() => setSwitches({ ...p.switches })}
            >
              {p.title}
            </button>
          ))}
          <button type="button" class="ex-reset" data-reset onClick={() => setSwitches({ ...MAIN })}>
            Reset to the main trace
          </button>
        </div>
        <SwitchPanel value={st.switches} onChange={setSwitch} label="Switches of this run" />
        {Panel ? (
          <Panel switches={st.switches} schedule={schedule} onChange={setSchedule} open />
        ) : (
          <details class="ex-faults" data-faults onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && loadPanel()}>
            <summary>
              Faults <span class="muted small">(the base schedule)</span>
            </summary>
            <p class="small">Loading the schedule’s controls…</p>
          </details>
        )}
        <p class="ex-setting">
          This run: <strong>{describeSetting(st.switches)}</strong>.{' '}
          <a href={href(tracePage)}>Its permanent trace page</a>
          {!isBaseSchedule(schedule) && <span class="muted small"> (under the base schedule)</span>}
        </p>
      </section>

      <p class="sr-only" aria-live="polite" id="ex-live">
        {said}
      </p>

      <section class="ex-now" aria-labelledby="ex-now-h">
        <div class="ex-scrub">
          <h2 id="ex-now-h" class="ex-scrub__title">
            At <span class="figure">{tickLabel(tick)}</span>
            <span class="muted small"> of {tickLabel(run.lastTick)}</span>
          </h2>
          <button type="button" onClick={permalink} class="ex-permalink">
            Permalink<span class="sr-only"> to {tickLabel(tick)} on this run’s trace page</span>
          </button>
          <div class="ex-scrub__ctl">
            <button type="button" onClick={() => setTick(tick - 1)} aria-label="Previous tick" data-tick-step="-1">
              <span aria-hidden="true">◀</span>
            </button>
            <label class="ex-scrub__range">
              <span class="sr-only">Tick</span>
              <input
                type="range"
                min={0}
                max={run.lastTick}
                step={1}
                value={tick}
                aria-valuetext={`${tickLabel(tick)} of ${tickLabel(run.lastTick)}`}
                onInput={(e) => {
                  const v = Number((e.currentTarget as HTMLInputElement).value);
                  setTick(v, scrubbing.current ? 'replace' : 'push');
                  scrubbing.current = true;
                }}
                onChange={() => {
                  scrubbing.current = false;
                }}
              />
            </label>
            <button type="button" onClick={() => setTick(tick + 1)} aria-label="Next tick" data-tick-step="1">
              <span aria-hidden="true">▶</span>
            </button>
          </div>
        </div>
        {link && (
          <p class="ex-link small" role="status">
            {link.copied ? 'Copied to the clipboard: ' : 'Link to this tick: '}
            <a href={link.url}>{link.url}</a>
          </p>
        )}
        <div class="ex-now__grid">
          <TickPanels run={run} switches={st.switches} tick={tick} focus={focus} sceneNo={st.scene} />
          <aside class="ex-result" aria-labelledby="ex-result-h">
            <section
              id="ex-outcome"
              tabindex={-1}
              class={'ex-panel' + (focus.includes('outcome') ? ' is-focus' : '')}
              aria-labelledby="ex-result-h"
            >
              <h3 id="ex-result-h">
                Outcome of the whole run
                {focus.includes('outcome') && <span class="ex-look">Scene {st.scene}: look here</span>}
              </h3>
              <Outcome run={run} />
            </section>
            <section
              id="ex-invariants"
              tabindex={-1}
              class={'ex-panel' + (focus.includes('invariants') ? ' is-focus' : '')}
              aria-labelledby="ex-inv-h"
            >
              <h3 id="ex-inv-h">
                Invariants{' '}
                <span class={broken.length ? 'broken' : 'ok'}>
                  {broken.length ? `${broken.length} broken` : 'all hold'}
                </span>
                {focus.includes('invariants') && <span class="ex-look">Scene {st.scene}: look here</span>}
              </h3>
              <InvariantList run={run} onTick={(t) => setTick(t)} />
            </section>
          </aside>
        </div>
      </section>

      <section class="ex-trace-section" aria-labelledby="ex-trace-h">
        <h2 id="ex-trace-h">
          Trace
          {focus.includes('trace') && <span class="ex-look">Scene {st.scene}: look here</span>}
        </h2>
        <p class="small muted">Select a tick label to see the state of every record at that moment.</p>
        <EventTable
          run={run}
          current={tick}
          caption={`Every event of this run (${describeSetting(st.switches)}); ${tickLabel(tick)} is selected.`}
          tickHref={tickHref}
          onTick={(t) => setTick(t)}
          wrapClass={focus.includes('trace') ? 'is-focus' : undefined}
          tableClass="ex-trace"
          id="ex-trace"
        />
      </section>

      <Compare run={run} other={other} vs={vs} setVs={setVs} tick={tick} onTick={(t) => setTick(t)} />
    </div>
  );
}

