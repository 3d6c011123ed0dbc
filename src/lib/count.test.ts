import { describe, expect, it } from 'vitest';
import { count } from './format.ts';
import { format } from './figures.ts';

describe('count: numbers that read like English', () => {
  it('agrees the noun with the value and spells small counts', () => {
    expect(count(0, { one: 'post' })).toBe('no posts');
    expect(count(1, { one: 'post' })).toBe('one post');
    expect(count(2, { one: 'post' })).toBe('two posts');
    expect(count(9, { one: 'step' })).toBe('nine steps');
    expect(count(10, { one: 'step' })).toBe('10 steps');
    expect(count(864, { one: 'run' })).toBe('864 runs');
  });
  it('takes irregular plurals and another word for zero', () => {
    expect(count(3, { one: 'entry', many: 'entries' })).toBe('three entries');
    expect(count(1, { one: 'entry', many: 'entries' })).toBe('one entry');
    // "not one" takes the singular, as English does; "no" and "zero" the plural.
    expect(count(0, { one: 'stale write', zero: 'not one' })).toBe('not one stale write');
    expect(count(0, { one: 'schedule', zero: 'zero' })).toBe('zero schedules');
  });
  it('without a noun: "none" for zero, words up to nine, digits after', () => {
    expect(count(0)).toBe('none');
    expect(count(3)).toBe('three');
    expect(count(72)).toBe('72');
    expect(count(2.5)).toBe('2.5');
  });
  it('capitalises at the start of a sentence', () => {
    expect(count(0, { one: 'run', cap: true })).toBe('No runs');
    expect(count(0, { cap: true })).toBe('None');
  });
  it('is one of the <Fig> formats', () => {
    expect(format(4, 'count', { one: 'call' })).toBe('four calls');
  });
  it('refuses what is not a number', () => {
    expect(() => count('abc')).toThrow(/not a number/);
  });
});
