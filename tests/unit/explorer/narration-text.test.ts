// The walkthrough's words prepared for the speech synthesiser
// (src/components/explorer/narration-text.ts), with hand-written expectations.
import { describe, expect, it } from 'vitest';
import {
  numberWords,
  sceneHash,
  sceneSentences,
  speakable,
  spellHash,
  tickNamed,
} from '../../../src/components/explorer/narration-text.ts';

describe('speakable', () => {
  it.each([
    ['at t12 it starts', 'at tick twelve it starts'],
    ['At t0, before', 'At tick zero, before'],
    ['records attempt #1: it holds', 'recawrds attempt one: it holds'],
    ['#2 finishes a candidate', 'attempt two finishes a candidate'],
    ['from #1’s older text', "from attempt one's older text"],
    ['will read report v1.', 'will reed report version one.'],
    ['a version-1 digest', 'a version one digest'],
    ['it restores s1 without', 'it restores step one without'],
    ['Steps s3 and s4 have no entry', 'Steps three and four have no entry'],
    ['the original P1 and', 'the original post one and'],
    [
      'revenue reads 4.7 million instead of 4.1 million.',
      'revenue reads four point seven million instead of four point one million.',
    ],
    ['raises the owner epoch to 41', 'raises the owner epoch to forty one'],
    [
      'the same digest announced twice — 15 ticks',
      'the same digest announced twice, fifteen ticks',
    ],
    ['It redoes s2: the journal', 'It ree duzz step two: the journal'],
    ['Whether a result may be reused depends', 'Whether a result may be ree used depends'],
    ['the section text it summarised (f13ad423 and 95c9025a).', 'the section text it summarized.'],
    [
      'from different text (#1: 95c9025a and #2: fe91d25b).',
      "from different text (attempt one's and attempt two's).",
    ],
    [
      'the acceptance of fccbf744 for report v2.',
      'the acceptance of digest eff see see bee for report version two.',
    ],
    ['it starts on 29b4d09a and quotes', 'it starts on digest two nine bee four and quotes'],
    ['the job digest/q3-report turns', 'the job digest, Q three report turns'],
    ['a receiver that recognises the operation', 'a receiver that recognizes the operation'],
    ['A worker goes quiet mid-job', 'A worker goes quiet mid job'],
    ['Read the journal’s input-hash column', "Read the journal's input hash column"],
  ])('%s → %s', (written, spoken) => expect(speakable(written)).toBe(spoken));

  it('leaves plain ASCII and never a digit behind', () => {
    const s = speakable('At t17, #3 — “quoted” 4.7 million … 2 results; 8 ticks.');
    expect(s).toMatch(/^[\x20-\x7e]+$/);
    expect(s).not.toMatch(/\d/);
  });

  it('keeps ordinary words that look like hex ("defaced", "accede")', () => {
    expect(speakable('a defaced sign, accede')).toBe('a defaced sign, accede');
  });
});

describe('numbers and hashes', () => {
  it.each([
    [0, 'zero'],
    [7, 'seven'],
    [15, 'fifteen'],
    [40, 'forty'],
    [42, 'forty two'],
    [100, 'one hundred'],
    [105, 'one hundred and five'],
    [864, 'eight hundred and sixty four'],
    [1004, 'one thousand and four'],
    [2345, 'two thousand three hundred and forty five'],
    [12345, 'one two three four five'],
  ])('%i → %s', (n, words) => expect(numberWords(n)).toBe(words));

  it('spells a hash by its first four characters', () => {
    expect(spellHash('fccbf744')).toBe('eff see see bee');
    expect(spellHash('29b4d09a')).toBe('two nine bee four');
  });
});

describe('a scene’s cues', () => {
  const scene = {
    title: 'A retry',
    caption: 'A window opens. At t10 the feed applied P1. #3 sends it again at t14. Nothing new.',
    tick: 14,
  };

  it('are the title and each sentence, each showing the tick it names or the one before', () => {
    expect(sceneSentences(scene).map((s) => [s.text, s.tick])).toEqual([
      ['A retry', 10], // before the first named tick: that tick, not the scene's own
      ['A window opens.', 10],
      ['At t10 the feed applied P1.', 10],
      ['#3 sends it again at t14.', 14],
      ['Nothing new.', 14],
    ]);
  });

  it('show the scene’s own tick when its text names none', () => {
    const ticks = sceneSentences({ title: 'T', caption: 'No tick. None here.', tick: 6 });
    expect(ticks.map((s) => s.tick)).toEqual([6, 6, 6]);
  });

  it('names a tick only as tN ("t12", not "the 12" or "at12")', () => {
    expect(tickNamed('at t12 and t3')).toBe(12);
    expect(tickNamed('at12 or st3')).toBeNull();
  });

  it('hash: changes with the text, the tick and the spoken form, and only with them', () => {
    const h = sceneHash(scene);
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(sceneHash({ ...scene })).toBe(h);
    expect(sceneHash({ ...scene, caption: scene.caption.replace('t14', 't15') })).not.toBe(h);
    expect(sceneHash({ ...scene, title: 'A retry!' })).not.toBe(h);
  });
});
