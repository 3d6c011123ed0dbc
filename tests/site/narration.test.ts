// The narrated walkthrough in the built site:
//   - /explorer/narration.vtt is WebVTT with one cue per spoken sentence of the manifest, each at
//     its scene's start (the durations before it, added up here) plus its time in the scene
//   - the audio files the manifest names are in the build
//   - the explorer's page without JavaScript says that the narrated version needs it, links the
//     cue file, and asks for no audio: no <audio>, no preload of a .opus file
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, page, text } from './dist.ts';
import manifest from '../../src/data/narration.json';
import { at } from '../../src/model/lookup.ts';

const vttFile = join(DIST, 'explorer/narration.vtt');

/** "00:01:02.345" → 62.345 */
const seconds = (ts: string) => {
  const [h, m, s] = ts.split(':');
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
};

describe('/explorer/narration.vtt', () => {
  const raw = readFileSync(vttFile, 'utf8');
  const blocks = raw.trim().split(/\n\n+/);

  it('is WebVTT', () => {
    expect(blocks[0]).toBe('WEBVTT');
  });

  it('has one cue per sentence, at its time on the whole walkthrough', () => {
    const want: { start: number; end: number; text: string }[] = [];
    let offset = 0;
    for (const s of manifest.scenes) {
      for (const c of s.cues)
        want.push({ start: offset + c.start, end: offset + c.end, text: c.text });
      offset += s.duration;
    }
    const got = blocks.slice(1).map((b) => {
      const [, times = '', ...words] = b.split('\n');
      const [start = '', end = ''] = times.split(' --> ');
      return { start: seconds(start), end: seconds(end), text: words.join(' ') };
    });
    expect(got).toHaveLength(want.length);
    got.forEach((g, i) => {
      const w = at(want, i, 'cues');
      expect(g.text).toBe(w.text);
      expect(Math.abs(g.start - w.start)).toBeLessThan(0.0015);
      expect(Math.abs(g.end - w.end)).toBeLessThan(0.0015);
    });
  });
});

describe('the audio in the build', () => {
  it.each(manifest.scenes.map((s) => [s.n, s.file] as const))('scene %i: %s', (_n, f) => {
    expect(existsSync(join(DIST, f))).toBe(true);
  });
});

describe('the explorer without JavaScript', () => {
  const html = page('/explorer/');
  const fallback = html.slice(html.indexOf('id="ex-static"'));

  it('says the narrated walkthrough needs JavaScript and links the cue file', () => {
    expect(text(fallback)).toMatch(/narrated walkthrough[^.]*needs JavaScript/);
    expect(fallback).toMatch(/href="[^"]*\/explorer\/narration\.vtt"/);
  });

  it('asks for no audio before Play', () => {
    expect(html).not.toMatch(/<audio|<video|rel="preload"[^>]*\.opus/);
  });
});
