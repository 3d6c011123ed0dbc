/**
 * Pure helpers for the trace pages and the traces index: the site-relative
 * URLs a run links to, its neighbours, the BibTeX entry that cites it, and
 * the compact codes the index table uses. No Astro, no DOM: unit-tested in
 * tests/unit/site/.
 */
import { MAIN, SWITCH_IDS, SWITCH_VALUES, changedFromMain, slugOf, type SwitchId, type Switches } from '../../model/switches.ts';
import { describeSetting } from '../../lib/vocabulary.ts';
import type { InvariantId } from '../../model/types.ts';

/** Site-relative path of a run's trace page (pass it through href()). */
export function tracePath(s: Switches): string {
  return `/traces/${slugOf(s)}/`;
}

/** Site-relative path of a run's own JSON file. */
export function runJsonPath(s: Switches): string {
  return `/data/runs/${slugOf(s)}.json`;
}

/** The explorer's query for a setting: only the switches that differ from the main trace. */
export function explorerQuery(s: Switches, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const id of changedFromMain(s)) params.set(id, s[id]);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const q = params.toString();
  return q ? `?${q}` : '';
}

/** Site-relative explorer URL for a setting at a tick, e.g. /explorer/?fencing=off#t11. */
export function explorerPath(s: Switches, tick: number, extra: Record<string, string> = {}): string {
  return `/explorer/${explorerQuery(s, extra)}#t${tick}`;
}

/** The settings that differ from `s` in exactly one switch, in switch order. */
export function neighbours(s: Switches): { id: SwitchId; value: string; switches: Switches }[] {
  const out: { id: SwitchId; value: string; switches: Switches }[] = [];
  for (const id of SWITCH_IDS) {
    for (const value of SWITCH_VALUES[id]) {
      if (value === s[id]) continue;
      out.push({ id, value, switches: { ...s, [id]: value } as Switches });
    }
  }
  return out;
}

/** Sentence case: the first letter capitalised. */
export function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The page title of a run: what was switched, in words. */
export function traceTitle(s: Switches): string {
  return changedFromMain(s).length === 0 ? 'The main trace: every protection on' : sentence(describeSetting(s));
}

/** Escape a value for a BibTeX field in braces (the text is plain; braces and backslashes are the hazards). */
function bibEscape(text: string): string {
  return text.replace(/\\/g, '\\textbackslash{}').replace(/([{}%&#_$])/g, '\\$1').replace(/~/g, '\\textasciitilde{}');
}

/** A BibTeX @misc entry citing one trace page. */
export function bibtex(opts: { slug: string; title: string; url: string; modelVersion: string; year?: number }): string {
  const year = opts.year ?? 2026;
  // BibTeX keys may contain dots, hyphens and colons: the slug itself keeps the key unique and readable.
  const key = `wtoiw:${opts.slug}`;
  return [
    `@misc{${key},`,
    `  title        = {{${bibEscape(opts.title)}}},`,
    `  author       = {{Work That Outlives Its Worker}},`,
    `  howpublished = {\\url{${opts.url}}},`,
    `  note         = {Trace ${bibEscape(opts.slug)}; model version ${bibEscape(opts.modelVersion)}},`,
    `  year         = {${year}}`,
    `}`,
  ].join('\n');
}

/**
 * Compact codes for the index table, one per switch value, with the legend
 * the page prints. Each code is unique within its switch.
 */
export const CODES: Record<SwitchId, Record<string, string>> = {
  silent: { paused: 'paus', crashed: 'crash' },
  fencing: { on: 'on', off: 'off' },
  checkpoints: { 'per-step': 'step', 'end-only': 'end' },
  change: { outage: 'out', never: 'never', 'after-acceptance': 'after' },
  pins: { on: 'on', off: 'off' },
  rule: { 'current-accepted': 'cur', 'any-accepted': 'any', 'latest-finished': 'latest' },
  postDies: { yes: 'dies', no: 'lives' },
  key: { 'per-operation': 'op', 'per-attempt': 'att', none: 'none' },
};

/** Short column headings of the index table, one per switch. */
export const SHORT_LABEL: Record<SwitchId, string> = {
  silent: 'Silent',
  fencing: 'Fence',
  checkpoints: 'Ckpt',
  change: 'v2',
  pins: 'Pins',
  rule: 'Rule',
  postDies: 'Poster',
  key: 'Key',
};

/** Index of a setting in allSettings() order (mixed radix, first switch slowest). */
export function settingIndex(s: Switches): number {
  let i = 0;
  for (const id of SWITCH_IDS) {
    const values = SWITCH_VALUES[id] as readonly string[];
    i = i * values.length + values.indexOf(s[id]);
  }
  return i;
}

/** The setting at an index of allSettings() order. */
export function settingAt(index: number): Switches {
  const out: Partial<Record<SwitchId, string>> = {};
  let rest = index;
  for (let k = SWITCH_IDS.length - 1; k >= 0; k--) {
    const id = SWITCH_IDS[k];
    const values = SWITCH_VALUES[id] as readonly string[];
    out[id] = values[rest % values.length];
    rest = Math.floor(rest / values.length);
  }
  return out as Switches;
}

export { MAIN };

/** Short codes of the invariants in the index table's "Broken" column. */
export const INVARIANT_CODES: Record<InvariantId, string> = {
  duplicateEffect: 'dup',
  staleWrite: 'stale',
  supersededAccepted: 'super',
  dependantWrong: 'dep',
  twoAccepted: 'two',
};
