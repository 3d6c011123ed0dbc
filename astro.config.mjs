// Astro configuration for "Work That Outlives Its Worker".
//
// Hosting: `site` and `base` come from SITE_URL and BASE_PATH so the same source
// can be published at a domain root or under a sub-path (e.g. GitHub Pages).
// Markdown: Astro 7's default processor runs no remark/rehype plugins, so the
// unified processor is named explicitly; MDX inherits it.
// CSP: Astro hashes every script and style it bundles or inlines. The one
// hand-written inline script (the no-flash theme script in Base.astro) adds its
// own hash at render time through `Astro.csp.insertScriptHash`.
// Reproducibility: asset names are content hashes (Vite's default), the sitemap
// carries no lastmod, and nothing reads the clock, so two builds of the same
// tree are byte-identical.
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import preact from '@astrojs/preact';
import sitemap from '@astrojs/sitemap';
import { unified } from '@astrojs/markdown-remark';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import { rehypeHeadingLinks, rehypeScrollContainers, remarkHeadingIds } from './src/lib/rehype-heading-links.mjs';
// Site search: builds the Pagefind index into <outDir>/pagefind/ after every build (trace pages' author).
import pagefind from './src/integrations/pagefind.mjs';

const site = process.env.SITE_URL || 'https://example.org';

/** Normalise BASE_PATH to "/" or "/a/b" (leading slash, no trailing slash). */
function normaliseBase(raw) {
  const trimmed = (raw || '/').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}`;
}
const base = normaliseBase(process.env.BASE_PATH);

export default defineConfig({
  site,
  base,
  trailingSlash: 'always',
  build: {
    format: 'directory',
    assets: '_astro',
    // Never inline stylesheets: styles of components rendered inside MDX content
    // collections are injected late and their inline <style> gets no CSP hash
    // (blocked by style-src). As <link>s they are covered by 'self'.
    inlineStylesheets: 'never',
  },
  integrations: [mdx(), preact(), sitemap(), pagefind()],
  markdown: {
    processor: unified({
      remarkPlugins: [remarkMath, remarkHeadingIds],
      // Heading ids/anchors first, so ids are computed from the heading's own
      // text (not KaTeX's rendered markup); then KaTeX; then scroll containers
      // for tables and display math.
      rehypePlugins: [rehypeHeadingLinks, rehypeKatex, rehypeScrollContainers],
    }),
    shikiConfig: {
      // The "-default" GitHub themes, not the older github-light/github-dark:
      // those fail WCAG AA for some tokens (github-light's orange #e36209 is
      // 3.5:1 on white; github-dark's comments #6a737d are 3.0:1 on #24292e).
      themes: { light: 'github-light-default', dark: 'github-dark-default' },
      defaultColor: false,
    },
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
        // 'self' must be restated once resources are given. 'wasm-unsafe-eval'
        // lets Pagefind compile its WebAssembly search index; it does not allow
        // eval() of JavaScript, and no 'unsafe-inline' is ever granted to scripts.
        resources: ["'self'", "'wasm-unsafe-eval'"],
      },
      styleDirective: {
        // Shiki and KaTeX write style="" attributes; allow attributes only.
        // <style> elements and stylesheets stay hash/'self'-restricted.
        resources: [{ resource: "'unsafe-inline'", kind: 'attribute' }],
      },
    },
  },
});
