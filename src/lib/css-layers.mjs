// Cascade layers for the stylesheets that do not declare one (src/styles/layers.css has the
// order). A PostCSS plugin (astro.config.mjs, vite.css.postcss) wraps, at build time, the
// top-level rules of a stylesheet that are not already in an `@layer` block:
//   - a library's stylesheet from node_modules (KaTeX): `@layer vendor`;
//   - everything else: a feature stylesheet (trace.css, explorer.css, timeline.css,
//     companion.css, faults.css, tryit.css, cite-preview.css, palette.css …) or an Astro
//     scoped <style> block: `@layer features`.
// The `@layer x { … }` blocks a file writes itself stay where they are, and print.css stays
// unlayered so that print wins. The files keep their text (no re-indenting), and a new
// feature sheet needs no wrapper. Each wrapped sheet starts with the order statement of
// layers.css, so the order holds whichever stylesheet a page happens to load first.
import { readFileSync } from 'node:fs';

const declared = /@layer\s+([\w\s,-]+);/.exec(
  readFileSync(new URL('../styles/layers.css', import.meta.url), 'utf8'),
)?.[1];
if (!declared) throw new Error('src/styles/layers.css declares no layer order');
const ORDER = declared.replace(/\s+/g, ' ');

/**
 * The layer for a stylesheet's unlayered rules; null: leave it as written.
 * @param {string} file
 */
export function layerFor(file) {
  const path = file.replace(/\\/g, '/').replace(/\?.*$/, '');
  if (/\/src\/styles\/print\.css$/.test(path)) return null;
  return /\/node_modules\//.test(path) ? 'vendor' : 'features';
}

/**
 * A whole stylesheet written outside Vite (Pagefind's UI sheet, which its integration writes
 * after the build) put into `layer`, after the order statement. Loaded unlayered, a library's
 * sheet would outrank every layered rule of the site, whatever their specificity.
 */
/** @param {string} css @param {string} layer */
export function layerSheet(css, layer) {
  if (/@(charset|import)\b/i.test(css)) throw new Error('layerSheet: @charset/@import unsupported');
  return `@layer ${ORDER};\n@layer ${layer} {\n${css}\n}\n`;
}

/** @returns {import('postcss').Plugin} */
export function layerUnlayered() {
  return {
    postcssPlugin: 'layer-unlayered',
    Once(root, { AtRule, result }) {
      const layer = layerFor(root.source?.input.file ?? result.opts.from ?? '');
      if (!layer) return;
      // @charset and @import stay first; `@layer a, b;` and `@layer a { … }` stay as written.
      const keep = (/** @type {import('postcss').ChildNode} */ node) =>
        node.type === 'comment' ||
        (node.type === 'atrule' && /^(charset|import|layer)$/i.test(node.name));
      const moved = root.nodes.filter((node) => !keep(node));
      if (moved.length === 0) return;
      const wrap = new AtRule({ name: 'layer', params: layer });
      for (const node of moved) wrap.append(node);
      root.append(wrap);
      const imports = root.nodes.filter(
        (node) => node.type === 'atrule' && /^(charset|import)$/i.test(node.name),
      );
      const order = new AtRule({ name: 'layer', params: ORDER });
      const last = imports.at(-1);
      if (last) last.after(order);
      else root.prepend(order);
    },
  };
}
layerUnlayered.postcss = true;
