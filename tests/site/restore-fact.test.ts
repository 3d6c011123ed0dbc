// The restore moment of the main trace, as the article tells it. When #2 is
// admitted at t5 it restores s1, redoes s2 (its journal entry was computed
// from v1’s text, and the input has changed) and computes s3 and s4, which
// no attempt ever journalled. “Unchanged sections cost nothing” is false here:
// s3 and s4 are unchanged and cost a model call each.
//
// The expectations are typed from the main trace as the rules page (/model/) tells it (main trace: one step restored,
// s1 at t5; #1 journalled s1 and s2 from v1, then fell silent starting s3 and
// its late s3 write was rejected), not read from the component under test.
import { describe, expect, it } from 'vitest';
import { MAIN, journalAt, runFor } from '../../src/model/index.ts';
import { page, text } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

const EXPECT = {
  successor: '#2',
  at: 't5',
  restored: ['s1'],
  redone: ['s2'],
  neverJournalled: ['s3', 's4'],
};

const html = () => page('/article/');

/** The HTML of one h2 section of the article, from its heading to the next h2. */
function section(id: string): string {
  const h = html();
  const start = h.indexOf(`id="${id}"`);
  expect(start, `the article has a section #${id}`).toBeGreaterThan(-1);
  const next = h.indexOf('<h2', start + 1);
  return h.slice(start, next === -1 ? undefined : next);
}

describe('the article’s restore table and its sentence agree with the main run', () => {
  it('the model still says what the hand-typed main trace says (else fix the rules page or the model first)', () => {
    const run = runFor(MAIN);
    const succ = at(run.attempts, 1, 'attempts');
    expect(`#${succ.n}`).toBe(EXPECT.successor);
    expect(`t${succ.admittedAt}`).toBe(EXPECT.at);
    expect(run.restores.filter((r) => r.attempt === succ.n).map((r) => r.step)).toEqual(
      EXPECT.restored,
    );
    const journalled = new Set(journalAt(run, succ.admittedAt).map((e) => e.step));
    expect([...journalled].sort()).toEqual([...EXPECT.restored, ...EXPECT.redone].sort());
  });

  it('the table gives each step its decision: restored, redone, or never journalled', () => {
    const s = section('restore-or-redo');
    const rows = Object.fromEntries(
      [...s.matchAll(/<g[^>]*data-step="(s\d)"[^>]*data-decision="(\w+)"/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect(rows).toEqual({
      ...Object.fromEntries(EXPECT.restored.map((x) => [x, 'restored'])),
      ...Object.fromEntries(EXPECT.redone.map((x) => [x, 'redone'])),
      ...Object.fromEntries(EXPECT.neverJournalled.map((x) => [x, 'missing'])),
    });
    const caption = text(s.match(/<figcaption\b[^>]*>([\s\S]*?)<\/figcaption>/)?.[1] ?? '');
    expect(caption).toContain(EXPECT.at);
    expect(caption).toContain(EXPECT.successor);
    expect(caption).toMatch(/one step restored, one redone, two never journalled/);
  });

  it('the sentence after the table says the same', () => {
    const s = section('restore-or-redo');
    const after = s.slice(s.indexOf('</figure>'));
    const para = text(after.match(/<p\b[^>]*>([\s\S]*?)<\/p>/)?.[1] ?? '');
    const sentences = para.split(/(?<=[.!?])\s+/);
    const about = (step: string) => sentences.filter((x) => new RegExp(`\\b${step}\\b`).test(x));
    for (const step of EXPECT.restored) {
      expect(
        about(step).some((x) => /restor/i.test(x) && !/redo|redone|never/i.test(x)),
        `${step} restored: ${para}`,
      ).toBe(true);
    }
    for (const step of EXPECT.redone) {
      expect(
        about(step).some((x) => /\bredo(es|ne)?\b/i.test(x) && /chang/i.test(x)),
        `${step} redone because its input changed: ${para}`,
      ).toBe(true);
    }
    for (const step of EXPECT.neverJournalled) {
      const said = about(step);
      expect(
        said.some((x) => /never|no entry/i.test(x)),
        `${step} never journalled: ${para}`,
      ).toBe(true);
      expect(
        said.some((x) => /\bredo(es|ne)?\b|restor/i.test(x)),
        `${step} is neither redone nor restored: ${para}`,
      ).toBe(false);
    }
  });

  it('the section no longer claims that unchanged sections cost nothing', () => {
    expect(text(section('restore-or-redo'))).not.toMatch(
      /did not change cost nothing|unchanged (sections|steps) cost nothing/i,
    );
  });
});
