/**
 * The explorer's page work, out of the island's effects: taking over from the server-rendered
 * fallback, scrolling (a fragment, a scene's panel, the figure after a press) and the clipboard.
 * Each DOM helper is a small function an event handler calls after the render it waits for
 * (`afterRender`); the arithmetic that decides whether and where to scroll is pure
 * (`scrollDelta`), so a unit test can check it without a browser.
 */

/** The part of a box that must show: its top and bottom, in viewport px. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * How far to scroll the page (px, positive = down) so that `box` shows in the viewport between
 * `inset` (what a sticky bar covers at the top) and `height`, or 0 when it already does. A box
 * taller than that room is brought to the top, so its start shows.
 */
export function scrollDelta(box: Span, inset: number, height: number, slack = 8): number {
  const room = height - inset;
  if (box.top >= inset - slack && box.bottom <= height + slack) return 0;
  if (box.bottom - box.top > room || box.top < inset)
    return Math.abs(box.top - inset) <= slack ? 0 : box.top - inset;
  return box.bottom - height;
}

/** Run `fn` once the render the caller just asked for has reached the page. */
export const afterRender = (fn: () => void) => requestAnimationFrame(() => fn());

const still = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Keep the stage's figure in view after a press elsewhere (a switch, a preset): if the page has
 * scrolled it up under the sticky tick bar, or below the fold, scroll just enough to show it,
 * starting under the bar.
 */
export function keepFigureInView(doc: Document = document) {
  const dy = figureDelta(doc);
  if (dy !== 0) scrollBy({ top: dy, behavior: still() ? 'instant' : 'smooth' });
}

/** How far to scroll to bring the stage's figure into view (0 when it is). */
function figureDelta(doc: Document): number {
  const fig = doc.querySelector<HTMLElement>('.ex-fig');
  if (!fig) return 0;
  const bar = doc.querySelector<HTMLElement>('.ex-scrub');
  const barBottom = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const r = fig.getBoundingClientRect();
  // The bar sits above the figure in the flow: only where it has stuck does it cover the figure.
  const inset = bar && r.top < barBottom ? bar.getBoundingClientRect().height : 0;
  return scrollDelta({ top: r.top, bottom: r.bottom }, inset, innerHeight);
}

/**
 * The narrated walkthrough reached a scene: the figure in view, and the caption over it too (on a
 * phone the figure fills the screen, and the minimal scroll left the caption above it).
 */
export function showNarratedFigure(doc: Document = document) {
  let dy = figureDelta(doc);
  const caption = doc.getElementById('wt-caption')?.getBoundingClientRect();
  if (caption && caption.top - dy < 0) dy = caption.top - 8;
  if (Math.abs(dy) >= 1) scrollBy({ top: dy, behavior: still() ? 'instant' : 'smooth' });
}

/** The island has mounted: drop the no-JavaScript fallback and go to a fragment that is not a tick. */
export function takeOver(hash: string, doc: Document = document) {
  doc.getElementById('ex-static')?.remove();
  if (hash.length <= 1 || /^#t/i.test(hash)) return;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    /* keep it as typed */
  }
  doc.getElementById(id)?.scrollIntoView();
}

/**
 * A scene has rendered: on wide screens, bring the scene's panel to the top (the figure and the
 * state follow it); on narrow ones, the panel the scene talks about.
 */
export function revealScene(callout: string, doc: Document = document) {
  // The scene's panel heads the stage: from its top down, the text, the figure and the panel the
  // scene talks about, drawn first under the figure.
  const route = doc.querySelector<HTMLElement>('.ex-guide__panel');
  if (route && matchMedia('(min-width: 72rem)').matches) {
    const r = route.getBoundingClientRect();
    if (Math.abs(r.top - parseFloat(getComputedStyle(route).scrollMarginTop || '0')) > 8)
      route.scrollIntoView({ block: 'start' });
    return;
  }
  const el = doc.getElementById(`ex-${callout}`);
  if (!el) return;
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.top > innerHeight - 120)
    el.scrollIntoView({ block: r.height > innerHeight * 0.7 ? 'start' : 'nearest' });
}

/** Give the focus to the switches (the route's last scene hands them over). */
export function focusSwitches(doc: Document = document) {
  doc.querySelector<HTMLInputElement>('.ex-stage .ex-switches input:checked')?.focus();
}

/** Give the focus to the route's scene panel. */
export function focusRoute(doc: Document = document) {
  doc.getElementById('ex-guide-panel')?.focus();
}

/** Copy `url` to the clipboard where the page may; false when it could not (the link is shown instead). */
export async function copyLink(url: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(url);
      return true;
    }
  } catch {
    /* refused: the link is shown instead */
  }
  return false;
}

/** An in-page jump that keeps the address (its hash is the tick): scroll to the panel and focus it. */
export function goToPanel(id: string, doc: Document = document) {
  const el = doc.getElementById(id);
  if (!el) return;
  el.scrollIntoView({ block: 'start' });
  el.focus({ preventScroll: true });
}

/** Which sides of a scrolling frame hide part of its drawing. */
export interface Overflow {
  left: boolean;
  right: boolean;
  /** The width of the lane names the frame keeps fixed on its left (px). */
  names: number;
}

/** The sides of `el` (a sideways-scrolling frame) past which its content goes on. */
export function overflowOf(el: HTMLElement | null): Overflow {
  if (!el) return { left: false, right: false, names: 0 };
  const max = el.scrollWidth - el.clientWidth;
  const names = Math.round(el.querySelector('.tl-gutter')?.getBoundingClientRect().width ?? 0);
  return { left: el.scrollLeft > 1, right: max - el.scrollLeft > 1, names };
}

/** Scroll a frame by most of its width, towards `dir` (-1 left, 1 right). */
export function scrollFrame(el: HTMLElement | null, dir: -1 | 1) {
  if (!el) return;
  el.scrollBy({ left: dir * el.clientWidth * 0.7, behavior: still() ? 'instant' : 'smooth' });
}
