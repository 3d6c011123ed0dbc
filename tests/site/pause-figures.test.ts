// The article's two pause figures (SilenceFigure, stills: the main run and the run without
// fencing), read from the static HTML: each draws #1's silence as a span from the tick it falls
// silent to the tick it wakes, the heartbeat deadline at the tick the controller suspects it, and
// #1's writes after it wakes with what the store did to each, and writes its verdict on the
// drawing. Expectations come from each run's records (src/model), never from the figure.
import { describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { preset, runFor, type TraceEvent } from '../../src/model/index.ts';
import { page } from './dist.ts';
import { at as elementAt } from '../../src/model/lookup.ts'; // `at` is this file's event finder

type El = ReturnType<typeof DomUtils.findAll>[number];

/** Counts as the figures write them in words (typed here, not taken from the formatter). */
const WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

function pauseOf(r: ReturnType<typeof runFor>) {
  const first = elementAt(r.attempts, 0, 'attempts');
  const at = (kind: TraceEvent['kind']) =>
    r.events.find((e) => e.kind === kind && e.attempt === first.n)!;
  const wake = at('wakes-to-write');
  const late = r.writes.filter((w) => w.writer === first.n && w.tick >= wake.tick);
  const refused = late.find((w) => w.outcome === 'rejected');
  return {
    silence: [at('falls-silent').tick, wake.tick],
    deadline: at('suspected').tick,
    late: late.map((w) => `t${w.tick} ${w.outcome}`),
    claim: refused
      ? `${refused.token} < ${refused.epoch}: rejected`
      : `${WORDS[late.length]} late write${late.length === 1 ? ' lands' : 's land'}: stale write`,
  };
}

const doc = parseDocument(page('article/index.html'));
const byId = (id: string) =>
  DomUtils.findOne((e) => e.attribs.id === id, doc.children, true) as El | null;
const all = (root: El, test: (e: El) => boolean) => DomUtils.findAll(test, [root]) as El[];

describe('the article’s pause figures', () => {
  for (const [id, which] of [
    ['fig-fencing', 'main'],
    ['fig-fencing-off', 'fencing-off'],
  ] as const) {
    it(`#${id} draws the pause and #1’s late writes from the ${which} run’s records`, () => {
      const want = pauseOf(runFor(preset(which).switches));
      expect(want.late.length, 'the run has late writes by #1').toBeGreaterThan(0);
      const fig = byId(id);
      expect(fig, `#${id} is on the page`).not.toBeNull();
      const mark = (m: string) => all(fig!, (e) => e.attribs['data-mark'] === m);
      const [silence] = mark('silence');
      const [deadline] = mark('deadline');
      expect(
        [silence?.attribs['data-tick'], silence?.attribs['data-until']].map(Number),
        'the silence span',
      ).toEqual(want.silence);
      expect(Number(deadline?.attribs['data-tick']), 'the heartbeat deadline').toBe(want.deadline);
      expect(
        mark('late-write').map((m) => `t${m.attribs['data-tick']} ${m.attribs['data-outcome']}`),
        '#1’s late writes and their outcomes',
      ).toEqual(want.late);
      const claims = all(fig!, (e) => 'data-claim' in e.attribs).map((e) =>
        DomUtils.textContent(e).replace(/\s+/g, ' ').trim().toLowerCase(),
      );
      expect(claims).toEqual([want.claim.toLowerCase()]);
    });
  }
});
