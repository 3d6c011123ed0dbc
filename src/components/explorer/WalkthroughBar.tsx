/**
 * The narrated walkthrough's way in: a Play button at the top of the guided
 * route's column (at the top of the page on a phone). Nothing of
 * the walkthrough loads before it is pressed: the click creates the audio
 * element and starts the scene the guided route is on (inside the click, so
 * every browser lets it play), then loads the player (Walkthrough.tsx), which
 * takes over this box. Kept tiny: it is part of the explorer's first load.
 */
import { useState } from 'preact/hooks';
import type { SceneView } from './scenes.ts';
import type { Narration } from './walkthrough.ts';
import type { Switches } from './model.ts';
import './walkthrough.css';
import { at } from '../../model/lookup.ts';

export interface WalkthroughProps {
  narration: Narration;
  scenes: SceneView[];
  /** The scene the guided route is on (1-based): Play starts there. */
  at: number;
  /** What the explorer shows now. */
  view: { switches: Switches; tick: number; scene: number | null };
  /** Show scene n at a tick (the address follows); 'push' adds a history entry. */
  cue: (n: number, tick: number, mode?: 'push' | 'replace') => void;
}

type Player = typeof import('./Walkthrough.tsx').Player;

export function WalkthroughBar(props: WalkthroughProps) {
  const [run, setRun] = useState<{ audio: HTMLAudioElement; started: Promise<void> } | null>(null);
  const [Player, setPlayer] = useState<Player | null>(null);
  const [failed, setFailed] = useState(false);
  if (run && Player) return <Player {...props} {...run} />;
  const play = () => {
    if (run) return;
    const audio = new Audio();
    audio.preload = 'auto';
    audio.src = at(props.narration.scenes, props.at - 1, 'narrated scenes').src;
    document.body.append(audio);
    setRun({ audio, started: audio.play() });
    import('./Walkthrough.tsx').then(
      (m) => setPlayer(() => m.Player),
      () => setFailed(true),
    );
  };
  return (
    <div id="walkthrough" class="wt">
      <button type="button" class="wt-play" onClick={play}>
        <span aria-hidden="true" class="wt-icon">
          ▶
        </span>{' '}
        Play the walkthrough <span class="wt-len">{props.narration.length}</span>
      </button>
      {failed && (
        <p class="wt-msg" role="status">
          The player did not load; the guided route works without it.
        </p>
      )}
    </div>
  );
}
