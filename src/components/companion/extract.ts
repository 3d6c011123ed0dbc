/**
 * Cut named declarations out of a TypeScript source string, so the companion
 * can show the model's real code (imported with `?raw`) without markers in the
 * model's files. Braces are matched by counting, skipping string and template
 * literals and comments, which is enough for the plain code in src/model.
 * Every function throws when the name is missing, so a rename in the model
 * fails the build instead of silently showing nothing.
 */

/** Index just past the brace that closes the one opening at `open`. */
function matchBrace(src: string, open: number): number {
  let depth = 0;
  let i = open;
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      i = src.indexOf('\n', i);
      if (i === -1) break;
      continue;
    }
    if (c === '/' && next === '*') {
      i = src.indexOf('*/', i + 2) + 2;
      continue;
    }
    if (c === "'" || c === '"') {
      i += 1;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i += 1;
      continue;
    }
    if (c === '`') {
      // Template literal: `${ … }` holds balanced braces, so counting them is safe.
      i += 1;
      while (i < src.length && src[i] !== '`') {
        if (src[i] === '\\') i += 2;
        else if (src[i] === '$' && src[i + 1] === '{') i = matchBrace(src, i + 1);
        else i += 1;
      }
      i += 1;
      continue;
    }
    if (c === '{') depth += 1;
    if (c === '}') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
    i += 1;
  }
  throw new Error('extract: unbalanced braces');
}

/** Start of the JSDoc block directly above `at` (only whitespace between), else `at`. */
function withDoc(src: string, at: number): number {
  const before = src.slice(0, at);
  const m = /\/\*\*(?:[^*]|\*(?!\/))*\*\/\s*$/.exec(before);
  return m ? m.index : at;
}

function startOf(src: string, pattern: RegExp, name: string): number {
  const m = pattern.exec(src);
  if (!m) throw new Error(`extract: no declaration “${name}” in the source`);
  return m.index;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `export function name(…) { … }`, with its doc comment when `doc` is true. */
export function extractFunction(src: string, name: string, doc = true): string {
  const at = startOf(src, new RegExp(`^export function ${esc(name)}\\b`, 'm'), name);
  const end = matchBrace(src, src.indexOf('{', src.indexOf(')', at)));
  return src.slice(doc ? withDoc(src, at) : at, end);
}

/** `export interface Name { … }` or `export type Name = …;` (a top-level statement). */
export function extractType(src: string, name: string): string {
  const at = startOf(src, new RegExp(`^export (?:interface|type) ${esc(name)}\\b`, 'm'), name);
  if (src.startsWith('export interface', at))
    return src.slice(at, matchBrace(src, src.indexOf('{', at)));
  // A type alias ends at the first semicolon that closes a line at depth 0.
  let depth = 0;
  for (let i = at; i < src.length; i++) {
    const c = src[i];
    if (c === '{' || c === '(' || c === '[') depth += 1;
    else if (c === '}' || c === ')' || c === ']') depth -= 1;
    else if (c === ';' && depth === 0) return src.slice(at, i + 1);
  }
  throw new Error(`extract: type “${name}” does not end`);
}
