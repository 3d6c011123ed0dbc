/**
 * "Did you mean this trace?" for the 404 page: the valid trace slugs nearest
 * to a mistyped one. Pure and small (it ships in the 404 page's script), so it
 * imports only src/model/switches.ts and the vocabulary, which have no heavy dependencies.
 *
 * A slug is eight dot-separated words, one per switch, in switch order. The
 * distance of a setting from what was typed is the sum, over the typed
 * segments, of the edit distance to that setting's word at the same position.
 * Each position also accepts the switch's value id (`yes`, `none`, `on`…) as
 * an alias of its slug word, so `…post-dies.none` reads as `…post-dies.no-key`.
 *
 * Each typed word is also matched to whichever switch's vocabulary it is nearest
 * to, wherever it stands, and a setting's distance is the better of the two
 * readings: eight right words in the wrong order find their run, and so does a
 * path with a word lost or doubled, or written as a query (`fencing=off&pins=off`).
 * Switches nobody named keep their main-trace value. A preset's name
 * (`/traces/main/`, `/traces/pins-off/`) means that preset. Words that cannot be
 * slug words (emoji, NUL, `..`) are dropped; with none left there is no suggestion.
 */
import {
  MAIN,
  SWITCH_IDS,
  SWITCH_VALUES,
  allSettings,
  slugOf,
  type SwitchId,
  type Switches,
} from '../../model/switches.ts';
import { PRESETS, sameSwitches } from '../../model/presets.ts';
import { valueWords } from '../../lib/vocabulary.ts';
import { at } from '../../model/lookup.ts';
import { distance as levenshtein } from 'fastest-levenshtein';

/** Characters of a typed address that are read at all: a 64 KB path costs what a short one does. */
export const MAX_TYPED = 512;
/** Words read from it, and characters per word. */
const MAX_WORDS = 16;
const MAX_WORD = 40;
/** What a word of an address can look like; anything else (emoji, NUL, "..") is not a slug word. */
const WORD = /^[a-z][a-z0-9-]*$/;

export interface Suggestion {
  slug: string;
  switches: Switches;
  /** How far it is from what was typed: the sum of edit distances, less half a point per word cut short (0: exact). */
  distance: number;
}

/** Levenshtein distance (fastest-levenshtein): insertions, deletions and substitutions cost 1. */
export const editDistance = (a: string, b: string): number => (a === b ? 0 : levenshtein(a, b));

/** Per position: each value of the switch with the words that name it (slug word first). */
const WORDS: {
  id: SwitchId;
  values: { value: string; words: [slug: string, ...more: string[]] }[];
}[] = SWITCH_IDS.map((id) => ({
  id,
  values: SWITCH_VALUES[id].map((value) => {
    const word = valueWords(id, value).slug;
    return { value, words: word === value ? [word] : [word, value] };
  }),
}));

/** The slug words allowed at each position, in switch order (for messages and tests). */
export const SLUG_WORDS: string[][] = WORDS.map((p) => p.values.map((v) => v.words[0]));

/**
 * Edit distance to the nearest of `words`, less half a point when the typed
 * word is the start of one of them: a word cut short (`fencing-of`) is read as
 * the longer word (`fencing-off`), not as a one-letter change (`fencing-on`).
 */
function wordDistance(typed: string, words: string[]): number {
  return Math.min(
    ...words.map(
      (w) =>
        editDistance(typed, w) -
        (typed.length >= 2 && typed !== w && w.startsWith(typed) ? 0.5 : 0),
    ),
  );
}

function normalise(text: string): string {
  let s = text.slice(0, MAX_TYPED);
  try {
    s = decodeURIComponent(s);
  } catch {
    /* keep it as typed */
  }
  return s.trim().toLowerCase();
}

/**
 * Split what was typed into words. A query-style path (`silent=crashed&fencing=off`)
 * gives its values, with each named switch kept as a hint for where the value goes.
 * A word that cannot be a slug word makes it junk (no words); at most MAX_WORDS words of
 * MAX_WORD characters are read.
 */
export function tokens(typed: string): {
  words: string[];
  hints: (SwitchId | null)[];
  positional: boolean;
} {
  const s = normalise(typed).replace(/^[/?]+|\/+$/g, '');
  const words: string[] = [];
  const hints: (SwitchId | null)[] = [];
  // A path that climbs (`..`) or holds control characters is not a mistyped slug.
  // eslint-disable-next-line no-control-regex -- control characters are what this rejects
  if (/\.\.|[\u0000-\u001f\u007f]/.test(s)) return { words, hints, positional: false };
  if (s.includes('=')) {
    for (const pair of s.split(/[&;,/]+/)) {
      if (!pair) continue;
      const [k = '', v = ''] = pair.split('=');
      const key = k.replace(/[^a-z]/g, '').slice(0, MAX_WORD);
      if (!v) continue;
      if (!WORD.test(v)) return { words: [], hints: [], positional: false };
      words.push(v.slice(0, MAX_WORD));
      hints.push(SWITCH_IDS.find((x) => x.toLowerCase() === key) ?? nearestId(key));
      if (words.length === MAX_WORDS) break;
    }
    return { words, hints, positional: false };
  }
  const parts = s.split(/[./\s]+/).filter(Boolean);
  // One word that cannot be a slug word (emoji, markup) makes the whole path junk.
  if (!parts.every((w) => WORD.test(w))) return { words, hints, positional: false };
  for (const w of parts.slice(0, MAX_WORDS)) words.push(w.slice(0, MAX_WORD));
  return { words, hints: words.map(() => null), positional: parts.length === SWITCH_IDS.length };
}

