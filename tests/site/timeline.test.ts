// Every trace page's timeline figure, read back from dist: its marks (counted by their
// data attributes) agree with the run's records and outcome, for all 864 runs, and
// likewise on the fault counterexample pages, with one mark per fault event. The
// expectations come from the model's records (run.feedPosts, run.writes, counts), not
// from the figure's own code (src/components/timeline/marks.ts).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  counterexamples,
  isOneOf,
  runAll,
  short,
  simulate,
  type Run,
} from '../../src/model/index.ts';
import { invariantRule } from '../../src/lib/routes.ts';
import { builtSweep, DIST, htmlFiles, page } from './dist.ts';
import { silencesBroken } from '../cases/silences.ts';
import { at } from '../../src/model/lookup.ts';

type Mark = Record<string, string>;

/** The figure's HTML on a trace page (or another page), and every element in it that carries data-mark. */
function figureOf(run: Run, path = `/traces/${run.slug}/`): { html: string; marks: Mark[] } {
  const html = page(path);
  const start = html.indexOf('<figure class="tl"');
  const end = html.indexOf('</figure>', start);
  if (start < 0 || end < 0) throw new Error(`no timeline figure on ${path}`);
  const fig = html.slice(start, end);
  const marks = [...fig.matchAll(/<g\b[^>]*\bdata-mark="[^"]*"[^>]*>/g)].map((m) => {
    const attrs: Mark = {};
    for (const [, name = '', value = ''] of m[0].matchAll(/\b(data-[a-z-]+)="([^"]*)"/g))
      attrs[name.slice(5)] = value;
    return attrs;
  });
  return { html: fig, marks };
}

const of = (marks: Mark[], kind: string) => marks.filter((m) => m.mark === kind);
const ticks = (marks: Mark[]) => marks.map((m) => Number(m.tick));

/** The marks every figure of a run must have, from the run's records (shared by trace and counterexample pages). */
function expectRecords(run: Run, html: string, marks: Mark[], where: string): void {
  // One post mark per post the feed applied, at its tick; the duplicates marked as such.
  const posts = of(marks, 'post');
  expect(
    posts.map((m) => [Number(m.tick), m.post]),
    where,
  ).toEqual(run.feedPosts.map((p) => [p.tick, p.id]));
  expect(posts.filter((m) => m.duplicate === 'true').length, where).toBe(run.duplicatePosts);
  // Every send answered from a remembered key.
  expect(of(marks, 'remembered').length, where).toBe(
    run.sends.filter((s) => s.receipt === 'remembered').length,
  );
  // One write mark per protected write, with the store's decision.
  const writes = of(marks, 'write');
  expect(writes.length, where).toBe(run.writes.length);
  expect(writes.filter((m) => m.outcome === 'rejected').length, where).toBe(
    run.staleWritesRejected,
  );
  expect(writes.filter((m) => m.outcome === 'stale-applied').length, where).toBe(
    run.staleWritesApplied,
  );
  expect(ticks(writes.filter((m) => m.outcome === 'rejected')), where).toEqual(
    run.writes.filter((w) => w.outcome === 'rejected').map((w) => w.tick),
  );
  // Acceptances at their ticks, restores, model calls, admissions.
  expect(ticks(of(marks, 'accept')), where).toEqual(run.acceptances.map((a) => a.tick));
  expect(
    of(marks, 'accept').map((m) => m.digest),
    where,
  ).toEqual(run.acceptances.map((a) => short(a.digest)));
  expect(of(marks, 'restore').length, where).toBe(run.restored);
  expect(
    of(marks, 'call').reduce((sum, m) => sum + Number(m.calls), 0),
    where,
  ).toBe(run.calls);
  expect(
    of(marks, 'admit').map((m) => Number(m.attempt)),
    where,
  ).toEqual(run.attempts.map((a) => a.n));
  // The newsletter mark at its tick, on its digest, or none.
  const news = of(marks, 'newsletter');
  if (run.newsletter) {
    expect(
      news.map((m) => [Number(m.tick), m.digest]),
      where,
    ).toEqual([[run.newsletter.tick, short(run.newsletter.digest)]]);
    expect(html, where).toContain(run.newsletter.quote);
  } else {
    expect(news, where).toEqual([]);
  }
  // A breach mark for each broken invariant the controller or the newsletter let through.
  const shown = ['supersededAccepted', 'twoAccepted', 'dependantWrong'];
  expect(
    of(marks, 'breach')
      .map((m) => m.invariant)
      .sort(),
    where,
  ).toEqual(
    run.breaches
      .filter((b) => shown.includes(b.invariant))
      .map((b) => b.invariant)
      .sort(),
  );
  // The report change, when there is one.
  expect(ticks(of(marks, 'change')), where).toEqual(
    run.versionChangedAt === null ? [] : [run.versionChangedAt],
  );
}

