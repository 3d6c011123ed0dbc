// `npm run narration`: speak the guided route's fourteen scenes and write the narrated
// walkthrough's audio and manifest.
//
// From each scene's own title and caption (src/components/explorer/scenes.ts, resolved for the
// scene's run), cut into sentences and prepared for speaking (narration-text.ts: "t12" → "tick
// twelve", "#2" → "attempt two", hashes short or left out), it
//   1. synthesises every sentence with Festival's cmu_us_slt_arctic_hts voice (one festival
//      process, sentence by sentence, so every cue's time is exact),
//   2. trims each sentence's silence and joins a scene's sentences with fixed pauses,
//   3. encodes each scene as mono Ogg Opus at 20 kbit/s (opusenc, tuned for speech, a fixed
//      serial number and no date, so the same input gives the same bytes):
//      public/explorer/narration/scene-NN.opus,
//   4. writes src/data/narration.json: per scene its id, the hash of its text (a unit test fails
//      when the scenes' text no longer matches it), its duration and its cues (each sentence's
//      start and end within the scene, its text and the tick it shows).
// It also lists the words the voice's lexicon does not hold (their sound is guessed by rule),
// the place to listen for mistakes: tmp/narration/phones.txt has every word's phones.
//
// Needs the Debian packages festival, festvox-us-slt-hts and opus-tools. The files it writes
// are committed, so building or serving the site needs none of them.
//
//   npm run narration
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { SCENES, sceneViews } from '../src/components/explorer/scenes.ts';
import { simulate, MAIN } from '../src/model/index.ts';
import { at } from '../src/model/lookup.ts';
import { sceneHash, sceneSentences } from '../src/components/explorer/narration-text.ts';
import type { Manifest } from '../src/components/explorer/walkthrough.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TMP = `${ROOT}tmp/narration/`;
const OUT = `${ROOT}public/explorer/narration/`;
const MANIFEST = `${ROOT}src/data/narration.json`;
const VOICE = 'cmu_us_slt_arctic_hts';
const BITRATE = 20; // kbit/s: clear speech, about 2.5 kB a second
/** Pauses, in seconds: before the first word, after the title, between sentences, after the last. */
const LEAD = 0.15;
const AFTER_TITLE = 0.55;
const GAP = 0.35;
const TAIL = 0.7;

function need(cmd: string, args: string[]): string {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (err) {
    const e = err as { code?: string; stderr?: string };
    if (e.code === 'ENOENT') {
      console.error(
        `narration: “${cmd}” was not found. Install the speech synthesiser and the encoder:\n` +
          '  apt-get install -y festival festvox-us-slt-hts opus-tools',
      );
      process.exit(1);
    }
    throw new Error(`${cmd} failed: ${e.stderr ?? String(err)}`, { cause: err });
  }
}

/** A Scheme string literal. */
const lit = (s: string) => `"${s.replace(/[\\"]/g, (c) => '\\' + c)}"`;

interface Pcm {
  rate: number;
  samples: Int16Array;
}

