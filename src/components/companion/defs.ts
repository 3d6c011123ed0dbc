/**
 * The anchor of a term's definition on the companion (§2): the five invariants
 * and the run outcome “finished” (model ids → "def-…", e.g. staleWrite →
 * "def-stale-write"). Tables on the companion link every invariant label and
 * every “Finished” heading there; check-dist fails if an anchor is missing.
 */
export function defId(id: string): string {
  return 'def-' + id.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
}
