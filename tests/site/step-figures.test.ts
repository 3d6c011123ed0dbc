// Every figure that can be stepped (`figure[data-step-figure]`, on any page of dist), read from
// its static HTML. The server renders every step's marks (CONTRIBUTING.md, "Figure grammar" 7
// and 8): a mark with data-tick (data-seq in a figure stepped message by message) shows from
// that step on, one with data-until is hidden from that step on. So what the figure shows at
// each step, and without JavaScript, is in the markup, and is checked here rather than in a
// browser (tests/browser/article-figures.spec.ts steps one figure once per input method):
//   steps     data-ticks is an increasing list; data-still is one of them; every step adds at
//             least one mark; no mark starts after the last step (it would never show)
//   still     without JavaScript exactly the marks of the still's step show (hidden otherwise),
//             the claim among them
//   records   every mark that carries its record's sentence (an SVG <title>) names its own tick
//             and says what the narrator says of an event the model records at that tick; every
//             write mark is a write the model records (tick, attempt, token, epoch, outcome);
//             a sequence's messages are in the model's order (their ticks never go back)
// Expectations come from the model's runs (every setting, simulated here), never from the figure
// components, so the figures can be redrawn and these checks still hold.
import { describe, expect, it } from 'vitest';
import { relative } from 'node:path';
import { readFileSync } from 'node:fs';
import { DomUtils, parseDocument } from 'htmlparser2';
import { runAll } from '../../src/model/index.ts';
import { narrate } from '../../src/lib/narrate.ts';
import { DIST, htmlFiles } from './dist.ts';
import { at as elementAt } from '../../src/model/lookup.ts'; // `at` names a regex match here

type Node = ReturnType<typeof parseDocument>['children'][number];
// (htmlparser2 does not re-export domhandler's Element type: take it from DomUtils.)
type El = ReturnType<typeof DomUtils.findAll>[number];
const all = (root: Node | Node[], test: (el: El) => boolean): El[] =>
  DomUtils.findAll(test as never, Array.isArray(root) ? root : [root]) as El[];
const text = (n: Node) => DomUtils.textContent(n).replace(/\s+/g, ' ').trim();
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

/** Every sentence the narrator says of an event of any of the 864 runs → the ticks it is said at. */
const SAID = new Map<string, Set<number>>();
/** Every write the model records, as "tick attempt token epoch outcome". */
const WRITES = new Set<string>();
for (const r of runAll()) {
  for (const e of r.events) {
    const s = narrate(e);
    if (!SAID.has(s)) SAID.set(s, new Set());
    SAID.get(s)!.add(e.tick);
  }
  for (const w of r.writes) WRITES.add(`${w.tick} ${w.writer} ${w.token} ${w.epoch} ${w.outcome}`);
}

const files = htmlFiles().filter((f) => !relative(DIST, f).startsWith('traces/'));
const figures = files.flatMap((f) => {
  const doc = parseDocument(readFileSync(f, 'utf8'));
  return all(doc.children, (el) => el.name === 'figure' && 'data-step-figure' in el.attribs).map(
    (fig) => ({ where: `${relative(DIST, f)} #${fig.attribs.id ?? '?'}`, fig }),
  );
});

/** Whether an element, or an element it is inside (up to its figure), is hidden. */
function hiddenIn(el: El, fig: El): boolean {
  for (let e: El | null = el; e && e !== fig; e = e.parent as El | null)
    if (e.attribs?.visibility === 'hidden' || 'hidden' in (e.attribs ?? {})) return true;
  return false;
}

