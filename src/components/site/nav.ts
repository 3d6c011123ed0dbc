/**
 * The site's navigation, once: the pages the header lists, in order, and which of them the
 * reader is on. The header renders the list; the footer names the same pages by these labels.
 */
import { PAGE } from '../../lib/routes.ts';

export const NAV: readonly { label: string; path: string }[] = [
  { label: 'Article', path: PAGE.article },
  { label: 'Companion', path: PAGE.companion },
  { label: 'Explorer', path: PAGE.explorer },
  { label: 'Traces', path: PAGE.traces },
  { label: 'Rules', path: PAGE.model },
  { label: 'Faults', path: PAGE.faults },
  { label: 'Lab', path: PAGE.lab },
  { label: 'Engines', path: PAGE.engines },
  { label: 'Search', path: PAGE.search },
];

/**
 * aria-current for a nav link to `path` on the page `here`: "page" on that page itself, "true"
 * below it (a trace page under /traces/, a fault page under /faults/), otherwise none.
 */
export function navCurrent(here: string, path: string): 'page' | 'true' | undefined {
  if (here === path || here === path.replace(/\/$/, '')) return 'page';
  if (here.startsWith(path)) return 'true';
  return undefined;
}
