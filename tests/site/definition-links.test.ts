// Each invariant and “finished” has one definition on the companion, with its own
// anchor, and the labels that name them link there: on every trace page (the
// invariants and the outcome), and in the article's list before “Try it”.
// Expected anchors are typed here, not taken from the routes module under test.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, page } from './dist.ts';
import { runAll } from '../../src/model/index.ts';

const ANCHORS = [
  'def-duplicate-effect',
  'def-stale-write',
  'def-superseded-accepted',
  'def-dependant-wrong',
  'def-two-accepted',
  'def-finished',
];
const linksTo = (html: string, id: string) =>
  new RegExp(`href="[^"]*/companion/#${id}"`).test(html);

describe('definitions of the invariants and of “finished”', () => {
  it('the companion defines each exactly once, with its anchor', () => {
    const html = page('/companion/');
    for (const id of ANCHORS)
      expect(html.match(new RegExp(`id="${id}"`, 'g'))?.length ?? 0, id).toBe(1);
  });
  it('the article links every one of them', () => {
    const html = page('/article/');
    for (const id of ANCHORS) expect(linksTo(html, id), id).toBe(true);
  });
  it('every trace page links each invariant label and “Finished” to its definition', () => {
    const missing: string[] = [];
    for (const run of runAll()) {
      const html = readFileSync(join(DIST, 'traces', run.slug, 'index.html'), 'utf8');
      for (const id of ANCHORS) if (!linksTo(html, id)) missing.push(`${run.slug}: ${id}`);
    }
    expect(missing.slice(0, 10)).toEqual([]);
  });
});
