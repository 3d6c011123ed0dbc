/**
 * A lookup that cannot miss by construction (an attempt's number names an attempt, an
 * index below a list's length names an element). Where one does miss, the code is
 * wrong: a clear error here, not an `undefined` read further on.
 */

/** `xs[i]`; throws, naming `what`, when `xs` has no element `i`. */
export function at<T>(xs: readonly T[], i: number, what: string): T {
  const x = xs[i];
  if (x === undefined) throw new RangeError(`${what}: no element ${i} (there are ${xs.length})`);
  return x;
}
