import { describe, it, expect } from 'vitest';
import { sources, sourceById, formatReference, type Source } from './sources';

const EXPECTED_IDS = [
  'aries',
  'bernstein-1987',
  'gray-cheriton-leases',
  'saltzer-e2e',
  'elnozahy-survey',
  'schneider-smr',
  'sagas',
  'temporal-activity',
  'temporal-workflow',
  'temporal-events',
  'aws-sfn-workflow-types',
  'aws-sfn-redrive',
  'aws-sfn-startexecution',
  'azure-durable-orchestrations',
  'azure-code-constraints',
  'langgraph-functional',
  'langgraph-durable',
  'restate-durable-steps',
  'kleppmann-locking',
  'featonby-idempotent',
  'stripe-idempotent',
  'pro-git-objects',
  'bazel-remote-caching',
  'airflow-tasks',
  'young-harnesses',
  'rajasekaran-harness',
  'era-3-draft',
];

describe('sources data', () => {
  it('has unique ids', () => {
    const ids = sources.map((s) => s.id);
    const dupes = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(dupes).toEqual([]);
    expect(new Set(ids).size).toBe(sources.length);
  });

  it('uses exactly the agreed ids, in companion order', () => {
    const ordered = [...sources].sort((a, b) => a.n - b.n).map((s) => s.id);
    expect(ordered).toEqual(EXPECTED_IDS);
  });

  it('numbers n cover 1..27 exactly once', () => {
    const ns = sources.map((s) => s.n).sort((a, b) => a - b);
    expect(ns).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
    for (const s of sources) expect(Number.isInteger(s.n)).toBe(true);
  });

  it('every url is https', () => {
    const bad = sources.filter((s) => s.url !== undefined && !/^https:\/\/[^\s]+$/.test(s.url));
    expect(bad.map((s) => s.id)).toEqual([]);
  });

  it('every doi has the 10.NNNN/ prefix form', () => {
    const bad = sources.filter((s) => s.doi !== undefined && !/^10\.\d{4,9}\//.test(s.doi));
    expect(bad.map((s) => s.id)).toEqual([]);
  });

  it('papers with a DOI link to doi.org for that DOI', () => {
    for (const s of sources.filter((x) => x.doi)) {
      expect(s.url, s.id).toBe(`https://doi.org/${s.doi}`);
    }
  });

  it('has the required fields filled in', () => {
    for (const s of sources) {
      expect(s.authors.length, s.id).toBeGreaterThan(0);
      expect(s.title.trim(), s.id).not.toBe('');
      expect(s.usedFor.trim(), s.id).not.toBe('');
      expect(Number.isInteger(s.year) && s.year > 1900 && s.year < 2100, s.id).toBe(true);
      if (!s.confirmed)
        expect(s.note?.trim(), `${s.id} is unconfirmed without a note`).toBeTruthy();
      if (s.accessed !== undefined) expect(s.accessed, s.id).toMatch(/^\d{4}-\d{2}$/);
    }
  });

  it('web documentation pages (no month) carry an access date', () => {
    const docs = sources.filter((s) => s.kind === 'web' && !s.month);
    expect(docs.length).toBeGreaterThan(0);
    for (const s of docs) expect(s.accessed, s.id).toBe('2026-10');
  });
});

describe('sourceById', () => {
  it('returns the matching entry', () => {
    expect(sourceById('aries').n).toBe(1);
    expect(sourceById('rajasekaran-harness').n).toBe(26);
    expect(sourceById('sagas')).toBe(sources.find((s) => s.id === 'sagas'));
  });

  it('throws a clear error for an unknown id', () => {
    expect(() => sourceById('no-such-source')).toThrow(Error);
    expect(() => sourceById('no-such-source')).toThrow(/Unknown source id "no-such-source"/);
    expect(() => sourceById('')).toThrow(/Unknown source id/);
  });
});

describe('formatReference', () => {
  it('includes the title and year for every source', () => {
    for (const s of sources) {
      const line = formatReference(s);
      expect(line, s.id).toContain(s.title);
      expect(line, s.id).toContain(String(s.year));
    }
  });

  it('formats a journal article with volume, issue, pages and DOI', () => {
    const line = formatReference(sourceById('aries'));
    expect(line.startsWith('C. Mohan, D. Haderle, B. Lindsay, H. Pirahesh and P. Schwarz.')).toBe(
      true,
    );
    expect(line).toContain('“ARIES: A Transaction Recovery Method');
    expect(line).toContain('ACM Transactions on Database Systems 17(1)');
    expect(line).toContain('94–162');
    expect(line).toContain('March 1992');
    expect(line).toContain('doi:10.1145/128765.128770');
  });

  it('names a stand-alone book without quotes and with its publisher', () => {
    const line = formatReference(sourceById('bernstein-1987'));
    expect(line).toBe(
      'P. A. Bernstein, V. Hadzilacos and N. Goodman. Concurrency Control and Recovery in Database Systems. Addison-Wesley, 1987.',
    );
  });

  it('gives documentation pages their URL and access month', () => {
    const line = formatReference(sourceById('temporal-activity'));
    expect(line).toContain('https://docs.temporal.io/activity-definition');
    expect(line).toContain('(accessed October 2026)');
  });

  it('reflects the data it is given rather than fixed text', () => {
    const base: Source = {
      id: 'x',
      n: 99,
      authors: ['A. Person'],
      title: 'A Test Title',
      year: 1999,
      kind: 'web',
      usedFor: 'testing',
      confirmed: false,
      url: 'https://example.org/x',
    };
    const line = formatReference(base);
    expect(line).toContain('A Test Title');
    expect(line).toContain('1999');
    expect(line).not.toContain('2026');
    expect(formatReference({ ...base, year: 2001 })).toContain('2001');
  });
});
