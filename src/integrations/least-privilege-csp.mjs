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
const hashOf = (algo, text) =>
  `'${algo}-${createHash(algo).update(text, 'utf8').digest('base64')}'`;

/** What a page uses: its inline scripts' and <style>s' texts, and whether any element has style="". */
export function pageNeeds(html) {
  return scannedNeeds(html) ?? parsedNeeds(html);
}

/** pageNeeds by a full parse (htmlparser2): the reference, and what any unusual page gets. */
export function parsedNeeds(html) {
  const inline = [];
  let styleAttr = false;
  let styled = null;
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

// The fast reading. Parsing every page took about 3 s of each build. The build's pages are
// plain markup: start and end tags, text, a doctype, and script and style elements. For such a
// page, htmlparser2's tokenizer does exactly what the expressions below do, so the scan reads
// the same inline texts the parse would; a page with anything else (a comment, a CDATA section,
// a processing instruction, a self-closing raw-text element, an unclosed tag, a character
// reference in a script's attributes or a title) or with a style attribute gets the full parse.
// `tests/unit/site/csp.test.ts` holds the two to the same answers.

/** Could be an attribute named style (a superset: end tags, text and values match too). */
const MAYBE_STYLE_ATTR = /[\s/"']style(?=[\s=/>]|$)/i;
/** The tokenizer's white space (fewer characters than \s). */
const W = String.raw` \n\t\f\r`;
/**
 * One attribute as the tokenizer reads it, its text captured as group `n`: atomic (a lookahead
 * and a back-reference), so the expression cannot backtrack into another reading.
 */
const attr = (n) =>
  String.raw`(?=([^${W}/>][^${W}/>=]*(?:[${W}]*=[${W}]*(?:"[^"]*"|'[^']*'|(?!["'])[^${W}>]*))?))` +
  `\\${n}` +
  String.raw`(?![${W}]*=)`;
/** From a "<": a "<" the tokenizer reads as text, an end tag, or a start tag. */
const TOKEN = new RegExp(
  String.raw`<(?![a-zA-Z/!?])|<\/[a-zA-Z][^>]*>|<([a-zA-Z][^${W}/>]*)((?:[${W}/]*${attr(3)})*)[${W}/]*>`,
  'y',
);
const ATTRS = new RegExp(String.raw`[${W}/]*${attr(1)}`, 'y');
const DOCTYPE = /^<!doctype html>/i;
/** The elements whose content the tokenizer reads as text up to their end tag. */
const RAW_TEXT = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
]);

/** An element's attributes, names lower-cased, the first of each name kept (as htmlparser2). */
function attributesOf(text) {
  const out = {};
  ATTRS.lastIndex = 0;
  let m;
  while (ATTRS.lastIndex < text.length && (m = ATTRS.exec(text))) {
    const eq = m[1].search(/[ \n\t\f\r]*=/);
    const name = (eq < 0 ? m[1] : m[1].slice(0, eq)).toLowerCase();
    if (name in out) continue;
    const value = eq < 0 ? '' : m[1].slice(eq).replace(/^[ \n\t\f\r]*=[ \n\t\f\r]*/, '');
    out[name] = /^["']/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

/** pageNeeds by scanning, or undefined when the page needs the full parse. */
export function scannedNeeds(html) {
  // Most pages hold no "style" that could be an attribute's name; on the others, each tag's own
  // attributes are looked at.
  const styleWords = MAYBE_STYLE_ATTR.test(html);
  const inline = [];
  let i = DOCTYPE.exec(html)?.[0].length ?? 0;
  while ((i = html.indexOf('<', i)) >= 0) {
    TOKEN.lastIndex = i;
    const m = TOKEN.exec(html);
    if (!m) return undefined;
    i = TOKEN.lastIndex;
    if (m[2] && styleWords && MAYBE_STYLE_ATTR.test(m[2]) && 'style' in attributesOf(m[2]))
      return undefined; // the parse also tells which element has it
    const name = m[1]?.toLowerCase();
    if (name === 'plaintext') return undefined;
    if (!name || !RAW_TEXT.has(name)) continue;
    // A raw-text element self-closed ("<script/>") leaves the tokenizer outside raw text.
    if (/\/[ \n\t\f\r]*>$/.test(m[0])) return undefined;
    const end = new RegExp(String.raw`<\/${name}(?=[${W}/>])`, 'ig');
    end.lastIndex = i;
    const close = end.exec(html);
    if (!close) return undefined;
    if (name === 'script' || name === 'style') {
      if (m[2].includes('&')) return undefined;
      const a = attributesOf(m[2]);
      if (name === 'style' || (!a.src && EXECUTED.test(a.type ?? '')))
        inline.push(html.slice(i, close.index));
    } else if (name === 'title' || name === 'textarea') {
      // The tokenizer decodes character references in these while it looks for the end tag.
      if (html.slice(i, close.index).includes('&')) return undefined;
    }
    i = close.index;
  }
  return { inline, styleAttr: false, styled: null };
}

/** The policy with unused hashes dropped and style-src-attr 'none' where nothing needs it. */
export function narrowPolicy(policy, { inline, styleAttr }) {
  const used = new Set(
    ['sha256', 'sha384', 'sha512'].flatMap((algo) => inline.map((t) => hashOf(algo, t))),
  );
  return policy
    .split(';')
    .map((part) => part.trim().split(/\s+/).filter(Boolean))
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
      'astro:build:done': async ({ dir, logger }) => {
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
          const narrowed = narrowPolicy(m[2], needs);
          if (narrowed === m[2]) continue;
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
