// Astro integration: build the Pagefind search index into <outDir>/pagefind/
// at the end of every `astro build` (also the sub-path and reproducibility
// builds of `npm test`, which call `astro build` directly). /search/ loads the
// UI from there (src/scripts/search.ts).
//
// What is indexed (the single source of these settings):
//   - directory pages only (**/index.html): 404.html stays out;
//   - inside <main> only: the header, nav, table of contents and footer repeat
//     on every page; heading self-links and the search page's own fallback are
//     skipped;
//   - trace pages mark their bulky parts data-pagefind-ignore and index their
//     title, summary and outcome at a low weight (src/pages/traces/[slug].astro).
// Don't add data-pagefind-body to only some pages: Pagefind would then index
// only those.
//
// Pagefind's UI stylesheet is rewritten into the 'vendor' cascade layer (src/lib/css-layers.mjs),
// like KaTeX's: unlayered, it would outrank every layered rule of the site, and the search
// page's colours (src/pages/search.astro) would lose to Pagefind's.
//
// Table cells, list items and definitions are indexed with a space after each: Pagefind joins
// the text of adjacent cells as written, and the minified HTML has none between </td><td>, so
// a search snippet ran a table's cells together ("runs6t10dup"). Only the indexed copy gets the
// spaces (separated); the pages served are as built.
//
// Set PAGEFIND=0 to skip indexing (the search page then says the index is missing).
import { fileURLToPath } from 'node:url';
import { join, relative, sep } from 'node:path';
import { readFile, readdir, writeFile } from 'node:fs/promises';

/** The HTML as Pagefind should read it: a space at the end of every cell, item and caption. */
export const separated = (/** @type {string} */ html) =>
  html.replace(/<\/(td|th|li|dt|dd|caption)>/gi, ' </$1>');

/** Every directory page (…/index.html) under `root`, as paths relative to it. */
/** @param {string} root */
async function directoryPages(root) {
  const all = await readdir(root, { recursive: true });
  return all
    .filter((f) => f === 'index.html' || f.endsWith(`${sep}index.html`))
    .filter((f) => !f.startsWith(`pagefind${sep}`));
}
import { layerSheet } from '../lib/css-layers.mjs';

export default function pagefindIntegration() {
  return {
    name: 'site-pagefind',
    hooks: {
      'astro:build:done': async (
        /** @type {{ dir: URL, logger: import('astro').AstroIntegrationLogger }} */ { dir, logger },
      ) => {
        if (process.env.PAGEFIND === '0') {
          logger.info('PAGEFIND=0: search index not built');
          return;
        }
        const started = Date.now();
        const pagefind = await import('pagefind');
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await pagefind.createIndex({
            rootSelector: 'main',
            // Figures' drawings and keys are words beside glyphs ("P1post"), not sentences.
            excludeSelectors: [
              'a.anchor',
              '.toc',
              '[data-search-fallback]',
              'figure svg',
              '.tl-legend',
            ],
            forceLanguage: 'en',
          });
          if (!index) throw new Error(errors.join('; '));
          let pages = 0;
          for (const file of await directoryPages(site)) {
            const rel = relative(site, join(site, file)).split(sep).join('/');
            const url = '/' + rel.replace(/index\.html$/, '');
            const content = separated(await readFile(join(site, file), 'utf8'));
            const added = await index.addHTMLFile({ url, content });
            if (added.errors.length) throw new Error(`${rel}: ${added.errors.join('; ')}`);
            pages++;
          }
          const added = { page_count: pages };
          const written = await index.writeFiles({ outputPath: join(site, 'pagefind') });
          if (written.errors.length) throw new Error(written.errors.join('; '));
          const sheet = join(site, 'pagefind', 'pagefind-ui.css');
          await writeFile(sheet, layerSheet(await readFile(sheet, 'utf8'), 'vendor'));
          logger.info(
            `indexed ${added.page_count} pages in ${Date.now() - started} ms → pagefind/`,
          );
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
