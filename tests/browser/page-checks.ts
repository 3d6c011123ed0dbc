// What the page tests measure in the page (pages.spec.ts, publication.spec.ts): functions
// passed to page.evaluate run in the browser and must not close over anything.
import type { Page } from '@playwright/test';

/**
 * Before the page loads: count what reacts to scrolling (a `scroll` or `scrollend` listener, an
 * IntersectionObserver, which client:visible islands use), so scrollThrough knows whether
 * scrolling can change anything. Wraps the two entry points and nothing else.
 */
export function countScrollWatchers(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __scrollWatchers: string[] };
    w.__scrollWatchers = [];
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (
      this: EventTarget,
      type: string,
      ...rest: [EventListenerOrEventListenerObject | null, unknown?]
    ) {
      if (type === 'scroll' || type === 'scrollend') w.__scrollWatchers.push(`${type} listener`);
      return add.call(this, type, ...(rest as [EventListenerOrEventListenerObject | null]));
    };
    const IO = window.IntersectionObserver;
    window.IntersectionObserver = class extends IO {
      constructor(...args: ConstructorParameters<typeof IntersectionObserver>) {
        super(...args);
        w.__scrollWatchers.push('IntersectionObserver');
      }
    };
  });
}

/**
 * Scroll to the bottom a screen at a time (scroll handlers run, client:visible islands hydrate),
 * then back to the top, and let the handlers of that last scroll run. Where countScrollWatchers
 * was installed and the page has no scroll listener, no IntersectionObserver and no `onscroll`,
 * scrolling changes nothing on it and is skipped (the index of 864 runs is about 100 screens at
 * 360 px: 13 s of frames).
 */
export async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
    const watchers = (window as unknown as { __scrollWatchers?: string[] }).__scrollWatchers;
    if (watchers && watchers.length === 0 && !window.onscroll && !document.onscroll) return;
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
      scrollTo(0, y);
      await frame();
    }
    scrollTo(0, 0);
    // The scroll event fires in the next frame; a handler that queues its work for the frame
    // after (the contents list's) has run by the end of that one.
    await frame();
    await frame();
    await new Promise((r) => setTimeout(r, 0));
  });
}

/** Runs in the page: what sticks out sideways at the current viewport width. */
export function findOverflow() {
  const vw = document.documentElement.clientWidth;
  const out: string[] = [];
  const describe = (el: Element) => {
    let s = el.tagName.toLowerCase() + (el.id ? `#${el.id}` : '');
    if (typeof el.className === 'string' && el.className.trim())
      s += '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.');
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return text ? `${s} "${text}"` : s;
  };
  const visit = (el: Element) => {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    // Visually hidden for assistive technology (KaTeX's MathML copy, .sr-only): clipped to nothing.
    if (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none')) return;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && (r.right > vw + 1 || r.width > vw + 1)) {
      out.push(
        `${describe(el)} spans x=${Math.round(r.left)}…${Math.round(r.right)} (viewport ${vw} px wide)`,
      );
      return; // its children would only repeat the finding
    }
    if (cs.overflowX === 'auto' || cs.overflowX === 'scroll') return; // scrolls on its own
    for (const child of el.children) visit(child);
  };
  visit(document.body);
  const sw = document.documentElement.scrollWidth;
  if (sw > window.innerWidth)
    out.unshift(`the page scrolls sideways: scrollWidth ${sw} > innerWidth ${window.innerWidth}`);
  return out;
}

/**
 * Runs in the page: what runs past the text column (<main>'s box) on either side without a box
 * of its own that scrolls or clips it. Stricter than findOverflow: a line that stops short of the
 * viewport's edge but past the column's still breaks the page's margin (a legend entry held on
 * one line ran 9 px past it at 360 px).
 */
export function pastColumn() {
  const main = document.querySelector('main');
  if (!main) return ['no <main>'];
  const m = main.getBoundingClientRect();
  const out: string[] = [];
  const visit = (el: Element) => {
    const cs = getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    if (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none')) return;
    const r = el.getBoundingClientRect();
    // A strip that scrolls sideways may bleed to the screen's edges on purpose (the explorer's
    // presets): inside the viewport, it is its own frame.
    const scrolls = cs.overflowX === 'auto' || cs.overflowX === 'scroll';
    const bleeds = scrolls && r.left >= -1 && r.right <= document.documentElement.clientWidth + 1;
    if (r.width > 0 && r.height > 0 && !bleeds && (r.right > m.right + 1 || r.left < m.left - 1)) {
      const text = (el.textContent || '').trim().replace(/\s+/g, ' ').slice(0, 40);
      out.push(
        `${el.tagName.toLowerCase()} "${text}" spans x=${Math.round(r.left)}…${Math.round(r.right)} (column ${Math.round(m.left)}…${Math.round(m.right)})`,
      );
      return;
    }
    if (['auto', 'scroll', 'hidden', 'clip'].includes(cs.overflowX)) return;
    for (const child of el.children) visit(child);
  };
  for (const child of main.children) visit(child);
  return out.slice(0, 10);
}

/** Runs in the page: tables wider than what holds them, with no scroll container between. */
export function clippedTables() {
  const out: string[] = [];
  const vw = document.documentElement.clientWidth;
  for (const table of document.querySelectorAll('table')) {
    const t = table.getBoundingClientRect();
    if (t.width === 0 || getComputedStyle(table).display === 'none') continue;
    let scroller: Element | null = null;
    let clipper: Element | null = null;
    for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
      const ox = getComputedStyle(el).overflowX;
      if (ox === 'auto' || ox === 'scroll') {
        scroller = el;
        break;
      }
      if ((ox === 'hidden' || ox === 'clip') && !clipper) clipper = el;
    }
    const name =
      (table.caption?.textContent ?? table.id ?? '').trim().slice(0, 50) ||
      table.className ||
      'table';
    if (scroller) {
      // A scroll container whose own box is cut off is no help either.
      const s = scroller.getBoundingClientRect();
      if (s.right > vw + 1)
        out.push(`${name}: its scroll container sticks out (${Math.round(s.right)} > ${vw})`);
      // Its caption is read, not scrolled: it stays inside the box, start and end.
      const c = table.caption?.getBoundingClientRect();
      if (c && c.width > 0 && (c.left < s.left - 1 || c.right > s.right + 1))
        out.push(
          `${name}: its caption runs past its scroll box (${Math.round(c.left)}–${Math.round(c.right)} against ${Math.round(s.left)}–${Math.round(s.right)})`,
        );
      continue;
    }
    if (clipper && t.right > clipper.getBoundingClientRect().right + 1)
      out.push(`${name}: cut off by an overflow-hidden box`);
    else if (t.right > vw + 1)
      out.push(`${name}: runs past the viewport (${Math.round(t.right)} > ${vw})`);
  }
  return out;
}
