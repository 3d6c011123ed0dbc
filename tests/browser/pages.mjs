// The pages the browser tests visit: one per page template, plus two more explorer
// settings. `path` is relative to the site's base; `status` is the expected HTTP status.
// Every page here must be in the build: a missing one fails (REQUIRED lists them all;
// while the site was under construction it named only the landing and 404 pages).
export const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'article', path: '/article/' },
  { name: 'companion', path: '/companion/' },
  { name: 'explorer', path: '/explorer/' },
  { name: 'explorer-fencing-off', path: '/explorer/?fencing=off' },
  { name: 'explorer-second', path: '/explorer/?change=after-acceptance&rule=any-accepted' },
  { name: 'traces', path: '/traces/' },
  { name: 'trace', path: '/traces/paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation/#t8' },
  { name: '404', path: '/no-such-page/', status: 404 },
  { name: 'search', path: '/search/?q=fencing' },
  { name: 'model', path: '/model/#rule-assess' },
  { name: 'faults', path: '/faults/' },
  { name: 'fault-counterexample', path: '/faults/duplicate-effect/' },
];

export const REQUIRED = PAGES.map((p) => p.name);

export const THEMES = ['light', 'dark'];

/** WCAG 2.2 A and AA rule sets, as axe-core tags them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Characters of text <main> must hold with JavaScript disabled. */
export const MIN_MAIN_TEXT = 200;

/** The dist file that serves a page (the 404 page is served for any missing path). */
export function fileFor(page) {
  if (page.status === 404) return '404.html';
  const path = page.path.replace(/[?#].*$/, '').replace(/^\//, '');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}
