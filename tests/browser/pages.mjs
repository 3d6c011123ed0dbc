// The pages the browser tests visit (pages.spec.ts): one per page template, plus the explorer
// with a protection off (its broken-invariant states, for axe). tests/site/no-js.test.ts reads
// the same list's files without JavaScript. `path` is relative to the site's base; `status` is the expected HTTP
// status (default 200); `minText` the characters <main> must hold without JavaScript;
// `large` marks a page so big (hundreds of kilobytes, 10,000+ elements) that its checks get
// three times the timeout; `ready` is a
// selector that must be on the page (with JavaScript) before it is screenshot and checked:
// what the page shows once its script has run (search results, with their highlights);
// `axeExclude` a selector axe skips (rows that repeat a template another test checks).
// Add a page here and both projects test it; a page missing from the build fails (404).
/** @type {{ name: string, path: string, status?: number, minText?: number, large?: boolean, ready?: string, axeExclude?: string }[]} */
export const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'article', path: '/article/' },
  { name: 'companion', path: '/companion/', large: true },
  { name: 'explorer', path: '/explorer/' },
  { name: 'explorer-fencing-off', path: '/explorer/?fencing=off' },
  {
    name: 'traces',
    path: '/traces/',
    large: true,
    axeExclude: '#all-runs tbody tr:nth-child(n+25)',
  },
  {
    name: 'trace',
    path: '/traces/paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operation/#t8',
  },
  { name: '404', path: '/no-such-page/', status: 404 },
  { name: 'search', path: '/search/?q=fencing', ready: '.pagefind-ui__result-excerpt mark' },
  { name: 'model', path: '/model/#rule-assess' },
  { name: 'faults', path: '/faults/' },
  { name: 'fault-counterexample', path: '/faults/duplicate-effect/' },
  { name: 'engines', path: '/engines/' },
];

/** WCAG 2.2 A and AA rule sets, as axe-core tags them. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Characters of text <main> must hold with JavaScript disabled. */
export const MIN_MAIN_TEXT = 200;

/** The dist file that serves a page (the 404 page is served for any missing path); the bench uses it. */
/** @param {{ path: string, status?: number }} page */
export function fileFor(page) {
  if (page.status === 404) return '404.html';
  const path = page.path.replace(/[?#].*$/, '').replace(/^\//, '');
  return path === '' || path.endsWith('/') ? `${path}index.html` : path;
}
