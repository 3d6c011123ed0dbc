// The rules page's "see it happen" and "see it fail" links (RuleExample and
// the invariant sections of /model/). Every event rule has a "see it happen"
// link, and it lands on a tick where an event of that rule is logged: on a
// trace page, the tick's row group holds a row linking to that rule; in the
// explorer, the run the URL names (simulated here from its parameters) logs
// one at that tick. Every "see it fail" link lands where the invariant breaks.
// Expectations come from the model, never from the page under test.
import { describe, expect, it } from 'vitest';
import {
  INVARIANT_IDS,
  allSettings,
  isScheduleId,
  slugOf,
  type Switches,
  parseSchedule,
  parseSwitches,
  runFor,
  simulate,
  type InvariantId,
  type Run,
} from '../../src/model/index.ts';
import { RULE_WORDS } from '../../src/lib/rule-words.ts';
import { invariantRule, type RuleSection } from '../../src/lib/routes.ts';
import { page } from './dist.ts';

const html = page('/model/');
const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&#38;/g, '&');

/** Sections that no event names: the world, the grid, timing and the other descriptions, the invariants. */
const NOT_EVENTS = new Set<string>([
  'world',
  'switches',
  'timing',
  'tick',
  'lifecycles',
  'outcome',
  'schedule',
  'finished',
  ...INVARIANT_IDS.map((i) => invariantRule(i)),
]);
const EVENT_RULES = (Object.keys(RULE_WORDS) as RuleSection[]).filter((r) => !NOT_EVENTS.has(r));

interface Link {
  href: string;
  attr: string;
  tick: number;
  invariant?: InvariantId | undefined;
}
function links(kind: 'happen' | 'fail'): Link[] {
  const re = new RegExp(`<a [^>]*data-rule-${kind}="([a-z-]+)"[^>]*>`, 'g');
  return [...html.matchAll(re)].map((m) => {
    const tag = m[0];
    return {
      href: decode(/href="([^"]+)"/.exec(tag)?.[1] ?? ''),
      attr: m[1] ?? '',
      tick: Number(/data-tick="(\d+)"/.exec(tag)![1]),
      invariant: (/data-invariant="(\w+)"/.exec(tag)?.[1] ?? undefined) as InvariantId | undefined,
    };
  });
}

/** The run a link names: a trace page of the grid, or the explorer's setting and schedule. */
function runOf(href: string): { run: Run; trace: string | null } {
  const url = new URL(href, 'https://x.invalid');
  const trace = /\/traces\/([^/]+)\//.exec(url.pathname);
  if (trace) {
    const s = allBySlug().get(trace[1] ?? '');
    expect(s, `a setting with slug ${trace[1]}`).toBeDefined();
    return { run: runFor(s!), trace: url.pathname };
  }
  expect(url.pathname).toMatch(/\/explorer\/$/);
  const params = [...url.searchParams];
  const { switches, problems } = parseSwitches(params);
  // The schedule's parameters are parsed by parseSchedule; anything else must be a switch.
  expect(problems.filter((p) => !isScheduleId(p.param))).toEqual([]);
  const { schedule, problems: bad } = parseSchedule(params);
  expect(bad).toEqual([]);
  return { run: simulate(switches, { schedule }), trace: null };
}

describe('rules page: one ordered list of rules', () => {
  it('its sections are the rules, each once, in the order of the rule words (RuleSection renders each)', () => {
    const ids = [...html.matchAll(/<section id="(rule-[a-z-]+)"/g)].map((m) => m[1]);
    expect(ids).toEqual(Object.keys(RULE_WORDS).map((r) => `rule-${r}`));
  });
});

describe('rules page: see it happen', () => {
  const happen = links('happen');
  it('every event rule has one, and a rule that fires nowhere fails', () => {
    expect(happen.map((l) => l.attr).sort()).toEqual([...EVENT_RULES].sort());
  });
  for (const l of happen) {
    it(`${l.attr}: lands on a row of t${l.tick} that names the rule`, () => {
      const url = new URL(l.href, 'https://x.invalid');
      expect(url.hash).toBe(`#t${l.tick}`);
      if (url.pathname.includes('/traces/')) {
        const trace = page(url.pathname);
        const start = trace.indexOf(`id="t${l.tick}"`);
        expect(start, 'tick anchor').toBeGreaterThan(-1);
        const group = trace.slice(start, trace.indexOf('</tbody>', start));
        expect(group).toContain(`/model/#rule-${l.attr}"`);
      } else {
        const { run } = runOf(l.href);
        expect(run.events.some((e) => e.tick === l.tick && e.rule === l.attr)).toBe(true);
      }
    });
  }
});

describe('rules page: see it fail', () => {
  const fail = links('fail');
  it('there are some, each naming an invariant', () => {
    expect(fail.length).toBeGreaterThan(5);
    for (const l of fail) expect(INVARIANT_IDS).toContain(l.invariant);
  });
  for (const l of fail) {
    it(`${l.attr}: the run breaks ${l.invariant} first at t${l.tick}`, () => {
      const url = new URL(l.href, 'https://x.invalid');
      expect(url.hash).toBe(`#t${l.tick}`);
      if (url.pathname.includes('/traces/')) {
        const trace = page(url.pathname);
        const start = trace.indexOf(`id="t${l.tick}"`);
        expect(start).toBeGreaterThan(-1);
      }
      const { run } = runOf(l.href);
      expect(run.breaches.find((b) => b.invariant === l.invariant)?.tick).toBe(l.tick);
    });
  }
});

let bySlug: Map<string, Switches> | null = null;
function allBySlug(): Map<string, Switches> {
  return (bySlug ??= new Map(allSettings().map((s) => [slugOf(s), s])));
}
