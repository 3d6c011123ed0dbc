// Checks a built site (the dist folder) without a browser:
//   html      every HTML file is valid (html-validate, .htmlvalidate.json)
//   links     every internal href/src resolves to a file in the build, under the base
//             path, and every #fragment names an id in the target page
//   external  no resource (src, srcset, stylesheet/font/script/preload link, island
//             component, CSS url() or @import, in HTML or in CSS files) leaves the site
//   csp       every page has a CSP <meta> before its first script; scripts get neither
//             'unsafe-inline' nor 'unsafe-eval'; every inline script's sha256 is listed;
//             no inline event-handler attributes or javascript: URLs; every inline
//             <style> is allowed by style-src (else the browser drops it)
//   runs      dist/data/runs.json, when present, has 864 runs whose urls all exist; so do
//             the counterexample urls of dist/data/faults.json
//
//   node scripts/check-dist.mjs [dist] [--base /sub/] [--skip html,runs] [--only links]
//
// Links are checked by our own scan of the HTML rather than linkinator: it needs no
// server, knows about Astro's island attributes, and checks ~900 pages with fragments
// in about a second, where a crawl takes much longer. The scan is a tokenizer, not a
// full parser: it skips comments and the bodies of <script>/<style>, and reads tags
// and their attributes, which is all a link check needs on well-formed build output.
import { readFile, readdir, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join, resolve, relative, dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ORIGIN = 'http://site.invalid';
const CHECKS = ['html', 'links', 'external', 'csp', 'runs'];
const EXPECTED_RUNS = 864;
const SHOW = 25; // problems shown per check; the count is always complete
// Pages whose fragment is application state rather than an element id: the explorer
// reads "#tN" as the chosen tick (site.md: state lives in the URL, switches and tick).
const STATE_FRAGMENTS = { 'explorer/index.html': /^t\d+$/ };

// ---------------------------------------------------------------- html-validate worker

async function validateFiles(files) {
  const { HtmlValidate, StaticConfigLoader } = await import('html-validate');
  const config = JSON.parse(await readFile(join(ROOT, '.htmlvalidate.json'), 'utf8'));
  // StaticConfigLoader merges and resolves the whole configuration again for every file
  // (~35 ms each); every file here shares one configuration, so resolve it once.
  class OnceConfigLoader extends StaticConfigLoader {
    #resolved;
    getConfigFor(handle, override) {
      if (override) return super.getConfigFor(handle, override);
      return (this.#resolved ??= super.getConfigFor(handle));
    }
  }
  const hv = new HtmlValidate(new OnceConfigLoader(config));
  const problems = [];
  for (const file of files) {
    const report = await hv.validateString(await readFile(file, 'utf8'), file);
    for (const r of report.results)
      for (const m of r.messages)
        if (m.severity >= 2) problems.push(`${file}:${m.line}:${m.column}: ${m.ruleId}: ${m.message}`);
  }
  return problems;
}

if (!isMainThread && workerData?.role === 'html-validate') {
  parentPort.postMessage(await validateFiles(workerData.files));
}

// ---------------------------------------------------------------- HTML scanning

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (s) =>
  s.includes('&')
    ? s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e) =>
        e[0] === '#'
          ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
          : (ENTITIES[e.toLowerCase()] ?? m),
      )
    : s;

const TOKEN =
  /<!--[\s\S]*?-->|<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>|<([a-zA-Z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTR = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attrsOf(s) {
  const attrs = new Map();
  if (!s) return attrs;
  for (const m of s.matchAll(ATTR)) {
    const name = m[1].toLowerCase();
    if (!attrs.has(name)) attrs.set(name, decode(m[2] ?? m[3] ?? m[4] ?? ''));
  }
  return attrs;
}

/** Tags (name, attrs, offset) and raw-text bodies of <script>/<style>, in document order. */
function scan(html) {
  const tags = [];
  for (const m of html.matchAll(TOKEN)) {
    if (m[1]) tags.push({ name: m[1].toLowerCase(), attrs: attrsOf(m[2]), text: m[3], at: m.index });
    else if (m[4]) tags.push({ name: m[4].toLowerCase(), attrs: attrsOf(m[5]), at: m.index });
  }
  return tags;
}

const RESOURCE_RELS = new Set([
  'stylesheet', 'preload', 'modulepreload', 'prefetch', 'icon', 'apple-touch-icon',
  'mask-icon', 'manifest', 'preconnect', 'dns-prefetch',
]);
const JS_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);

/** CSS url(...) and @import targets, comments removed. */
function cssUrls(css) {
  const out = [];
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  for (const m of clean.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi)) out.push(m[1] ?? m[2] ?? m[3]);
  for (const m of clean.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/gi)) out.push(m[1] ?? m[2]);
  return out.filter((u) => u && !u.startsWith('#'));
}

