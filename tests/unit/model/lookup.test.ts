import { describe, expect, it } from 'vitest';
import { at } from '../../../src/model/lookup.ts';

describe('a lookup that cannot miss by construction', () => {
  it('at gives the element, and names the list when the index is outside it', () => {
    expect(at(['a', 'b'], 1, 'steps')).toBe('b');
    expect(() => at(['a', 'b'], 2, 'steps')).toThrow('steps: no element 2 (there are 2)');
    expect(() => at([], -1, 'attempts')).toThrow('attempts: no element -1 (there are 0)');
  });
});
