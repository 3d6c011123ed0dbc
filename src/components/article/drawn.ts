/**
 * Which runs' timeline marks a page has drawn already (Moment.astro): one set per page
 * render, keyed by the render's Astro.locals (as src/components/cite/registry.ts keys the
 * citations), so two pages of one build never share it.
 */
const byLocals = new WeakMap<object, Set<string>>();

export function drawnOn(locals: object): Set<string> {
  let s = byLocals.get(locals);
  if (!s) byLocals.set(locals, (s = new Set()));
  return s;
}
