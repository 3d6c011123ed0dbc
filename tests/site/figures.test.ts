// Every figure a page renders through <Fig> must equal what the model computes
// now; and the pages that show reference traces must show the model's events.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { figure, type FigureFormat } from '../../src/lib/figures.ts';
import { MAIN, runFor, slugOf } from '../../src/model/index.ts';
import { narrate } from '../../src/lib/narrate.ts';
import { DIST, htmlFiles, page, text } from './dist.ts';

const FIG = /<span class="figure"[^>]*?data-fig="([^"]+)"[^>]*?data-as="([^"]+)"([^>]*)>([^<]*)<\/span>/g;
/** The count options a <Fig> wrote as data attributes (data-one, data-many, data-zero, data-cap). */
function countOptions(attrs: string) {
  const get = (name: string) => attrs.match(new RegExp(`data-${name}="([^"]*)"`))?.[1];
  return { one: get('one'), many: get('many'), zero: get('zero'), cap: /\bdata-cap\b/.test(attrs) };
}

describe('rendered figures agree with the model', () => {
  const files = htmlFiles().filter((f) => !relative(DIST, f).startsWith('traces/'));
  let count = 0;
  for (const f of files) {
    const html = readFileSync(f, 'utf8');
    const found = [...html.matchAll(FIG)];
    if (found.length === 0) continue;
    it(`${relative(DIST, f)}: ${found.length} figures`, () => {
      for (const [, key, as, attrs, shown] of found) {
        count++;
        expect(text(shown), key).toBe(figure(key, as as FigureFormat, countOptions(attrs)));
      }
    });
  }
  it('the long-form pages use figures at all', () => {
    for (const p of ['/article/', '/companion/']) expect([...page(p).matchAll(FIG)].length, p).toBeGreaterThan(10);
  });
});

describe('reference traces on the long-form pages are the model’s', () => {
  const main = runFor(MAIN);
  it('the article shows every event of the main trace, linked to its trace page', () => {
    const html = page('/article/');
    const body = text(html);
    for (const e of main.events) expect(body).toContain(text(narrate(e)));
    expect(html).toContain(`/traces/${slugOf(MAIN)}/#t${main.lastTick}`);
  });
});
