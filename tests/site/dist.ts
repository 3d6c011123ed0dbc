// Reading the built site from tests.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readCachedSweep, sweepCacheFile } from '../../src/lib/sweep-cache.ts';
import { provideFaultSweep, type FaultSweep } from '../../src/model/faults.ts';

export const DIST = process.env.DIST_DIR ?? join(import.meta.dirname, '../../dist');

export function htmlFiles(dir = DIST): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...htmlFiles(p));
    else if (name.endsWith('.html')) out.push(p);
  }
  return out;
}

export function page(path: string): string {
  const file = join(DIST, path.replace(/^\//, ''), path.endsWith('.html') ? '' : 'index.html');
  if (!existsSync(file))
    throw new Error(`dist has no ${relative(DIST, file)}: build the site first (npx astro build)`);
  return readFileSync(file, 'utf8');
}

/** Text content of an HTML fragment: tags removed, entities decoded, whitespace folded. */
export function text(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The fault sweep the build computed and wrote (src/lib/sweep-cache.ts), for the current model
 * sources; the model's faultSweep() returns it from then on, so nothing sweeps again.
 */
export function builtSweep(): FaultSweep {
  const sweep = readCachedSweep();
  if (!sweep)
    throw new Error(
      `no fault sweep written for these model sources (${sweepCacheFile()}): build the site first (npx astro build)`,
    );
  provideFaultSweep(sweep);
  return sweep;
}

/** Remove every element with this tag (and what it holds), innermost first. */
export function drop(html: string, tag: string): string {
  const re = new RegExp(`<${tag}\\b(?:(?!<${tag}\\b)[\\s\\S])*?</${tag}>`, 'g');
  let prev;
  do {
    prev = html;
    html = html.replace(re, ' ');
  } while (html !== prev);
  return html;
}
