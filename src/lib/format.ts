/**
 * How the site writes ticks, lists, dates and numbers (counts in digits or in
 * words, means, percentages): one place, so every page, island and title says
 * them the same way. Pure; islands may import it.
 */

/** A tick: "t7". */
export const formatTick = (n: number): string => `t${n}`;

/** A span of ticks, both ends included: "t3–t7". */
export const formatTickSpan = (from: number, to: number): string =>
  `${formatTick(from)}–${formatTick(to)}`;

const AND = new Intl.ListFormat('en-GB', { style: 'long', type: 'conjunction' });
const OR = new Intl.ListFormat('en-GB', { style: 'long', type: 'disjunction' });

/** "a", "a and b", "a, b and c" (British: no comma before "and"). */
export const listAnd = (items: readonly string[]): string => AND.format(items);

/** "a", "a or b", "a, b or c". */
export const listOr = (items: readonly string[]): string => OR.format(items);

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "1 December 2026" for "2026-12-01". */
export function formatDate(iso: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new Error(`formatDate: “${iso}” is not YYYY-MM-DD`);
  return DATE.format(new Date(`${iso}T00:00:00Z`));
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 2026" for "2026-03". */
export function formatMonth(isoMonth: string): string {
  if (!/^\d{4}-\d{2}$/.test(isoMonth)) throw new Error(`formatMonth: “${isoMonth}” is not YYYY-MM`);
  return MONTH.format(new Date(`${isoMonth}-01T00:00:00Z`));
}

const NUMBER = new Intl.NumberFormat('en-GB');

/** A count in digits with thousands separators: "1,234,567". */
export const formatCount = (n: number): string => NUMBER.format(n);

/**
 * How a count reads in running prose (a figure's `as="count"`): the noun agrees
 * with the value, zero to nine are words, zero is "no …" (or "none" without a noun).
 *   count(0, {one:'post'}) → "no posts"     count(1, {one:'post'}) → "one post"
 *   count(12, {one:'run'}) → "12 runs"      count(0) → "none"   count(3) → "three"
 */
export interface CountOptions {
  one?: string | undefined; // the noun for one ("step")
  many?: string | undefined; // its plural, when not one + "s" ("entries")
  zero?: string | undefined; // what zero reads as before the plural noun (default "no")
  cap?: boolean | undefined; // capitalise the first letter (a sentence starts with it)
}

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

export function count(value: unknown, { one, many, zero, cap }: CountOptions = {}): string {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`count: “${String(value)}” is not a number`);
  // "not one stale write": a zero word ending in "one" takes the singular.
  const singular = n === 1 || (n === 0 && /\bone$/.test(zero ?? ''));
  const noun = one === undefined ? '' : singular ? one : (many ?? `${one}s`);
  let out: string;
  if (n === 0) out = noun ? `${zero ?? 'no'} ${noun}` : (zero ?? 'none');
  else {
    const num = (Number.isInteger(n) && n > 0 ? SMALL[n] : undefined) ?? String(n);
    out = noun ? `${num} ${noun}` : num;
  }
  return cap ? out.charAt(0).toUpperCase() + out.slice(1) : out;
}

/** A mean for a table cell: at most two decimals, no trailing zeros ("2.67", "3"). */
export function mean(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

/** A fraction as a whole percentage: "42%" for 0.42. */
export const formatPercent = (fraction: number): string => `${Math.round(fraction * 100)}%`;

/** A part of a whole as a whole percentage ("25%"), or "—" when the whole is zero. */
export const percent = (part: number, whole: number): string =>
  whole ? formatPercent(part / whole) : '—';
