/**
 * Every “Code: …” citation on the rules page (src/pages/model.astro and the
 * fault rules in src/components/faults/FaultRules.astro) names a file of
 * src/model that exists, and every function or constant it names in
 * brackets after that file is declared in that file.
 */
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (p: string) => readFileSync(new URL(p, root), 'utf8');

/** The source with Prettier's line breaks inside tags and between expressions undone. */
function flatten(src: string): string {
  return src
    .replace(/\{\s*' '\s*\}/g, ' ')
    .replace(/<(\/?)code\s*>/g, '<$1code>')
    .replace(/<code\s*\n\s*>/g, '<code>')
    .replace(/<\/code\s*\n\s*>/g, '</code>')
    .replace(/\s+/g, ' ');
}

interface Citation {
  page: string;
  file: string;
  names: string[];
}

export function citations(page: string): Citation[] {
  const src = flatten(read(page));
  const out: Citation[] = [];
  const re = /<code>\{code\('([\w.-]+)'\)\}<\/code>\s*(?:\(((?:\s*<code>\w+<\/code>\s*,?)+)\))?/g;
  for (const m of src.matchAll(re)) {
    const names = [...(m[2] ?? '').matchAll(/<code>(\w+)<\/code>/g)].map((x) => x[1] ?? '');
    out.push({ page, file: m[1] ?? '', names });
  }
  return out;
}

function declares(source: string, name: string): boolean {
  return new RegExp(`(?:function\\*?|const|let|class|interface|type)\\s+${name}\\b`).test(source);
}

describe('the rules page’s code citations', () => {
  const pages = ['src/pages/model.astro', 'src/components/faults/FaultRules.astro'];
  const all = pages.flatMap(citations);
  it('are found (the parser sees them)', () => {
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter((c) => c.names.length > 0).length).toBeGreaterThan(15);
  });
  for (const c of all) {
    it(`${c.page}: src/model/${c.file}${c.names.length ? ` (${c.names.join(', ')})` : ''}`, () => {
      const path = `src/model/${c.file}`;
      expect(existsSync(new URL(path, root)), path).toBe(true);
      const source = read(path);
      for (const n of c.names) expect(declares(source, n), `${n} in ${path}`).toBe(true);
    });
  }
  it('a made-up name fails the check', () => {
    expect(declares(read('src/model/workers.ts'), 'noSuchFunction')).toBe(false);
    expect(declares(read('src/model/workers.ts'), 'settle')).toBe(true);
  });
});
