// What a reader without JavaScript gets is the static HTML, so it is read here from dist, not
// in a browser (these were the browser's `no-js` project):
//   every page   of tests/browser/pages.mjs: its <main> holds the page's text (at least
//                MIN_MAIN_TEXT characters outside scripts, styles, templates and hidden elements)
//   explorer     the main trace's event table (one body per tick with events), a link to the
//                index of runs and to every preset's trace page, and a sentence saying the
//                interactive part needs JavaScript
//   Try-it       the article's panel shows the main trace's invariants as the model finds them,
//                every control disabled, the Reset button hidden, one notice that says why
// Expected values from the model's runs (simulate), never from the components under test.
// The stepper figures' stills (what they show without JavaScript) are in step-figures.test.ts.
import { describe, expect, it } from 'vitest';
import { DomUtils, parseDocument } from 'htmlparser2';
import { INVARIANT_IDS, MAIN, PRESETS, simulate, slugOf } from '../../src/model/index.ts';
import { MIN_MAIN_TEXT, PAGES, fileFor } from '../browser/pages.mjs';
import { page } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

type Node = ReturnType<typeof parseDocument>['children'][number];
// (htmlparser2 does not re-export domhandler's Element type: take it from DomUtils.)
type El = ReturnType<typeof DomUtils.findAll>[number];
const isEl = (n: Node): n is El => 'name' in n;
const hasClass = (el: El, c: string) => (el.attribs.class ?? '').split(/\s+/).includes(c);
const all = (root: Node | Node[], test: (el: El) => boolean): El[] =>
  DomUtils.findAll(test as never, Array.isArray(root) ? root : [root]) as El[];
const one = (root: Node | Node[], test: (el: El) => boolean): El => {
  const found = all(root, test);
  expect(found, 'exactly one element').toHaveLength(1);
  return at(found, 0, 'elements');
};

/** The text a reader sees without JavaScript: no script, style or template, nothing `hidden`. */
function seenText(node: Node): string {
  if (!isEl(node)) return node.type === 'text' ? (node as { data: string }).data : '';
  if (['script', 'style', 'template'].includes(node.name) || 'hidden' in node.attribs) return '';
  return node.children.map(seenText).join(' ');
}
/** The elements that pass `test` and show without JavaScript (none inside a `hidden` one). */
function seen(node: Node, test: (el: El) => boolean, out: El[] = []): El[] {
  if (!isEl(node) || 'hidden' in node.attribs || node.name === 'template') return out;
  if (test(node)) out.push(node);
  for (const c of node.children) seen(c, test, out);
  return out;
}
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('without JavaScript', () => {
  it('every page of the browser tests’ list holds its text in <main>', () => {
    const short: string[] = [];
    for (const p of PAGES) {
      const doc = parseDocument(page(fileFor(p)));
      const main = all(doc.children, (el) => el.name === 'main');
      const text = main[0] && main.length === 1 ? squash(seenText(main[0])) : '';
      if (main.length !== 1) short.push(`${p.name}: ${main.length} <main>`);
      else if (text.length < (p.minText ?? MIN_MAIN_TEXT))
        short.push(`${p.name}: ${text.length} characters in <main>`);
    }
    expect(short).toEqual([]);
  });

  it('the explorer shows the main trace and links to every preset’s trace page', () => {
    const doc = parseDocument(page('/explorer/'));
    const main = one(doc.children, (el) => el.name === 'main');
    const run = simulate(MAIN);
    const table = one(main, (el) => el.name === 'table' && hasClass(el, 'trace'));
    const bodies = all(table, (el) => el.name === 'tbody');
    expect(bodies.length, 'one body per tick with events').toBe(
      new Set(run.events.map((e) => e.tick)).size,
    );
    const hrefs = all(main, (el) => el.name === 'a').map((a) => a.attribs.href ?? '');
    expect(hrefs.some((h) => /\/traces\/$/.test(h))).toBe(true);
    for (const p of PRESETS)
      expect(
        hrefs.some((h) => h.endsWith(`/traces/${slugOf(p.switches)}/`)),
        `a link to the ${p.id} trace`,
      ).toBe(true);
    expect(squash(seenText(main))).toMatch(/needs JavaScript/);
  });

  it('the article’s Try-it panel shows the main trace, its controls disabled, with a notice', () => {
    const doc = parseDocument(page('/article/'));
    const panel = one(doc.children, (el) => hasClass(el, 'ex-tryit'));
    const run = simulate(MAIN);
    const controls = all(panel, (el) => el.name === 'input' || el.name === 'button');
    expect(controls.length).toBeGreaterThan(8);
    expect(controls.filter((c) => !('disabled' in c.attribs)).map((c) => c.attribs.name)).toEqual(
      [],
    );
    const reset = one(panel, (el) => el.attribs['data-slot'] === 'reset');
    expect('hidden' in reset.attribs, 'the Reset button is hidden').toBe(true);
    const notices = all(panel, (el) => 'data-nojs' in el.attribs);
    expect(notices).toHaveLength(1);
    expect(squash(seenText(at(notices, 0, 'notices')))).toMatch(/need JavaScript/);
    const shown = seen(panel, (el) => 'data-invariant' in el.attribs);
    const broken = Object.fromEntries(
      shown.map((el) => [el.attribs['data-invariant'], el.attribs['data-broken'] === 'true']),
    );
    for (const id of INVARIANT_IDS) expect(broken[id], id).toBe(run.invariants[id]);
    const calls = one(panel, (el) => el.attribs['data-outcome'] === 'calls');
    expect(squash(seenText(calls))).toContain(`${run.calls} (`);
  });
});
