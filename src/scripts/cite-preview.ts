// Footnote previews for every a.cite-ref on the page (see Cite.astro): one floating
// box, filled from the reference list entry (#fn-<id>-text) that References.astro
// renders, on hover, keyboard focus and tap. Styles: src/components/cite/cite-preview.css.
const links = Array.from(document.querySelectorAll<HTMLAnchorElement>('a.cite-ref'));
if (links.length > 0) {
  const box = document.createElement('div');
  box.className = 'footnote-preview cite-preview';
  box.hidden = true;
  // Screen readers already get the text through the link's aria-describedby.
  box.setAttribute('aria-hidden', 'true');
  document.body.append(box);

  let current: HTMLAnchorElement | null = null;
  let hideTimer: number | undefined;
  let tapOpens = false;
  let lastPointer = '';
  let escaped: HTMLAnchorElement | null = null;

  const fill = (a: HTMLAnchorElement): boolean => {
    const text = document.getElementById(`fn-${a.dataset.cite}-text`);
    if (!text) return false;
    const n = document.createElement('span');
    n.className = 'cite-preview__n';
    n.textContent = a.textContent;
    const copy = text.cloneNode(true) as HTMLElement;
    copy.removeAttribute('id');
    for (const link of copy.querySelectorAll('a')) link.tabIndex = -1;
    box.replaceChildren(n, copy);
    if (a.dataset.note) {
      const note = document.createElement('span');
      note.className = 'cite-preview__note';
      note.textContent = a.dataset.note;
      box.append(note);
    }
    return true;
  };

  const place = (a: HTMLAnchorElement): void => {
    const r = a.getBoundingClientRect();
    const block = a.closest('p, li, td, th, dd, figcaption, blockquote') ?? a.parentElement!;
    const lh = parseFloat(getComputedStyle(block).lineHeight) || r.height * 1.6;
    const lineBottom = Math.max(r.bottom, r.top + lh); // the sup sits at the top of its line
    const gap = 6;
    const w = box.offsetWidth;
    const h = box.offsetHeight;
    const vw = document.documentElement.clientWidth;
    const below = innerHeight - lineBottom - gap;
    const above = r.top - gap;
    const top = below >= h || below >= above ? lineBottom + gap : r.top - gap - h;
    const left = Math.min(Math.max(8, r.left - 12), Math.max(8, vw - w - 8));
    box.style.top = `${Math.round(top + scrollY)}px`;
    box.style.left = `${Math.round(left + scrollX)}px`;
  };

  const show = (a: HTMLAnchorElement): void => {
    clearTimeout(hideTimer);
    if (current !== a) {
      if (!fill(a)) return;
      current?.removeAttribute('data-open');
      current = a;
    }
    a.setAttribute('data-open', '');
    box.hidden = false;
    place(a);
  };

  const hide = (): void => {
    clearTimeout(hideTimer);
    box.hidden = true;
    current?.removeAttribute('data-open');
    current = null;
  };
  const hideSoon = (): void => {
    clearTimeout(hideTimer);
    hideTimer = window.setTimeout(hide, 250);
  };

  for (const a of links) {
    a.addEventListener('pointerenter', (e) => {
      if (e.pointerType !== 'touch') show(a);
    });
    a.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'touch' && document.activeElement !== a) hideSoon();
    });
    a.addEventListener('pointerdown', (e) => {
      lastPointer = e.pointerType;
      // Decided before focus fires: a first tap opens the preview, a second follows the link.
      tapOpens = e.pointerType === 'touch' && (current !== a || box.hidden !== false);
    });
    a.addEventListener('focus', () => {
      if (escaped !== a) show(a);
    });
    a.addEventListener('blur', () => {
      escaped = null;
      if (current === a) hideSoon();
    });
    a.addEventListener('click', (e) => {
      if (lastPointer === 'touch' && tapOpens) {
        e.preventDefault();
        show(a);
      } else {
        hide();
      }
      lastPointer = '';
      tapOpens = false;
    });
  }

  box.addEventListener('pointerenter', () => clearTimeout(hideTimer));
  box.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'touch' && document.activeElement !== current) hideSoon();
  });
  document.addEventListener('pointerdown', (e) => {
    const t = e.target as Node;
    if (box.hidden || box.contains(t) || (current && current.contains(t))) return;
    hide();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !box.hidden) {
      escaped = current;
      hide();
    }
  });
  addEventListener('resize', () => {
    if (current && !box.hidden) place(current);
  });
}

export {}; // a module: its names stay its own
