/**
 * The article's Try-it panel in the browser: a plain module script (no island,
 * no Preact) over the markup TryIt.astro rendered at build time with the
 * explorer's components. It enables the controls, fetches every setting's
 * glance at once (/data/tryit.json, tryit-table.ts) and, when a switch changes,
 * updates that markup in place. It writes no markup: TryIt.astro rendered every
 * state the panel can be in and marked the parts that vary (data-slot,
 * data-outcome, data-invariant); this only sets their texts, with the same pure
 * functions the components use (outcome-view.ts), their hrefs, and toggles
 * `hidden`, classes and data-broken. It never simulates.
 */
import { href } from '../../lib/paths.ts';
import { MAIN, SWITCH_IDS, type SwitchId, type Switches } from '../../model/switches.ts';
import { sameSwitches as same } from '../../model/presets.ts';
import { PAGE, explorerPath, tracePath } from '../../lib/routes.ts';
import {
  firstBreachText,
  glanceRows,
  glanceSummary,
  invariantItems,
  invariantStatus,
  partsText,
  settingSummary,
  verdictText,
  type Glance,
} from '../../lib/outcome-view.ts';
import { asGlanceTable, glanceAt, type GlanceTable } from '../../lib/tryit-table.ts';

type Table = GlanceTable | 'loading' | 'failed';

/** The one element `sel` finds in `from`; the markup is TryIt.astro's, so a missing slot is a bug there. */
function slot<T extends HTMLElement = HTMLElement>(from: ParentNode, sel: string): T {
  const el = from.querySelector<T>(sel);
  if (!el) throw new Error(`Try-it panel: no ${sel}`);
  return el;
}

/** Set up one panel; `table` resolves to the glance table, or 'failed' with a reason the panel need not show. */
export function enhance(root: HTMLElement, table: Promise<GlanceTable | 'failed'>): void {
  const minimumCalls = Number(root.dataset.minimumCalls);
  const startGlance = JSON.parse(root.dataset.start ?? 'null') as Glance;
  const radios = [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  const chosen = (id: SwitchId) =>
    radios.find((r) => r.name === id && r.checked)?.value ?? MAIN[id];
  const start = Object.fromEntries(SWITCH_IDS.map((id) => [id, chosen(id)])) as Switches;
  const glanceEl = slot(root, '[data-slot="glance"]');
  const missing = slot(root, '[data-tryit-missing]');
  const said = slot(root, '[aria-live]');
  const reset = slot<HTMLButtonElement>(root, '[data-slot="reset"]');
  let s = start;
  let loaded: Table = 'loading';

  const glanceOf = (x: Switches): Glance | null =>
    same(x, start) ? startGlance : typeof loaded === 'object' ? glanceAt(loaded, x) : null;

  function fill(g: Glance) {
    const verdict = slot(glanceEl, '[data-slot="verdict"]');
    verdict.className = g.broken.length === 0 ? 'ok' : 'broken';
    verdict.textContent = verdictText(g.broken.length);
    for (const row of glanceRows(g, minimumCalls))
      slot(glanceEl, `[data-outcome="${row.id}"] dd`).textContent = partsText(row.parts);
    for (const item of invariantItems(g.broken)) {
      const li = slot(glanceEl, `li[data-invariant="${item.id}"]`);
      li.dataset.broken = String(item.broken);
      li.classList.toggle('is-broken', item.broken);
      const status = slot(li, '[data-slot="status"]');
      status.className = item.broken ? 'broken' : 'ok';
      status.textContent = invariantStatus(item);
      slot(li, '[data-slot="first"]').textContent = firstBreachText(item.first);
      slot(li, '.ex-inv-detail').hidden = !item.broken;
    }
  }

  /** Show setting `next`; `say` puts what it changes and what its run did in the polite live region. */
  function show(next: Switches, say: boolean) {
    s = next;
    for (const r of radios) r.checked = next[r.name as SwitchId] === r.value;
    for (const fs of root.querySelectorAll<HTMLElement>('fieldset[data-switch]')) {
      const changed = next[fs.dataset.switch as SwitchId] !== MAIN[fs.dataset.switch as SwitchId];
      fs.classList.toggle('is-changed', changed);
      slot(fs, '[data-slot="changed"]').hidden = !changed;
    }
    slot<HTMLAnchorElement>(root, '[data-slot="explorer"]').href = href(explorerPath(next));
    slot<HTMLAnchorElement>(root, '[data-slot="trace"]').href = href(tracePath(next));
    const g = glanceOf(next);
    glanceEl.hidden = !g;
    missing.hidden = !!g;
    if (g) fill(g);
    else {
      const why = loaded === 'failed' ? 'failed' : 'loading';
      missing.dataset.tryitMissing = why;
      for (const el of missing.querySelectorAll<HTMLElement>('[data-when]'))
        el.hidden = el.dataset.when !== why;
    }
    if (say) {
      const ran = g
        ? glanceSummary(g)
        : loaded === 'failed'
          ? 'Its outcome could not be loaded here; the explorer and the trace page show it.'
          : 'Its outcome is still loading.';
      said.textContent = settingSummary(next, ran);
    }
  }

  root.addEventListener('change', (e) => {
    const t = e.target;
    if (t instanceof HTMLInputElement && t.type === 'radio' && t.checked)
      show({ ...s, [t.name]: t.value } as Switches, true);
  });
  reset.addEventListener('click', () => show({ ...MAIN }, true));
  // Rendered with the controls disabled: without JavaScript they could do nothing.
  for (const c of [...radios, reset]) c.disabled = false;
  // Without JavaScript the reset button would do nothing, so it is rendered hidden.
  reset.hidden = false;
  root.querySelector('[data-nojs]')?.remove();
  root.dataset.live = '';
  // A setting chosen while the table was loading shows its outcome once it arrives.
  table.then((t) => {
    loaded = t;
    show(s, false);
  });
}

/** Every Try-it panel on the page; the table is fetched at once (not on the first click), so a switch answers without waiting. */
export function enhanceAll(): void {
  const panels = document.querySelectorAll<HTMLElement>('[data-tryit]');
  if (panels.length === 0) return;
  const table = fetch(href(PAGE.tryitJson))
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`HTTP ${r.status}`))))
    .then((data: unknown) => asGlanceTable(data) ?? ('failed' as const))
    .catch(() => 'failed' as const);
  for (const root of panels) enhance(root, table);
}
