// The model version of the build is recorded, and citations stay checkable: /data/versions.json
// keeps every recorded version's hash of each run, the current version's hashes are the model's
// runs (hashed here, from the model, not read back from the build), and each trace page's
// citation names the version since which its run has been unchanged.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAll } from '../../src/model/index.ts';
import { tracePath } from '../../src/lib/routes.ts';
import { DIST, page } from './dist.ts';
import { at } from '../../src/model/lookup.ts';

type V = { version: string; date: string | null; changed: string[] | null; runs: string };
const data = JSON.parse(readFileSync(join(DIST, 'data/versions.json'), 'utf8')) as {
  current: string;
  versions: V[];
};
const recorded = JSON.parse(
  readFileSync(new URL('../../src/data/model-versions.json', import.meta.url), 'utf8'),
) as V[];
const runsJson = JSON.parse(readFileSync(join(DIST, 'data/runs.json'), 'utf8'));
const runs = runAll();
const short = (run: unknown) =>
  createHash('sha256').update(JSON.stringify(run)).digest('hex').slice(0, 8);

describe('model versions', () => {
  it('the build’s model version is recorded in src/data/model-versions.json (after a change of runs: npm run version:record)', () => {
    expect(data.current).toBe(runsJson.model);
    expect(recorded.map((v) => v.version)).toContain(data.current);
  });
  it('/data/versions.json lists every recorded version, oldest first, with a date', () => {
    expect(data.versions.map((v) => v.version)).toEqual(recorded.map((v) => v.version));
    for (const v of data.versions) expect(v.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('the current version’s hash of each run is the hash of the model’s run, every field', () => {
    const current = data.versions.find((v) => v.version === data.current)!;
    expect(current.runs).toHaveLength(8 * runs.length);
    const bad = runs.filter((r, i) => current.runs.slice(8 * i, 8 * i + 8) !== short(r));
    expect(bad.map((r) => r.slug)).toEqual([]);
  });
  it('each version’s list of changed runs is the runs whose hash differs from the version before', () => {
    for (const [i, v] of data.versions.entries()) {
      const before = data.versions[i - 1]?.runs;
      if (before === undefined) continue; // the first version has none before it
      const want = runs
        .filter((_, j) => before.slice(8 * j, 8 * j + 8) !== v.runs.slice(8 * j, 8 * j + 8))
        .map((r) => r.slug);
      expect(v.changed, v.version).toEqual(want);
    }
  });
  it('a trace page’s citation names the oldest version of the unbroken stretch its run has had, and its hash', () => {
    for (const i of [0, 1, 100, 431, runs.length - 1]) {
      const run = at(runs, i, 'runs');
      const h = short(run);
      let since = data.versions.length - 1;
      while (since > 0 && data.versions[since - 1]?.runs.slice(8 * i, 8 * i + 8) === h) since--;
      const html = page(tracePath(run.switches));
      const bib = /<pre class="tp-bib"[^>]*><code>([\s\S]*?)<\/code>/.exec(html)?.[1] ?? '';
      expect(bib, run.slug).toContain(at(data.versions, since, 'versions').version);
      expect(html).toContain(`<code>${h}</code>`);
    }
  });
});
