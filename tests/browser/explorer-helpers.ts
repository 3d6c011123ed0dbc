// What the explorer tests read back from the page, and what the model says it should show
// (simulate() here in Node, independently of the page's own copy of the model).
import type { Page } from '@playwright/test';
import {
  simulate,
  MAIN,
  SWITCH_IDS,
  INVARIANT_IDS,
  short,
  slugOf,
  type Switches,
} from '../../src/model/index.ts';

const runs = new Map<string, ReturnType<typeof simulate>>();
export const runOf = (s: Switches) => {
  const k = slugOf(s);
  if (!runs.has(k)) runs.set(k, simulate(s));
  return runs.get(k)!;
};
/** The query for a setting: the switches that differ from the main trace. */
export const fmt = (s: Switches) =>
  SWITCH_IDS.filter((id) => s[id] !== MAIN[id])
    .map((id) => `${id}=${s[id]}`)
    .join('&');

export { prng } from '../cases/addresses.ts';

export const ready = (page: Page) =>
  page.waitForSelector('.ex-switches input[name="silent"]', { timeout: 15_000 });

export type State = Awaited<ReturnType<typeof readState>>;

/** Everything the tests read back from the page, in one round trip. */
export function readState(page: Page) {
  return page.evaluate(() => {
    const checked: Record<string, string> = {};
    for (const el of document.querySelectorAll<HTMLInputElement>(
      '.ex-switches:not([aria-label*="compared"]) input[type=radio]:checked',
    ))
      checked[el.name] = el.value;
    const outcome: Record<string, string> = {};
    for (const el of document.querySelectorAll<HTMLElement>('.ex-result [data-outcome]'))
      outcome[el.dataset.outcome!] = el.querySelector('dd')!.textContent!.trim();
    const invariants: Record<string, boolean> = {};
    for (const el of document.querySelectorAll<HTMLElement>('.ex-result [data-invariant]'))
      invariants[el.dataset.invariant!] = el.dataset.broken === 'true';
    const notice = document.querySelector<HTMLElement>('.ex-notice[role="status"]');
    const range = document.querySelector<HTMLInputElement>('.ex-scrub input[type=range]');
    return {
      checked,
      outcome,
      invariants,
      notice: notice ? notice.textContent : null,
      noticeHeight: notice ? notice.getBoundingClientRect().height : 0,
      tick: range ? Number(range.value) : null,
      lastTick: range ? Number(range.max) : null,
      heading: document.querySelector('#ex-now-h')?.textContent ?? null,
      sceneCount: document.querySelector('#ex-scene-count')?.textContent!.trim() ?? null,
      focus: [...document.querySelectorAll('.is-focus')].map((el) => el.id),
      search: location.search,
      hash: location.hash,
      scrollsSideways: document.documentElement.scrollWidth > innerWidth,
    };
  });
}

/** Differences between what the page shows and what simulate() computed. */
export function outcomeProblems(state: State, run: ReturnType<typeof simulate>) {
  const p: string[] = [];
  const o = state.outcome;
  const expect = (cond: boolean | undefined, what: string) => cond || p.push(what);
  expect(o.calls?.startsWith(`${run.calls} `), `calls "${o.calls}" ≠ ${run.calls}`);
  expect(o.restored?.startsWith(`${run.restored}`), `restored "${o.restored}" ≠ ${run.restored}`);
  expect(
    o.rejected === `${run.staleWritesRejected}`,
    `rejected "${o.rejected}" ≠ ${run.staleWritesRejected}`,
  );
  expect(
    o.applied === `${run.staleWritesApplied}`,
    `applied "${o.applied}" ≠ ${run.staleWritesApplied}`,
  );
  expect(o.posts === `${run.posts}`, `posts "${o.posts}" ≠ ${run.posts}`);
  expect(
    o.duplicates === `${run.duplicatePosts}`,
    `duplicates "${o.duplicates}" ≠ ${run.duplicatePosts}`,
  );
  if (run.acceptances.length === 0)
    expect(o.acceptances === 'none', `acceptances "${o.acceptances}" ≠ none`);
  for (const a of run.acceptances)
    expect(
      o.acceptances?.includes(`t${a.tick} ${short(a.digest)}`),
      `acceptances "${o.acceptances}" lacks t${a.tick} ${short(a.digest)}`,
    );
  if (run.newsletter) {
    const n = run.newsletter;
    expect(
      o.newsletter?.includes(`t${n.tick}`) &&
        o.newsletter.includes(short(n.digest)) &&
        o.newsletter.includes(n.quote),
      `newsletter "${o.newsletter}" ≠ t${n.tick} ${short(n.digest)} ${n.quote}`,
    );
  } else expect(o.newsletter === 'never admitted', `newsletter "${o.newsletter}" ≠ never admitted`);
  expect(
    o.finished === (run.finished ? 'yes' : 'no'),
    `finished "${o.finished}" ≠ ${run.finished}`,
  );
  for (const id of INVARIANT_IDS)
    expect(
      state.invariants[id] === run.invariants[id],
      `invariant ${id}: page says ${state.invariants[id]}, model ${run.invariants[id]}`,
    );
  return p;
}

export function switchProblems(state: State, want: Record<string, string>) {
  return SWITCH_IDS.filter((id) => state.checked[id] !== want[id]).map(
    (id) => `switch ${id}: checked "${state.checked[id]}", want "${want[id]}"`,
  );
}
