// An explicit `{#id}` at the end of a heading becomes the heading's id and leaves
// its text; the companion's section ids start with a digit ("1-the-problem-…").
import { describe, expect, it } from 'vitest';
import { remarkHeadingIds } from '../../../src/lib/rehype-heading-links.mjs';

type Node = {
  type: string;
  value?: string;
  depth?: number;
  children?: Node[];
  data?: { hProperties?: { id?: string } };
};
const heading = (text: string): Node => ({
  type: 'heading',
  depth: 2,
  children: [{ type: 'text', value: text }],
});
function run(text: string): Node {
  const h = heading(text);
  remarkHeadingIds()({ type: 'root', children: [h] });
  return h;
}

describe('remarkHeadingIds', () => {
  it('takes an id that starts with a letter', () => {
    const h = run('The worker that was only paused {#fencing}');
    expect(h.data?.hProperties?.id).toBe('fencing');
    expect(h.children?.[0]?.value).toBe('The worker that was only paused');
  });
  it('takes an id that starts with a digit', () => {
    const h = run(
      '1. An agent’s session ends long before its work does {#1-the-problem-stated-narrowly}',
    );
    expect(h.data?.hProperties?.id).toBe('1-the-problem-stated-narrowly');
    expect(h.children?.[0]?.value).toBe('1. An agent’s session ends long before its work does');
  });
  it('leaves a heading without an explicit id alone', () => {
    const h = run('Sources');
    expect(h.data).toBeUndefined();
    expect(h.children?.[0]?.value).toBe('Sources');
  });
  it('ignores braces that are not at the end or not an id', () => {
    expect(run('Set {#a} inside').data).toBeUndefined();
    expect(run('Odd {#-x}').data).toBeUndefined();
  });
});
