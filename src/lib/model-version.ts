/**
 * The model version: a SHA-256 over the source of every file in src/model,
 * in path order. A citation that names it names the exact rules that
 * produced a trace. Build-time only (the sources are bundled as text), so
 * islands never import this module.
 */
import { sha256Hex, short } from '../model/index.ts';

const sources = import.meta.glob('../model/*.ts', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;

export const MODEL_FILES = Object.keys(sources).sort();

export const MODEL_VERSION_FULL = sha256Hex(MODEL_FILES.map((f) => `${f.replace('../model/', '')}\n${sources[f]}`).join('\n\0\n'));

/** 12 hex digits: short enough to quote, long enough to be unambiguous. */
export const MODEL_VERSION = MODEL_VERSION_FULL.slice(0, 12);

export { short };