/**
 * What one page references: `links` (navigation; may leave the site) and `resources`
 * (loaded by the page; must not), each { ref, what }. Plus ids and CSP facts.
 */
function analysePage(html) {
  const tags = scan(html);
  const ids = new Set();
  const links = [];
  const resources = [];
  const inlineScripts = [];
  const inlineStyles = [];
  const handlers = [];
  let csp = null;
  let cspAt = -1;
  let firstScriptAt = -1;
  const res = (ref, what) => ref != null && resources.push({ ref: ref.trim(), what });
  for (const t of tags) {
    const a = t.attrs;
    if (a.has('id')) ids.add(a.get('id'));
    if (t.name === 'a' && a.has('name')) ids.add(a.get('name'));
    if (a.has('style')) for (const u of cssUrls(a.get('style'))) res(u, 'style="" url()');
    for (const [k, v] of a) {
      if (/^on[a-z]{3,}$/.test(k) && !t.name.includes('-')) handlers.push(`<${t.name} ${k}="…">`);
      if ((k === 'href' || k === 'src' || k === 'action') && /^\s*javascript:/i.test(v)) handlers.push(`<${t.name} ${k}="${v}">`);
    }
    switch (t.name) {
      case 'script': {
        if (firstScriptAt < 0) firstScriptAt = t.at;
        if (a.has('src')) res(a.get('src'), '<script src>');
        else if (JS_TYPES.has((a.get('type') ?? '').toLowerCase())) inlineScripts.push(t.text);
        break;
      }
      case 'style':
        inlineStyles.push(t.text);
        for (const u of cssUrls(t.text)) res(u, '<style> url()');
        break;
      case 'link': {
        const rels = (a.get('rel') ?? '').toLowerCase().split(/\s+/);
        if (!a.has('href')) break;
        if (rels.some((r) => RESOURCE_RELS.has(r))) res(a.get('href'), `<link rel="${a.get('rel')}">`);
        else links.push({ ref: a.get('href'), what: `<link rel="${a.get('rel')}">` });
        break;
      }
      case 'a':
      case 'area':
        if (a.has('href')) links.push({ ref: a.get('href'), what: `<${t.name} href>` });
        break;
      case 'use':
      case 'image':
        res(a.get('href') ?? a.get('xlink:href'), `<${t.name} href>`);
        break;
      case 'astro-island':
        res(a.get('component-url'), '<astro-island component-url>');
        res(a.get('renderer-url'), '<astro-island renderer-url>');
        res(a.get('before-hydration-url'), '<astro-island before-hydration-url>');
        break;
      case 'object':
        res(a.get('data'), '<object data>');
        break;
      case 'meta':
        if ((a.get('http-equiv') ?? '').toLowerCase() === 'content-security-policy') {
          csp = a.get('content') ?? '';
          cspAt = t.at;
        }
        break;
    }
    if (t.name !== 'script' && a.has('src')) res(a.get('src'), `<${t.name} src>`);
    if (a.has('poster')) res(a.get('poster'), `<${t.name} poster>`);
    if (a.has('srcset'))
      for (const part of a.get('srcset').split(/,\s+/)) res(part.trim().split(/\s+/)[0], `<${t.name} srcset>`);
  }
  return { ids, links, resources, inlineScripts, inlineStyles, handlers, csp, cspAt, firstScriptAt };
}

// ---------------------------------------------------------------- the site model

