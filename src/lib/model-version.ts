/**
 * The model version: a SHA-256 over the source of the model's rule files
 * (src/lib/version-of.ts lists them). A citation that names it names the
 * exact rules that produced a trace; rewording a sentence (the narrator, the
 * vocabulary) leaves it alone. Build-time only (the sources are bundled as
 * text), so islands never import this module.
 */

import { versionOf } from './version-of.ts';

const raw = import.meta.glob('../model/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const sources = Object.fromEntries(
  Object.entries(raw).map(([path, text]) => [path.replace('../', ''), text]),
);

export const MODEL_VERSION_FULL = versionOf(sources);

/** 12 hex digits: short enough to quote, long enough to be unambiguous. */
export const MODEL_VERSION = MODEL_VERSION_FULL.slice(0, 12);
