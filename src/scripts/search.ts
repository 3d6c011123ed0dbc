// /search/: mounts Pagefind's default UI from the site's own /pagefind/ bundle
// (written at the end of every Astro build by src/integrations/pagefind.mjs). Loaded at run time,
// not imported, because the bundle only exists once the index has been built.
// Paths come from data attributes the page renders with href(), so search
// works under a sub-path base; result URLs get the same base (baseUrl).

interface PagefindUIOptions {
  element: HTMLElement | string;
  bundlePath: string;
  baseUrl: string;
  showSubResults?: boolean;
  showImages?: boolean;
  resetStyles?: boolean;
  autofocus?: boolean;
  translations?: Record<string, string>;
  ranking?: {
    pageLength?: number;
    termFrequency?: number;
    termSaturation?: number;
    metaWeights?: Record<string, number>;
  };
}
interface PagefindUIInstance {
  triggerSearch(term: string): void;
  triggerFilters(filters: Record<string, string[]>): void;
}
declare global {
  interface Window {
    PagefindUI?: new (opts: PagefindUIOptions) => PagefindUIInstance;
  }
}

const root = document.getElementById('search');

function fallback(message: string): void {
  const box = root?.querySelector('[data-search-fallback]');
  const p = box?.querySelector('p');
  if (p) p.textContent = message;
}

function load(tag: 'script' | 'link', url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const el = document.createElement(tag);
    if (el instanceof HTMLScriptElement) el.src = url;
    else if (el instanceof HTMLLinkElement) {
      el.rel = 'stylesheet';
      el.href = url;
    }
    el.addEventListener('load', () => resolve());
    el.addEventListener('error', () => reject(new Error(url)));
    document.head.append(el);
  });
}

if (root) {
  const bundle = root.dataset.bundle || '/pagefind/';
  const base = root.dataset.base || '/';
  Promise.all([load('link', `${bundle}pagefind-ui.css`), load('script', `${bundle}pagefind-ui.js`)])
    .then(() => {
      if (!window.PagefindUI) throw new Error('PagefindUI missing');
      root.querySelector('[data-search-fallback]')?.remove();
      const ui = new window.PagefindUI({
        element: root,
        bundlePath: bundle,
        baseUrl: base,
        showSubResults: true,
        showImages: false,
        autofocus: !new URLSearchParams(location.search).get('q'),
        translations: { placeholder: 'Search the article, the companion and the traces' },
        // 864 short, similar trace pages would otherwise outrank the two long
        // texts for every term: weaken the short-page bonus and the title boost
        // (trace pages also index their text at a low weight).
        ranking: { pageLength: 0.1, metaWeights: { title: 0.5 } },
      });
      // The search box gets a real <label> (Pagefind's input has only a placeholder and a title).
      const labelInput = (): boolean => {
        const input = root.querySelector<HTMLInputElement>('input.pagefind-ui__search-input');
        if (!input) return false;
        input.id ||= 'search-input';
        const label = document.createElement('label');
        label.htmlFor = input.id;
        label.className = 'search-label';
        label.textContent = 'Search this site';
        root.prepend(label);
        return true;
      };
      if (!labelInput()) {
        const watch = new MutationObserver(() => labelInput() && watch.disconnect());
        watch.observe(root, { childList: true, subtree: true });
      }
      // The trace pages are left out unless asked for (Base.astro files every page under "kind":
      // "trace" or "page"): 864 near-identical pages would fill the results. ?traces=yes in the
      // address keeps the choice.
      const scope = document.getElementById('search-scope');
      const withTraces = document.getElementById('search-traces') as HTMLInputElement | null;
      const scopeFilter = (): Record<string, string[]> =>
        withTraces?.checked ? {} : { kind: ['page'] };
      if (scope && withTraces) {
        withTraces.checked = new URLSearchParams(location.search).get('traces') === 'yes';
        scope.hidden = false;
        ui.triggerFilters(scopeFilter());
        withTraces.addEventListener('change', () => {
          ui.triggerFilters(scopeFilter());
          const params = new URLSearchParams(location.search);
          if (withTraces.checked) params.set('traces', 'yes');
          else params.delete('traces');
          const qs = params.toString();
          history.replaceState(history.state, '', `${location.pathname}${qs ? `?${qs}` : ''}`);
        });
      }
      const q = new URLSearchParams(location.search).get('q');
      if (q) ui.triggerSearch(q);
      // Keep the query in the URL, so a search can be linked to.
      root.addEventListener('input', (e) => {
        const t = e.target;
        if (!(t instanceof HTMLInputElement)) return;
        const params = new URLSearchParams(location.search);
        if (t.value) params.set('q', t.value);
        else params.delete('q');
        const qs = params.toString();
        history.replaceState(history.state, '', `${location.pathname}${qs ? `?${qs}` : ''}`);
      });
    })
    .catch(() => {
      fallback(
        'The search index is missing from this copy of the site. Use the table of contents of the article or the companion, or the index of all traces, instead.',
      );
    });
}

export {};
