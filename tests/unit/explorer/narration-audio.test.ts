// The narrated walkthrough's committed audio against its manifest and against the scenes' text:
//   - each scene's text (title and caption, as spoken and as captioned, with each sentence's
//     tick) still hashes to what its audio was made from; if not, `npm run narration` remakes it
//   - each Ogg Opus file's real length, read from its own headers (the last page's granule
//     position less the pre-skip, at 48 kHz), is the manifest's duration within 0.1 s
//   - the manifest's cues are the scene's sentences, in order, inside the audio.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCENES, sceneViews } from '../../../src/components/explorer/scenes.ts';
import { sceneHash, sceneSentences } from '../../../src/components/explorer/narration-text.ts';
import { simulate } from '../../../src/model/index.ts';
import manifest from '../../../src/data/narration.json';
import { at } from '../../../src/model/lookup.ts';

const views = sceneViews(simulate);
const REGENERATE = 'run `npm run narration` to remake its audio and the manifest';

/**
 * An Ogg Opus file's playing time from its pages: RFC 7845 — the granule position of the last
 * page counts 48 kHz samples including the pre-skip that the OpusHead packet (first page) gives.
 */
function opusSeconds(bytes: Buffer): { seconds: number; pages: number; serials: Set<number> } {
  let at = 0;
  let preSkip = -1;
  let granule = -1n;
  let pages = 0;
  const serials = new Set<number>();
  while (at < bytes.length) {
    if (bytes.toString('latin1', at, at + 4) !== 'OggS') throw new Error(`no Ogg page at ${at}`);
    const segments = bytes.readUInt8(at + 26);
    let body = 0;
    for (let i = 0; i < segments; i++) body += bytes.readUInt8(at + 27 + i);
    const start = at + 27 + segments;
    if (pages === 0) {
      if (bytes.toString('latin1', start, start + 8) !== 'OpusHead')
        throw new Error('first page is not OpusHead');
      preSkip = bytes.readUInt16LE(start + 10);
    }
    const g = bytes.readBigInt64LE(at + 6);
    if (g !== -1n) granule = g;
    serials.add(bytes.readUInt32LE(at + 14));
    pages++;
    at = start + body;
  }
  return { seconds: (Number(granule) - preSkip) / 48000, pages, serials };
}

describe('the narration manifest', () => {
  it('has one entry per scene of the guided route, in order', () => {
    expect(manifest.scenes.map((s) => s.id)).toEqual(SCENES.map((s) => s.id));
    expect(manifest.scenes.map((s) => s.n)).toEqual(SCENES.map((_, i) => i + 1));
  });

  it.each(views.map((v, i) => [i + 1, v] as const))(
    'scene %i: its text still matches the text its audio was made from',
    (n, v) => {
      const m = at(manifest.scenes, n - 1, 'manifest scenes');
      const why = `scene ${n} (“${v.title}”) no longer says what its audio says: ${REGENERATE}`;
      expect(sceneHash(v), why).toBe(m.hash);
      const want = sceneSentences(v).map((s) => ({ text: s.text, tick: s.tick }));
      expect(
        m.cues.map((c) => ({ text: c.text, tick: c.tick })),
        why,
      ).toEqual(want);
    },
  );

  it.each(SCENES.map((s, i) => [i + 1, s] as const))(
    'scene %i: the manifest names the switches the scene sets',
    (n, s) => {
      expect(at(manifest.scenes, n - 1, 'manifest scenes').change).toEqual(s.change);
    },
  );

  it.each(manifest.scenes.map((s) => [s.n, s] as const))(
    'scene %i: cues in order, each inside the audio',
    (_n, s) => {
      let last = 0;
      for (const c of s.cues) {
        expect(c.start).toBeGreaterThanOrEqual(last);
        expect(c.end).toBeGreaterThan(c.start);
        last = c.end;
      }
      expect(last).toBeLessThanOrEqual(s.duration);
    },
  );
});

describe('the audio files', () => {
  it.each(manifest.scenes.map((s) => [s.n, s] as const))(
    'scene %i: the Ogg Opus file lasts what the manifest says (±0.1 s), by its own headers',
    (n, s) => {
      const bytes = readFileSync(new URL(`../../../public${s.file}`, import.meta.url));
      const { seconds, pages, serials } = opusSeconds(bytes);
      expect(pages).toBeGreaterThan(2);
      expect(serials.size, 'one logical stream').toBe(1);
      expect(
        Math.abs(seconds - s.duration),
        `scene ${n}: the file plays ${seconds.toFixed(3)} s, the manifest says ${s.duration} s; ${REGENERATE}`,
      ).toBeLessThanOrEqual(0.1);
      expect(bytes.length).toBe(s.bytes);
    },
  );
});
