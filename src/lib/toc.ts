/**
 * A page's contents list, read from its rendered headings: every <h2> and <h3> with an id,
 * in document order, with its text. Base.astro calls it on the rendered page body when a
 * page passes toc="headings" (an .astro page, which has no content entry whose render() gives
 * `headings`), so the list cannot drift from the headings it lists. The HTML is parsed by
 * hast-util-from-html (parse5), which decodes entities; the text is hast-util-to-string's.
 */
import { fromHtml } from 'hast-util-from-html';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

export interface TocEntry {
  depth: number;
  slug: string;
  text: string;
}

/** The h2/h3 headings with an id in `html`, as contents entries. */
export function headingsOf(html: string): TocEntry[] {
  const out: TocEntry[] = [];
  visit(fromHtml(html, { fragment: true }), 'element', (node) => {
    const id = node.properties.id;
    if ((node.tagName !== 'h2' && node.tagName !== 'h3') || typeof id !== 'string' || !id) return;
    out.push({
      depth: Number(node.tagName[1]),
      slug: id,
      text: toString(node).replace(/\s+/g, ' ').trim(),
    });
  });
  return out;
}