async function walk(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out.push(relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'));
  return out.sort();
}

/** URL path (under base) at which a dist file is served. */
function urlOf(file, base) {
  if (file === 'index.html') return base;
  if (file.endsWith('/index.html')) return base + file.slice(0, -'index.html'.length);
  return base + file;
}

class Site {
  constructor(dir, base, files) {
    this.dir = dir;
    this.base = base;
    this.files = new Set(files);
    this.pages = new Map(); // file -> analysePage result
    this.svgIds = new Map();
  }

  /** Resolve `ref` as seen from `file`. Returns { external } or { target, fragment } or { error }. */
  resolve(ref, file) {
    if (/^(mailto|tel|data|blob|about|javascript):/i.test(ref)) return { skip: true };
    let u;
    try {
      u = new URL(ref, ORIGIN + urlOf(file, this.base));
    } catch {
      return { error: 'not a valid URL' };
    }
    if (u.origin !== ORIGIN) return { external: u.href };
    if (file === '404.html' && !/^(\/|#|[a-z][a-z0-9+.-]*:)/i.test(ref))
      return { error: 'relative URL in 404.html, which is served at any path (use a root-relative URL)' };
    let path;
    try {
      path = decodeURIComponent(u.pathname);
    } catch {
      return { error: 'bad percent-encoding' };
    }
    const fragment = u.hash ? decodeURIComponent(u.hash.slice(1)) : '';
    if (!path.startsWith(this.base)) return { error: `outside the base path ${this.base}` };
    const rel = path.slice(this.base.length);
    let target = null;
    if (rel === '' || rel.endsWith('/')) target = this.files.has(rel + 'index.html') ? rel + 'index.html' : null;
    else if (this.files.has(rel)) target = rel;
    else if (this.files.has(rel + '/index.html')) target = rel + '/index.html';
    if (!target) return { error: 'no such file in the build' };
    return { target, fragment };
  }

  async idsOf(target) {
    if (this.pages.has(target)) return this.pages.get(target).ids;
    if (target.endsWith('.svg')) {
      if (!this.svgIds.has(target)) {
        const svg = await readFile(join(this.dir, target), 'utf8');
        this.svgIds.set(target, new Set([...svg.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1])));
      }
      return this.svgIds.get(target);
    }
    return null; // fragments into other files are not checked
  }
}

// ---------------------------------------------------------------- the checks

async function checkLinks(site) {
  const problems = [];
  let checked = 0;
  for (const [file, page] of site.pages) {
    for (const { ref, what } of [...page.links, ...page.resources]) {
      if (!ref) continue;
      const r = site.resolve(ref, file);
      if (r.skip || r.external) continue;
      checked++;
      if (r.error) {
        problems.push(`${file}: ${what} "${ref}": ${r.error}`);
        continue;
      }
      if (!r.fragment || r.fragment === 'top' || r.fragment.startsWith(':~:')) continue;
      if (STATE_FRAGMENTS[r.target]?.test(r.fragment)) continue;
      const ids = await site.idsOf(r.target);
      if (ids && !ids.has(r.fragment)) problems.push(`${file}: ${what} "${ref}": no id="${r.fragment}" in ${r.target}`);
    }
  }
  return { problems, summary: `${checked} internal references in ${site.pages.size} pages` };
}

async function checkExternal(site, cssFiles) {
  const problems = [];
  let checked = 0;
  for (const [file, page] of site.pages)
    for (const { ref, what } of page.resources) {
      if (!ref) continue;
      checked++;
      const r = site.resolve(ref, file);
      if (r.external) problems.push(`${file}: ${what} loads ${r.external} from another origin`);
    }
  for (const file of cssFiles) {
    const css = await readFile(join(site.dir, file), 'utf8');
    for (const ref of cssUrls(css)) {
      checked++;
      const r = site.resolve(ref, file);
      if (r.external) problems.push(`${file}: url() loads ${r.external} from another origin`);
      else if (r.error) problems.push(`${file}: url("${ref}"): ${r.error}`);
    }
  }
  return { problems, summary: `${checked} resource URLs in ${site.pages.size} pages and ${cssFiles.length} CSS files` };
}

function directives(policy) {
  const d = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !d.has(name.toLowerCase())) d.set(name.toLowerCase(), values);
  }
  return d;
}

const sha256 = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

