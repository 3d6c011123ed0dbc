import { formatTick } from '../lib/format.ts';
import { at as elementAt } from '../model/lookup.ts'; // `at` is the figure's output here
/**
 * The article's point figures in the browser (CONTRIBUTING.md, "Figure grammar", rule 8).
 *
 * Stepping: the server renders every tick's marks; this shows those of one tick: a mark
 * with data-tick shows from that tick on, one with data-until is hidden from that tick on.
 * Controls: the ◀/▶ buttons, ←/→/Home/End on the focused drawing, and a tap (or click) on
 * the drawing's left or right half, away from a mark. A sequence figure (data-step-by="seq")
 * steps message by message instead: its marks carry data-seq, their place in the sequence.
 *
 * Reading: a mark whose record has a sentence carries it as its SVG <title> (the server
 * writes it with the narrator), which a mouse shows on hover. Touch has no hover, so a tap
 * on such a mark puts its sentence in the figure's readout line (aria-live), and each step
 * puts there the sentences of the marks that tick adds, for keyboard and screen-reader
 * users. No framework; builds no markup; every sentence is read from the page.
 */
const sentence = (mark: Element): string =>
  mark.querySelector(':scope > title')?.textContent?.trim() ?? '';

function setUp(fig: HTMLElement): void {
  const draw = fig.querySelector<HTMLElement>('.pf-draw');
  if (!draw) return;
  const out = fig.querySelector<HTMLElement>('.pf-readout');
  const said = [...draw.querySelectorAll('[data-mark]')].some((m) => sentence(m) !== '');
  const readout = out && said ? out : null;
  if (readout) readout.hidden = false;

  const tell = (mark: Element | null, text: string) => {
    if (!readout) return;
    draw.querySelector('[data-tapped]')?.removeAttribute('data-tapped');
    mark?.setAttribute('data-tapped', '');
    readout.textContent = text;
  };
  /** The mark a tap landed on, if it has a sentence and is showing. */
  const markAt = (target: EventTarget | null): Element | null => {
    const m = (target as Element | null)?.closest?.('[data-mark]') ?? null;
    return m && sentence(m) && !m.closest('[visibility="hidden"]') ? m : null;
  };

  const ticks = (fig.dataset.ticks ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
  const controls = fig.querySelector<HTMLElement>('.pf-controls');
  const at = fig.querySelector<HTMLOutputElement>('.pf-at');
  const prev = fig.querySelector<HTMLButtonElement>('.pf-prev');
  const next = fig.querySelector<HTMLButtonElement>('.pf-next');
  if (ticks.length < 2 || !controls || !at || !prev || !next) {
    // A still figure: a tap reads a mark, nothing steps.
    draw.addEventListener('click', (e) => {
      const m = markAt(e.target);
      if (m) tell(m, sentence(m));
    });
    return;
  }
  // A figure stepped message by message (data-step-by="seq") reads each mark's data-seq instead.
  const by = fig.dataset.stepBy === 'seq' ? 'seq' : 'tick';
  const marks = [...draw.querySelectorAll<SVGElement | HTMLElement>(`[data-${by}], [data-until]`)];
  // With JavaScript a stepper opens at its first step, ▶ enabled, so the reader plays the
  // moment forward; without it the server's still (the moment its claim names) is what shows.
  let i = 0;

  const show = (narrate: boolean) => {
    const t = elementAt(ticks, i, 'ticks');
    const fresh: string[] = [];
    for (const m of marks) {
      const from = m.dataset[by] === undefined ? -Infinity : Number(m.dataset[by]);
      const until = m.dataset.until === undefined ? Infinity : Number(m.dataset.until);
      const on = t >= from && t < until;
      if (on) m.removeAttribute('visibility');
      else m.setAttribute('visibility', 'hidden');
      m.toggleAttribute('data-now', on && from === t);
      const s = on && from === t ? sentence(m) : '';
      if (s && !fresh.includes(s)) fresh.push(s);
    }
    fig.dataset.at = String(t);
    const label = by === 'seq' ? `message ${i + 1} of ${ticks.length}` : `${formatTick(t)}`;
    at.value = label;
    at.textContent = label;
    prev.disabled = i === 0;
    next.disabled = i === ticks.length - 1;
    if (narrate) tell(null, fresh.join(' '));
  };
  const go = (j: number) => {
    i = Math.min(ticks.length - 1, Math.max(0, j));
    show(true);
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
    const m = markAt(e.target);
    if (m) return tell(m, sentence(m));
    const box = draw.getBoundingClientRect();
    go(e.clientX < box.left + box.width / 2 ? i - 1 : i + 1);
  });
  controls.hidden = false;
  fig.dataset.live = '';
  show(false);
}

for (const fig of document.querySelectorAll<HTMLElement>('figure.pf')) setUp(fig);
