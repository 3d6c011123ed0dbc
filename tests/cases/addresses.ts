// Seeded bad addresses, shared by the unit tests (every case, through the same parsers the
// pages run: tests/unit/explorer/addresses.test.ts) and the browser tests (a sample, as
// rendered: tests/browser/fuzz.spec.ts). Each case says what the page must then show.
import {
  MAIN,
  PRESETS,
  SWITCH_IDS,
  SWITCH_VALUES,
  slugOf,
  allSettings,
  simulate,
  type Switches,
} from '../../src/model/index.ts';
import { rng as prng } from '../../lab/nemesis.ts';
import { at } from '../../src/model/lookup.ts';

const lastTicks = new Map<string, number>();
const lastTickOf = (s: Switches) => {
  const k = slugOf(s);
  if (!lastTicks.has(k)) lastTicks.set(k, simulate(s).lastTick);
  return lastTicks.get(k)!;
};

/** Deterministic PRNG (the lab's mulberry32), so every run tests the same strings. */
export { prng };

/** Markup a payload would create if it were ever parsed as HTML. */
export const PAYLOADS = [
  '<img src=x id=pwned onerror=window.__pwned=1>',
  '"><svg id=pwned onload=window.__pwned=1>',
  "'><script>window.__pwned=1</script>",
  'javascript:window.__pwned=1',
];

/** One random, possibly malformed address, with what the page must then show. */
export function mangledCase(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => at(xs, Math.floor(rand() * xs.length), 'choices');
  const parts: string[] = [];
  const want: Record<string, string> = { ...MAIN };
  const seen = new Set<string>();
  let bad = false;
  let scene: string | null = null;
  const badValue = (id: string, raw: string) => {
    parts.push(`${id}=${raw}`);
    seen.add(id);
    bad = true;
  };
  const count = Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const kind = pick([
      'valid',
      'valid',
      'valid',
      'unknown',
      'badvalue',
      'dup',
      'garbage',
      'scene',
      'vs',
      'long',
      'many',
      'repeat',
      'unicode',
      'payload',
      'percent',
    ]);
    const id = pick(SWITCH_IDS);
    if (kind === 'valid') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${encodeURIComponent(v)}`);
      if (seen.has(id)) bad = true;
      else want[id] = v;
      seen.add(id);
    } else if (kind === 'unknown') {
      parts.push(
        pick([
          'foo=bar',
          'Fencing=off',
          'fencing_=on',
          'silent%20=paused',
          'x',
          'keys=none',
          'tick=3',
          '=on',
        ]),
      );
      bad = true;
    } else if (kind === 'badvalue') {
      badValue(
        id,
        pick([
          '',
          'maybe',
          'ON',
          'off%00',
          '%3Cscript%3E',
          'per-step%20',
          '1',
          encodeURIComponent('“on”'),
        ]),
      );
    } else if (kind === 'dup') {
      const v = pick(SWITCH_VALUES[id]);
      parts.push(`${id}=${v}`, `${id}=${v}`);
      if (!seen.has(id)) want[id] = v;
      seen.add(id);
      bad = true;
    } else if (kind === 'repeat') {
      // The same key five times with different values: the first is kept.
      const vs = Array.from({ length: 5 }, () => pick(SWITCH_VALUES[id]));
      parts.push(...vs.map((v) => `${id}=${v}`));
      if (!seen.has(id)) want[id] = at(vs, 0, 'values');
      seen.add(id);
      bad = true;
    } else if (kind === 'garbage') {
      const g = pick(['%', '%E0%A4%A', '&', '==', '%FF%FE=1', 'a=b=c']);
      parts.push(g);
      bad = bad || g !== '&';
    } else if (kind === 'percent') {
      parts.push(pick(['%zz=1', `${id}=%E0%A4%A`, '%C0%AF=x', `${id}%=on`, '%%%=%%%']));
      if (parts.at(-1)?.startsWith(`${id}=`)) seen.add(id);
      bad = true;
    } else if (kind === 'long') {
      const n = pick([200, 2000, 20000]);
      if (rand() < 0.5) badValue(id, 'x'.repeat(n));
      else {
        parts.push(`${'k'.repeat(n)}=1`);
        bad = true;
      }
    } else if (kind === 'many') {
      const n = 20 + Math.floor(rand() * 40);
      for (let k = 0; k < n; k++) parts.push(`unknown${k}=${k}`);
      bad = true;
    } else if (kind === 'unicode') {
      const u = pick(['😀', 'ﬁ', 'é', '\u202e', '\u0000', 'ｏｎ', '日本語']);
      if (rand() < 0.5) badValue(id, encodeURIComponent(u));
      else {
        parts.push(`${encodeURIComponent(u)}=on`);
        bad = true;
      }
    } else if (kind === 'payload') {
      const p = encodeURIComponent(pick(PAYLOADS));
      if (rand() < 0.5) badValue(id, p);
      else {
        parts.push(`${p}=${p}`);
        bad = true;
      }
    } else if (kind === 'scene') {
      if (scene !== null) continue;
      const v = pick(['0', '15', 'abc', '-1', '1.5', '99999']);
      parts.push(`scene=${v}`);
      scene = v;
      bad = true;
    } else {
      const v = pick([
        'main',
        'pins-off',
        'second',
        'nope',
        slugOf({ ...MAIN, key: 'none' }),
        'a.b.c',
      ]);
      if (parts.some((x) => x.startsWith('vs='))) continue;
      parts.push(`vs=${v}`);
      if (['nope', 'a.b.c'].includes(v)) bad = true;
    }
  }
  const lastTick = lastTickOf(want as Switches);
  const hashKind = pick(['', '', 'ok', 'far', 'word', 'neg', 'frac', 'other']);
  const hash = {
    '': '',
    ok: `#t${Math.floor(rand() * (lastTick + 1))}`,
    far: '#t999',
    word: '#tfoo',
    neg: '#t-1',
    frac: '#t3.5',
    other: '#main',
  }[hashKind];
  if (['far', 'word', 'neg', 'frac'].includes(hashKind)) bad = true;
  return { query: parts.join('&'), hash, want, bad };
}

