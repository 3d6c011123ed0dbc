// /data/tryit.json, what the article's Try-it panel shows for each of the 864 settings
// (it looks settings up there instead of simulating), against the model: every
// expectation below is read off simulate()'s run directly, not from the builder
// that wrote the table (src/lib/outcome.ts glanceTable).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  INVARIANT_IDS,
  TIMING,
  allSettings,
  short,
  simulate,
  slugOf,
  type Run,
} from '../../src/model/index.ts';
import { invariantLabel } from '../../src/lib/vocabulary.ts';
import { glanceRows, glanceSummary, partsText } from '../../src/lib/outcome-view.ts';
import { asGlanceTable, glanceAt, type GlanceTable } from '../../src/lib/tryit-table.ts';
import { DIST, page } from './dist.ts';

const raw = JSON.parse(readFileSync(join(DIST, 'data/tryit.json'), 'utf8'));

/** Everything wrong with the panel's view of `run` in `table`, as sentences. */
function problems(table: GlanceTable, run: Run): string[] {
  const out: string[] = [];
  const g = glanceAt(table, run.switches);
  const rows = glanceRows(g, TIMING.minimumCalls);
  const want: [string, string][] = [
    [
      'calls',
      `${run.calls} (${Object.entries(run.callsByAttempt)
        .map(([n, c]) => `#${n}: ${c}`)
        .join(', ')}; minimum ${TIMING.minimumCalls})`,
    ],
    ['posts', String(run.posts)],
    ['duplicates', String(run.duplicatePosts)],
    [
      'newsletter',
      run.newsletter
        ? `admitted t${run.newsletter.tick} on ${short(run.newsletter.digest)}, quoting ${run.newsletter.quote}`
        : 'never admitted',
    ],
    ['finished', run.finished ? 'yes' : 'no'],
  ];
  const got = rows.map((r) => [r.id, partsText(r.parts)]);
  if (JSON.stringify(got) !== JSON.stringify(want))
    out.push(`rows ${JSON.stringify(got)} ≠ ${JSON.stringify(want)}`);
  // The newsletter's tick is a tick (a renderer may link it), not text.
  const news = rows.find((r) => r.id === 'newsletter');
  if (
    run.newsletter &&
    !news?.parts.some((p) => typeof p === 'object' && p.tick === run.newsletter!.tick)
  )
    out.push('newsletter tick is not a tick part');
  // Broken invariants, each with the tick of its first breach.
  const broken = INVARIANT_IDS.filter((id) => run.invariants[id]);
  const firstOf = (id: string) => {
    const ticks = run.breaches.filter((b) => b.invariant === id).map((b) => b.tick);
    return ticks.length ? Math.min(...ticks) : null;
  };
  const gotBroken = Object.fromEntries(g.broken);
  const wantBroken = Object.fromEntries(broken.map((id) => [id, firstOf(id)]));
  if (
    JSON.stringify(Object.keys(gotBroken).sort()) !==
      JSON.stringify(Object.keys(wantBroken).sort()) ||
    broken.some((id) => gotBroken[id] !== wantBroken[id])
  )
    out.push(`broken ${JSON.stringify(gotBroken)} ≠ ${JSON.stringify(wantBroken)}`);
  // The live region's sentence names the same facts.
  const said = glanceSummary(g);
  const news2 = run.newsletter
    ? `newsletter t${run.newsletter.tick} quoting ${run.newsletter.quote}`
    : 'newsletter never admitted';
  if (
    !said.startsWith(
      `${run.calls} calls, ${run.posts} post${run.posts === 1 ? '' : 's'}, ${news2}, ${run.finished ? 'finished' : 'not finished'}. `,
    )
  )
    out.push(`summary "${said}"`);
  if (
    broken.length === 0
      ? !said.endsWith('No invariant broken.')
      : broken.some((id) => !said.includes(invariantLabel(id, true))) ||
        said.includes('No invariant broken')
  )
    out.push(`summary "${said}" and broken ${broken.join(', ')}`);
  return out.map((x) => `${slugOf(run.switches)}: ${x}`);
}

describe('/data/tryit.json', () => {
  const table = asGlanceTable(raw);

  it('is a table of the 864 settings, named by the model version', () => {
    expect(table, 'the panel would refuse this file').not.toBeNull();
    expect(raw.model).toBe(JSON.parse(readFileSync(join(DIST, 'data/runs.json'), 'utf8')).model);
    expect(raw.at).toHaveLength(allSettings().length);
    // Equal glances are stored once.
    expect(new Set(raw.glances.map((g: unknown) => JSON.stringify(g))).size).toBe(
      raw.glances.length,
    );
  });

  it('shows, for every setting, what simulate() says its run did', () => {
    const all = allSettings().flatMap((s) => problems(table!, simulate(s)));
    expect(all.slice(0, 10), `${all.length} problems`).toEqual([]);
  });

  it('is what the panel reads instead of the model: the article’s Try-it script loads no simulation, no narrator, no Preact', () => {
    const html = page('/article/');
    // The panel is rendered at build time; in the browser a module script (TryIt.astro's, bundled by Astro) enhances it.
    expect(html, 'the article embeds the Try-it panel, rendered at build time').toMatch(
      /<section class="ex-tryit"[^>]*data-tryit/,
    );
    expect(html, 'no island: the panel needs no framework in the browser').not.toMatch(
      /<astro-island[^>]*component-url="[^"]*TryIt/,
    );
    const url = html.match(/<script type="module" src="([^"]*TryIt[^"]*\.js)"/)?.[1];
    expect(url, 'the article loads the Try-it panel’s script').toBeTruthy();
    // The script's module graph: its file and every file it imports, transitively.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const js = readFileSync(join(DIST, '_astro', file), 'utf8');
      for (const [, f = ''] of js.matchAll(/(?:from|import)\s*\(?\s*"\.\/([^"]+\.js)"/g)) visit(f);
    };
    visit(url!.split('/').pop()!);
    expect(seen.size).toBeGreaterThan(1);
    const code = [...seen].map((f) => readFileSync(join(DIST, '_astro', f), 'utf8')).join('\n');
    // Sentinels: the model's SHA-256 (src/model/world.ts, via @noble/hashes) and a narrator sentence (src/lib/narrate.ts).
    expect(
      code.includes('digest() was already called'),
      `the model's hashing in ${[...seen].join(', ')}`,
    ).toBe(false);
    expect(
      code.includes('is below the owner epoch'),
      `the narrator in ${[...seen].join(', ')}`,
    ).toBe(false);
    // And no framework: Preact's chunk (preact.*.js, which the explorer's islands load) is not in it.
    expect(
      [...seen].filter((f) => /preact/i.test(f)),
      'Preact in the Try-it script',
    ).toEqual([]);
  });
});
