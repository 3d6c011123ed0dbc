/**
 * Stepping an article figure in place (CONTRIBUTING.md, "Figure grammar", rule 8).
 * The server renders every tick's marks; this shows those of one tick: a mark with
 * data-tick shows from that tick on, one with data-until is hidden from that tick on.
 * Controls: the ◀/▶ buttons, ←/→/Home/End on the focused drawing, and a tap (or
 * click) on the drawing's left or right half. No framework; builds no markup.
 */
function setUp(fig: HTMLElement): void {
  const ticks = (fig.dataset.ticks ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
  if (ticks.length < 2) return;
  const controls = fig.querySelector<HTMLElement>('.pf-controls');
  const draw = fig.querySelector<HTMLElement>('.pf-draw');
  const at = fig.querySelector<HTMLOutputElement>('.pf-at');
  const prev = fig.querySelector<HTMLButtonElement>('.pf-prev');
  const next = fig.querySelector<HTMLButtonElement>('.pf-next');
  if (!controls || !draw || !at || !prev || !next) return;
  const marks = [...draw.querySelectorAll<SVGElement | HTMLElement>('[data-tick], [data-until]')];
  let i = Math.max(0, ticks.indexOf(Number(fig.dataset.still)));

  const show = () => {
    const t = ticks[i];
    for (const m of marks) {
      const from = m.dataset.tick === undefined ? -Infinity : Number(m.dataset.tick);
      const until = m.dataset.until === undefined ? Infinity : Number(m.dataset.until);
      const on = t >= from && t < until;
      if (on) m.removeAttribute('visibility');
      else m.setAttribute('visibility', 'hidden');
      m.toggleAttribute('data-now', on && from === t);
    }
    fig.dataset.at = String(t);
    at.value = `t${t}`;
    at.textContent = `t${t}`;
    prev.disabled = i === 0;
    next.disabled = i === ticks.length - 1;
  };
  const go = (j: number) => {
    i = Math.min(ticks.length - 1, Math.max(0, j));
    show();
  };

  prev.addEventListener('click', () => go(i - 1));
  next.addEventListener('click', () => go(i + 1));
  draw.addEventListener('keydown', (e) => {
    const to =
      e.key === 'ArrowLeft'
        ? i - 1
        : e.key === 'ArrowRight'
          ? i + 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? ticks.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    go(to);
  });
  draw.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) return;
    const box = draw.getBoundingClientRect();
    go(e.clientX < box.left + box.width / 2 ? i - 1 : i + 1);
  });
  controls.hidden = false;
  fig.dataset.live = '';
  show();
}

for (const fig of document.querySelectorAll<HTMLElement>('[data-step-figure]')) setUp(fig);
