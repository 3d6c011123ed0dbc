import { describe, expect, it } from 'vitest';
import {
  editDistance,
  MAX_TYPED,
  nearestSlugs,
  SLUG_WORDS,
  tokens,
  traceSlugFromPath,
} from '../../../src/components/trace/nearest.ts';
import { MAIN, PRESETS, allSettings, slugOf, fromSlug } from '../../../src/model/index.ts';
import { at } from '../../../src/model/lookup.ts';

const MAIN_SLUG = slugOf(MAIN);

describe('editDistance', () => {
  it('counts insertions, deletions and substitutions as one (Levenshtein), a swap as two', () => {
    expect(editDistance('fencing-on', 'fencing-on')).toBe(0);
    expect(editDistance('fencing-onn', 'fencing-on')).toBe(1);
    expect(editDistance('fencing-o', 'fencing-on')).toBe(1);
    expect(editDistance('fencing-of', 'fencing-on')).toBe(1);
    expect(editDistance('pasued', 'paused')).toBe(2); // two substitutions
    expect(editDistance('kitten', 'sitting')).toBe(3); // the textbook case
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
  });
});

describe('SLUG_WORDS', () => {
  it('lists the words of each position, first value first, matching slugOf', () => {
    expect(SLUG_WORDS).toHaveLength(8);
    expect(SLUG_WORDS.map((w) => w[0]).join('.')).toBe(MAIN_SLUG);
    const every = new Set(allSettings().map(slugOf));
    expect(every.size).toBe(864);
    for (const s of every) s.split('.').forEach((w, i) => expect(SLUG_WORDS[i]).toContain(w));
  });
});

describe('nearestSlugs', () => {
  it('puts the intended slug first for a one-letter typo', () => {
    const typed =
      'paused.fencing-onn.per-step.outage.pins-on.current-accepted.post-dies.per-operation';
    const out = nearestSlugs(typed);
    expect(out[0]?.slug).toBe(MAIN_SLUG);
    expect(out[0]?.distance).toBe(1);
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThanOrEqual(3);
    for (const s of out) expect(fromSlug(s.slug)).not.toBeNull();
  });

  it('returns an exact slug at distance 0, and at most the number asked for', () => {
    const out = nearestSlugs(MAIN_SLUG, 2);
    expect(out[0]).toMatchObject({ slug: MAIN_SLUG, distance: 0 });
    expect(out.length).toBeLessThanOrEqual(2);
  });

  it('handles typos in several positions, case and percent-encoding', () => {
    const typed = 'CRASHED.fencing-of.per-stp.outage.pins-off.any-acepted.post-survives.no-key';
    expect(nearestSlugs(typed)[0]?.slug).toBe(
      'crashed.fencing-off.per-step.outage.pins-off.any-accepted.post-survives.no-key',
    );
    expect(
      nearestSlugs(
        encodeURIComponent(
          'paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.per-operatio',
        ),
      )[0]?.slug,
    ).toBe(MAIN_SLUG);
  });

  it('accepts value ids as aliases of slug words', () => {
    const typed = 'paused.on.per-step.outage.on.current-accepted.yes.none';
    expect(nearestSlugs(typed)[0]?.slug).toBe(
      'paused.fencing-on.per-step.outage.pins-on.current-accepted.post-dies.no-key',
    );
  });

  it('copes with a missing or doubled segment by matching words to switches', () => {
    const missing = 'paused.fencing-off.per-step.outage.pins-on.post-dies.per-operation'; // no rule
    expect(nearestSlugs(missing)[0]?.slug).toBe(
      'paused.fencing-off.per-step.outage.pins-on.current-accepted.post-dies.per-operation',
    );
    expect(nearestSlugs('fencing-off')[0]?.slug).toBe(slugOf({ ...MAIN, fencing: 'off' }));
    expect(nearestSlugs('pins-of.after-acceptance')[0]?.slug).toBe(
      slugOf({ ...MAIN, pins: 'off', change: 'after-acceptance' }),
    );
  });

  it('reads a query-style path, with misspelt keys and values', () => {
    expect(nearestSlugs('fencing=off&change=never')[0]?.slug).toBe(
      slugOf({ ...MAIN, fencing: 'off', change: 'never' }),
    );
    expect(nearestSlugs('?fencng=off&pins=of')[0]?.slug).toBe(
      slugOf({ ...MAIN, fencing: 'off', pins: 'off' }),
    );
    expect(nearestSlugs('postDies=no&key=none')[0]?.slug).toBe(
      slugOf({ ...MAIN, postDies: 'no', key: 'none' }),
    );
  });

  it('offers nothing for text that is not a slug', () => {
    expect(nearestSlugs('')).toEqual([]);
    expect(nearestSlugs('wp-login.php')).toEqual([]);
    expect(nearestSlugs('zzzzzzzzzzzzzz.qqqqqqqqqq')).toEqual([]);
  });

  it('orders suggestions by distance and never repeats a slug', () => {
    const out = nearestSlugs(
      'paused.fencing-on.per-step.nevr.pins-on.current-accepted.post-dies.per-operation',
      3,
    );
    expect(out[0]?.slug).toBe(slugOf({ ...MAIN, change: 'never' }));
    expect(new Set(out.map((s) => s.slug)).size).toBe(out.length);
    for (let i = 1; i < out.length; i++)
      expect(at(out, i, 'suggestions').distance).toBeGreaterThanOrEqual(
        at(out, i - 1, 'suggestions').distance,
      );
  });

  it('reads a word cut short as the longer word', () => {
    expect(
      nearestSlugs(
        'paused.fencing-of.per-step.outage.pins-on.current-accepted.post-dies.per-operation',
      )[0]?.switches.fencing,
    ).toBe('off');
  });
});

