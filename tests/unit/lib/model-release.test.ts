import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { versionOf } from '../../../src/lib/version-of.ts';
import { MODEL_DATES, modelDate } from '../../../src/lib/model-release.ts';

const dir = join(import.meta.dirname, '../../../src/model');
const sources = Object.fromEntries(
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => [`model/${f}`, readFileSync(join(dir, f), 'utf8')]),
);

describe('model release dates', () => {
  it('the current model version has a date (add it to src/lib/model-release.ts after a rule change)', () => {
    const version = versionOf(sources).slice(0, 12);
    expect(Object.keys(MODEL_DATES)).toContain(version);
  });
  it('dates are ISO calendar dates and read in words', () => {
    for (const iso of Object.values(MODEL_DATES))
      expect(iso).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
    expect(modelDate('98289b75007d')?.text).toBe('1 December 2026');
    expect(modelDate('000000000000')).toBeUndefined();
  });
});
