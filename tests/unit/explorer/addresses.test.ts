// Every seeded bad address (tests/cases/addresses.ts) through the code the pages run on it:
// the explorer's fromLocation (useExplorer.ts) and noticeLines (src/lib/notices.ts), and the 404 page's
// traceSlugFromPath and nearestSlugs (trace/nearest.ts). The browser tests
// (tests/browser/fuzz.spec.ts) load a sample of the same cases and check what only a rendered
// page shows: the notice's height, no sideways scroll, no markup from a payload.
import { afterAll, describe, expect, it } from 'vitest';
import { mangledCase, notFoundCases, prng } from '../../cases/addresses.ts';
import { fromLocation } from '../../../src/components/explorer/useExplorer.ts';
import { sceneViews } from '../../../src/components/explorer/scenes.ts';
import { runOf } from '../../../src/components/explorer/model.ts';
import {
  NOTICE_LINES_MAX,
  NOTICE_VALUE_MAX,
  noticeLines,
  noticeText,
} from '../../../src/lib/notices.ts';
import { nearestSlugs, traceSlugFromPath } from '../../../src/components/trace/nearest.ts';
import { SWITCH_IDS, simulate } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const CASES = 2000;
const g = globalThis as unknown as { location?: unknown };
const had = 'location' in g;
const before = g.location;
afterAll(() => {
  if (had) g.location = before;
  else delete g.location;
});

describe('explorer: 2,000 seeded bad or odd addresses', () => {
  it('give a notice exactly when something was wrong, and apply the valid parts', () => {
    const scenes = sceneViews((s) => runOf(s));
    const rand = prng(20261129);
    const problems: string[] = [];
    let noticed = 0;
    for (let i = 0; i < CASES; i++) {
      const c = mangledCase(rand);
      const u = new URL(`http://site.invalid/explorer/${c.query ? `?${c.query}` : ''}${c.hash}`);
      g.location = { search: u.search, hash: u.hash, pathname: u.pathname };
      const st = fromLocation(scenes, 1);
      const where = `case ${i} ${c.query.slice(0, 80)}${c.hash}`;
      if (st.notices.length) noticed++;
      if (c.bad && !st.notices.length) problems.push(`${where}: no notice`);
      if (!c.bad && st.notices.length)
        problems.push(`${where}: notice ${noticeText(at(st.notices, 0, 'notices'))}`);
      for (const id of SWITCH_IDS)
        if (st.switches[id] !== c.want[id])
          problems.push(`${where}: ${id} is ${st.switches[id]}, want ${c.want[id]}`);
      const last = simulate(st.switches).lastTick;
      if (st.tick !== null && (st.tick < 0 || st.tick > last))
        problems.push(`${where}: tick ${st.tick} outside 0…${last}`);
      const lines = noticeLines(st.notices);
      if (lines.length > NOTICE_LINES_MAX) problems.push(`${where}: ${lines.length} lines`);
      const longest = Math.max(0, ...lines.map((l) => Array.from(l).length));
      if (longest > 4 * NOTICE_VALUE_MAX + 12) problems.push(`${where}: a line of ${longest}`);
    }
    expect(problems.slice(0, 30), `${problems.length} problem(s)`).toEqual([]);
    // The generator does make both kinds: most addresses are bad, some are fine.
    expect(noticed).toBeGreaterThan(CASES / 2);
    expect(noticed).toBeLessThan(CASES);
  });
});

describe('404: 100+ mistyped, reordered, junk and oversized paths', () => {
  it('suggest the run whose words were typed, or nothing for junk', () => {
    const cases = notFoundCases();
    expect(cases.length).toBeGreaterThanOrEqual(100);
    const problems: string[] = [];
    for (const c of cases) {
      // What the 404 page reads: the path as the browser normalises it.
      const pathname = new URL(c.path, 'http://site.invalid/').pathname;
      const typed = traceSlugFromPath(pathname, '/', '');
      const got = typed === null ? [] : nearestSlugs(typed, 3);
      const where = c.path.slice(0, 90);
      if (got.length > 3) problems.push(`${where}: ${got.length} suggestions`);
      if (c.want === 'none' && got.length)
        problems.push(`${where}: suggested ${got.map((s) => s.slug).join(' ')}`);
      if (c.want === 'first' && got[0]?.slug !== c.slug)
        problems.push(`${where}: first suggestion ${got[0]?.slug}, want ${c.slug}`);
    }
    expect(problems.slice(0, 30), `${problems.length} problem(s)`).toEqual([]);
  });
});
