/**
 * The guided route: one scene at a time with previous/next, "Scene k of 14",
 * arrow keys while the scene panel (or one of its buttons) has focus, and the
 * whole route as a readable transcript whose entries jump to their scene.
 * It heads the stage, its buttons on its first row (room for more controls of
 * the route there), then the scene's text: each scene sets the figure under it
 * and brings the panel it talks about into view (the island scrolls to it).
 * The last scene hands the switches over to the reader.
 */
import { Fragment } from 'preact';
import { FOCUS_LABEL } from './focus.ts';
import type { SceneView } from './scenes.ts';
import { tickLabel } from './format.ts';
import type { Narration } from './walkthrough.ts';
import { focusRoute, goToPanel } from './dom.ts';
import { at as elementAt } from '../../model/lookup.ts'; // `at` is the scene prop here

interface Props {
  /** The route, resolved at build time. */
  scenes: SceneView[];
  /** The scene the panel shows (1-based). */
  at: number;
  /** True while the page shows exactly that scene's setting. */
  active: boolean;
  go: (n: number) => void;
  sceneHref: (n: number) => string;
  /** After the last scene: leave the route for free exploration. */
  explore: () => void;
  /** The narrated walkthrough: each entry gives its scene's time, and the cue file is linked. */
  narration?: Narration | undefined;
}

export function Guide({ scenes, at, active, go, sceneHref, explore, narration }: Props) {
  const n = scenes.length;
  const scene = elementAt(scenes, at - 1, 'scenes');
  const tick = scene.tick;
  const transcript = scenes.map((s, i) => ({
    n: i + 1,
    title: s.title,
    caption: s.caption,
    tick: s.tick,
  }));
  const onKey = (e: KeyboardEvent) => {
    const el = e.target as HTMLElement;
    // Arrows belong to form controls (radio groups, the tick slider); only the
    // panel itself and its buttons hand them to the route.
    if (!(el === e.currentTarget || el.tagName === 'BUTTON')) return;
    if (e.key === 'ArrowRight' && (at < n || !active)) {
      e.preventDefault();
      go(active ? at + 1 : at);
    } else if (e.key === 'ArrowLeft' && at > 1) {
      e.preventDefault();
      go(at - 1);
    }
  };
  // In-page jumps keep the address (its hash is the tick) and move focus to the panel.
  const jump = (f: string) => (ev: MouseEvent) => {
    ev.preventDefault();
    goToPanel(`ex-${f}`);
  };
  const follow = (k: number) => (ev: MouseEvent) => {
    if (ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    ev.preventDefault();
    go(k);
    focusRoute();
  };
  return (
    <section class="ex-guide" aria-labelledby="ex-guide-h">
      <h2 id="ex-guide-h" class="ex-guide__h">
        Guided route
      </h2>
      {/* eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the focusable scene panel takes the arrow keys of the guided route */}
      <div
        class={'ex-guide__panel' + (active ? '' : ' is-away')}
        id="ex-guide-panel"
        tabindex={0}
        role="group"
        aria-roledescription="scene"
        aria-labelledby="ex-scene-count ex-scene-title"
        onKeyDown={onKey}
      >
        <p class="ex-guide__count" id="ex-scene-count">
          Scene {at} of {n}
        </p>
        <h3 class="ex-guide__title" id="ex-scene-title">
          {scene.title}
        </h3>
        <div class="ex-guide__nav">
          <button
            type="button"
            onClick={() => at > 1 && go(at - 1)}
            aria-disabled={at <= 1 ? 'true' : undefined}
            aria-keyshortcuts="ArrowLeft"
            data-guide="prev"
          >
            <span aria-hidden="true">← </span>Previous<span class="ex-wide-only"> scene</span>
          </button>
          <button
            type="button"
            onClick={() => (active ? (at < n ? go(at + 1) : explore()) : go(at))}
            aria-keyshortcuts="ArrowRight"
            data-guide="next"
          >
            {active && at === n ? (
              'Explore on your own'
            ) : active ? (
              <>
                Next<span class="ex-wide-only"> scene</span>
              </>
            ) : (
              `Show scene ${at}`
            )}
            <span aria-hidden="true"> →</span>
          </button>
          <span class="small muted ex-guide__hint">
            With this panel focused, <kbd>←</kbd> and <kbd>→</kbd> also move between scenes.
          </span>
        </div>
        <p class="ex-guide__caption" aria-live="polite">
          {scene.caption}
        </p>
        <p class="ex-guide__look small">
          {active ? (
            <>
              Showing {tickLabel(tick)}. Look at{' '}
              {scene.focus.map((f, i) => (
                <Fragment key={f}>
                  {i > 0 && ' and '}
                  <a href={`#ex-${f}`} onClick={jump(f)}>
                    {FOCUS_LABEL[f]}
                  </a>
                </Fragment>
              ))}{' '}
              (marked below).
              {at === n && ' The route ends here: the switches are yours.'}
            </>
          ) : (
            <>You have moved away from this scene; the figure shows your own setting and tick.</>
          )}
        </p>
      </div>
      <details class="ex-transcript">
        <summary>Read the whole route as text ({n} scenes)</summary>
        <ol>
          {transcript.map((s) => (
            <li key={s.n} aria-current={s.n === at && active ? 'step' : undefined}>
              <a href={sceneHref(s.n)} onClick={follow(s.n)}>
                <strong>{s.title}</strong>
              </a>{' '}
              <span class="muted small">
                ({tickLabel(s.tick)}
                {narration && `; ${narration.starts[s.n - 1]} into the walkthrough`})
              </span>
              <p>{s.caption}</p>
            </li>
          ))}
        </ol>
        {narration && (
          <p class="small">
            The narration with its times: <a href={narration.vtt}>the cue file (WebVTT)</a>.
          </p>
        )}
      </details>
    </section>
  );
}
