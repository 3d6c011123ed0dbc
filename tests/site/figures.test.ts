// Every figure a page renders through <Fig> must equal what the model computes now, and the
// pages that show reference traces must show the model's events. Expected values do not come
// from the figure table (src/lib/figures.ts) that rendered them:
//   <preset>.<path>   walked on the preset's run itself (runFor)
//   const.*           typed here from the rules page (/model/: "Timing" and the switches)
//   agg.*             counted here over the 864 runs (runAll), from each run's own records
//                     (agg.failModes, .oneChange and .twoAnnouncements: still only read back)
//   revenue.*         typed here from the rules page (/model/#rule-world)
//   hash.*, pins-off-closed.*  only read back, from the figure table
//   faults.*          the sweep's figures: only read back (their format), from the figure table;
//                     the sweep itself is re-checked by re-simulation in sweep.test.ts and
//                     against brute force in tests/unit/model/faults.test.ts
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolve } from '../../src/lib/figures.ts';
import {
  INVARIANT_IDS,
  MAIN,
  PRESETS,
  runAll,
  runFor,
  slugOf,
  type Run,
} from '../../src/model/index.ts';
import { narrate } from '../../src/lib/narrate.ts';
import { DIST, builtSweep, htmlFiles, page, text } from './dist.ts';

