/**
 * Pure helpers for the trace pages and the traces index: the site-relative
 * URLs a run links to, its neighbours, the BibTeX entry that cites it, and
 * the compact codes the index table uses. No Astro, no DOM: unit-tested in
 * tests/unit/site/.
 */
import { SWITCH_IDS, SWITCH_VALUES, type SwitchId, type Switches } from '../../model/switches.ts';

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

/** Escape a value for a BibTeX field in braces (the text is plain; braces and backslashes are the hazards). */
function bibEscape(text: string): string {
  return text
    .replace(/\\/g, '\\textbackslash{}')
    .replace(/([{}%&#_$])/g, '\\$1')
    .replace(/~/g, '\\textasciitilde{}');
}

/** A BibTeX @misc entry citing one trace page. */
export function bibtex(opts: {
  slug: string;
  title: string;
  url: string;
  modelVersion: string;
  year?: number;
}): string {
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
