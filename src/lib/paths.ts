// Site-relative paths → URLs that work under any `base` (BASE_PATH).
//
// Every internal link in .astro/.tsx code goes through `href()`: Astro prefixes
// its own assets with `base`, but not the links we write. `import.meta.env.BASE_URL`
// is "/" at the root and "/sub" or "/sub/" under a sub-path depending on config
// and version, so both forms are handled and "//" is never produced.
//
// Page paths without a file extension get a trailing slash, matching
// `trailingSlash: 'always'` (so `href('/traces')` → `/traces/`); paths to files
// (`/data/runs.json`, `/404.html`) are left alone.

/** True when the build was given its public address (SITE_URL); without one no absolute URL is written. */
export function siteConfigured(): boolean {
  return Boolean(import.meta.env.SITE);
}

/** True for URLs that must not be prefixed: absolute, protocol-relative, or fragment/query only. */
function isExternalOrLocal(path: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:/i.test(path) ||
    path.startsWith('//') ||
    path.startsWith('#') ||
    path.startsWith('?')
  );
}

/**
 * Join a base ("/", "/sub", "/sub/") and a site-relative path ("/traces/x/#t8").
 * Pure: exported for tests; pages use `href()`.
 */
export function joinBase(base: string, path: string): string {
  if (isExternalOrLocal(path)) return path;
  const cut = path.search(/[?#]/);
  let pathname = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  pathname = '/' + pathname.replace(/^\/+/, '');
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (last !== '' && !last.includes('.')) pathname += '/';
  const prefix = base.replace(/\/+$/, '');
  return (prefix + pathname).replace(/\/{2,}/g, '/') + suffix;
}

/** `href('/traces/')` → "/traces/" at the root, "/sub/traces/" under base "/sub". */
export function href(path: string): string {
  return joinBase(import.meta.env.BASE_URL ?? '/', path);
}

/**
 * Absolute URL for a site-relative path, using the configured `site`; without one,
 * the path alone (so no placeholder host is ever published).
 */
export function canonical(path: string): string {
  const site = import.meta.env.SITE;
  return site ? new URL(href(path), site).href : href(path);
}
