// Checks a built site (dist) without a browser, reading every page with a real HTML
// parser (htmlparser2):
//   html      HTML is valid (html-validate, .htmlvalidate.json): every page that is not a
//             trace page, and a covering sample of the 864 trace pages (one template): the
//             runs in which every switch value and outcome feature of data/runs.json,
//             and every pair of them that occurs, appears (tracePageSample). `--all-traces` validates all 864
//             (about 2 CPU-minutes; `npm run check:html`)
//   links     every internal href/src/srcset/island URL is a file of the build under the
//             base path, and every #fragment names an id on the target page
//   external  no resource (src, srcset, stylesheet/icon/preload link, island, CSS url()
//             or @import) comes from another origin
//   csp       a CSP <meta> before the first script; script-src without 'unsafe-inline'
//             or 'unsafe-eval'; every inline script's and <style>'s hash listed; no
//             inline on…= handlers or javascript: URLs. Least privilege: no hash the
//             page does not use, style attributes allowed exactly on pages that have
//             one, 'wasm-unsafe-eval' nowhere
//   hosts     no placeholder host (example.org, example.com, localhost) in any text file
//
//   node scripts/check-dist.mjs [dist] [--base /sub/] [--skip html] [--all-traces]
import { readFile, readdir } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { join, relative, resolve, sep } from 'node:path';
import { Parser } from 'htmlparser2';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ORIGIN = 'http://site.invalid';
// The explorer reads "#tN" as the chosen tick: application state, not an element id. Its
// "Skip to the switches" link targets #ex-controls, which its client-only island renders (the
// link is hidden without JavaScript; tests/browser/explorer-layout.spec.ts follows it).
/** @type {Record<string, RegExp>} */
const STATE_FRAGMENTS = { 'explorer/index.html': /^(t\d+|ex-controls)$/ };
const RESOURCE_RELS =
  /\b(stylesheet|preload|modulepreload|prefetch|icon|apple-touch-icon|manifest)\b/i;
const PLACEHOLDER = /\b(example\.(org|com|net)|localhost|127\.0\.0\.1)\b/;

/** @param {string} css what a stylesheet's url()s and imports name */
const cssUrls = (css) =>
  [
    ...css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .matchAll(/url\(\s*["']?([^"')\s]*)["']?\s*\)|@import\s+["']([^"']*)["']/gi),
  ].flatMap((m) => {
    const u = m[1] ?? m[2];
    return u && !u.startsWith('#') && !u.startsWith('data:') ? [u] : [];
  });
/** @param {string} text */
const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * A URL on a page, and what wrote it (`<a href>`).
 * @typedef {{ ref: string, what: string }} Ref
 */
/**
 * What one page holds.
 * @typedef {object} Page
 * @property {Set<string>} ids
 * @property {Ref[]} links may leave the site
 * @property {Ref[]} resources must not
 * @property {string[]} scripts the text of each inline script
 * @property {string[]} styles the text of each <style>
 * @property {number} styleAttrs
 * @property {string[]} handlers inline on…= handlers and javascript: URLs
 * @property {string | null} csp the CSP <meta>'s content; null: none
 * @property {boolean} cspBeforeScripts
 */

/**
 * What one page holds: ids, links (may leave the site), resources (must not), CSP facts.
 * @param {string} html
 * @returns {Page}
 */