const SETTINGS = allSettings();
export function notFoundCases() {
  const rand = prng(404);
  const cases: { path: string; want: 'first' | 'none' | 'any'; slug?: string }[] = [];
  const shuffle = <T>(xs: T[]) => {
    const a = [...xs];
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [a[i], a[j]] = [at(a, j, 'shuffled'), at(a, i, 'shuffled')];
    }
    return a;
  };
  for (let i = 0; i < 40; i++) {
    // Eight right words in the wrong order find their run.
    const s = at(SETTINGS, Math.floor(rand() * SETTINGS.length), 'settings');
    const slug = slugOf(s);
    let words = shuffle(slug.split('.'));
    if (words.join('.') === slug) words = [...words.slice(1), at(words, 0, 'words')];
    cases.push({ path: `traces/${words.join('.')}/`, want: 'first', slug });
  }
  for (const p of PRESETS)
    cases.push({ path: `traces/${p.id}/`, want: 'first', slug: slugOf(p.switches) });
  for (let i = 0; i < 20; i++) {
    // One letter dropped somewhere.
    const slug = slugOf(at(SETTINGS, Math.floor(rand() * SETTINGS.length), 'settings'));
    const cut = 1 + Math.floor(rand() * (slug.length - 2));
    cases.push({ path: `traces/${slug.slice(0, cut)}${slug.slice(cut + 1)}/`, want: 'any' });
  }
  const junk = [
    'traces/😀/',
    'traces/%00/',
    'traces/..%2F..%2Fetc%2Fpasswd/',
    'traces/%2e%2e%2fetc/',
    'traces/%/',
    'traces/%E0%A4%A/',
    `traces/${encodeURIComponent(at(PAYLOADS, 0, 'payloads'))}/`,
    `traces/${encodeURIComponent(at(PAYLOADS, 1, 'payloads'))}/`,
    `traces/${encodeURIComponent(at(PAYLOADS, 2, 'payloads'))}/`,
    'traces/x/',
    'traces/1/',
    'traces/zzzzzzzzzz/',
    'traces/日本語/',
    'traces/\u202e/',
    'traces/%20%20/',
    'traces/....../',
    `traces/${'q'.repeat(6000)}/`,
    `traces/${'😀'.repeat(500)}/`,
    `traces/${'a.'.repeat(2000)}/`,
  ];
  for (const j of junk) cases.push({ path: j, want: 'none' });
  for (const j of [
    'no-such-page/',
    'article/nope/',
    `${encodeURIComponent(at(PAYLOADS, 0, 'payloads'))}/`,
    'a/b/c/d/e/f/',
    '%00/',
    `${'w'.repeat(5000)}/`,
  ])
    cases.push({ path: j, want: 'none' });
  // Long paths that still hold a real slug: suggestion or none, but bounded and quiet.
  for (let i = 0; i < 10; i++)
    cases.push({
      path: `traces/${slugOf(at(SETTINGS, i * 80, 'settings'))}.${'pad'.repeat(400 * (i + 1))}/`,
      want: 'any',
    });
  return cases;
}
