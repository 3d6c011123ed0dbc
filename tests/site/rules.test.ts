// Every event row on every trace page links to the section of /model/ of the
// rule the model says wrote it, and that section exists. Expectations come
// from the model (run.events[].rule), not from the renderer.
import { describe, expect, it } from 'vitest';
import { allSettings, runFor } from '../../src/model/index.ts';
import { slugOf } from '../../src/model/switches.ts';
import { page } from './dist.ts';

const RULE_LINK = /<a class="ev-rule" href="[^"]*\/model\/#(rule-[a-z-]+)"/g;

describe('event rows link to their rules', () => {
  const rules = page('/model/');
  const ids = new Set([...rules.matchAll(/\sid="(rule-[a-z-]+)"/g)].map((m) => m[1]));

  it('the rules page has a section per rule', () => {
    expect(ids.size).toBeGreaterThan(20);
  });

  it('on every trace page, each event’s row links to its rule, in order, and the anchor exists', () => {
    const all = allSettings();
    let rows = 0;
    for (const s of all) {
      const run = runFor(s);
      const html = page(`/traces/${slugOf(s)}/`);
      const events = html.slice(
        html.indexOf('<table class="trace"'),
        html.indexOf('</table>', html.indexOf('<table class="trace"')),
      );
      const linked = [...events.matchAll(RULE_LINK)].map((m) => m[1]);
      expect(linked, slugOf(s)).toEqual(run.events.map((e) => `rule-${e.rule}`));
      for (const id of linked) expect(ids.has(id), id).toBe(true);
      rows += linked.length;
    }
    expect(rows).toBeGreaterThan(all.length * 10);
  });
});
