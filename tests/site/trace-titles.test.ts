// Every trace page's visible title is at most 60 characters, read from the 864 built
// files. (This was also a browser test over three of them; that one is gone: the title is static HTML.)
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, DomUtils } from 'htmlparser2';
import { DIST } from './dist.ts';

describe('trace titles', () => {
  it('every trace page has one h1 of 8 to 60 characters', () => {
    const dir = join(DIST, 'traces');
    const slugs = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(slugs.length).toBe(864);
    const long: string[] = [];
    for (const slug of slugs) {
      const doc = parseDocument(readFileSync(join(dir, slug, 'index.html'), 'utf8'));
      const h1 = DomUtils.findAll((el) => el.name === 'h1', doc.children);
      const text =
        h1[0] && h1.length === 1
          ? DomUtils.textContent(h1[0]).replace(/\s+/g, ' ').trim()
          : `(${h1.length} h1)`;
      if (h1.length !== 1 || text.length > 60 || text.length < 8)
        long.push(`${slug}: ${text} (${text.length})`);
    }
    expect(long).toEqual([]);
  });
});
