// Two small rehype plugins and a remark one for Markdown/MDX content, registered in
// astro.config.mjs, on kept libraries (unist-util-visit, hast-util-to-string, and Astro's own
// rehypeHeadingIds).
//
// rehypeHeadingLinks: gives every heading an id (Astro's rehypeHeadingIds: github-slugger,
// the scheme of Astro's own heading collector, so `headings` from render() match) and puts
// a "#" self-link right after each h2–h4 (shown on hover and keyboard focus, src/styles/headings.css):
//
//   <div class="heading-wrap level-h2">
//     <h2 id="the-journal">The journal</h2>
//     <a class="anchor" href="#the-journal" data-pagefind-ignore>
//       <span aria-hidden="true">#</span><span class="sr-only">Section titled “The journal”</span>
//     </a>
//   </div>
//
// Why a sibling and not a child of the heading: a link inside the heading would
// become part of the heading's accessible name and of the `headings` text Astro
// collects for the table of contents. No script, no event handlers: CSP-clean.
//
// rehypeScrollContainers: wraps every <table> in a focusable, labelled scroll
// container (`.table-wrap`), so wide tables scroll inside themselves at 360 px
// instead of widening the page; the label is the table's caption, else the
// nearest preceding heading, else "Table". It also makes KaTeX display math
// (`.katex-display`, which scrolls horizontally when too wide) reachable by
// keyboard with tabindex="0", as Shiki does for <pre>. And it turns GFM's
// deprecated align="…" on th/td into classes (.align-right etc.), which
// html-validate accepts and src/styles/tables.css styles. Runs after rehype-katex.
//
//   <section class="table-wrap" tabindex="0" aria-label="…"><table>…</table></section>
//
// (A <section> with a name is the native element for role="region".)
import { rehypeHeadingIds } from '@astrojs/markdown-remark';
import { toString } from 'hast-util-to-string';
import { SKIP, visit } from 'unist-util-visit';

const LINKED = new Set(['h2', 'h3', 'h4']);

/** @param {{ properties?: { className?: unknown } }} node */
function classList(node) {
  const c = node.properties?.className;
  if (Array.isArray(c)) return c.map(String);
  if (typeof c === 'string') return c.split(/\s+/);
  return [];
}

/**
 * Ids from Astro's own rehypeHeadingIds (github-slugger, as Astro's heading collector, so
 * `headings` from render() match; an id already set is kept), then the self-link beside each
 * h2–h4, as Starlight does it: unist-util-visit for the walk, hast-util-to-string for the text.
 */
export function rehypeHeadingLinks() {
  const ids = /** @type {(tree: any, file: any) => void} */ (rehypeHeadingIds());
  /** @param {any} tree @param {any} file */
  return (tree, file) => {
    ids(tree, file);
    visit(tree, (/** @type {any} */ node, index, parent) => {
      // Into elements only: an MDX component's children (an equation's box) are its own.
      if (node.type !== 'element') return node.type === 'root' ? undefined : SKIP;
      if (!LINKED.has(node.tagName) || !parent || index === undefined) return;
      // The footnotes' heading (class sr-only) stays bare.
      if (classList(node).includes('sr-only')) return;
      const id = String(node.properties.id);
      const text = toString(node).trim();
      const anchor = {
        type: 'element',
        tagName: 'a',
        properties: { className: ['anchor'], href: `#${id}`, dataPagefindIgnore: '' },
        children: [
          {
            type: 'element',
            tagName: 'span',
            properties: { ariaHidden: 'true' },
            children: [{ type: 'text', value: '#' }],
          },
          {
            type: 'element',
            tagName: 'span',
            properties: { className: ['sr-only'] },
            children: [{ type: 'text', value: `Section titled “${text}”` }],
          },
        ],
      };
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: { className: ['heading-wrap', `level-${node.tagName}`] },
        children: [node, anchor],
      };
      return [SKIP, index + 1];
    });
  };
}

export function rehypeScrollContainers() {
  /** @param {any} tree */
  return (tree) => {
    let lastHeading = '';
    visit(tree, (/** @type {any} */ node, index, parent) => {
      if (node.type !== 'element') return node.type === 'root' ? undefined : SKIP;
      if (/^h[1-6]$/.test(node.tagName)) {
        lastHeading = toString(node).trim();
        return SKIP;
      }
      if (classList(node).includes('katex-display')) {
        node.properties.tabIndex = 0;
        return SKIP;
      }
      if (
        (node.tagName === 'th' || node.tagName === 'td') &&
        typeof node.properties?.align === 'string'
      ) {
        node.properties.className = [...classList(node), `align-${node.properties.align}`];
        delete node.properties.align;
      }
      if (node.tagName !== 'table' || !parent || index === undefined) return undefined;
      if (parent.type === 'element' && classList(parent).includes('table-wrap')) return undefined;
      const caption = node.children.find(
        (/** @type {any} */ c) => c.type === 'element' && c.tagName === 'caption',
      );
      const label = (caption ? toString(caption).trim() : '') || lastHeading || 'Table';
      parent.children[index] = {
        type: 'element',
        tagName: 'section',
        properties: { className: ['table-wrap'], tabIndex: 0, ariaLabel: label },
        children: [node],
      };
      return undefined;
    });
  };
}

// remarkHeadingIds: a heading may end with an explicit id, `## The worker that
// was only paused {#fencing}`, so a heading can be reworded without breaking the
// links that already point at it (the id may start with a digit, as the
// companion's numbered section ids do). The `{#…}` is removed from the text and the id
// set on the element (rehypeHeadingLinks and Astro's heading collector both keep
// an id that is already there).
const EXPLICIT_ID = /\s*\{#([A-Za-z0-9][\w-]*)\}\s*$/;

export function remarkHeadingIds() {
  /** @param {any} tree */
  return (tree) => {
    visit(tree, 'heading', (node) => {
      const last = node.children?.[node.children.length - 1];
      const m = last?.type === 'text' ? last.value.match(EXPLICIT_ID) : null;
      if (m) {
        last.value = last.value.slice(0, m.index);
        node.data ??= {};
        node.data.hProperties = { ...(node.data.hProperties ?? {}), id: m[1] };
      }
      return SKIP;
    });
  };
}
