/**
 * The narrated walkthrough's player, loaded when the reader presses Play
 * (WalkthroughBar.tsx). One audio element plays the scenes' files one after
 * another; its clock decides, through the pure functions of walkthrough.ts,
 * which scene and sentence are current, and the explorer is set to that
 * scene's switches and the tick the sentence names (the address follows, so a
 * link opens there). Pausing leaves the explorer live at that setting and
 * tick; moving a switch leaves the walkthrough, and it says so. The guided
 * route's own moves (previous, next, the transcript) move the walkthrough to
 * their scene's time.
 *
 * Keys: Space or K play and pause, C captions, ← and → a scene (with the focus
 * in the player or on nothing). The Media Session API gives lock-screen and
 * headset controls. Captions (the sentence being spoken, over the figure) are
 * remembered like the theme; reduced motion keeps voice and captions but
 * jumps between ticks instead of stepping through them.
 */
import { render } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { WalkthroughProps } from './WalkthroughBar.tsx';
import {
  clock,
  joinText,
  locate,
  marks,
  placeIn,
  sameSetting,
  sceneStart,
  stepScene,
  ticksBetween,
  type Place,
} from './walkthrough.ts';
import { at } from '../../model/lookup.ts';

/** localStorage key of the captions choice ("on" | "off"); absent: on. */
export const CAPTIONS_KEY = 'captions';
/** Time per tick when the figure steps through the ticks between two cues. */
const STEP_MS = 160;

type Status = 'playing' | 'paused' | 'left' | 'ended' | 'error';

function readCaptions(): boolean {
  try {
    return localStorage.getItem(CAPTIONS_KEY) !== 'off';
  } catch {
    return true;
  }
}

interface Props extends WalkthroughProps {
  audio: HTMLAudioElement;
  /** The first play() (called inside the click). */
  started: Promise<void>;
}