describe('the timeline figure on every trace page', () => {
  const runs = runAll();
  it('covers all 864 runs', () => expect(runs).toHaveLength(864));

  it('comes first under the title, before the lede', () => {
    for (const run of runs.slice(0, 24)) {
      const html = page(`/traces/${run.slug}/`);
      const h1 = html.indexOf('</h1>');
      const fig = html.indexOf('<figure class="tl"');
      const lede = html.indexOf('class="tp-lede"');
      expect(h1).toBeGreaterThan(0);
      expect(fig).toBeGreaterThan(h1);
      expect(fig).toBeLessThan(lede);
    }
  });

  it('agrees with the run’s records, mark by mark', () => {
    for (const run of runs) {
      const { html, marks } = figureOf(run);
      const where = `/traces/${run.slug}/`;
      expectRecords(run, html, marks, where);
      // Under the base schedule no fault struck: no fault mark, no fault legend entry.
      expect(
        marks.filter((m) => m.fault),
        where,
      ).toEqual([]);
      expect(html, where).not.toContain('tl-fault-k');
      // One tick link per tick, t0 to the last, each to #tN of the trace table on the same page.
      // (The figure is drawn twice, in strips for the column and for a phone: a tick links once per drawing.)
      const links = [...new Set([...html.matchAll(/<a href="#t(\d+)"/g)].map((m) => Number(m[1])))];
      expect(links, where).toEqual(Array.from({ length: run.lastTick + 1 }, (_, t) => t));
    }
  });

  it('shows the lost acknowledgement as a sequence exactly where a successor settles an intent, with the feed’s answers', () => {
    for (const run of runs) {
      const html = page(`/traces/${run.slug}/`);
      const where = `/traces/${run.slug}/`;
      const settler = run.attempts.find((a) => a.kind === 'settle');
      const start = html.indexOf('<figure class="tl sq-fig"');
      if (!settler) {
        expect(start, where).toBe(-1);
        continue;
      }
      expect(start, where).toBeGreaterThan(0);
      const fig = html.slice(start, html.indexOf('</figure>', start));
      const steps = [...fig.matchAll(/<g\b[^>]*\bdata-step="([^"]*)"[^>]*>/g)].map((m) => [
        m[1],
        /data-duplicate="true"/.test(m[0]),
      ]);
      const sends = run.sends.filter((x) => x.intent === settler.settles);
      expect(steps.filter(([k]) => k === 'send').length, where).toBe(sends.length);
      expect(steps.filter(([k]) => k === 'apply').length, where).toBe(
        sends.filter((x) => x.receipt === 'applied').length,
      );
      expect(steps.filter(([k, d]) => k === 'apply' && d).length, where).toBe(
        sends.filter((x) => x.duplicate).length,
      );
      expect(steps.filter(([k]) => k === 'remembered').length, where).toBe(
        sends.filter((x) => x.receipt === 'remembered').length,
      );
    }
  });

  it('has no script and a caption that names the trace as its long description', () => {
    for (const run of runs.slice(0, 24)) {
      const { html } = figureOf(run);
      expect(html).not.toContain('<script');
      expect(html).toMatch(/<figcaption id="tl-cap">[\s\S]*href="#trace"/);
    }
  });
});