describe('tokens', () => {
  it('splits a slug positionally and a query by key', () => {
    expect(tokens(MAIN_SLUG).positional).toBe(true);
    expect(tokens('a.b').positional).toBe(false);
    expect(tokens('fencing=off&pins=on')).toEqual({
      words: ['off', 'on'],
      hints: ['fencing', 'pins'],
      positional: false,
    });
  });
});

describe('traceSlugFromPath', () => {
  it('finds the slug under /traces/ at the root and under a base', () => {
    expect(traceSlugFromPath('/traces/abc.def/', '/')).toBe('abc.def');
    expect(traceSlugFromPath('/sub/traces/abc.def/', '/sub/')).toBe('abc.def');
    expect(traceSlugFromPath('/sub/traces/abc.def', '/sub')).toBe('abc.def');
    expect(traceSlugFromPath('/traces/abc.def/index.html', '/')).toBe('abc.def');
    expect(traceSlugFromPath('/trace/abc.def/', '/')).toBe('abc.def');
    expect(traceSlugFromPath('/data/runs/abc.def.json', '/')).toBe('abc.def');
  });
  it('takes a query-style address from the query', () => {
    expect(traceSlugFromPath('/trace/', '/', '?fencing=off')).toBe('fencing=off');
    expect(traceSlugFromPath('/traces/fencing=off&pins=off/', '/')).toBe('fencing=off&pins=off');
  });
  it('returns null elsewhere', () => {
    expect(traceSlugFromPath('/article/x/', '/')).toBeNull();
    expect(traceSlugFromPath('/sub/article/', '/sub/')).toBeNull();
    expect(traceSlugFromPath('/traces/', '/')).toBeNull();
  });
});

describe('nearestSlugs: by vocabulary, presets, junk, cost', () => {
  it('finds a run from its eight words in any order', () => {
    const all = allSettings();
    for (let i = 0; i < all.length; i += 37) {
      const slug = slugOf(at(all, i, 'settings'));
      const words = slug.split('.');
      const shuffled = [...words.slice(3), ...words.slice(0, 3)].reverse().join('.');
      expect(nearestSlugs(shuffled)[0], shuffled).toMatchObject({ slug, distance: 0 });
    }
  });
  it('understands preset names', () => {
    for (const p of PRESETS)
      expect(nearestSlugs(p.id)[0], p.id).toMatchObject({ slug: slugOf(p.switches), distance: 0 });
    expect(nearestSlugs('main')[0]?.slug).toBe(MAIN_SLUG);
  });
  it('offers nothing for junk', () => {
    for (const junk of [
      '😀',
      '%F0%9F%98%80',
      '%00',
      '\u0000',
      '..%2F',
      '..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f',
      'x',
      '1',
      '日本語',
      '<img src=x onerror=alert(1)>',
      '....',
      '%',
    ])
      expect(nearestSlugs(junk), junk).toEqual([]);
    expect(traceSlugFromPath('/traces/%F0%9F%98%80/', '/')).not.toBeNull();
  });
  it('reads at most the first 512 characters, so a 64 KB path costs what a short one does', () => {
    const long = 'fencing-off.' + 'pins-off.'.repeat(8000); // ~72 KB
    expect(long.length).toBeGreaterThan(64 * 1024);
    expect(tokens(long).words.length).toBeLessThanOrEqual(16);
    // The cost is bounded by what is read, not by the input's size: only the first
    // MAX_TYPED characters count (no timing here: these machines are shared and noisy).
    expect(nearestSlugs(long)).toEqual(nearestSlugs(long.slice(0, MAX_TYPED)));
    expect(nearestSlugs(long)[0]?.switches).toMatchObject({ fencing: 'off', pins: 'off' });
    const huge = '/traces/' + 'a'.repeat(64 * 1024) + '/';
    expect(traceSlugFromPath(huge, '/')!.length).toBeLessThanOrEqual(MAX_TYPED);
  });
});