function checkCsp(site) {
  const problems = [];
  for (const [file, page] of site.pages) {
    if (page.csp == null) {
      problems.push(`${file}: no <meta http-equiv="content-security-policy">`);
      continue;
    }
    if (page.firstScriptAt >= 0 && page.cspAt > page.firstScriptAt)
      problems.push(`${file}: the CSP <meta> comes after a <script>, which it then does not cover`);
    const d = directives(page.csp);
    const scriptSrc = d.get('script-src') ?? d.get('default-src');
    if (!scriptSrc) {
      problems.push(`${file}: CSP has neither script-src nor default-src, so scripts are unrestricted`);
      continue;
    }
    for (const name of ['script-src', 'script-src-elem', 'script-src-attr', d.has('script-src') ? null : 'default-src']) {
      const values = name && d.get(name);
      if (!values) continue;
      for (const bad of ["'unsafe-inline'", "'unsafe-eval'"])
        if (values.some((v) => v.toLowerCase() === bad)) problems.push(`${file}: CSP ${name} allows ${bad}`);
    }
    const elem = d.get('script-src-elem') ?? scriptSrc;
    for (const text of page.inlineScripts) {
      const h = sha256(text);
      if (!elem.includes(h)) problems.push(`${file}: inline <script> ${JSON.stringify(text.slice(0, 60))}… has hash ${h}, not in the CSP`);
    }
    for (const h of page.handlers) problems.push(`${file}: ${h} cannot run under the CSP (inline handler)`);
    // Not a security requirement, but the browser would refuse these: say so here, where
    // the message can name the element, rather than only as a console error.
    const styleSrc = d.get('style-src-elem') ?? d.get('style-src') ?? d.get('default-src');
    const inlineAllowed = (v) => v.includes("'unsafe-inline'") && !v.some((x) => /^'(sha\d+|nonce)-/.test(x));
    if (styleSrc && !inlineAllowed(styleSrc))
      for (const text of page.inlineStyles) {
        const h = sha256(text);
        if (!styleSrc.includes(h))
          problems.push(`${file}: inline <style> ${JSON.stringify(text.slice(0, 60))}… has hash ${h}, not in the CSP style-src (the browser ignores it)`);
      }
  }
  return { problems, summary: `${site.pages.size} pages` };
}

async function checkRuns(site) {
  const file = 'data/runs.json';
  if (!site.files.has(file)) return { problems: [], summary: 'no data/runs.json in this build (skipped)', skipped: true };
  const problems = [];
  let data;
  try {
    data = JSON.parse(await readFile(join(site.dir, file), 'utf8'));
  } catch (err) {
    return { problems: [`${file}: not valid JSON: ${err.message}`], summary: '' };
  }
  const runs = Array.isArray(data?.runs) ? data.runs : null;
  if (!runs) return { problems: [`${file}: no "runs" array`], summary: '' };
  if (runs.length !== EXPECTED_RUNS) problems.push(`${file}: ${runs.length} runs, expected ${EXPECTED_RUNS}`);
  if (typeof data.model !== 'string' || !data.model) problems.push(`${file}: no "model" version string`);
  const seen = new Set();
  for (const [i, run] of runs.entries()) {
    const url = run?.url;
    if (typeof url !== 'string') {
      problems.push(`${file}: runs[${i}] has no url`);
      continue;
    }
    if (seen.has(url)) problems.push(`${file}: runs[${i}].url ${url} appears twice`);
    seen.add(url);
    // The contract writes urls as "/traces/<slug>/"; under a sub-path they may carry the base.
    const path = url.startsWith(site.base) ? url : site.base + url.replace(/^\//, '');
    const r = site.resolve(path, 'index.html');
    if (r.error || r.external) problems.push(`${file}: runs[${i}].url ${url}: ${r.error ?? 'points off the site'}`);
  }
  const faults = await checkFaultsJson(site);
  return { problems: [...problems, ...faults.problems], summary: `${runs.length} runs, ${seen.size} distinct urls${faults.summary}` };
}

// data/faults.json, when present: a model version and every counterexample url resolving to a page of the build.
async function checkFaultsJson(site) {
  const file = 'data/faults.json';
  if (!site.files.has(file)) return { problems: [], summary: '' };
  let data;
  try {
    data = JSON.parse(await readFile(join(site.dir, file), 'utf8'));
  } catch (err) {
    return { problems: [`${file}: not valid JSON: ${err.message}`], summary: '' };
  }
  const problems = [];
  if (typeof data?.model !== 'string' || !data.model) problems.push(`${file}: no "model" version string`);
  const ces = Array.isArray(data?.counterexamples) ? data.counterexamples : null;
  if (!ces) return { problems: [...problems, `${file}: no "counterexamples" array`], summary: '' };
  for (const [i, c] of ces.entries()) {
    const url = c?.url;
    if (typeof url !== 'string') {
      problems.push(`${file}: counterexamples[${i}] has no url`);
      continue;
    }
    const path = url.startsWith(site.base) ? url : site.base + url.replace(/^\//, '');
    const r = site.resolve(path, 'index.html');
    if (r.error || r.external) problems.push(`${file}: counterexamples[${i}].url ${url}: ${r.error ?? 'points off the site'}`);
  }
  return { problems, summary: `; faults.json: ${ces.length} counterexample urls` };
}

async function checkHtml(dir, htmlFiles) {
  const files = htmlFiles.map((f) => join(dir, f));
  const workers = Math.max(1, Math.min(availableParallelism(), Math.ceil(files.length / 100)));
  const chunks = Array.from({ length: workers }, (_, i) => files.filter((_, j) => j % workers === i));
  const results =
    workers === 1
      ? [await validateFiles(files)]
      : await Promise.all(
          chunks.map(
            (chunk) =>
              new Promise((ok, fail) => {
                const w = new Worker(fileURLToPath(import.meta.url), { workerData: { role: 'html-validate', files: chunk } });
                w.once('message', ok);
                w.once('error', fail);
                w.once('exit', (code) => code && fail(new Error(`html-validate worker exited with ${code}`)));
              }),
          ),
        );
  const problems = results.flat().map((p) => relative(dir, p));
  const byRule = {};
  for (const p of problems) {
    const rule = p.match(/:\d+: ([\w/-]+): /)?.[1] ?? '?';
    byRule[rule] = (byRule[rule] ?? 0) + 1;
  }
  const rules = Object.entries(byRule).map(([k, n]) => `${k} ×${n}`).join(', ');
  return { problems, summary: `${files.length} files, ${workers} worker(s)${rules ? ` [${rules}]` : ''}` };
}

// ---------------------------------------------------------------- main

export async function checkDist(dir, { base = '/', checks = CHECKS, log = console.log } = {}) {
  dir = resolve(dir);
  base = ('/' + base + '/').replace(/\/+/g, '/');
  if (!(await stat(dir).catch(() => null))?.isDirectory())
    throw new Error(`${dir} is not a directory: build the site first (npx astro build)`);
  const files = await walk(dir);
  const htmlFiles = files.filter((f) => f.endsWith('.html'));
  const cssFiles = files.filter((f) => f.endsWith('.css'));
  if (!htmlFiles.length) throw new Error(`${dir} has no HTML files`);
  const site = new Site(dir, base, files);
  for (const f of htmlFiles) site.pages.set(f, analysePage(await readFile(join(dir, f), 'utf8')));
  log(`check-dist: ${dir} (base ${base}): ${htmlFiles.length} HTML, ${cssFiles.length} CSS, ${files.length} files`);

  const run = {
    html: () => checkHtml(dir, htmlFiles),
    links: () => checkLinks(site),
    external: () => checkExternal(site, cssFiles),
    csp: () => checkCsp(site),
    runs: () => checkRuns(site),
  };
  const results = [];
  for (const name of checks) {
    const t0 = performance.now();
    let r;
    try {
      r = await run[name]();
    } catch (err) {
      r = { problems: [`${name} check crashed: ${err.stack ?? err}`], summary: '' };
    }
    const secs = ((performance.now() - t0) / 1000).toFixed(1);
    r.problems = [...new Set(r.problems)].sort();
    const ok = r.problems.length === 0;
    log(`${ok ? 'ok  ' : 'FAIL'} ${name.padEnd(8)} ${r.summary}${ok ? '' : `: ${r.problems.length} problem(s)`} (${secs} s)`);
    // The same problem on many pages (one template) is shown once, with a count.
    const groups = new Map();
    for (const p of r.problems) {
      const m = p.match(/^([^\s:]+)(:\d+:\d+)?: (.*)$/s) ?? [null, '', '', p];
      const key = m[3];
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(m[1] + (m[2] ?? ''));
    }
    let shown = 0;
    for (const [message, files] of groups) {
      if (shown++ === SHOW) {
        log(`       … and ${groups.size - SHOW} more distinct problem(s)`);
        break;
      }
      const where = files.length === 1 ? files[0] : `${files.length} places: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ', …' : ''}`;
      log(`       ${where}: ${message}`);
    }
    results.push({ name, ok, ...r });
  }
  return results;
}

if (isMainThread && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const take = (flag) => {
    const i = args.indexOf(flag);
    if (i < 0) return undefined;
    const [, v] = args.splice(i, 2);
    return v;
  };
  const base = take('--base') ?? '/';
  const only = take('--only');
  const skip = take('--skip');
  let checks = only ? only.split(',') : CHECKS;
  if (skip) checks = checks.filter((c) => !skip.split(',').includes(c));
  const unknown = checks.filter((c) => !CHECKS.includes(c));
  if (unknown.length || args.length > 1) {
    console.error(`usage: node scripts/check-dist.mjs [dist] [--base /sub/] [--only|--skip ${CHECKS.join(',')}]`);
    process.exit(2);
  }
  try {
    const results = await checkDist(args[0] ?? 'dist', { base, checks });
    const failed = results.filter((r) => !r.ok).length;
    console.log(`check-dist: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  } catch (err) {
    console.error(`check-dist: ${err.message}`);
    process.exit(1);
  }
}
