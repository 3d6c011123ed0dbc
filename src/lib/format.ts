/**
 * How the site writes ticks, lists, dates and counts: one place, so every page,
 * island and title says them the same way. Pure; islands may import it.
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
