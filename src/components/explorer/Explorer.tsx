/**
 * The explorer island (/explorer/). The run's timeline is the stage: the
 * figure of the current run, driven by the tick (click or drag across it,
 * ←/→ on it), beside the switches, with the guided route's narration under it
 * and the state panels after. The state and the URL live in useExplorer.ts;
 * every figure is computed in the browser by src/model; nothing is decided here.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { href } from '../../lib/paths.ts';
import {
  MAIN,
  PRESETS,
  isBaseSchedule,
  runOf,
  type Schedule,
  type SwitchId,
  type Switches,
} from './model.ts';
import { tracePath } from '../../lib/routes.ts';
import { describeSetting, presetTitle } from '../../lib/vocabulary.ts';
import { SwitchPanel } from './Switches.tsx';
import { InvariantList } from '../trace/Invariants.tsx';
import { Outcome } from '../trace/Outcome.tsx';
import { brokenAt, outcomeRows } from '../../lib/outcome.ts';
import { invariantItems } from '../../lib/outcome-view.ts';
import { TickPanels } from './TickPanels.tsx';
import { EventTable } from '../trace/EventTable.tsx';
import { Guide } from './Guide.tsx';
import { WalkthroughBar } from './WalkthroughBar.tsx';
import type { Narration } from './walkthrough.ts';
import { Stage } from './Stage.tsx';
import type { SceneView } from './scenes.ts';
import type { Focus } from './focus.ts';
import { noticeLines } from './state.ts';
import { brokenIds, sameSwitches, summarise, tickLabel } from './format.ts';
import { useExplorer } from './useExplorer.ts';
import { Compare } from './Compare.tsx';
import { departure } from './diff.ts';
import {
  afterRender,
  copyLink,
  focusRoute,
  focusSwitches,
  keepFigureInView,
  revealScene,
  showNarratedFigure,
  takeOver,
} from './dom.ts';
// explorer.css: imported by the page (src/pages/explorer.astro), the one place this island is used; importing it here too would ship it twice.
import '../../styles/palette.css';
import '../timeline/timeline.css';
import { at } from '../../model/lookup.ts';

/** The panel a scene's narration sits beside: the first it points at that is not the long trace. */
const calloutOf = (focus: Focus[]): Focus | undefined =>
  focus.find((f) => f !== 'trace') ?? focus[0];

