// Astro integration: narrow each page's CSP <meta> to what that page uses.
//
// Astro writes one policy for the whole build: every page lists the hash of every inline
// script and <style> of every page, and the config's `style-src-attr 'unsafe-inline'`
// (needed by Shiki's and KaTeX's style="" attributes) applies everywhere.
// Astro.csp (insertDirective, insertScriptHash, insertStyleResource, …) can only add to that
// policy per page, never remove, and a layout cannot know while rendering its <head> whether
// the content below will carry a style attribute. So after the build, on each page:
//   - script-src / style-src keep only the hashes of inline scripts/<style>s on the page;
//   - style-src-attr becomes 'none' unless an element of the page has a style attribute;
//   - a trace page (/traces/…) with a style attribute fails the build: its figures carry every
//     style by class or presentation attribute (the timeline's hatch is fill="url(#…)"), so no
//     trace page's policy allows inline style attributes.
// 'wasm-unsafe-eval' is granted nowhere: Pagefind compiles its WebAssembly in its worker
// (/pagefind/pagefind-worker.js), which a <meta> policy does not govern. check-dist's csp
// check verifies the result (scripts/check-dist.mjs).
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Parser } from 'htmlparser2';

const CSP_META = /(<meta http-equiv="content-security-policy" content=")([^"]*)(")/i;
const HASH = /^'sha(256|384|512)-/;
const EXECUTED = /^(|module|text\/javascript)$/i; // other types are data blocks, never run
const hashOf = (/** @type {string} */ algo, /** @type {string} */ text) =>
  `'${algo}-${createHash(algo).update(text, 'utf8').digest('base64')}'`;

/** What a page uses: its inline scripts' and <style>s' texts, and whether any element has style="". */
/** @param {string} html @returns {{ inline: string[], styleAttr: boolean, styled: string | null }} */
export function pageNeeds(html) {
  /** @type {string[]} */
  const inline = [];
  let styleAttr = false;
  /** @type {string | null} */
  let styled = null;
  /** @type {string | null} */
  let open = null;
  new Parser(
    {
      onopentag(name, a) {
        if ('style' in a) {
          styleAttr = true;
          styled ??= `<${name}${a.class ? ` class="${a.class}"` : ''} style="${a.style}">`;
        }
        if ((name === 'script' && !a.src && EXECUTED.test(a.type ?? '')) || name === 'style')
          open = '';
      },
      ontext(t) {
        if (open !== null) open += t;
      },
      onclosetag(name) {
        if (open !== null && (name === 'script' || name === 'style')) {
          inline.push(open);
          open = null;
        }
      },
    },
    { lowerCaseAttributeNames: true },
  ).end(html);
  return { inline, styleAttr, styled };
}

/** The policy with unused hashes dropped and style-src-attr 'none' where nothing needs it. */
/** @param {string} policy @param {{ inline: string[], styleAttr: boolean }} needs */
export function narrowPolicy(policy, { inline, styleAttr }) {
  const used = new Set(
    ['sha256', 'sha384', 'sha512'].flatMap((algo) => inline.map((t) => hashOf(algo, t))),
  );
  return policy
    .split(';')
    .map((/** @type {string} */ part) => part.trim().split(/\s+/).filter(Boolean))
    .filter((tokens) => tokens.length)
    .map(([name, ...values]) => {
      if (name === 'style-src-attr' && !styleAttr) return "style-src-attr 'none'";
      return [name, ...values.filter((v) => !HASH.test(v) || used.has(v))].join(' ');
    })
    .join('; ');
}

export default function leastPrivilegeCsp() {
  return {
    name: 'least-privilege-csp',
    hooks: {
      'astro:build:done': async (
        /** @type {{ dir: URL, logger: import('astro').AstroIntegrationLogger }} */ { dir, logger },
      ) => {
        const root = fileURLToPath(dir);
        let pages = 0;
        for (const e of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!e.isFile() || !e.name.endsWith('.html')) continue;
          const file = join(e.parentPath, e.name);
          const html = await readFile(file, 'utf8');
          const m = CSP_META.exec(html);
          if (!m) continue;
          const needs = pageNeeds(html);
          if (needs.styleAttr && /^traces[\\/]/.test(relative(root, file)))
            throw new Error(
              `${file}: a trace page must not need style-src-attr, but has ${needs.styled}`,
            );
          const policy = m[2] ?? ''; // the content="…" group always takes part in a match
          const narrowed = narrowPolicy(policy, needs);
          if (narrowed === policy) continue;
          await writeFile(
            file,
            html.replace(CSP_META, (_, a, __, c) => a + narrowed + c),
          );
          pages++;
        }
        logger.info(`CSP narrowed to each page's own needs on ${pages} pages`);
      },
    },
  };
}