// The counterexample pages lead with the same figure, and it draws the schedule's faults: one mark
// per fault event, at its tick, tagged with the event's kind (expectations from run.events, simulated
// again here from the counterexample's setting and schedule).
describe('the timeline figure on every counterexample page', () => {
  const FAULT_KINDS = [
    'controller-down',
    'controller-restarted',
    'falls-silent-before',
    'wakes-to-act',
    'poster-dies-at',
    'key-expired',
  ] as const;
  // Each page features the counterexample with the fewest faults (the shortest where none is fewer).
  const sweep = builtSweep();
  const cases = counterexamples(sweep).map((c) => {
    const cell = at(sweep.variants, 0, 'variants').byInvariant[c.invariant];
    const shown = cell.fewest ?? cell.shortest ?? c;
    return {
      path: `/faults/${invariantRule(c.invariant)}/`,
      run: simulate(shown.switches, { schedule: shown.schedule }),
    };
  });
  it('there are counterexample pages, and between them they strike faults', () => {
    expect(cases.length).toBeGreaterThan(0);
    expect(cases.some((c) => c.run.events.some((e) => isOneOf(FAULT_KINDS, e.kind)))).toBe(true);
  });
  for (const { path, run } of cases) {
    it(`${path}: the figure comes first under the title, agrees with the records and marks each fault`, () => {
      const whole = page(path);
      expect(whole.indexOf('<figure class="tl"'), path).toBeGreaterThan(whole.indexOf('</h1>'));
      expect(whole.indexOf('<figure class="tl"'), path).toBeLessThan(
        whole.indexOf('class="tp-lede"'),
      );
      const { html, marks } = figureOf(run, path);
      expectRecords(run, html, marks, path);
      for (const kind of FAULT_KINDS) {
        const events = run.events.filter((e) => e.kind === kind);
        expect(ticks(marks.filter((m) => m.fault === kind)), `${path} ${kind}`).toEqual(
          events.map((e) => e.tick),
        );
      }
      // The down tick is a bar; a restart that did not keep the epoch says where it went back to.
      expect(ticks(of(marks, 'down')), path).toEqual(
        run.events.filter((e) => e.kind === 'controller-down').map((e) => e.tick),
      );
      const restarts = run.events.filter((e) => e.kind === 'controller-restarted');
      expect(
        of(marks, 'restart').map((m) => [Number(m.tick), m.back, Number(m.epoch)]),
        path,
      ).toEqual(
        restarts.map((e) => [e.tick, String(e.values.epoch < e.values.before), e.values.epoch]),
      );
      // The feed's forgotten keys, on the feed lane, naming the post whose key was forgotten.
      expect(
        of(marks, 'expired').map((m) => [Number(m.tick), m.post]),
        path,
      ).toEqual(
        run.events.filter((e) => e.kind === 'key-expired').map((e) => [e.tick, e.values.post]),
      );
      // Legend: an entry for each kind of fault the run has, and none for the others.
      const legend = [...html.matchAll(/<li class="tl-fault-k" data-k="([^"]+)"/g)].map(
        (m) => m[1],
      );
      // (A crashed #1 that falls silent before an action dies there: the ✕ of "dies" is its mark, not a pause.)
      const present = FAULT_KINDS.filter(
        (k) =>
          run.events.some((e) => e.kind === k) &&
          !(k === 'falls-silent-before' && run.switches.silent === 'crashed'),
      );
      const back = restarts.some((e) => e.values.epoch < e.values.before);
      expect([...legend].sort(), path).toEqual(
        [...present, ...(back ? ['epoch-back'] : [])].sort(),
      );
      // Tick labels link to the full trace's rows, which exist for the ticks with events.
      // (The figure is drawn twice, in strips for the column and for a phone: a tick links once per drawing.)
      const links = [...new Set([...html.matchAll(/<a href="#t(\d+)"/g)].map((m) => Number(m[1])))];
      expect(links, path).toEqual(
        [...new Set(run.events.map((e) => e.tick))].sort((a, b) => a - b),
      );
      for (const t of links) expect(whole, `${path} t${t}`).toContain(`id="t${t}"`);
    });
  }
});

// What the figure says before and on the drawing, and where a reading page wraps it. The
// silences come from the run's per-tick records (an attempt's activity), the claim's numbers from
// its rejected write: neither from the figure's code.