/** A mono 16-bit PCM RIFF/WAVE file, as Festival writes it. */
function readWav(file: string): Pcm {
  const b = readFileSync(file);
  if (b.toString('ascii', 0, 4) !== 'RIFF' || b.toString('ascii', 8, 12) !== 'WAVE')
    throw new Error(`${file}: not a WAVE file`);
  let at = 12;
  let rate = 0;
  while (at + 8 <= b.length) {
    const id = b.toString('ascii', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === 'fmt ') {
      const format = b.readUInt16LE(at + 8);
      const channels = b.readUInt16LE(at + 10);
      rate = b.readUInt32LE(at + 12);
      const bits = b.readUInt16LE(at + 22);
      if (format !== 1 || channels !== 1 || bits !== 16)
        throw new Error(`${file}: expected mono 16-bit PCM`);
    } else if (id === 'data') {
      const data = b.subarray(at + 8, at + 8 + size);
      const samples = new Int16Array(data.length / 2);
      for (let i = 0; i < samples.length; i++) samples[i] = data.readInt16LE(2 * i);
      return { rate, samples };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error(`${file}: no data chunk`);
}

function writeWav(file: string, { rate, samples }: Pcm) {
  const b = Buffer.alloc(44 + samples.length * 2);
  b.write('RIFF', 0, 'ascii');
  b.writeUInt32LE(36 + samples.length * 2, 4);
  b.write('WAVEfmt ', 8, 'ascii');
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate * 2, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36, 'ascii');
  b.writeUInt32LE(samples.length * 2, 40);
  for (const [i, x] of samples.entries()) b.writeInt16LE(x, 44 + 2 * i);
  writeFileSync(file, b);
}

/** The samples between the first and last that are not near silence, with 30 ms kept each side. */
function trim({ rate, samples }: Pcm): Int16Array {
  const loud = (x: number) => Math.abs(x) > 200;
  let a = samples.findIndex(loud);
  let z = samples.findLastIndex(loud);
  if (a < 0) return new Int16Array(0);
  const keep = Math.round(0.03 * rate);
  a = Math.max(0, a - keep);
  z = Math.min(samples.length - 1, z + keep);
  return samples.slice(a, z + 1);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

async function main() {
  need('festival', ['--version']);
  const opusVersion = (need('opusenc', ['--version']).split('\n')[0] ?? '').trim();
  rmSync(TMP, { recursive: true, force: true });
  mkdirSync(TMP, { recursive: true });
  mkdirSync(OUT, { recursive: true });

  const views = sceneViews(simulate);
  const scenes = views.map((v, i) => ({
    n: i + 1,
    id: at(SCENES, i, 'scenes').id,
    view: v,
    sentences: sceneSentences(v),
  }));

  // One festival run: every sentence to its own WAVE file, every word's phones to phones.txt,
  // and the words its lexicon lacks (spoken by letter-to-sound rules) to oov.txt.
  const scm: string[] = [
    `(voice_${VOICE})`,
    `(set! phones (fopen ${lit(TMP + 'phones.txt')} "w"))`,
    `(set! oov (fopen ${lit(TMP + 'oov.txt')} "w"))`,
    `(define (phones-of w)
       (apply string-append
         (mapcar (lambda (syl)
                   (apply string-append
                     (mapcar (lambda (seg) (string-append (item.name seg) " "))
                             (item.relation.daughters syl 'SylStructure))))
                 (item.relation.daughters w 'SylStructure))))`,
    `(define (say text file)
       (set! u (utt.synth (eval (list (quote Utterance) (quote Text) text))))
       (utt.save.wave u file 'riff)
       (format phones "%s\\n" text)
       (mapcar (lambda (w)
                 (format phones "  %s [%s]\\n" (item.name w) (phones-of w))
                 (if (not (lex.lookup_all (downcase (item.name w))))
                     (format oov "%s\\n" (downcase (item.name w)))))
               (utt.relation.items u 'Word)))`,
  ];
  for (const sc of scenes)
    sc.sentences.forEach((s, i) => scm.push(`(say ${lit(s.spoken)} ${lit(wavOf(sc.n, i))})`));
  scm.push('(fclose phones)', '(fclose oov)');
  writeFileSync(TMP + 'speak.scm', scm.join('\n') + '\n');
  need('festival', ['-b', TMP + 'speak.scm']);

  const manifest: Manifest = {
    voice: `Festival, ${VOICE}`,
    encoding: `Ogg Opus, mono, ${BITRATE} kbit/s (${opusVersion})`,
    scenes: [],
  };
  let bytes = 0;
  for (const sc of scenes) {
    const parts = sc.sentences.map((_, i) => readWav(wavOf(sc.n, i)));
    const rate = at(parts, 0, `scene ${sc.n}'s sentences`).rate;
    if (parts.some((p) => p.rate !== rate)) throw new Error(`scene ${sc.n}: mixed sample rates`);
    const chunks: Int16Array[] = [];
    let length = 0;
    const silence = (s: number) => {
      const z = new Int16Array(Math.round(s * rate));
      chunks.push(z);
      length += z.length;
    };
    const cues: Manifest['scenes'][number]['cues'] = [];
    silence(LEAD);
    parts.forEach((p, i) => {
      if (i > 0) silence(i === 1 ? AFTER_TITLE : GAP);
      const body = trim(p);
      const s = at(sc.sentences, i, `scene ${sc.n}'s sentences`);
      const cue = { start: round(length / rate), end: 0, text: s.text, tick: s.tick };
      cues.push(cue);
      chunks.push(body);
      length += body.length;
      cue.end = round(length / rate);
    });
    silence(TAIL);
    const samples = new Int16Array(length);
    let offset = 0;
    for (const c of chunks) {
      samples.set(c, offset);
      offset += c.length;
    }
    const wav = `${TMP}scene-${pad(sc.n)}.wav`;
    writeWav(wav, { rate, samples });
    const file = `scene-${pad(sc.n)}.opus`;
    need('opusenc', [
      '--quiet',
      '--speech',
      '--bitrate',
      String(BITRATE),
      '--serial',
      String(sc.n),
      '--padding',
      '0',
      '--title',
      `Scene ${sc.n}: ${sc.view.title}`,
      '--artist',
      'Work That Outlives Its Worker',
      wav,
      OUT + file,
    ]);
    const size = readFileSync(OUT + file).length;
    bytes += size;
    const change = Object.fromEntries(
      Object.entries(sc.view.switches).filter(([k, v]) => MAIN[k as keyof typeof MAIN] !== v),
    );
    manifest.scenes.push({
      n: sc.n,
      id: sc.id,
      file: `/explorer/narration/${file}`,
      hash: sceneHash(sc.view),
      change,
      duration: round(length / rate),
      bytes: size,
      cues,
    });
  }
  const text = await prettier.format(JSON.stringify(manifest), { parser: 'json' });
  writeFileSync(MANIFEST, text);

  const oov = [
    ...new Set(
      readFileSync(TMP + 'oov.txt', 'utf8')
        .split('\n')
        .filter(Boolean),
    ),
  ];
  const total = manifest.scenes.reduce((s, x) => s + x.duration, 0);
  console.log(
    `narration: ${manifest.scenes.length} scenes, ${Math.floor(total / 60)}:${String(Math.round(total % 60)).padStart(2, '0')} of speech, ` +
      `${(bytes / 1000).toFixed(1)} kB of Opus in public/explorer/narration/, manifest src/data/narration.json`,
  );
  console.log(
    `words not in the voice's lexicon (spoken by rule; listen to these): ${oov.join(', ') || 'none'}`,
  );
  console.log(`every word's phones: tmp/narration/phones.txt`);
}

const pad = (n: number) => String(n).padStart(2, '0');
const wavOf = (n: number, i: number) => `${TMP}s${pad(n)}-${pad(i)}.wav`;

await main();
