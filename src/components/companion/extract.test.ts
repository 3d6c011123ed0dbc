import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { extractFunction, extractType } from './extract.ts';
import { newFeed, receive } from '../../model/index.ts';

const feedSource = readFileSync(new URL('../../model/feed.ts', import.meta.url), 'utf8');

describe('extract', () => {
  it('cuts receive() from the model source, doc comment included, and nothing after it', () => {
    const code = extractFunction(feedSource, 'receive');
    expect(code.startsWith('/**')).toBe(true);
    expect(code).toContain('export function receive(');
    expect(code.trimEnd().endsWith('}')).toBe(true);
    expect(code).toContain('feed.remembered.set(key, { params, post })');
    // Exactly one function: the next top-level declaration is not included.
    expect(code.match(/^export /gm)?.length).toBe(1);
  });

  it('handles braces inside template literals', () => {
    const src =
      'export function f(a: number) {\n  const s = `x${a + 1}}`;\n  if (a) { return s; }\n  return `${`${a}`}`;\n}\nexport const after = 1;\n';
    expect(extractFunction(src, 'f', false)).toBe(src.slice(0, src.indexOf('\nexport const')));
  });

  it('cuts interfaces and type aliases', () => {
    expect(extractType(feedSource, 'Feed')).toMatch(/^export interface Feed \{[\s\S]*\}$/);
    const receipt = extractType(feedSource, 'Receipt');
    expect(receipt.startsWith('export type Receipt =')).toBe(true);
    expect(receipt.endsWith(';')).toBe(true);
    expect(receipt).toContain("kind: 'rejected'");
  });

  it('fails loudly on a missing name', () => {
    expect(() => extractFunction(feedSource, 'nope')).toThrow(/nope/);
  });

  it('the receiver behaves as the page says: a repeat gets the remembered post', () => {
    const feed = newFeed();
    const a = receive(feed, 'k', { digest: 'd', text: 'x' }, 1);
    const b = receive(feed, 'k', { digest: 'd', text: 'x' }, 2);
    const c = receive(feed, 'k', { digest: 'd', text: 'y' }, 3);
    expect(a.kind).toBe('applied');
    expect(b).toEqual({ kind: 'remembered', post: (a as { post: unknown }).post });
    expect(c.kind).toBe('rejected');
    expect(feed.posts.length).toBe(1);
  });
});
