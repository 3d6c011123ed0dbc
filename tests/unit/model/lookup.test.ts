import { describe, expect, it } from 'vitest';
import { at, must } from '../../../src/model/lookup.ts';

describe('lookups that cannot miss by construction', () => {
  it('at gives the element, and names the list when the index is outside it', () => {
    expect(at(['a', 'b'], 1, 'steps')).toBe('b');
    expect(() => at(['a', 'b'], 2, 'steps')).toThrow('steps: no element 2 (there are 2)');
    expect(() => at([], -1, 'attempts')).toThrow('attempts: no element -1 (there are 0)');
  });
  it('must gives the value, and names the map when the key is missing', () => {
    const m = new Map([['v1', 0]]);
    expect(must(m, 'v1', 'versions')).toBe(0);
    expect(() => must(m, 'v3', 'versions')).toThrow('versions: no entry for v3');
  });
});
