/**
 * The base schedule changes nothing: every one of the 864 runs has the same
 * /data/runs.json record, events and per-tick snapshots as the model before
 * the fault schedule existed (fixtures/base-runs.json, generated at c6b7adb
 * by fixtures/make-base-runs.ts).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allSettings, simulate, toRunJson } from './helpers.ts';
import { tracePath } from '../../../src/lib/routes.ts';

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/base-runs.json', import.meta.url), 'utf8'),
) as {
  records: string[];
  traces: string[];
};
const h = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 16);

describe('base schedule reproduces the runs from before the schedule existed', () => {
  const settings = allSettings();
  it('has a reference for every setting', () => {
    expect(fixture.records).toHaveLength(settings.length);
    expect(fixture.traces).toHaveLength(settings.length);
  });
  it('every runs.json record is byte-identical', () => {
    const bad = settings.filter((s, i) => {
      const r = simulate(s);
      return h(JSON.stringify(toRunJson(r, tracePath(s)))) !== fixture.records[i];
    });
    expect(bad).toEqual([]);
  });
  it('every run has the same events and snapshots', () => {
    const bad = settings.filter((s, i) => {
      const r = simulate(s);
      return h(JSON.stringify({ events: r.events, ticks: r.ticks })) !== fixture.traces[i];
    });
    expect(bad).toEqual([]);
  });
});
