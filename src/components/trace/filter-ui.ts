/**
 * Browser side of the traces index filter (bundled into /traces/ only).
 * The table is complete without JavaScript; this reveals the filter form,
 * hides the rows that do not match, and keeps the filter in the URL query.
 * Row k of the table is setting k of allSettings() order; its last cell
 * lists the codes of the invariants it breaks.
 */
import { INVARIANT_CODES } from '../../lib/vocabulary.ts';
import { settingAt } from '../../model/switches.ts';
import {
  filterNotice,
  filterQuery,
  matches,
  parseFilter,
  type Breaks,
  type Filter,
} from './filter.ts';
import { SWITCH_IDS, type SwitchId } from '../../model/switches.ts';
import type { InvariantId } from '../../model/types.ts';

const form = document.getElementById('trace-filter') as HTMLFormElement | null;
const table = document.getElementById('all-runs') as HTMLTableElement | null;
const status = document.getElementById('filter-status');
const notice = document.getElementById('filter-ignored');
const empty = document.getElementById('filter-empty');
const applyButton = document.getElementById('filter-apply');

if (form && table && status) {
  const byCode = Object.fromEntries(
    Object.entries(INVARIANT_CODES).map(([id, code]) => [code, id as InvariantId]),
  );
  const rows = Array.from(table.tBodies[0]?.rows ?? []).map((tr, i) => ({
    tr,
    switches: settingAt(i),
    broken: (tr.cells[tr.cells.length - 1]?.textContent ?? '')
      .split(/\s+/)
      .map((c) => byCode[c])
      .filter(Boolean) as InvariantId[],
  }));

  const select = (name: string) => form.elements.namedItem(name) as HTMLSelectElement | null;

  function read(): Filter {
    const f: Filter = { switches: {}, breaks: null };
    for (const id of SWITCH_IDS) {
      const v = select(id)?.value;
      if (v) f.switches[id as SwitchId] = v;
    }
    const b = select('breaks')?.value;
    if (b) f.breaks = b as Breaks;
    return f;
  }

  function write(f: Filter): void {
    for (const id of SWITCH_IDS) {
      const el = select(id);
      if (el) el.value = f.switches[id] ?? '';
    }
    const b = select('breaks');
    if (b) b.value = f.breaks ?? '';
  }

  function apply(f: Filter, updateUrl: boolean): void {
    let shown = 0;
    for (const r of rows) {
      const ok = matches(f, r.switches, r.broken);
      r.tr.hidden = !ok;
      if (ok) shown++;
    }
    status!.textContent = `Showing ${shown} of ${rows.length} runs.`;
    if (empty) empty.hidden = shown > 0;
    if (updateUrl)
      history.replaceState(
        history.state,
        '',
        `${location.pathname}${filterQuery(f)}${location.hash}`,
      );
  }

  const { filter, ignored, repeated } = parseFilter(location.search);
  if ((ignored.length || repeated.length) && notice) {
    notice.textContent = filterNotice(ignored, repeated);
    notice.hidden = false;
  }
  write(filter);
  form.hidden = false;
  // Every change applies at once: Apply would do nothing the reader can see.
  if (applyButton) applyButton.hidden = true;
  // Like the explorer: once explained, what could not be used leaves the address.
  apply(filter, ignored.length > 0 || repeated.length > 0);

  form.addEventListener('change', () => apply(read(), true));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    apply(read(), true);
  });
  form.addEventListener('reset', () => {
    // After the browser has reset the selects.
    setTimeout(() => {
      if (notice) notice.hidden = true;
      apply(read(), true);
    });
  });
}
