/**
 * Per-page citation state shared by <Cite> and <References> during ONE page render.
 *
 * Numbering is per page, in order of first citation. Astro renders a page's
 * components in document order (MDX included), so the first <Cite> for a source
 * fixes its number and every later <Cite> for it reuses that number.
 *
 * State is keyed by the render's `Astro.locals` object (one per page render, shared
 * by every component of that render, so two pages built in one build, or two dev
 * requests, never see each other's numbers), falling back to the page's pathname.
 * <References> reads the state and then clears it, so a re-render starts afresh.
 */

export interface Citation {
  /** Per-page number of the source (1-based). */
  n: number;
  /** Back-link target ids of every place it was cited, in order: ref-<id>-<k>. */
  refs: { refId: string; note?: string | undefined }[];
}

export interface PageCitations {
  /** Source ids in order of first citation. */
  order: string[];
  byId: Map<string, Citation>;
}

const byLocals = new WeakMap<object, PageCitations>();
const byPath = new Map<string, PageCitations>();

function keyed(locals: unknown, pathname: string): PageCitations | undefined {
  if (locals && typeof locals === 'object') return byLocals.get(locals);
  return byPath.get(pathname);
}

export function pageState(locals: unknown, pathname: string): PageCitations {
  let s = keyed(locals, pathname);
  if (!s) {
    s = { order: [], byId: new Map() };
    if (locals && typeof locals === 'object') byLocals.set(locals, s);
    else byPath.set(pathname, s);
  }
  return s;
}

/** Records one citation of `id`; returns its per-page number and this citation's back-link id. */
export function cite(
  locals: unknown,
  pathname: string,
  id: string,
  note?: string,
): { n: number; refId: string; k: number } {
  const s = pageState(locals, pathname);
  let c = s.byId.get(id);
  if (!c) {
    c = { n: s.order.length + 1, refs: [] };
    s.byId.set(id, c);
    s.order.push(id);
  }
  const k = c.refs.length + 1;
  const refId = `ref-${id}-${k}`;
  c.refs.push({ refId, note });
  return { n: c.n, refId, k };
}

/** Reads the page's citations and clears them (called once, by <References>). */
export function takePage(locals: unknown, pathname: string): PageCitations {
  const s = keyed(locals, pathname) ?? { order: [], byId: new Map() };
  if (locals && typeof locals === 'object') byLocals.delete(locals);
  byPath.delete(pathname);
  return s;
}