describe('the timeline’s words and breaks', () => {
  const runs = runAll();
  const sweep = builtSweep();
  const faultRuns = new Map<string, Run>(
    counterexamples(sweep).map((c) => {
      const cell = at(sweep.variants, 0, 'variants').byInvariant[c.invariant];
      const shown = cell.fewest ?? cell.shortest ?? c;
      return [
        `/faults/${invariantRule(c.invariant)}/` as string,
        simulate(shown.switches, { schedule: shown.schedule }),
      ] as const;
    }),
  );
  const bySlug = new Map(runs.map((r) => [r.slug, r]));

  it('a reading page’s strips cover the run and never break inside a silence', () => {
    const seen: string[] = [];
    for (const file of htmlFiles()) {
      const path = `/${relative(DIST, file).replace(/index\.html$/, '')}`;
      if (path.startsWith('/traces/')) continue;
      const html = readFileSync(file, 'utf8');
      for (const m of html.matchAll(
        /<figure class="tl"[^>]*data-timeline="([^"]+)"[^>]*data-fit="column"/g,
      )) {
        const run = faultRuns.get(path) ?? bySlug.get(m[1] ?? '');
        expect(run, `${path} ${m[1]}`).toBeDefined();
        const fig = html.slice(m.index, html.indexOf('</figure>', m.index));
        const wide = fig.slice(fig.indexOf('tl-strips-wide'), fig.indexOf('class="tl-phone"'));
        const strips = wide.split('class="tl-scroll tl-strip"').slice(1);
        const firsts = strips.map((s) => {
          const axis = s.slice(s.indexOf('class="tl-axis"'));
          return [...axis.matchAll(/>t(\d+)<\/text>/g)].map((x) => Number(x[1]));
        });
        // Strip after strip, t0 to the last tick, each tick once.
        expect(firsts.flat(), path).toEqual(Array.from({ length: run!.lastTick + 1 }, (_, t) => t));
        expect(
          silencesBroken(
            run!,
            firsts.slice(1).map((t) => at(t, 0, 'strip ticks')),
          ),
          path,
        ).toEqual([]);
        seen.push(path);
      }
    }
    // The article's whole run, the companion's runs and the counterexample pages at least.
    expect(seen.filter((p) => p.startsWith('/faults/')).length).toBe(faultRuns.size);
    expect(seen).toContain('/article/');
  });

  it('opens with what to look at, and writes the decisive comparison on the drawing', () => {
    for (const run of runs) {
      const where = `/traces/${run.slug}/`;
      const { html } = figureOf(run);
      const intro = html.slice(
        html.indexOf('class="tl-intro'),
        html.indexOf('</p>', html.indexOf('class="tl-intro')),
      );
      expect(intro, where).toMatch(
        /“seen”, is what the controller[\s\S]*“really”, what the worker does/,
      );
      // Before the drawing.
      expect(html.indexOf('class="tl-intro'), where).toBeLessThan(html.indexOf('<svg'));
      const w = run.writes.find((x) => x.outcome === 'rejected');
      if (w) {
        const claim = `${w.token} &lt; ${w.epoch}: rejected`;
        expect(
          new RegExp(`class="fig-claim" data-claim(="")? [^>]*>${claim}</text>`).test(html),
          where,
        ).toBe(true);
        expect(intro, where).toContain(`“${claim}”`);
      }
    }
  });

  it('announces a sideways scroll before the drawing, and prompts for the reader’s input', () => {
    for (const run of runs.slice(0, 24)) {
      const { html } = figureOf(run);
      expect(html.indexOf('class="tl-cue')).toBeGreaterThan(0);
      expect(html.indexOf('class="tl-cue')).toBeLessThan(html.indexOf('class="tl-scroll"'));
      expect(html).toContain('<span class="tl-say-hover">Hover over a mark, or click it,');
      expect(html).toContain('<span class="tl-say-tap">Tap a mark');
    }
    const article = page('/article/');
    const fig = article.slice(article.indexOf('<figure class="tl"'));
    expect(fig.indexOf('tl-cue-phone')).toBeGreaterThan(0);
    expect(fig.indexOf('tl-cue-phone')).toBeLessThan(fig.indexOf('data-variant="phone"'));
  });
});