const FIG =
  /<span class="figure"[^>]*?data-fig="([^"]+)"[^>]*?data-as="([^"]+)"([^>]*)>([^<]*)<\/span>/g;

/** The rules' constants, typed from the rules page (/model/), not read from the model. */
const CONST: Record<string, number> = {
  runs: 2 * 2 * 2 * 3 * 2 * 3 * 2 * 3, // the values of the eight switches
  switches: 8,
  steps: 4, // the report's four sections
  firstToken: 41,
  secondToken: 42,
  thirdToken: 43,
  silentAt: 3, // #1 goes silent as it starts s3 at t3
  wakeAt: 8, // and, paused, wakes at t8
  missedHeartbeats: 2,
  suspectAfter: 3,
  newsletterReady: 12,
  changeAtOutage: 4,
  changeAfterAcceptance: 12,
  minimumCalls: 4, // one call per section
  horizon: 40,
};

/** The aggregates over the 864 runs, counted here from each run's records. */
const RUNS = runAll();
const ON = { fencing: 'on', pins: 'on', key: 'per-operation', rule: 'current-accepted' };
const WEAKENED: Record<string, Record<string, string>> = {
  'fencing-off': { fencing: 'off' },
  'pins-off': { pins: 'off' },
  'key-per-attempt': { key: 'per-attempt' },
  'key-none': { key: 'none' },
  'rule-any-accepted': { rule: 'any-accepted' },
  'rule-latest-finished': { rule: 'latest-finished' },
};
const where = (want: Record<string, string>) =>
  RUNS.filter((r) =>
    Object.entries(want).every(([k, v]) => (r.switches as Record<string, string>)[k] === v),
  );
const breaks = (r: Run) => INVARIANT_IDS.some((id) => r.invariants[id]);
/** A count or a statistic of a group of runs ("breaking", "calls.mean", "byInvariant.x"). */
function ofRuns(runs: Run[], path: string[]): unknown {
  const calls = runs.map((r) => r.calls);
  switch (path.join('.')) {
    case 'runs':
      return runs.length;
    case 'breaking':
    case 'breakingEvents':
      return runs.filter(breaks).length;
    case 'finished':
      return runs.filter((r) => r.finished).length;
    case 'calls.min':
      return Math.min(...calls);
    case 'calls.max':
      return Math.max(...calls);
    case 'calls.mean':
      return calls.reduce((a, b) => a + b, 0) / calls.length;
  }
  if (path[0] === 'byInvariant' && path.length === 2)
    return runs.filter((r) => r.invariants[path[1] as keyof Run['invariants']]).length;
  return undefined;
}
function aggregate(path: string[]): unknown {
  const [group, ...rest] = path;
  if (group === 'all') return ofRuns(RUNS, rest);
  if (group === 'on') {
    if (rest[0] === 'perStep')
      return ofRuns(where({ ...ON, checkpoints: 'per-step' }), rest.slice(1));
    if (rest[0] === 'endOnly')
      return ofRuns(where({ ...ON, checkpoints: 'end-only' }), rest.slice(1));
    return ofRuns(where(ON), rest);
  }
  const weakened = group === 'weaken' && rest[0] !== undefined ? WEAKENED[rest[0]] : undefined;
  if (weakened)
    return ofRuns(where({ ...ON, checkpoints: 'per-step', ...weakened }), rest.slice(1));
  if (group === 'eventCombinations') return where({ ...ON, checkpoints: 'per-step' }).length;
  // Runs paired by every switch but checkpoints: how many pairs, and in how many the two break
  // different invariants (all of them, and those whose per-step run has all four protections on).
  if (group === 'checkpoints' && rest.length === 1) {
    const others = (r: Run) =>
      Object.entries(r.switches)
        .filter(([k]) => k !== 'checkpoints')
        .sort()
        .join('|');
    const broken = (r: Run) =>
      INVARIANT_IDS.filter((id) => r.invariants[id])
        .sort()
        .join();
    const endOnly = new Map(
      RUNS.filter((r) => r.switches.checkpoints === 'end-only').map((r) => [others(r), r]),
    );
    const pairs = RUNS.filter((r) => r.switches.checkpoints === 'per-step').map((a) => {
      const b = endOnly.get(others(a));
      if (!b) throw new Error(`${a.slug}: no end-only twin`);
      return {
        on: Object.entries(ON).every(([k, v]) => (a.switches as Record<string, string>)[k] === v),
        differ: broken(a) !== broken(b),
      };
    });
    const on = pairs.filter((p) => p.on);
    const v: Record<string, number> = {
      pairs: pairs.length,
      differ: pairs.filter((p) => p.differ).length,
      onPairs: on.length,
      onDiffer: on.filter((p) => p.differ).length,
    };
    return rest[0] === undefined ? undefined : v[rest[0]];
  }
  // A second post although no poster dies (read off the posts, not the invariant's verdict).
  if (group === 'duplicateWithoutDeath')
    return RUNS.filter((r) => r.switches.postDies === 'no' && r.duplicatePosts > 0).length;
  return undefined;
}

/** The report's revenue figure in each version, typed from the rules page (/model/#rule-world). */
const REVENUE: Record<string, string> = { v1: '4.1 million', v2: '4.7 million' };

/** Keys whose value this test reads only from the figure table (see the head of this file). */
const TABLE_ONLY =
  /^(faults|hash|pins-off-closed)\.|^agg\.(failModes|oneChange|twoAnnouncements)\./;

/** The value a figure key names, computed here (see the head of this file). */
function modelValue(key: string): unknown {
  const [root, ...rest] = key.split('.');
  const preset = PRESETS.find((p) => p.id === root);
  if (preset) {
    let v: unknown = runFor(preset.switches);
    for (const part of rest) v = (v as Record<string, unknown>)[part];
    return v;
  }
  const constant = rest.length === 1 && rest[0] !== undefined ? CONST[rest[0]] : undefined;
  if (root === 'const' && constant !== undefined) return constant;
  if (root === 'agg') {
    const v = aggregate(rest);
    if (v !== undefined) return v;
  }
  if (root === 'revenue' && rest.length === 1 && rest[0] !== undefined && rest[0] in REVENUE)
    return REVENUE[rest[0]];
  if (TABLE_ONLY.test(key)) return resolve(key);
  throw new Error(`${key}: no independent value for this key in figures.test.ts: add one`);
}

/**
 * Why `shown` is not `value` written as `as` ('' when it is), read back without the
 * formatter under test: words and digits to a number, "t9" to 9, "#2" to 2, "41%" to 0.41.
 */
function misread(shown: string, as: string, value: unknown, attrs: string): string {
  const n = Number(value);
  const zero = attrs.match(/data-zero="([^"]*)"/)?.[1];
  switch (as) {
    case 'count': {
      const lower = shown.charAt(0).toLowerCase() + shown.slice(1);
      const read = zero && lower.startsWith(`${zero} `) ? '0' : countValue(lower);
      return read === String(value) ? '' : `reads as ${read}`;
    }
    case 'grouped':
      return /^\d{1,3}(,\d{3})*$/.test(shown) && shown.replace(/,/g, '') === String(value)
        ? ''
        : 'not the value in groups of three digits';
    case 'tick':
      return shown === `t${n}` ? '' : 'not t and the tick';
    case 'attempt':
      return shown === `#${n}` ? '' : 'not # and the attempt';
    case 'short':
      return shown.length === 8 && String(value).startsWith(shown) ? '' : 'not the first 8 digits';
    case 'mean':
      return Math.abs(Number(shown) - n) <= 0.005 ? '' : 'not the mean to two decimals';
    case 'percent': {
      const m = /^(\d+)%$/.exec(shown);
      return m && Math.abs(Number(m[1]) - n * 100) <= 0.5 ? '' : 'not the whole percentage';
    }
    default:
      return shown === String(value) ? '' : 'not the value';
  }
}

describe('rendered figures agree with the model', () => {
  builtSweep(); // the sweep the build wrote: its figures are not swept again here
  const files = htmlFiles().filter((f) => !relative(DIST, f).startsWith('traces/'));
  for (const f of files) {
    const html = readFileSync(f, 'utf8');
    const found = [...html.matchAll(FIG)];
    if (found.length === 0) continue;
    it(`${relative(DIST, f)}: ${found.length} figures`, () => {
      const bad = found
        .map(([, key = '', as = '', attrs = '', shown = '']) => {
          const value = modelValue(key);
          const why = misread(text(shown), as, value, attrs);
          return (
            why && `${key} (${as}) shows “${text(shown)}” for ${JSON.stringify(value)}: ${why}`
          );
        })
        .filter(Boolean);
      expect(bad).toEqual([]);
    });
  }
  it('the long-form pages use figures at all', () => {
    for (const p of ['/article/', '/companion/'])
      expect([...page(p).matchAll(FIG)].length, p).toBeGreaterThan(10);
  });
});

describe('reference traces on the long-form pages are the model’s', () => {
  const main = runFor(MAIN);
  it('the article shows every event of the main trace, linked to its trace page', () => {
    const html = page('/article/');
    const body = text(html);
    for (const e of main.events) expect(body).toContain(text(narrate(e)));
    expect(html).toContain(`/traces/${slugOf(MAIN)}/#t${main.lastTick}`);
  });
});

// Independent expectations: the reference traces as the rules page (/model/) and the unit tests
// of src/model/presets.ts state them, typed here (not computed by the model or the renderer).
// Every one of these keys that a page shows must read exactly so; the long-form pages must show
// most of them.
const SPEC: Record<string, string> = {
  'main.calls': '6',
  'main.callsByAttempt.1': '3',
  'main.callsByAttempt.2': '3',
  'main.callsByAttempt.3': '0',
  'main.restored': '1',
  'main.staleWritesRejected': '1',
  'main.staleWritesApplied': '0',
  'main.candidates.0.tick': 't9',
  'main.acceptances.0.tick': 't10',
  'main.acceptances.0.version': 'v2',
  'main.posts': '1',
  'main.duplicatePosts': '0',
  'main.newsletter.tick': 't12',
  'main.newsletter.quote': '4.7 million',
  'main.attempts.2.admittedAt': 't13',
  'main.intents.0.confirmedAt': 't14',
  'main.intents.0.post': 'P1',
  'main.writes.4.tick': 't8',
  'crashed.calls': '6',
  'crashed.posts': '1',
  'crashed.newsletter.quote': '4.7 million',
  'second.calls': '6',
  'second.callsByAttempt.1': '3',
  'second.callsByAttempt.2': '2',
  'second.callsByAttempt.3': '0',
  'second.callsByAttempt.4': '1',
  'second.acceptances.0.tick': 't9',
  'second.posts': '2',
  'second.newsletter.tick': 't17',
  'fencing-off.calls': '7',
  'fencing-off.staleWritesApplied': '3',
  'fencing-off.candidates.1.assessedAt': 't11',
  'fencing-off-never.acceptances.0.tick': 't9',
  'fencing-off-never.acceptances.1.tick': 't11',
  'pins-off.calls': '5',
  'pins-off.acceptances.0.tick': 't9',
  'pins-off.candidates.0.tick': 't8',
  'pins-off.newsletter.tick': 't12',
  'pins-off.newsletter.quote': '4.1 million',
  'end-only.calls': '8',
  'end-only.restored': '0',
  'end-only.writes.0.tick': 't10',
  'end-only.acceptances.0.tick': 't11',
  'any-accepted-after.newsletter.tick': 't12',
  'any-accepted-after.newsletter.quote': '4.1 million',
};

/** The number a count in words stands for (“no steps” → "0", “three calls” → "3", “12 runs” → "12"), read back independently of the formatter. */
const WORD_VALUE: Record<string, string> = {
  no: '0',
  none: '0',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
function countValue(shown: string): string {
  const first = (shown.trim().split(/\s+/)[0] ?? '').toLowerCase();
  return WORD_VALUE[first] ?? first;
}

describe('figures of the reference traces read as typed by hand', () => {
  const seen = new Set<string>();
  it('every such figure on the article and companion equals the hand-typed number', () => {
    for (const p of ['/article/', '/companion/'])
      for (const [, key = '', as, , shown = ''] of page(p).matchAll(FIG))
        if (key in SPEC) {
          seen.add(key);
          const read = as === 'count' ? countValue(text(shown)) : text(shown);
          expect(read, `${p} ${key} (“${text(shown)}”)`).toBe(SPEC[key]);
        }
    expect(seen.size, 'reference-trace figures found on the pages').toBeGreaterThanOrEqual(30);
  });
});
