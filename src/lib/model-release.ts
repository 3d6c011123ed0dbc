/**
 * The date of each model version: when its rules were settled. Title blocks
 * name it next to the version ("Model 64759159b1b5 of 1 December 2026").
 *
 * A rule change changes MODEL_VERSION; add the new version here with the date
 * it landed (the unit test tests/unit/lib/model-release.test.ts fails until you
 * do). Pages whose version has no entry show the version without a date, so a
 * build never fails for it. Kept by hand on purpose: the build cannot ask git
 * (reproducible builds run in copies without .git), and a date typed once per
 * rule change is a fact about the project, not a figure about a run.
 */
export const MODEL_DATES: Record<string, string> = {
  '98289b75007d': '2026-12-01',
  caa2b1fe0c17: '2026-12-01',
  // The rule files reformatted by Prettier; no run changed.
  '993a5c6175d5': '2026-12-01',
  // A confirmed announcement stays confirmed; a restart strikes only within the run (issue 20).
  caa4fc73bba4: '2026-12-01',
};

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "1 December 2026" for "2026-12-01"; undefined for an unknown version. */
export function modelDate(version: string): { iso: string; text: string } | undefined {
  const iso = MODEL_DATES[version];
  if (!iso) return undefined;
  const [y, m, d] = iso.split('-').map(Number);
  return { iso, text: `${d} ${MONTHS[m - 1]} ${y}` };
}
