/**
 * The narrated walkthrough's words: each scene's title and caption (scenes.ts)
 * cut into the sentences that are spoken and captioned one at a time, the tick
 * each sentence talks about, and the same sentence as the speech synthesiser
 * is given it ("t12" → "tick twelve", "#2" → "attempt two", hashes spelled
 * short). Pure. scripts/narration.ts speaks `spoken`; the manifest
 * (src/data/narration.json) records a hash of it all, and a unit test fails
 * when the scenes' text moves away from the words the audio was made from.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { sentences } from './walkthrough.ts';
import { at } from '../../model/lookup.ts';

export { sentences };

export interface Sentence {
  /** As written, for the caption and the cue file. */
  text: string;
  /** As spoken: plain ASCII words the synthesiser reads without guessing. */
  spoken: string;
  /** The tick the figure shows while this sentence is spoken. */
  tick: number;
}

export interface SceneText {
  title: string;
  caption: string;
  /** The scene's own tick (the guided route's). */
  tick: number;
}

/** The first tick a sentence names ("at t9" → 9), or null. */
export function tickNamed(sentence: string): number | null {
  const m = /\bt(\d+)\b/.exec(sentence);
  return m ? Number(m[1]) : null;
}

/**
 * The cues of a scene: its title, then each sentence of its caption. A sentence that names a tick
 * shows that tick; one that names none keeps the tick before it; the ones before the first named
 * tick show that first tick (so a scene never steps back to come forward again), and a scene that
 * names none shows its own tick throughout.
 */
export function sceneSentences(scene: SceneText): Sentence[] {
  const texts = [scene.title, ...sentences(scene.caption)];
  const named = texts.map(tickNamed);
  let tick = named.find((t) => t !== null) ?? scene.tick;
  return texts.map((text, i) => {
    tick = named[i] ?? tick;
    return { text, spoken: speakable(text), tick };
  });
}

/** The hash the manifest records for a scene: of every sentence as written and as spoken. */
export function sceneHash(scene: SceneText): string {
  const body = sceneSentences(scene)
    .map((s) => `${s.tick}\t${s.text}\t${s.spoken}`)
    .join('\n');
  return bytesToHex(sha256(utf8ToBytes(body))).slice(0, 16);
}

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/** 0 to 9999 in words, British style ("one hundred and five"); larger numbers digit by digit. */
export function numberWords(n: number): string {
  if (!Number.isInteger(n) || n < 0) throw new Error(`numberWords: ${n} is not a whole number ≥ 0`);
  if (n < 20) return at(ONES, n, 'ONES');
  if (n < 100)
    return at(TENS, Math.floor(n / 10), 'TENS') + (n % 10 ? ' ' + at(ONES, n % 10, 'ONES') : '');
  if (n < 1000) {
    const rest = n % 100;
    return `${ONES[Math.floor(n / 100)]} hundred` + (rest ? ` and ${numberWords(rest)}` : '');
  }
  if (n < 10000) {
    const rest = n % 1000;
    return (
      `${ONES[Math.floor(n / 1000)]} thousand` +
      (rest ? (rest < 100 ? ' and ' : ' ') + numberWords(rest) : '')
    );
  }
  return digitWords(String(n));
}

const digitWords = (digits: string) => [...digits].map((d) => ONES[Number(d)]).join(' ');

/** Letter names the synthesiser says as letters (a lone "a" would be the article). */
const LETTER: Record<string, string> = {
  a: 'ay',
  b: 'bee',
  c: 'see',
  d: 'dee',
  e: 'ee',
  f: 'eff',
};

/** A hex hash said by its first four characters: "fccbf744" → "eff see see bee". */
export function spellHash(hash: string): string {
  return [...hash.slice(0, 4).toLowerCase()].map((ch) => LETTER[ch] ?? ONES[Number(ch)]).join(' ');
}

/** Eight hex characters with at least one digit (a word like "defaced" is not a hash). */
const HASH = String.raw`(?=[0-9a-f]*\d)[0-9a-f]{8}`;

