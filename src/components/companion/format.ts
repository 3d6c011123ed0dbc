/** Number formats shared by the companion's tables (same rounding as Fig's "mean"). */
export const mean = (x: number): string => (Math.round(x * 100) / 100).toString();
export const percent = (part: number, whole: number): string => (whole ? `${Math.round((part / whole) * 100)}%` : '—');
