// Astro configuration for "Work That Outlives Its Worker".
//
// Hosting: `site` and `base` come from SITE_URL and BASE_PATH so the same source
// can be published at a domain root or under a sub-path (e.g. GitHub Pages).
// Markdown: Astro 7's default processor runs no remark/rehype plugins, so the
// unified processor is named explicitly; MDX inherits it.
// CSP: Astro hashes every script and style it bundles or inlines. The one
// hand-written inline script (the no-flash theme script in Base.astro) adds its
// own hash at render time through `Astro.csp.insertScriptHash`. Astro gives every
// page the same policy; src/integrations/least-privilege-csp.mjs then narrows each
// page's to the hashes and style attributes it uses.
// Reproducibility: asset names are content hashes (Vite's default), the sitemap
// carries no lastmod, nothing reads the clock, and islands' `uid` attributes (a hash
// Astro takes over the component's absolute path) are re-derived from the path-free
// rest of the island, so two builds in two different directories are byte-identical.
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import { unified } from '@astrojs/markdown-remark';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import {
  rehypeHeadingLinks,
  rehypeScrollContainers,
  remarkHeadingIds,
} from './src/lib/rehype-heading-links.mjs';
// Site search: builds the Pagefind index into <outDir>/pagefind/ after every build (trace pages' author).
import pagefind from './src/integrations/pagefind.mjs';
import leastPrivilegeCsp from './src/integrations/least-privilege-csp.mjs';
import { shikiThemes, shikiTransformers } from './src/lib/shiki.mjs';
import { layerUnlayered } from './src/lib/css-layers.mjs';

// No SITE_URL, no absolute URLs: canonical links, og:url and the sitemap are left out
// rather than published with a placeholder host.
const site = process.env.SITE_URL || undefined;

/**
 * Normalise BASE_PATH to "/" or "/a/b" (leading slash, no trailing slash).
 * @param {string | undefined} raw
 */
function normaliseBase(raw) {
  const trimmed = (raw || '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}`;
}
const base = normaliseBase(process.env.BASE_PATH);

/**
 * Astro hashes an island's component *file path* (absolute) into its `uid`, which only
 * its dev-mode HMR reads. Replace each uid with a hash of the island's opening tag
 * without it (component URL, props, options: the same in any checkout).
 */
function pathFreeIslandIds() {
  return {
    name: 'path-free-island-ids',
    hooks: {
      'astro:build:done': async (/** @type {{ dir: URL }} */ { dir }) => {
        const root = fileURLToPath(dir);
        for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!e.isFile() || !e.name.endsWith('.html')) continue;
          const file = join(e.parentPath, e.name);
          // Bytes first: only a page with an island (one of 876) is worth decoding.
          const bytes = await readFile(file);
          if (!bytes.includes('<astro-island')) continue;
          const html = bytes.toString('utf8');
          const out = html.replace(
            /<astro-island uid="[^"]*"([^>]*)>/g,
            (_, rest) =>
              `<astro-island uid="${createHash('sha256').update(rest).digest('base64url').slice(0, 8)}"${rest}>`,
          );
          if (out !== html) await writeFile(file, out);
        }
      },
    },
  };
}

export default defineConfig({
  ...(site ? { site } : {}),
  base,
  trailingSlash: 'always',
  build: {
    format: 'directory',
    assets: '_astro',
    // Never inline stylesheets: styles of components rendered inside MDX content
    // collections are injected late and their inline <style> gets no CSP hash
    // (blocked by style-src). As <link>s they are covered by 'self'.
    inlineStylesheets: 'never',
    // Two pages in flight: while one page's file is written, the next renders. Measured in a
    // main-thread profile: the page phase waited ~25% of its time with one page, ~11% with two.
    // Same CPU, same output (the pages share nothing that depends on their order).
    concurrency: 2,
  },
  vite: {
    // JSX with Preact's automatic runtime (see preact() below).
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    // Every stylesheet that does not write @layer itself goes into a declared layer
    // (src/lib/css-layers.mjs; the order is in src/styles/layers.css).
    css: { postcss: { plugins: [layerUnlayered()] } },
    // Preact, its hooks and its JSX runtime in one chunk: every page with an island loads all
    // three, so one file instead of three (and the imports between them) is bytes saved.
    // The site's words and URLs (routes, vocabulary, paths, outcome-view and the model's
    // switch, preset and type tables) in one more: the explorer, the article's Try-it
    // script, the traces filter and the 404 script all use most of it, and one file costs
    // fewer bytes than five with their imports (explorer 40.4 → 39.7 kB; the traces page's
    // script loads 2 kB more of it than it needs). Measured by npm run bench -- --bytes dist.
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ },
              {
                name: 'words',
                test: /[\\/]src[\\/](lib[\\/](routes|vocabulary|paths|outcome-view)\.ts|model[\\/](types|switches|presets)\.ts)$/,
              },
            ],
          },
        },
      },
    },
  },
  // The sitemap needs absolute URLs, so it is built only when SITE_URL is set.
  integrations: [
    mdx(),
    // JSX is compiled by Vite's own transform (`vite.oxc.jsx` above), not by Babel:
    // @astrojs/preact runs Babel over every module its `include` matches (by default every .ts,
    // .tsx and .mjs file), which cost 9–13 s of CPU per build and changed no byte of the output.
    // An `include` that matches no file turns Babel off. It also turns off Preact's hot refresh
    // in `astro dev` (an edited .tsx reloads the page) and filters @astrojs/preact's `check`,
    // which Astro calls only for a hydrated island that is not client:only: such an island
    // would have to carry the renderer tag (src/lib/preact-ssr.ts). The explorer is client:only.
    preact({ include: [/(?!)/] }),
    ...(site ? [sitemap()] : []),
    pathFreeIslandIds(),
    leastPrivilegeCsp(),
    pagefind(),
  ],
  markdown: {
    processor: unified({
      remarkPlugins: [remarkMath, remarkHeadingIds],
      // Heading ids/anchors first, so ids are computed from the heading's own
      // text (not KaTeX's rendered markup); then KaTeX; then scroll containers
      // for tables and display math.
      rehypePlugins: [rehypeHeadingLinks, rehypeKatex, rehypeScrollContainers],
    }),
    // One Shiki configuration for markdown and <Code> (src/lib/shiki.mjs).
    shikiConfig: { themes: shikiThemes, defaultColor: false, transformers: shikiTransformers },
  },
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: {
        // No 'unsafe-inline', no 'unsafe-eval', and no 'wasm-unsafe-eval': Pagefind
        // compiles its WebAssembly inside its worker (/pagefind/pagefind-worker.js),
        // which this <meta> policy does not govern (tried in Chromium: search works
        // and reports no violation without it).
        resources: ["'self'"],
      },
      styleDirective: {
        // Shiki, KaTeX and the timeline write style="" attributes; allow attributes
        // only, and only on pages that have one (least-privilege-csp.mjs sets
        // style-src-attr 'none' elsewhere). <style> elements and stylesheets stay
        // hash/'self'-restricted.
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
});