export function analyse(html) {
  /** @type {Page} */
  const p = {
    ids: new Set(),
    links: [],
    resources: [],
    scripts: [],
    styles: [],
    styleAttrs: 0,
    handlers: [],
    csp: null,
    cspBeforeScripts: true,
  };
  /** @type {{ list: string[], text: string } | null} */
  let open = null; // the <script>/<style> whose text is being read
  const parser = new Parser(
    {
      onopentag(name, a) {
        if (a.id) p.ids.add(a.id);
        for (const [k, v] of Object.entries(a)) {
          if (/^on[a-z]{3,}$/.test(k) && !name.includes('-')) p.handlers.push(`<${name} ${k}>`);
          if (/^(href|src|action)$/.test(k) && /^\s*javascript:/i.test(v))
            p.handlers.push(`<${name} ${k}="${v}">`);
        }
        const res = (/** @type {string | undefined} */ ref, /** @type {string} */ what) =>
          ref && p.resources.push({ ref: ref.trim(), what });
        if ('style' in a) p.styleAttrs++;
        if (a.style) for (const u of cssUrls(a.style)) res(u, 'style url()');
        if (a.srcset)
          for (const part of a.srcset.split(/,\s+/))
            res(part.trim().split(/\s+/)[0], `<${name} srcset>`);
        if (a.src) res(a.src, `<${name} src>`);
        if (a.poster) res(a.poster, `<${name} poster>`);
        if (name === 'object') res(a.data, '<object data>');
        if (name === 'link' && a.href)
          (RESOURCE_RELS.test(a.rel ?? '') ? p.resources : p.links).push({
            ref: a.href,
            what: `<link rel="${a.rel}">`,
          });
        if ((name === 'a' || name === 'area') && a.href)
          p.links.push({ ref: a.href, what: `<${name} href>` });
        if (name === 'use' || name === 'image') res(a.href ?? a['xlink:href'], `<${name} href>`);
        if (name === 'astro-island')
          for (const k of ['component-url', 'renderer-url', 'before-hydration-url'])
            res(a[k], `<astro-island ${k}>`);
        if (name === 'meta' && (a['http-equiv'] ?? '').toLowerCase() === 'content-security-policy')
          p.csp = a.content ?? '';
        if (name === 'script') {
          if (p.csp === null) p.cspBeforeScripts = false;
          if (!a.src && /^(|module|text\/javascript)$/i.test(a.type ?? ''))
            open = { list: p.scripts, text: '' };
        }
        if (name === 'style') open = { list: p.styles, text: '' };
      },
      ontext(t) {
        if (open) open.text += t;
      },
      onclosetag(name) {
        if (open && (name === 'script' || name === 'style')) {
          open.list.push(open.text);
          if (name === 'style')
            for (const u of cssUrls(open.text)) p.resources.push({ ref: u, what: '<style> url()' });
          open = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return p;
}

const urlOf = (/** @type {string} */ file, /** @type {string} */ base) =>
  base + file.replace(/(^|\/)index\.html$/, '$1');

/**
 * Resolve a reference seen on `file`: { skip } | { external } | { error } | { target, fragment }.
 * @param {string} ref @param {string} file @param {string} base @param {Set<string>} files
 */
function resolveRef(ref, file, base, files) {
  if (/^(mailto|tel|data|blob|about):/i.test(ref)) return { skip: true };
  let u;
  try {
    u = new URL(ref, ORIGIN + urlOf(file, base));
  } catch {
    return { error: 'not a valid URL' };
  }
  if (u.origin !== ORIGIN) return { external: u.href };
  if (file === '404.html' && !/^(\/|#)/.test(ref))
    return { error: '404.html is served at any path: use a root-relative URL' };
  const path = decodeURIComponent(u.pathname);
  if (!path.startsWith(base)) return { error: `outside the base path ${base}` };
  const rel = path.slice(base.length);
  const target = [rel, rel + 'index.html', rel + '/index.html'].find(
    (f) => f && !f.startsWith('/') && files.has(f),
  );
  if (!target) return { error: 'no such file in the build' };
  return { target, fragment: u.hash ? decodeURIComponent(u.hash.slice(1)) : '' };
}

/** @param {string} policy @returns {Map<string, string[]>} */
function directives(policy) {
  const d = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !d.has(name.toLowerCase())) d.set(name.toLowerCase(), values);
  }
  return d;
}

/** @param {Page} p @returns {string[]} */
export function cspProblems(p) {
  if (p.csp === null) return ['no <meta http-equiv="content-security-policy">'];
  const out = [];
  if (!p.cspBeforeScripts)
    out.push('the CSP <meta> comes after a <script>, which it then does not cover');
  const d = directives(p.csp);
  const scriptSrc = d.get('script-src-elem') ?? d.get('script-src') ?? d.get('default-src');
  if (!scriptSrc) return [...out, 'CSP has neither script-src nor default-src'];
  for (const name of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src'])
    for (const bad of ["'unsafe-inline'", "'unsafe-eval'"])
      if (d.get(name)?.includes(bad) && (name !== 'default-src' || !d.has('script-src')))
        out.push(`CSP ${name} allows ${bad}`);
  for (const s of p.scripts)
    if (!scriptSrc.includes(sha256(s)))
      out.push(
        `inline <script> ${JSON.stringify(s.slice(0, 50))}… has hash ${sha256(s)}, not in the CSP`,
      );
  const styleSrc = d.get('style-src-elem') ?? d.get('style-src') ?? d.get('default-src') ?? [];
  for (const s of p.styles)
    if (!styleSrc.includes(sha256(s)))
      out.push(
        `inline <style> ${JSON.stringify(s.slice(0, 50))}… is not allowed by style-src (the browser ignores it)`,
      );
  // Least privilege: nothing granted that the page does not use.
  const own = new Set([...p.scripts, ...p.styles].map(sha256));
  for (const [name, values] of d)
    for (const v of values) {
      if (/^'sha256-/.test(v) && !own.has(v))
        out.push(`CSP ${name} lists ${v}, which no inline script or <style> of this page has`);
      if (v === "'wasm-unsafe-eval'")
        out.push(
          `CSP ${name} allows 'wasm-unsafe-eval' (Pagefind compiles its WebAssembly in its worker)`,
        );
    }
  const attrSrc = d.get('style-src-attr') ?? d.get('style-src') ?? d.get('default-src') ?? [];
  const attrsAllowed =
    attrSrc.includes("'unsafe-inline'") && !attrSrc.some((v) => /^'(sha|nonce)/.test(v));
  if (attrsAllowed && !p.styleAttrs)
    out.push(
      "style-src-attr allows 'unsafe-inline' but no element of the page has a style attribute",
    );
  if (!attrsAllowed && p.styleAttrs)
    out.push(`${p.styleAttrs} style attribute(s), which the CSP blocks`);
  return [...out, ...p.handlers.map((h) => `${h}: inline handler or javascript: URL`)];
}

/** @param {string} dir @param {string[]} htmlFiles @returns {Promise<string[]>} */
async function validate(dir, htmlFiles) {
  const { HtmlValidate, StaticConfigLoader } = await import('html-validate');
  const config = JSON.parse(
    await readFile(join(resolve(import.meta.dirname, '..'), '.htmlvalidate.json'), 'utf8'),
  );
  // Every file shares one configuration: resolve it once, not per file (~35 ms each).
  const loader = new StaticConfigLoader(config);
  const resolved = loader.getConfigFor('x.html');
  loader.getConfigFor = () => resolved;
  const hv = new HtmlValidate(loader);
  const out = [];
  for (const f of htmlFiles) {
    const report = await hv.validateString(await readFile(join(dir, f), 'utf8'), f);
    for (const r of report.results)
      for (const m of r.messages)
        if (m.severity >= 2) out.push(`${f}:${m.line}:${m.column}: ${m.ruleId}: ${m.message}`);
  }
  return out;
}

/**
 * The trace pages html-validate reads by default: a greedy cover of every feature of a run's
 * summary in data/runs.json, and every pair of features that occurs together (each switch's value; finished; counts of posts, duplicate posts,
 * acceptances, restores, stale writes rejected and applied; a newsletter or none; each
 * invariant broken or held; the last tick), the main run first. Every page is one template
 * filled with one run, so what can vary in its markup is what these features vary.
 * @param {{ url: string, switches: Record<string, string>, acceptances?: unknown[], newsletter?: unknown, invariants?: Record<string, boolean>, [k: string]: unknown }[]} runs
 * @returns {string[]} the runs' urls
 */
export function tracePageSample(runs) {
  const features = (/** @type {(typeof runs)[number]} */ r) => {
    const f = Object.entries(r.switches).map(([k, v]) => `${k}=${v}`);
    for (const k of [
      'finished',
      'posts',
      'duplicatePosts',
      'restored',
      'staleWritesRejected',
      'staleWritesApplied',
      'lastTick',
    ])
      f.push(`${k}=${JSON.stringify(r[k])}`);
    f.push(`acceptances=${r.acceptances?.length}`, `newsletter=${r.newsletter ? 'yes' : 'no'}`);
    for (const [k, v] of Object.entries(r.invariants ?? {})) f.push(`${k}=${v}`);
    // and every pair of them (pairwise coverage)
    const pairs = [];
    for (let i = 0; i < f.length; i++)
      for (let j = i + 1; j < f.length; j++) pairs.push(`${f[i]} & ${f[j]}`);
    return [...f, ...pairs];
  };
  const left = new Set(runs.flatMap(features));
  const chosen = [];
  const pool = runs.map((r) => ({ url: r.url, f: features(r) }));
  while (left.size) {
    /** @type {(typeof pool)[number] | undefined} */
    let best;
    let gain = -1;
    for (const c of pool) {
      const g = c.f.filter((x) => left.has(x)).length;
      if (g > gain) [best, gain] = [c, g];
    }
    if (!best) break; // no runs: nothing to cover
    chosen.push(best.url);
    for (const x of best.f) left.delete(x);
  }
  return chosen;
}

/**
 * Every check's problems (an empty list: it passed).
 * @param {string} dir
 * @param {{ base?: string, skip?: string[], allTraces?: boolean }} [options]
 * @returns {Promise<Record<string, string[]>>}
 */
export async function checkDist(dir, { base = '/', skip = [], allTraces = false } = {}) {
  dir = resolve(dir);
  base = ('/' + base + '/').replace(/\/+/g, '/');
  const all = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  const files = new Set(all);
  const html = all.filter((f) => f.endsWith('.html'));
  if (!html.length)
    throw new Error(`${dir} has no HTML files: build the site first (npx astro build)`);
  /** @type {Map<string, Page>} */
  const pages = new Map();
  for (const f of html) pages.set(f, analyse(await readFile(join(dir, f), 'utf8')));
  /** @type {{ links: string[], external: string[], csp: string[], hosts: string[], html?: string[] }} */
  const problems = { links: [], external: [], csp: [], hosts: [] };
  /** @type {Map<string, Set<string>>} */
  const svgIds = new Map();
  // Ids of a fragment's target: an HTML page of the build, or an SVG file (null: not checked).
  const idsOf = async (/** @type {string} */ target) => {
    const page = pages.get(target);
    if (page) return page.ids;
    if (!target.endsWith('.svg')) return null;
    if (!svgIds.has(target))
      svgIds.set(
        target,
        new Set(
          [...(await readFile(join(dir, target), 'utf8')).matchAll(/\sid="([^"]*)"/g)].map(
            (m) => m[1] ?? '',
          ),
        ),
      );
    return svgIds.get(target);
  };
  let refs = 0;
  for (const [file, p] of pages) {
    for (const { ref, what } of [...p.links, ...p.resources]) {
      const r = resolveRef(ref, file, base, files);
      if (r.skip || (r.external && p.links.some((l) => l.ref === ref))) continue;
      refs++;
      if (r.external) problems.external.push(`${file}: ${what} loads ${r.external}`);
      else if (r.error) problems.links.push(`${file}: ${what} "${ref}": ${r.error}`);
      else if (
        r.fragment &&
        r.fragment !== 'top' &&
        !r.fragment.startsWith(':~:') &&
        !STATE_FRAGMENTS[r.target]?.test(r.fragment) &&
        (await idsOf(r.target))?.has(r.fragment) === false
      )
        problems.links.push(`${file}: ${what} "${ref}": no id="${r.fragment}" in ${r.target}`);
    }
    problems.csp.push(...cspProblems(p).map((x) => `${file}: ${x}`));
  }
  for (const f of all.filter((f) => /\.(css)$/.test(f)))
    for (const u of cssUrls(await readFile(join(dir, f), 'utf8'))) {
      const r = resolveRef(u, f, base, files);
      if (r.external) problems.external.push(`${f}: url() loads ${r.external}`);
      else if (r.error) problems.links.push(`${f}: url("${u}"): ${r.error}`);
    }
  for (const f of all.filter((f) => /\.(html|xml|txt|json)$/.test(f))) {
    const m = PLACEHOLDER.exec(await readFile(join(dir, f), 'utf8'));
    if (m) problems.hosts.push(`${f}: placeholder host "${m[0]}"`);
  }
  let validated = html;
  if (!skip.includes('html') && !allTraces) {
    // html-validate is the slow part (~150 ms of CPU for a trace page): the trace pages it
    // reads are a covering sample (tracePageSample), the rest are all read.
    const runs = JSON.parse(await readFile(join(dir, 'data', 'runs.json'), 'utf8')).runs;
    const sample = new Set(tracePageSample(runs).map((u) => `${u.replace(/^\//, '')}index.html`));
    const isTrace = (/** @type {string} */ f) => /^traces\/[^/]+\/index\.html$/.test(f);
    const traces = html.filter(isTrace);
    if (traces.length !== runs.length)
      problems.links.push(`${traces.length} trace pages, but runs.json lists ${runs.length} runs`);
    const missing = [...sample].filter((f) => !files.has(f));
    if (missing.length) problems.links.push(`sampled trace pages missing: ${missing.join(', ')}`);
    validated = html.filter((f) => !isTrace(f) || sample.has(f));
    console.log(
      `check-dist: html-validate reads ${validated.length} pages: every page but the trace pages, and ${sample.size} of the ${traces.length} trace pages, in which every switch value and outcome of runs.json, and every pair of them that occurs, appears (--all-traces: all)`,
    );
  }
  if (!skip.includes('html')) {
    // Two worker threads.
    const halves = [
      validated.filter((_, i) => i % 2 === 0),
      validated.filter((_, i) => i % 2 === 1),
    ];
    /** @type {(files: string[]) => Promise<string[]>} */
    const run = (files) =>
      new Promise((ok, fail) =>
        new Worker(new URL(import.meta.url), { workerData: { dir, files } })
          .once('message', ok)
          .once('error', fail),
      );
    problems.html = (await Promise.all(halves.map(run))).flat();
  }
  console.log(
    `check-dist: ${dir} (base ${base}): ${html.length} pages, ${refs} internal references, ${all.length} files`,
  );
  return problems;
}

// a worker thread always has its parent's port
if (!isMainThread)
  /** @type {import('node:worker_threads').MessagePort} */ (parentPort).postMessage(
    await validate(workerData.dir, workerData.files),
  );
else if (import.meta.main) {
  const args = process.argv.slice(2);
  const take = (/** @type {string} */ flag) =>
    args.includes(flag) ? args.splice(args.indexOf(flag), 2)[1] : undefined;
  const base = take('--base') ?? '/';
  const skip = (take('--skip') ?? '').split(',');
  const allTraces = args.includes('--all-traces');
  if (allTraces) args.splice(args.indexOf('--all-traces'), 1);
  const problems = await checkDist(args[0] ?? 'dist', { base, skip, allTraces });
  let failed = 0;
  for (const [check, list] of Object.entries(problems)) {
    console.log(
      `${list.length ? 'FAIL' : 'ok  '} ${check}${list.length ? `: ${list.length} problem(s)` : ''}`,
    );
    for (const p of list.slice(0, 25)) console.log(`       ${p}`);
    failed += list.length ? 1 : 0;
  }
  console.log(`check-dist: ${Object.keys(problems).length - failed} passed, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}
