// Two tiny rehype plugins for Markdown/MDX content, registered in astro.config.mjs.
//
// rehypeHeadingLinks: gives every h2–h4 an id (github-slugger, the same scheme
// Astro's own heading collector uses, so `headings` from render() match) and puts
// a "#" self-link right after it (shown on hover and keyboard focus, src/styles/headings.css):
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
import GithubSlugger from 'github-slugger';

const LINKED = new Set(['h2', 'h3', 'h4']);

/** Plain text of a hast node (text descendants concatenated). */
function textOf(node) {
  if (!node) return '';
  if (node.type === 'text' || node.type === 'raw') return node.value ?? '';
  if (Array.isArray(node.children)) return node.children.map(textOf).join('');
  return '';
}

function classList(node) {
  const c = node.properties?.className;
  if (Array.isArray(c)) return c.map(String);
  if (typeof c === 'string') return c.split(/\s+/);
  return [];
}

export function rehypeHeadingLinks() {
  return (tree) => {
    const slugger = new GithubSlugger();
    const visit = (parent) => {
      if (!Array.isArray(parent.children)) return;
      for (let i = 0; i < parent.children.length; i++) {
        const node = parent.children[i];
        if (node.type !== 'element') continue;
        const isHeading = /^h[1-6]$/.test(node.tagName);
        if (!isHeading) {
          visit(node);
          continue;
        }
        node.properties ??= {};
        const text = textOf(node).trim();
        if (typeof node.properties.id !== 'string' || node.properties.id === '') {
          node.properties.id = slugger.slug(text);
        } else {
          slugger.slug(node.properties.id); // reserve it so later duplicates get -1
        }
        // Footnote heading ("Footnotes", class sr-only) and h1/h5/h6 stay bare.
        if (!LINKED.has(node.tagName) || classList(node).includes('sr-only')) continue;
        const id = node.properties.id;
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
        parent.children[i] = {
          type: 'element',
          tagName: 'div',
          properties: { className: ['heading-wrap', `level-${node.tagName}`] },
          children: [node, anchor],
        };
      }
    };
    visit(tree);
  };
}

export function rehypeScrollContainers() {
  return (tree) => {
    let lastHeading = '';
    const visit = (parent) => {
      if (!Array.isArray(parent.children)) return;
      for (let i = 0; i < parent.children.length; i++) {
        const node = parent.children[i];
        if (node.type !== 'element') continue;
        if (/^h[1-6]$/.test(node.tagName)) {
          lastHeading = textOf(node).trim();
          continue;
        }
        if (classList(node).includes('katex-display')) {
          node.properties.tabIndex = 0;
          continue;
        }
        if (
          (node.tagName === 'th' || node.tagName === 'td') &&
          typeof node.properties?.align === 'string'
        ) {
          node.properties.className = [...classList(node), `align-${node.properties.align}`];
          delete node.properties.align;
        }
        if (node.tagName === 'table') {
          visit(node);
          if (parent.type === 'element' && classList(parent).includes('table-wrap')) continue;
          const caption = node.children?.find(
            (c) => c.type === 'element' && c.tagName === 'caption',
          );
          const label = textOf(caption).trim() || lastHeading || 'Table';
          parent.children[i] = {
            type: 'element',
            tagName: 'section',
            properties: { className: ['table-wrap'], tabIndex: 0, ariaLabel: label },
            children: [node],
          };
          continue;
        }
        visit(node);
      }
    };
    visit(tree);
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
  return (tree) => {
    const visit = (node) => {
      if (node.type === 'heading') {
        const last = node.children?.[node.children.length - 1];
        const m = last?.type === 'text' ? last.value.match(EXPLICIT_ID) : null;
        if (m) {
          last.value = last.value.slice(0, m.index);
          node.data ??= {};
          node.data.hProperties = { ...(node.data.hProperties ?? {}), id: m[1] };
        }
        return;
      }
      if (Array.isArray(node.children)) node.children.forEach(visit);
    };
    visit(tree);
  };
}
