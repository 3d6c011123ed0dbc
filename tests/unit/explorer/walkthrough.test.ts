// The narrated walkthrough's clock (src/components/explorer/walkthrough.ts), on a small
// hand-made timeline whose answers are worked out here by hand:
//
//   scene 1: 0.0 – 10.0 s   cues at 0.5 (t3), 4.0 (t3), 7.0 (t5)
//   scene 2: 10.0 – 16.0 s  cues at 0.2 (t0), 3.0 (t2)
//   scene 3: 16.0 – 30.5 s  cues at 0.1 (t9)
import { describe, expect, it } from 'vitest';
import {
  clock,
  joinText,
  locate,
  marks,
  narrationProp,
  placeIn,
  sameSetting,
  sceneStart,
  scrub,
  sentences,
  stepScene,
  ticksBetween,
  timeline,
  vtt,
  type Manifest,
  type SceneAudio,
} from '../../../src/components/explorer/walkthrough.ts';
import { at } from '../../../src/model/lookup.ts';

const cue = (start: number, end: number, tick: number, text = `at ${start}`) => ({
  start,
  end,
  tick,
  text,
});
const SCENES: SceneAudio[] = [
  {
    title: 'One',
    src: '/a.opus',
    duration: 10,
    cues: [cue(0.5, 3.5, 3), cue(4, 6.5, 3), cue(7, 9.5, 5)],
  },
  { title: 'Two', src: '/b.opus', duration: 6, cues: [cue(0.2, 2.8, 0), cue(3, 5.5, 2)] },
  { title: 'Three', src: '/c.opus', duration: 14.5, cues: [cue(0.1, 14, 9)] },
];
const TL = timeline(SCENES);

describe('timeline', () => {
  it('lays the scenes end to end: starts 0, 10, 16; total 30.5 s', () => {
    expect(TL.scenes.map((s) => s.at)).toEqual([0, 10, 16]);
    expect(TL.total).toBe(30.5);
    expect([1, 2, 3].map((n) => sceneStart(TL, n))).toEqual([0, 10, 16]);
  });

  it('marks each scene start as a fraction of the whole', () => {
    expect(marks(TL)).toEqual([0, 10 / 30.5, 16 / 30.5]);
  });
});

describe('locate: the scene, the cue and the tick at a time', () => {
  it.each([
    // time, scene, cue index, tick, offset into the scene
    [0, 1, 0, 3, 0], // before the first word: the first cue holds
    [0.5, 1, 0, 3, 0.5],
    [3.9, 1, 0, 3, 3.9], // between cues: the earlier one
    [4, 1, 1, 3, 4],
    [8, 1, 2, 5, 8], // the third cue names t5
    [10, 2, 0, 0, 0], // a scene's start belongs to that scene
    [13.5, 2, 1, 2, 3.5],
    [20, 3, 0, 9, 4],
    [30.5, 3, 0, 9, 14.5], // the very end: the last scene
  ])('at %s s: scene %i, cue %i, t%i', (time, scene, c, tick, offset) => {
    const p = locate(TL, time);
    expect(p).toEqual({ scene, cue: c, tick, offset: expect.closeTo(offset, 9) });
  });

  it('clamps times off the timeline and ignores NaN', () => {
    expect(locate(TL, -4).scene).toBe(1);
    expect(locate(TL, 99)).toMatchObject({ scene: 3, offset: 14.5 });
    expect(locate(TL, Number.NaN)).toMatchObject({ scene: 1, offset: 0 });
  });

  it('placeIn keeps a scene’s own end in that scene (the audio clock at its file’s end)', () => {
    expect(placeIn(TL, 1, 10)).toEqual({ scene: 1, offset: 10, cue: 2, tick: 5 });
  });
});