function nearestId(key: string): SwitchId | null {
  let best: SwitchId | null = null;
  let bestD = Infinity;
  for (const id of SWITCH_IDS) {
    const d = editDistance(key, id.toLowerCase());
    if (d < bestD) [best, bestD] = [id, d];
  }
  return bestD <= Math.max(1, Math.floor(key.length / 3)) ? best : null;
}

/** The distance that still counts as a typo of a word this long (a third of it, at least 1). */
function tolerance(word: string): number {
  return Math.max(1, Math.floor(word.length / 3));
}

/**
 * Up to `max` settings nearest to a typed slug (or query, or preset name), best
 * first; ties keep allSettings() order. Empty when nothing typed is close to a slug word.
 */
export function nearestSlugs(typed: string, max = 3): Suggestion[] {
  const name = normalise(typed).replace(/^[/?]+|\/+$/g, '');
  const preset = PRESETS.find((p) => p.id === name);
  const { words, hints, positional } = tokens(typed);
  if (!words.length && !preset) return [];

  // cost[w][p][v]: distance of typed word w from value v of position p.
  const cost = words.map((w) => WORDS.map((p) => p.values.map((v) => wordDistance(w, v.words))));
  /** The distances of typed word w from the values of position p. */
  const costsAt = (w: number, p: number) => at(at(cost, w, 'typed words'), p, 'positions');

  // Each typed word must be near some word of the vocabulary (at its hinted switch, if any).
  const near = words.map((w, i) => {
    const positions = hints[i] ? [SWITCH_IDS.indexOf(hints[i]!)] : SWITCH_IDS.map((_, p) => p);
    return Math.min(...positions.flatMap((p) => costsAt(i, p))) <= tolerance(w);
  });
  if (!preset && (!near.some(Boolean) || near.filter(Boolean).length < Math.ceil(words.length / 2)))
    return [];

  const scored: Suggestion[] = allSettings().map((s) => {
    const valueIndex = WORDS.map((p) => p.values.findIndex((v) => v.value === s[p.id]));
    /** The distance of typed word w from this setting's value at position p. */
    const costOf = (w: number, p: number) =>
      at(costsAt(w, p), at(valueIndex, p, 'positions'), 'values');
    // By vocabulary: each word counts at the position it fits best (or the one its
    // key names); a position no word claims costs 1 unless it keeps its main value.
    let free = 0;
    const claimed = new Set<number>();
    words.forEach((_, w) => {
      let bestP = -1;
      let bestD = Infinity;
      const positions = hints[w] ? [SWITCH_IDS.indexOf(hints[w]!)] : WORDS.map((_, p) => p);
      for (const p of positions) {
        const d = costOf(w, p);
        if (d < bestD) [bestP, bestD] = [p, d];
      }
      free += bestD;
      claimed.add(bestP);
    });
    WORDS.forEach((p, i) => {
      if (!claimed.has(i) && s[p.id] !== MAIN[p.id]) free += 1;
    });
    // By position, for a full eight-word slug.
    let distance = free;
    if (positional) {
      let byPosition = 0;
      words.forEach((_, w) => (byPosition += costOf(w, w)));
      distance = Math.min(free, byPosition);
    }
    if (preset && sameSwitches(preset.switches, s)) distance = -1;
    return { slug: slugOf(s), switches: s, distance };
  });
  scored.sort((a, b) => a.distance - b.distance);
  const best = Math.max(0, at(scored, 0, 'settings').distance);
  // Keep suggestions that are about as close as the best one: a reader who
  // mistyped one word should not be offered settings that differ in three.
  return scored
    .filter((x) => x.distance <= best + 2)
    .slice(0, max)
    .map((x) => (x.distance < 0 ? { ...x, distance: 0 } : x));
}

/**
 * The part of a not-found path that may be a trace slug, or null when the
 * path is not under /traces/. `base` is the site's base path ("/" or "/sub/").
 */
export function traceSlugFromPath(pathname: string, base: string, search = ''): string | null {
  const b = ('/' + base + '/').replace(/\/+/g, '/');
  let p = pathname.slice(0, b.length + MAX_TYPED);
  if (p.startsWith(b)) p = p.slice(b.length);
  else if (b !== '/') p = p.replace(/^\/+/, '');
  p = p.replace(/^\/+/, '');
  // /traces/<slug>/, a singular /trace/<slug>, or a per-run JSON file /data/runs/<slug>.json.
  const m = /^(?:traces?|data\/runs)(?:\/(.*))?$/i.exec(p);
  if (!m) return null;
  let rest = (m[1] ?? '')
    .replace(/\/?(index\.html?)?$/i, '')
    .replace(/\/+$/, '')
    .replace(/\.json$/i, '');
  // A query-style address (/trace/?fencing=off) names its switches in the query.
  if (!rest && search.includes('=')) rest = search.replace(/^\?/, '');
  return rest || null;
}