export default function Explorer({
  scenes,
  narration,
}: {
  scenes: SceneView[];
  /** The narrated walkthrough's audio (explorer.astro, from src/data/narration.json). */
  narration?: Narration;
}) {
  const x = useExplorer(scenes);
  const { st, run, vs, other, tick, schedule } = x;
  const [said, setSaid] = useState('');
  const [link, setLink] = useState<{ url: string; copied: boolean } | null>(null);

  // Take over from the server-rendered fallback; scroll to a non-tick fragment once.
  useEffect(() => takeOver(location.hash), []);
  // The panels under the figure (the state at the tick, the outcome, the trace, compare) render in
  // a task of their own after the first: the first paint holds the route, the switches and the
  // figure, and no single task blocks the page for both. A fragment naming a panel is reached then.
  const [below, setBelow] = useState(false);
  useEffect(() => {
    const id = setTimeout(() => setBelow(true), 0);
    return () => clearTimeout(id);
  }, []);
  useEffect(() => {
    if (below) takeOver(location.hash);
  }, [below]);

  const scene = st.scene !== null ? scenes[st.scene - 1] : null;
  const focus: Focus[] = scene ? scene.focus : [];
  const callout = scene ? calloutOf(scene.focus) : undefined;
  const note = scene ? scene.caption : undefined;

  /** A switch or a preset: the run changes, and the figure that shows it stays in view. */
  const setSwitches = (switches: Switches, announce = true, at?: number) => {
    const r = x.setSwitches(switches, at);
    setLink(null);
    if (announce) setSaid(summarise(switches, r));
    afterRender(() => keepFigureInView());
  };
  const setSwitch = (id: SwitchId, v: string) =>
    setSwitches({ ...st.switches, [id]: v } as Switches);
  // Stepping through ticks replaces the history entry (a drag pushes once: x.dragTick).
  const setTick = (t: number, mode: 'push' | 'replace' = 'replace') => {
    setLink(null);
    x.setTick(t, mode);
  };
  const setSchedule = (next: Schedule) => {
    const r = x.setSchedule(next);
    setLink(null);
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
  /** A scene: once it has rendered, bring the panel it talks about (or, on wide screens, the stage) into view. */
  const goScene = (n: number, bring = true) => {
    if (x.goScene(n)) {
      setSaid('');
      setLink(null);
      const to = calloutOf(at(scenes, n - 1, 'scenes').focus);
      if (bring && to) afterRender(() => revealScene(to));
    }
  };
  /**
   * The walkthrough's cue: the explorer at that scene and tick, and the caption and the figure on
   * screen (a listener watches the run move, and the Play button sits a screen above the figure).
   * Every cue, not only a scene's first: a scene's text above can change height after it.
   */
  const cue = (n: number, t: number, mode?: 'push' | 'replace') => {
    const next = n !== st.scene;
    x.cue(n, t, mode);
    afterRender(() => showNarratedFigure());
    // At a new scene, again a moment later: the presets strip above the caption can re-wrap after
    // the cue (a row fewer at the route's last scene), and the caption rose with it.
    if (next) setTimeout(() => showNarratedFigure(), 250);
  };
  /** The last scene hands over: leave the route, keep the setting and tick, and give the switches the focus. */
  const explore = () => {
    x.leaveRoute();
    focusSwitches();
  };

  const tracePage = tracePath(st.switches);
  const tickHref = (t: number) => x.hrefFor({ ...st, tick: t, scene: null });
  const sceneHref = (n: number) => {
    const sc = at(scenes, n - 1, 'scenes');
    return x.hrefFor({ switches: sc.switches, tick: sc.tick, scene: n, vs: st.vs });
  };
  const broken = brokenIds(run);
  const look = (f: Focus) =>
    focus.includes(f) && <span class="ex-look">Scene {st.scene}: look here</span>;
  // The scene's narration beside the panel it talks about (the guide, under the stage, steps through the route).
  const sceneNote = scene && note && (
    <p class="ex-callout">
      <strong>Scene {st.scene}.</strong> {note}
    </p>
  );
  const calloutHere = (f: Focus) => callout === f && sceneNote;
  /** One of the two panels about the whole run: its heading, the scene's note when it is the one
   * the scene talks about, and its body. */
  const resultPanel = (
    f: 'outcome' | 'invariants',
    headingId: string,
    title: ComponentChildren,
    body: ComponentChildren,
  ) => (
    <section
      id={`ex-${f}`}
      tabindex={-1}
      class={'ex-panel' + (focus.includes(f) ? ' is-focus' : '')}
      aria-labelledby={headingId}
    >
      <h3 id={headingId}>
        {title}
        {look(f)}
      </h3>
      {calloutHere(f)}
      {body}
    </section>
  );

  const permalink = async () => {
    // A trace page shows the base schedule; under another schedule the explorer's own address is the permalink.
    const url = isBaseSchedule(schedule)
      ? new URL(href(tracePath(st.switches, tick)), location.origin).href
      : new URL(x.hrefFor({ ...st, tick, scene: null }), location.origin).href;
    setLink({ url, copied: await copyLink(url) });
  };

  return (
    <div class="ex">
      {st.notices.length > 0 && (
        <div class="notice warn ex-notice" role="status">
          <p>
            <strong>Part of the address could not be used.</strong> The rest of the page shows the
            closest valid state.
          </p>
          <ul>
            {noticeLines(st.notices).map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              x.dismiss();
              focusRoute();
            }}
          >
            Dismiss
          </button>
        </div>
      )}

      <div class="ex-stage">
        {/* Reading and Tab order: the route, the switches beside the figure, the presets over it, the figure, the panels. */}
        {narration && (
          <WalkthroughBar
            narration={narration}
            scenes={scenes}
            at={st.guideAt}
            view={{ switches: st.switches, tick, scene: st.scene }}
            cue={cue}
          />
        )}
        <Guide
          scenes={scenes}
          at={st.guideAt}
          active={st.scene !== null}
          go={goScene}
          sceneHref={sceneHref}
          explore={explore}
          narration={narration}
        />
        <div class="ex-rail">
          <section
            class="ex-controls"
            id="ex-controls"
            tabIndex={-1}
            aria-labelledby="ex-controls-h"
          >
            <h2 id="ex-controls-h">Switches</h2>
            <SwitchPanel
              value={st.switches}
              onChange={setSwitch}
              label="Switches of this run"
              compact
            />
            {Panel ? (
              <Panel switches={st.switches} schedule={schedule} onChange={setSchedule} open />
            ) : (
              <details
                class="ex-faults"
                data-faults
                onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && loadPanel()}
              >
                <summary>
                  Faults <span class="muted small">(the base schedule)</span>
                </summary>
                <p class="small">Loading the schedule’s controls…</p>
              </details>
            )}
            <p class="ex-setting small">
              {isBaseSchedule(schedule) ? (
                <>
                  This run: <strong>{describeSetting(st.switches)}</strong>.{' '}
                  <a href={href(tracePage)}>Its permanent trace page</a>
                </>
              ) : (
                <>
                  This run: the switches of <strong>{describeSetting(st.switches)}</strong>, but
                  faults on the schedule set above, not the base one. The switches’{' '}
                  <a href={href(tracePage)}>permanent trace page</a> shows them under the base
                  schedule.
                </>
              )}
            </p>
          </section>
        </div>
        <div class="ex-left">
          <div class="ex-presets" role="group" aria-label="Presets: the reference traces">
            <span class="ex-presets__label">Presets:</span>
            {PRESETS.map((p) => (
              <button
                type="button"
                key={p.id}
                data-preset={p.id}
                aria-pressed={
                  sameSwitches(p.switches, st.switches) && isBaseSchedule(schedule)
                    ? 'true'
                    : 'false'
                }
                onClick={() =>
                  setSwitches(
                    { ...p.switches },
                    true,
                    departure(runOf(p.switches, schedule), runOf(MAIN, schedule)),
                  )
                }
              >
                {presetTitle(p.id)}
              </button>
            ))}
          </div>
          {/* The narrated walkthrough's caption, over the figure (Walkthrough.tsx renders into it). */}
          <div id="wt-caption" class="wt-slot" />
          <Stage
            run={run}
            other={other}
            vs={vs}
            tick={tick}
            setTick={setTick}
            dragTick={(t) => {
              setLink(null);
              x.dragTick(t);
            }}
            endGesture={x.endGesture}
            setVs={x.setVs}
            permalink={permalink}
            link={link}
          />
          {below && (
            <section class="ex-now" aria-labelledby="ex-state-h">
              <h2 id="ex-state-h">
                State of every record at <span class="figure">{tickLabel(tick)}</span>
              </h2>
              <div
                class={
                  'ex-now__grid' +
                  (callout === 'outcome' || callout === 'invariants' ? ' is-result-first' : '')
                }
              >
                <TickPanels
                  run={run}
                  switches={st.switches}
                  tick={tick}
                  focus={focus}
                  sceneNo={st.scene}
                  note={
                    callout && callout !== 'outcome' && callout !== 'invariants'
                      ? sceneNote
                      : undefined
                  }
                />
                <aside class="ex-result" aria-labelledby="ex-result-h">
                  {resultPanel(
                    'outcome',
                    'ex-result-h',
                    'Outcome of the whole run',
                    <Outcome rows={outcomeRows(run)} />,
                  )}
                  {resultPanel(
                    'invariants',
                    'ex-inv-h',
                    <>
                      Invariants{' '}
                      <span class={broken.length ? 'broken' : 'ok'}>
                        {broken.length ? `${broken.length} broken` : 'all hold'}
                      </span>
                    </>,
                    <InvariantList
                      items={invariantItems(brokenAt(run))}
                      onTick={(t) => setTick(t)}
                    />,
                  )}
                </aside>
              </div>
            </section>
          )}
        </div>
      </div>

      <p class="sr-only" aria-live="polite" id="ex-live">
        {said}
      </p>

      {below && (
        <>
          <section class="ex-trace-section" aria-labelledby="ex-trace-h">
            <h2 id="ex-trace-h">
              Trace
              {look('trace')}
            </h2>
            <p class="small muted" data-print="hide">
              Select a tick label to see the state of every record at that moment.
            </p>
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

          <Compare
            run={run}
            other={other}
            vs={vs}
            setVs={x.setVs}
            tick={tick}
            onTick={(t) => setTick(t)}
          />
        </>
      )}
    </div>
  );
}