describe('figures that step, as the server renders them', () => {
  it('the site has such figures, and their marks carry records', () => {
    expect(figures.length).toBeGreaterThan(0);
    const titled = figures.flatMap(({ fig }) => all(fig, (el) => el.name === 'title'));
    expect(titled.length, 'marks with their record’s sentence').toBeGreaterThan(10);
  });
  for (const { where, fig } of figures) {
    const by = fig.attribs['data-step-by'] === 'seq' ? 'data-seq' : 'data-tick';
    const steps = (fig.attribs['data-ticks'] ?? '').split(',').filter(Boolean).map(Number);
    const still = Number(fig.attribs['data-still']);
    const marks = all(fig, (el) => 'data-mark' in el.attribs);
    const from = (m: El) => num(m.attribs[by]) ?? -Infinity;
    const until = (m: El) => num(m.attribs['data-until']) ?? Infinity;

    it(`${where}: its steps, each adding a mark`, () => {
      expect(steps.length).toBeGreaterThan(1);
      expect(
        steps.every(
          (t, i) => Number.isInteger(t) && (i === 0 || t > elementAt(steps, i - 1, 'steps')),
        ),
      ).toBe(true);
      expect(steps).toContain(still);
      const adds = (t: number) =>
        marks.some((m) => from(m) === t && m.attribs['data-mark'] !== 'tick');
      expect(steps.filter((t) => !adds(t)).map((t) => `step ${t} adds nothing`)).toEqual([]);
      const last = elementAt(steps, steps.length - 1, 'steps');
      expect(
        marks.filter((m) => from(m) > last).map((m) => `${m.attribs['data-mark']} at ${from(m)}`),
      ).toEqual([]);
    });

    it(`${where}: without JavaScript, the still of its claim`, () => {
      const wrong = marks
        .filter((m) => {
          const on = from(m) <= still && still < until(m);
          return on === hiddenIn(m, fig);
        })
        .map(
          (m) =>
            `${m.attribs['data-mark']} (${by} ${m.attribs[by] ?? '–'}, until ${m.attribs['data-until'] ?? '–'}) ${hiddenIn(m, fig) ? 'hidden' : 'shown'} at the still ${still}`,
        );
      expect(wrong).toEqual([]);
      const claims = all(fig, (el) => 'data-claim' in el.attribs).filter((c) => !hiddenIn(c, fig));
      expect(claims.length, 'the claim shows in the still').toBeGreaterThan(0);
    });

    it(`${where}: its marks are the model's records`, () => {
      const problems: string[] = [];
      for (const m of marks) {
        const tick = num(m.attribs['data-tick']);
        const title = m.children.find((c) => (c as El).name === 'title');
        if (title) {
          const said = text(title);
          const at = /^t(\d+)(?:, [^:]+)?: (.*)$/.exec(said);
          if (!at) problems.push(`“${said}”: not “tN: sentence”`);
          else {
            if (tick !== undefined && Number(at[1]) !== tick)
              problems.push(`“${said}” on a mark at t${tick}`);
            if (!SAID.get(at[2] ?? '')?.has(Number(at[1])))
              problems.push(`“${said}”: no event of the model at t${at[1]} is told so`);
          }
        }
        const a = m.attribs;
        if (a['data-mark'] === 'write' && a['data-token'] !== undefined) {
          const key = `${tick} ${a['data-attempt']} ${a['data-token']} ${a['data-epoch']} ${a['data-outcome']}`;
          if (!WRITES.has(key)) problems.push(`write ${key}: no such write in the model`);
        }
      }
      // A sequence drawing's messages, in step order, never go back in time.
      if (by === 'data-seq')
        for (const svg of all(fig, (el) => el.name === 'svg')) {
          const seq = all(svg, (el) => 'data-seq' in el.attribs && 'data-tick' in el.attribs)
            .map((m) => [Number(m.attribs['data-seq']), Number(m.attribs['data-tick'])] as const)
            .sort((x, y) => x[0] - y[0]);
          for (const [i, [n, t]] of seq.entries()) {
            const before = seq[i - 1];
            if (before && t < before[1])
              problems.push(`message ${n} at t${t} after one at t${before[1]}`);
          }
        }
      expect(problems.slice(0, 20), `${problems.length} problem(s)`).toEqual([]);
    });
  }
});
