import { describe, expect, it } from 'vitest';
import { headingsOf } from '../../../src/lib/toc.ts';

describe('headingsOf: contents from rendered headings', () => {
  it('lists h2 and h3 with an id, in order, with their text', () => {
    const html = `
      <h1 id="top">Title</h1>
      <div class="heading-wrap level-h2"><h2 id="switches" data-x="1">Switches</h2><a class="anchor" href="#switches">#</a></div>
      <p>text</p>
      <h3 id="faults-all-on">With <em>every</em> protection on</h3>
      <h2>No id: not listed</h2>
      <h4 id="deep">Too deep</h4>
      <h2 id="cite">Cite &amp; check &#8220;this&#x201D;</h2>`;
    expect(headingsOf(html)).toEqual([
      { depth: 2, slug: 'switches', text: 'Switches' },
      { depth: 3, slug: 'faults-all-on', text: 'With every protection on' },
      { depth: 2, slug: 'cite', text: 'Cite & check “this”' },
    ]);
  });
  it('finds nothing in a page without headings', () => {
    expect(headingsOf('<p>none</p>')).toEqual([]);
  });
});
