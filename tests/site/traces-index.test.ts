// The index of all runs (/traces/) is one row template filled 864 times. The browser's axe
// check (tests/browser/pages.spec.ts) reads its first 24 rows only; this test is what makes
// that enough: every row has the same cells in the same order, and every kind of cell markup
// that occurs anywhere in the table already occurs in those first rows.
import { describe, expect, it } from 'vitest';
import { parseDocument, DomUtils } from 'htmlparser2';
// (htmlparser2 does not re-export domhandler's Element type: take it from DomUtils.)
import { page } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

type Element = ReturnType<typeof DomUtils.findAll>[number];

const AXE_ROWS = 24; // tests/browser/pages.mjs: axeExclude '#all-runs tbody tr:nth-child(n+25)'

/** An element's markup without its text and attribute values: tags, classes, attribute names. */
function skeleton(el: Element): string {
  const attrs = Object.keys(el.attribs)
    .filter((k) => k !== 'href')
    .map((k) => (k === 'class' ? `.${el.attribs[k]}` : `[${k}]`))
    .sort()
    .join('');
  const kids = el.children
    .filter((c): c is Element => c.type === 'tag')
    .map(skeleton)
    .join('');
  return `<${el.name}${attrs}>${kids}</>`;
}

describe('the index of all runs', () => {
  const doc = parseDocument(page('/traces/'));
  const table = DomUtils.findOne(
    (el) => el.name === 'table' && el.attribs.id === 'all-runs',
    doc.children,
  )!;
  const rows = DomUtils.findAll(
    (el) => el.name === 'tr' && (el.parent as Element)?.name === 'tbody',
    [table],
  );
  const cells = (tr: Element) => tr.children.filter((c): c is Element => c.type === 'tag');

  it('has one row per run, each with the same cells in the same order', () => {
    expect(rows).toHaveLength(864);
    const shape = (tr: Element) =>
      cells(tr)
        .map((c) => `${c.name}:${c.attribs['data-label'] ?? ''}`)
        .join(' ');
    const first = shape(at(rows, 0, 'rows'));
    expect(rows.filter((r) => shape(r) !== first).map((r) => DomUtils.textContent(r))).toEqual([]);
  });

  it(`uses no kind of cell markup that its first ${AXE_ROWS} rows do not`, () => {
    const seen = new Set(rows.slice(0, AXE_ROWS).flatMap((r) => cells(r).map(skeleton)));
    const later = new Set(rows.slice(AXE_ROWS).flatMap((r) => cells(r).map(skeleton)));
    expect([...later].filter((s) => !seen.has(s))).toEqual([]);
    // The first rows do hold more than one kind (a changed value is bold).
    expect(seen.size).toBeGreaterThan(3);
  });
});
