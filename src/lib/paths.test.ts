import { describe, expect, it } from 'vitest';
import { canonical, href, joinBase } from './paths';

describe('joinBase', () => {
  const bases = ['/', '/sub', '/sub/', '/a/b', '/a/b/'];

  it('never produces a double slash', () => {
    for (const base of bases) {
      for (const p of ['/', '', '/traces/', 'traces', '/traces//x/', '/data/runs.json']) {
        expect(joinBase(base, p)).not.toMatch(/\/\//);
      }
    }
  });

  it('prefixes the base once', () => {
    expect(joinBase('/', '/traces/')).toBe('/traces/');
    expect(joinBase('/sub', '/traces/')).toBe('/sub/traces/');
    expect(joinBase('/sub/', '/traces/')).toBe('/sub/traces/');
    expect(joinBase('/sub/', '/')).toBe('/sub/');
    expect(joinBase('/sub', '')).toBe('/sub/');
  });

  it('adds the trailing slash to page paths only', () => {
    expect(joinBase('/', '/article')).toBe('/article/');
    expect(joinBase('/sub', '/data/runs.json')).toBe('/sub/data/runs.json');
    expect(joinBase('/', '/404.html')).toBe('/404.html');
  });

  it('keeps query and fragment', () => {
    expect(joinBase('/sub', '/traces/a.b/#t8')).toBe('/sub/traces/a.b/#t8');
    expect(joinBase('/', '/explorer?tick=3#x')).toBe('/explorer/?tick=3#x');
  });

  it('leaves external and fragment-only links alone', () => {
    expect(joinBase('/sub', 'https://example.com/x')).toBe('https://example.com/x');
    expect(joinBase('/sub', 'mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(joinBase('/sub', '#t3')).toBe('#t3');
    expect(joinBase('/sub', '//cdn.example/x')).toBe('//cdn.example/x');
  });
});

describe('href / canonical', () => {
  it('use the build base and site', () => {
    expect(href('/companion/')).toBe(joinBase(import.meta.env.BASE_URL ?? '/', '/companion/'));
    // Absolute with a configured site; the path alone without one (no placeholder host).
    if (import.meta.env.SITE)
      expect(canonical('/companion/')).toMatch(/^https?:\/\/[^/]+\/(.+\/)?companion\/$/);
    else expect(canonical('/companion/')).toBe(href('/companion/'));
  });
});
