import { describe, expect, it } from 'vitest';
import { bibtex, neighbours } from '../../../src/components/trace/links.ts';
import { INVARIANT_CODES, traceTitle, valueCode } from '../../../src/lib/vocabulary.ts';
import { explorerPath, explorerSearch, runJsonPath, tracePath } from '../../../src/lib/routes.ts';
import {
  MAIN,
  PRESETS,
  SWITCH_IDS,
  SWITCH_VALUES,
  allSettings,
  changedFromMain,
  settingAt,
  settingIndex,
  slugOf,
  INVARIANT_IDS,
  type Switches,
} from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

describe('paths', () => {
  it('builds the trace page, JSON and explorer paths', () => {
    const s: Switches = { ...MAIN, fencing: 'off', change: 'after-acceptance' };
    expect(tracePath(s)).toBe(`/traces/${slugOf(s)}/`);
    expect(runJsonPath(s)).toBe(`/data/runs/${slugOf(s)}.json`);
    expect(tracePath(s, 8)).toBe(`/traces/${slugOf(s)}/#t8`);
    expect(explorerSearch(MAIN)).toBe('');
    expect(explorerSearch(s)).toBe('?fencing=off&change=after-acceptance');
    expect(explorerPath(s, { tick: 11 })).toBe(
      '/explorer/?fencing=off&change=after-acceptance#t11',
    );
    expect(explorerPath(s, { tick: 14, vs: MAIN })).toBe(
      '/explorer/?fencing=off&change=after-acceptance&vs=main#t14',
    );
    expect(explorerPath(MAIN, { tick: 0 })).toBe('/explorer/#t0');
    const second = PRESETS.find((p) => p.id === 'second')!.switches;
    expect(explorerPath(MAIN, { scene: 3, vs: second })).toBe('/explorer/?scene=3&vs=second');
    expect(explorerPath(MAIN, { vs: s })).toBe(`/explorer/?vs=${slugOf(s)}`);
  });
});

describe('neighbours', () => {
  it('lists every setting one switch away, each differing in exactly that switch', () => {
    const total = SWITCH_IDS.reduce((n, id) => n + SWITCH_VALUES[id].length - 1, 0);
    for (const s of [MAIN, at(allSettings(), 500, 'settings')]) {
      const out = neighbours(s);
      expect(out).toHaveLength(total);
      for (const n of out) {
        const diff = SWITCH_IDS.filter((id) => n.switches[id] !== s[id]);
        expect(diff).toEqual([n.id]);
        expect(n.switches[n.id]).toBe(n.value);
      }
      expect(new Set(out.map((n) => slugOf(n.switches))).size).toBe(total);
    }
  });
});

describe('settingIndex / settingAt', () => {
  it('follow allSettings() order both ways', () => {
    const all = allSettings();
    all.forEach((s, i) => {
      expect(settingIndex(s)).toBe(i);
      expect(settingAt(i)).toEqual(s);
    });
  });
});

describe('traceTitle', () => {
  it('says in words what was switched', () => {
    expect(traceTitle(MAIN)).toBe('The main trace: every protection on');
    expect(traceTitle({ ...MAIN, fencing: 'off', change: 'after-acceptance' })).toBe(
      'Fencing off; the report changes after acceptance',
    );
    for (const s of allSettings()) expect(traceTitle(s).length).toBeGreaterThan(5);
    expect(changedFromMain(MAIN)).toEqual([]);
  });
});

describe('bibtex', () => {
  it('is a @misc entry with title, URL, model version and year, braces balanced', () => {
    const b = bibtex({
      slug: slugOf(MAIN),
      title: 'Trace: The main trace',
      url: 'https://example.org/traces/x/',
      modelVersion: 'abc123def456',
    });
    expect(b).toMatch(/^@misc\{wtoiw:[a-z.-]+,\n/);
    expect(b).toContain('howpublished = {\\url{https://example.org/traces/x/}}');
    expect(b).toContain('model version abc123def456');
    expect(b).toContain('year         = {2026}');
    expect(b).toContain('title        = {{Trace: The main trace}}');
    let depth = 0;
    for (const ch of b.replace(/\\[{}]/g, '')) {
      if (ch === '{') depth++;
      if (ch === '}') depth--;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(depth).toBe(0);
  });
  it('gives each setting its own citation key', () => {
    const keys = new Set(
      allSettings().map(
        (s) => bibtex({ slug: slugOf(s), title: 't', url: 'u', modelVersion: 'm' }).split(',')[0],
      ),
    );
    expect(keys.size).toBe(allSettings().length);
  });
  it('escapes BibTeX specials in the title', () => {
    expect(bibtex({ slug: 'a', title: '50% & {x}', url: 'u', modelVersion: 'm' })).toContain(
      '{{50\\% \\& \\{x\\}}}',
    );
  });
});

describe('codes', () => {
  it('gives every value of every switch a code unique within its switch, and every invariant one', () => {
    for (const id of SWITCH_IDS) {
      const codes = SWITCH_VALUES[id].map((v) => valueCode(id, v));
      expect(codes.every(Boolean)).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
    }
    const inv = INVARIANT_IDS.map((id) => INVARIANT_CODES[id]);
    expect(new Set(inv).size).toBe(INVARIANT_IDS.length);
  });
});