describe('moving about', () => {
  it('← and → go to the start of the scene before or after, and stop at the ends', () => {
    expect(stepScene(TL, 5, 1)).toBe(10);
    expect(stepScene(TL, 12, 1)).toBe(16);
    expect(stepScene(TL, 20, 1)).toBeNull();
    expect(stepScene(TL, 20, -1)).toBe(10);
    expect(stepScene(TL, 12, -1)).toBe(0);
    expect(stepScene(TL, 3, -1)).toBeNull();
  });

  it('scrubbing: a point on the bar is a time and the scene it falls in', () => {
    expect(scrub(TL, 0)).toEqual({ time: 0, scene: 1 });
    expect(scrub(TL, 0.5)).toEqual({ time: 15.25, scene: 2 });
    expect(scrub(TL, 16 / 30.5)).toEqual({ time: 16, scene: 3 });
    expect(scrub(TL, 2)).toEqual({ time: 30.5, scene: 3 });
  });

  it('the figure steps through every tick forward, jumps back, and only jumps when still', () => {
    expect(ticksBetween(4, 7, false)).toEqual([5, 6, 7]);
    expect(ticksBetween(4, 7, true)).toEqual([7]);
    expect(ticksBetween(9, 2, false)).toEqual([2]);
    expect(ticksBetween(3, 3, false)).toEqual([]);
  });
});

describe('clock', () => {
  it.each([
    [0, '0:00'],
    [9.99, '0:09'],
    [61, '1:01'],
    [368.4, '6:08'],
    [3725, '62:05'],
    [-3, '0:00'],
  ])('%s s → %s', (s, want) => expect(clock(s)).toBe(want));
});

describe('sentences', () => {
  it('cuts at a stop and a space, keeping 4.7 and t12 whole', () => {
    expect(sentences('Revenue reads 4.7 million. At t12 it starts; then waits! Done?')).toEqual([
      'Revenue reads 4.7 million.',
      'At t12 it starts; then waits!',
      'Done?',
    ]);
  });
});

describe('the cue file', () => {
  it('puts each sentence on the whole timeline, in WebVTT', () => {
    const text = vtt(TL);
    expect(text.startsWith('WEBVTT\n\n')).toBe(true);
    // Scene 2's second cue: 10 + 3 = 13 s to 10 + 5.5 = 15.5 s.
    expect(text).toContain('scene-2-2\n00:00:13.000 --> 00:00:15.500\nat 3');
    // Scene 3's cue: 16.1 s to 30 s.
    expect(text).toContain('scene-3-1\n00:00:16.100 --> 00:00:30.000\nat 0.1');
    expect(text.match(/-->/g)).toHaveLength(6);
  });
});

describe('the page’s prop and the player’s text', () => {
  const manifest: Manifest = {
    voice: 'v',
    encoding: 'e',
    scenes: SCENES.map((s, i) => ({
      n: i + 1,
      id: `s${i}`,
      file: `/explorer/narration/scene-0${i + 1}.opus`,
      hash: 'x',
      change: {},
      duration: s.duration,
      bytes: 1,
      cues: s.cues,
    })),
  };
  const prop = narrationProp(manifest, (p) => `/sub${p}`);

  it('carries times, ticks and URLs under the base path, but no text', () => {
    expect(prop.length).toBe('0:30');
    expect(prop.starts).toEqual(['0:00', '0:10', '0:16']);
    expect(prop.vtt).toBe('/sub/explorer/narration.vtt');
    expect(prop.scenes[1]).toEqual({
      src: '/sub/explorer/narration/scene-02.opus',
      duration: 6,
      cues: '0.2 2.8 0,3 5.5 2',
    });
  });

  it('joins the scenes’ words back on: the title, then each sentence of the caption', () => {
    const tl = joinText(prop, [
      { title: 'One', caption: 'First. Second at t3. Third.' },
      { title: 'Two', caption: 'A. B.' },
      { title: 'Three', caption: '' },
    ]);
    expect(at(tl.scenes, 0, 'scenes').cues.map((c) => c.text)).toEqual([
      'One',
      'First.',
      'Second at t3.',
    ]);
    expect(at(tl.scenes, 1, 'scenes').cues.map((c) => c.text)).toEqual(['Two', 'A.']);
    expect(tl.total).toBe(30.5);
  });
});

describe('sameSetting', () => {
  it('compares every key of both settings', () => {
    expect(sameSetting({ a: 'x', b: 'y' }, { b: 'y', a: 'x' })).toBe(true);
    expect(sameSetting({ a: 'x', b: 'y' }, { a: 'x', b: 'z' })).toBe(false);
    expect(sameSetting({ a: 'x' }, { a: 'x', b: 'y' })).toBe(false);
  });
});
