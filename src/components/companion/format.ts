/** Number formats shared by the companion's tables; `mean` is the site's one (src/lib/vocabulary.ts). */
export { mean } from '../../lib/vocabulary.ts';
export const percent = (part: number, whole: number): string =>
  whole ? `${Math.round((part / whole) * 100)}%` : '—';