/**
 * A sentence as the synthesiser is given it. The written sentence uses the site's short forms;
 * spoken, each becomes words: t12 → tick twelve, #2 → attempt two, v2 → version two, s3 → step
 * three, P1 → post one, 4.7 → four point seven, a digest's hash → its first four characters, a
 * list of section hashes in brackets → left out. British -ise spellings become -ize (the voice's
 * lexicon is American, and guesses "summarised" wrongly); a few words it misreads are respelled.
 */
export function speakable(sentence: string): string {
  let s = sentence
    .normalize('NFKC')
    .replace(/[‘’]/g, "'")
    .replace(/[“”"]/g, '')
    .replace(/\s*[—–]\s*/g, ', ')
    .replace(/…/g, '...');
  // Hashes: a bracketed list of them says nothing aloud; "#1: 95c9…" is attempt one's.
  s = s.replace(new RegExp(String.raw`\s*\((?:${HASH}|,|and|\s)+\)`, 'g'), '');
  s = s.replace(new RegExp(String.raw`#(\d+): ${HASH}`, 'g'), (_, n: string) => `#${n}'s`);
  s = s.replace(
    new RegExp(String.raw`(\bdigest\s+)?\b(${HASH})\b`, 'g'),
    (_, _d: string | undefined, h: string) => `digest ${spellHash(h)}`,
  );
  // The job's name, "digest/q3-report": said as "digest, Q three report".
  s = s.replace(/\b([a-z]+)\/([a-z])(\d+)-([a-z]+)\b/g, (_, a: string, l: string, d: string, b) => {
    return `${a}, ${l.toUpperCase()} ${numberWords(Number(d))} ${b}`;
  });
  s = s
    .replace(/\bt(\d+)\b/g, (_, n: string) => `tick ${numberWords(Number(n))}`)
    .replace(/\battempt #(\d+)/gi, (m, n: string) => `${m.slice(0, 7)} ${numberWords(Number(n))}`)
    .replace(/#(\d+)/g, (_, n: string) => `attempt ${numberWords(Number(n))}`)
    .replace(/\bversion-(\d+)/g, (_, n: string) => `version ${numberWords(Number(n))}`)
    .replace(/\bv(\d+)\b/g, (_, n: string) => `version ${numberWords(Number(n))}`)
    .replace(
      /\b(Steps?) s(\d+) and s(\d+)\b/g,
      (_, w: string, a: string, b: string) =>
        `${w} ${numberWords(Number(a))} and ${numberWords(Number(b))}`,
    )
    .replace(/\b(Steps?) s(\d+)\b/g, (_, w: string, a: string) => `${w} ${numberWords(Number(a))}`)
    .replace(/\bs(\d+)\b/g, (_, n: string) => `step ${numberWords(Number(n))}`)
    .replace(/\bP(\d+)\b/g, (_, n: string) => `post ${numberWords(Number(n))}`)
    .replace(
      /\b(\d+)\.(\d+)\b/g,
      (_, a: string, b: string) => `${numberWords(Number(a))} point ${digitWords(b)}`,
    )
    .replace(/\b\d+\b/g, (n) => numberWords(Number(n)));
  // Words the voice gets wrong as written (checked against its phones; see scripts/narration.ts).
  s = s
    .replace(/\b(will|to|must|can|may|might|should|would|could) read\b/gi, '$1 reed')
    .replace(/\bredoes\b/g, 'ree duzz')
    .replace(/\breused\b/g, 'ree used')
    // "records" before its object is the verb (the voice's tagger reads "and records attempt" as a noun).
    .replace(/\brecords(?= (?:attempt|the|a|an|its)\b)/g, 'recawrds')
    .replace(/\b([a-z]+)is(e|es|ed|ing)\b/gi, (w, stem: string, end: string) =>
      IZE.has(stem.toLowerCase()) ? `${stem}iz${end}` : w,
    )
    .replace(/(\w)-(?=\w)/g, '$1 ');
  // Plain ASCII, single spaces: the synthesiser reads bytes.
  return s
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Stems whose -ise spelling the voice's American lexicon knows only as -ize. */
const IZE = new Set(['summar', 'recogn', 'organ', 'real', 'author', 'prior', 'normal', 'minim']);