export function Player(props: Props) {
  const { narration, scenes, audio } = props;
  const tl = useMemo(() => joinText(narration, scenes), [narration, scenes]);
  const [t, setT] = useState(() => sceneStart(tl, props.at));
  const [status, setStatus] = useState<Status>('playing');
  const [msg, setMsg] = useState('');
  const [cc, setCc] = useState(readCaptions);

  // The latest props and state for the audio element's and the keyboard's handlers.
  const live = useRef({ props, status, t });
  live.current = { props, status, t };
  /** The scene whose file the audio element holds. */
  const loaded = useRef(props.at);
  /** What the walkthrough last set the explorer to. */
  const shown = useRef<{ scene: number; tick: number }>({ scene: 0, tick: -1 });
  /**
   * Scenes the walkthrough has cued that the explorer's props have not yet come back with. The
   * effect below tells the reader's moves on the route from these echoes: without it, two quick
   * scene steps made it seek back to each stale scene in turn, for ever (a page that froze).
   */
  const echoes = useRef<number[]>([]);
  const stepper = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);

  const place = locate(tl, t);
  const scene = at(tl.scenes, place.scene - 1, 'scenes');
  const caption = scene.cues[place.cue]?.text ?? '';

  /** Set the explorer to a place: at once to a new scene; within one, tick by tick unless motion is reduced. */
  const apply = (p: Place, mode: 'push' | 'replace' = 'replace', force = false) => {
    const cue = live.current.props.cue;
    const was = shown.current;
    if (!force && was.scene === p.scene && was.tick === p.tick) return;
    clearTimeout(stepper.current);
    shown.current = { scene: p.scene, tick: p.tick };
    if (force || was.scene !== p.scene) {
      echoes.current.push(p.scene);
      cue(p.scene, p.tick, mode);
      return;
    }
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    const steps = ticksBetween(was.tick, p.tick, still);
    const next = (i: number) => {
      live.current.props.cue(p.scene, at(steps, i, 'ticks between'));
      if (i + 1 < steps.length) stepper.current = setTimeout(() => next(i + 1), STEP_MS);
    };
    if (steps.length) next(0);
  };

  /** Go to a time on the whole timeline; `go` plays from there. */
  const seek = (time: number, go: boolean, force = false) => {
    const p = locate(tl, time);
    if (loaded.current !== p.scene) {
      loaded.current = p.scene;
      audio.src = at(tl.scenes, p.scene - 1, 'scenes').src;
    }
    audio.currentTime = p.offset;
    setT(time);
    // At once, not at the next render: a second ← pressed before it steps from here (two quick
    // presses went back one scene only).
    live.current = { ...live.current, t: time };
    apply(p, 'replace', force);
    if (go) resume();
  };

  const resume = () => {
    setMsg('');
    audio.play().catch(refused);
  };
  const refused = (e: unknown) => {
    const name = (e as { name?: string })?.name;
    if (name === 'AbortError') return; // a new source replaced the one being started
    setStatus('paused');
    setMsg(
      name === 'NotAllowedError'
        ? 'The browser did not let the audio start; press Play again.'
        : 'This browser cannot play the narration (Ogg Opus audio). The guided route and its text work without it.',
    );
  };

  const play = () => {
    const { status: s, t: now } = live.current;
    if (s === 'playing') return;
    // Resume where it stopped, with the explorer back at that cue (the reader may have moved the tick).
    if (s === 'ended') seek(0, true, true);
    else seek(now, true, true);
  };
  const pause = () => audio.pause();
  const toggle = () => (live.current.status === 'playing' ? pause() : play());
  const step = (dir: -1 | 1) => {
    const to = stepScene(tl, live.current.t, dir);
    if (to !== null) seek(to, live.current.status === 'playing');
  };
  const toggleCc = () =>
    setCc((on) => {
      try {
        localStorage.setItem(CAPTIONS_KEY, on ? 'off' : 'on');
      } catch {
        /* remembered for this page only */
      }
      return !on;
    });

  // The audio element's events drive everything; set up once, on the element the bar created.
  // A layout effect: listening from the commit that mounts the player, not a frame later (a key
  // pressed just after Play was lost on a slow phone).
  useLayoutEffect(() => {
    apply(locate(tl, sceneStart(tl, props.at)), 'push');
    button.current?.focus();
    props.started.then(() => setStatus(audio.paused ? 'paused' : 'playing'), refused);
    const onTime = () => {
      const n = loaded.current;
      const p = placeIn(tl, n, audio.currentTime);
      const s = at(tl.scenes, n - 1, 'scenes');
      setT(s.at + Math.min(audio.currentTime, s.duration));
      if (live.current.status === 'playing') apply(p);
    };
    const onPlay = () => {
      setStatus('playing');
      setMsg('');
    };
    const onPause = () => {
      if (audio.ended) return;
      setStatus((s) => (s === 'playing' ? 'paused' : s));
    };
    const onEnded = () => {
      const n = loaded.current;
      if (n < tl.scenes.length) seek(sceneStart(tl, n + 1), true);
      else {
        setStatus('ended');
        setT(tl.total);
        setMsg('The walkthrough has ended; the switches are yours. Play starts it again.');
      }
    };
    const onError = () => {
      setStatus('error');
      setMsg(
        'The narration’s audio could not be played. The guided route and its text work without it.',
      );
    };
    audio.addEventListener('timeupdate', onTime);
    audio.addEventListener('play', onPlay);
    audio.addEventListener('pause', onPause);
    audio.addEventListener('ended', onEnded);
    audio.addEventListener('error', onError);

    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement;
      const inside = !!el.closest?.('#walkthrough');
      const field = el.closest?.('input, select, textarea, [contenteditable]');
      const k = e.key.toLowerCase();
      if (k === ' ' || k === 'k') {
        // Space keeps its own meaning on buttons, links and form fields (radios, the slider).
        if ((field && !inside) || (k === ' ' && el.closest?.('button, a, summary'))) return;
        e.preventDefault();
        toggle();
      } else if (k === 'c') {
        if (field && !inside) return;
        e.preventDefault();
        toggleCc();
      } else if (k === 'arrowleft' || k === 'arrowright') {
        if (!inside && el !== document.body) return;
        e.preventDefault();
        step(k === 'arrowleft' ? -1 : 1);
      }
    };
    document.addEventListener('keydown', onKey);

    const ms = 'mediaSession' in navigator ? navigator.mediaSession : null;
    const actions: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', pause],
      ['previoustrack', () => step(-1)],
      ['nexttrack', () => step(1)],
      [
        'seekto',
        (d) =>
          seek(at(tl.scenes, loaded.current - 1, 'scenes').at + (d.seekTime ?? 0), !audio.paused),
      ],
    ];
    for (const [a, h] of actions) {
      try {
        ms?.setActionHandler(a, h);
      } catch {
        /* an action this browser does not support */
      }
    }
    return () => {
      clearTimeout(stepper.current);
      audio.removeEventListener('timeupdate', onTime);
      audio.removeEventListener('play', onPlay);
      audio.removeEventListener('pause', onPause);
      audio.removeEventListener('ended', onEnded);
      audio.removeEventListener('error', onError);
      document.removeEventListener('keydown', onKey);
      for (const [a] of actions) {
        try {
          ms?.setActionHandler(a, null);
        } catch {
          /* as above */
        }
      }
      audio.pause();
      audio.remove();
    };
  }, []);

  // Lock screen and headset: the scene being spoken.
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: `${place.scene}. ${scene.title}`,
      artist: 'Work That Outlives Its Worker',
      album: 'The narrated walkthrough',
    });
  }, [place.scene]);
  useEffect(() => {
    if ('mediaSession' in navigator)
      navigator.mediaSession.playbackState = status === 'playing' ? 'playing' : 'paused';
  }, [status]);

  // The reader's moves. The guided route going to another scene (its buttons, its keys, the
  // transcript) moves the walkthrough there; a switch moved by hand leaves the walkthrough.
  const { switches, scene: viewScene } = props.view;
  useEffect(() => {
    if (status === 'left' || status === 'ended' || status === 'error') return;
    const was = shown.current;
    if (was.scene === 0) return;
    const echo = viewScene === null ? -1 : echoes.current.indexOf(viewScene);
    if (echo >= 0) {
      // The explorer showing a scene the walkthrough cued, not the reader moving the route.
      echoes.current.splice(0, echo + 1);
      return;
    }
    if (
      viewScene !== null &&
      viewScene !== was.scene &&
      sameSetting(switches, at(scenes, viewScene - 1, 'scenes').switches)
    ) {
      seek(sceneStart(tl, viewScene), status === 'playing');
      return;
    }
    if (!sameSetting(switches, at(scenes, was.scene - 1, 'scenes').switches)) {
      clearTimeout(stepper.current);
      audio.pause();
      setStatus('left');
      setMsg(
        `You moved a switch, so the walkthrough stopped at ${clock(live.current.t)} (scene ${was.scene}). ` +
          'The explorer is yours; Play takes the walkthrough up again from there, with that scene’s switches.',
      );
    }
  }, [switches, viewScene]);

  // The caption goes over the figure (Explorer.tsx leaves an empty box there), or into the player.
  const slot = typeof document !== 'undefined' ? document.getElementById('wt-caption') : null;
  const captionLine = cc ? (
    <p class="wt-caption" data-cue={`${place.scene}-${place.cue}`}>
      {caption}
    </p>
  ) : null;
  useEffect(() => {
    if (slot) render(captionLine, slot);
  });
  useEffect(
    () => () => {
      if (slot) render(null, slot);
    },
    [],
  );

  const playing = status === 'playing';
  const total = tl.total;
  const said =
    status === 'paused'
      ? `Paused at ${clock(t)}. The explorer is live at this setting and tick: move the tick, open a panel, read the trace. Play resumes here; moving a switch leaves the walkthrough.`
      : msg;

  return (
    <div
      id="walkthrough"
      class={'wt is-on' + (playing ? ' is-playing' : '')}
      role="region"
      aria-label="Narrated walkthrough"
    >
      <div class="wt-bar">
        <button
          type="button"
          class="wt-play"
          ref={button}
          onClick={toggle}
          aria-keyshortcuts="K Space"
        >
          <span aria-hidden="true" class="wt-icon">
            {playing ? '❚❚' : '▶'}
          </span>{' '}
          {playing ? 'Pause' : status === 'ended' ? 'Play again' : 'Play'}
        </button>
        <div class="wt-track">
          <input
            type="range"
            class="wt-range"
            min={0}
            max={total}
            step={0.1}
            value={t}
            aria-label="Position in the walkthrough"
            aria-valuetext={`${clock(t)} of ${clock(total)}, scene ${place.scene}: ${scene.title}`}
            aria-keyshortcuts="ArrowLeft ArrowRight"
            onInput={(e) => seek(Number((e.currentTarget as HTMLInputElement).value), playing)}
          />
          <span class="wt-marks" aria-hidden="true">
            {marks(tl).map((f, i) => (
              <span key={i} class="wt-mark" style={{ left: `${f * 100}%` }} />
            ))}
          </span>
        </div>
        <span class="wt-time">
          <span class="figure">{clock(t)}</span> / <span class="figure">{clock(total)}</span>
        </span>
        <button
          type="button"
          class="wt-cc"
          aria-pressed={cc ? 'true' : 'false'}
          onClick={toggleCc}
          aria-keyshortcuts="C"
          title="Captions (C)"
        >
          CC<span class="sr-only"> captions</span>
        </button>
      </div>
      <p class="wt-scene small">
        Scene {place.scene} of {tl.scenes.length}: <strong>{scene.title}</strong>
      </p>
      {!slot && captionLine}
      <p class="wt-msg small" role="status">
        {said}
      </p>
      <p class="wt-keys small muted">
        <span class="wt-keyhint">
          Keys: <kbd>Space</kbd> or <kbd>K</kbd> play and pause, <kbd>C</kbd> captions, <kbd>←</kbd>{' '}
          <kbd>→</kbd> a scene.{' '}
        </span>
        The words with their times: <a href={narration.vtt}>the cue file</a>.
      </p>
    </div>
  );
}
