/**
 * Which files of src/model are its rules, and the version hash over them.
 * Pure (no import.meta, no file system) so a unit test can feed it edited
 * sources; src/lib/model-version.ts feeds it the real ones.
 *
 * A file holds rules when changing it can change what a run does or what a
 * run's records say. Views, the sweep, the ledger and the presets only read
 * runs; the narrator and the vocabulary (outside src/model) only choose words.
 */
import { sha256Hex } from '../model/world.ts';

/** The rule files, whose source the model version hashes. */
export const RULE_FILES = [
  'controller.ts',
  'dependant.ts',
  'feed.ts',
  'invariants.ts',
  'run.ts',
  'schedule.ts',
  'sim.ts',
  'stores.ts',
  'switches.ts',
  'types.ts',
  'workers.ts',
  'world.ts',
] as const;

/** Files of src/model that hold no rule: entry points and read-only derivations. */
export const NOT_RULE_FILES = [
  'browser.ts',
  'faults.ts',
  'index.ts',
  'ledger.ts',
  'presets.ts',
  'records.ts',
  'sweep.ts',
  'views.ts',
] as const;

/**
 * SHA-256 over the rule files' sources (file name, newline, source; files
 * in name order, separated by "\n\0\n"). `sources` maps a file name in
 * src/model to its text; other entries are ignored. Throws when a model file
 * is in neither list, so a new file must be declared a rule or not.
 */
export function versionOf(sources: Record<string, string>): string {
  const known = new Set<string>([...RULE_FILES, ...NOT_RULE_FILES]);
  for (const name of Object.keys(sources)) {
    if (name.startsWith('model/') && !known.has(name.slice('model/'.length))) {
      throw new Error(
        `src/${name} is neither a rule file nor declared as holding no rule (src/lib/version-of.ts)`,
      );
    }
  }
  const parts = RULE_FILES.map((f) => {
    const text = sources[`model/${f}`];
    if (text === undefined) throw new Error(`rule file src/model/${f} is missing`);
    return `${f}\n${text}`;
  });
  return sha256Hex(parts.join('\n\0\n'));
}
