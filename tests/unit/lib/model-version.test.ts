// The model version names the rules and nothing else: rewording a sentence
// of the narrator leaves it as it is; changing a rule file changes it.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NOT_RULE_FILES, RULE_FILES, versionOf } from '../../../src/lib/version-of.ts';
import { MODEL_VERSION_FULL } from '../../../src/lib/model-version.ts';
import { narrate } from '../../../src/lib/narrate.ts';
import { MAIN, simulate } from '../../../src/model/index.ts';

const root = new URL('../../../src/', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const modelFiles = readdirSync(new URL('model/', root)).filter((f) => f.endsWith('.ts'));

/** Every source the site is built from that could plausibly matter: the model, the narrator, the vocabulary. */
function sources(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of modelFiles) out[`model/${f}`] = read(`model/${f}`);
  out['lib/narrate.ts'] = read('lib/narrate.ts');
  out['lib/vocabulary.ts'] = read('lib/vocabulary.ts');
  return out;
}

describe('model version', () => {
  it('is what the site cites (the build reads the same files)', () => {
    expect(versionOf(sources())).toBe(MODEL_VERSION_FULL);
  });

  it('every file of src/model is declared a rule file or not, and none is both', () => {
    const declared = [...RULE_FILES, ...NOT_RULE_FILES] as string[];
    expect([...modelFiles].sort()).toEqual([...declared].sort());
    expect(new Set(declared).size).toBe(declared.length);
    const extra = { ...sources(), 'model/new-rules.ts': 'export const x = 1;' };
    expect(() => versionOf(extra)).toThrow(/neither a rule file/);
  });

  it('stays when a narrator sentence changes', () => {
    const before = sources();
    const sentence = 'then falls silent: no heartbeat, nothing written.';
    expect(before['lib/narrate.ts']).toContain(sentence);
    const after = {
      ...before,
      'lib/narrate.ts': before['lib/narrate.ts'].replace(sentence, 'then goes quiet.'),
    };
    expect(after['lib/narrate.ts']).not.toBe(before['lib/narrate.ts']);
    expect(versionOf(after)).toBe(versionOf(before));
  });

  it('stays when a label in the vocabulary changes', () => {
    const before = sources();
    const after = {
      ...before,
      'lib/vocabulary.ts': before['lib/vocabulary.ts'].replace(
        "label: 'Fencing'",
        "label: 'Fences'",
      ),
    };
    expect(after['lib/vocabulary.ts']).not.toBe(before['lib/vocabulary.ts']);
    expect(versionOf(after)).toBe(versionOf(before));
  });

  it('changes when a rule changes', () => {
    const before = sources();
    const rule = 'sim.t - a.lastHeartbeat >= TIMING.suspectAfter';
    expect(before['model/controller.ts']).toContain(rule);
    const after = {
      ...before,
      'model/controller.ts': before['model/controller.ts'].replace(
        rule,
        'sim.t - a.lastHeartbeat > TIMING.suspectAfter',
      ),
    };
    expect(versionOf(after)).not.toBe(versionOf(before));
    const timing = {
      ...before,
      'model/sim.ts': before['model/sim.ts'].replace('newsletterReady: 12', 'newsletterReady: 13'),
    };
    expect(timing['model/sim.ts']).not.toBe(before['model/sim.ts']);
    expect(versionOf(timing)).not.toBe(versionOf(before));
  });

  it('no rule file holds a narrator sentence', () => {
    // Code only: comments may describe a rule in words.
    const rules = RULE_FILES.map((f) =>
      read(`model/${f}`)
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/\/\/.*$/gm, ''),
    ).join('\n');
    const run = simulate({ ...MAIN, fencing: 'off', checkpoints: 'end-only', key: 'none' });
    for (const e of run.events) {
      // The longest run of plain words in the sentence (hashes and numbers aside).
      const words = narrate(e)
        .split(/[^A-Za-z ’]+/)
        .map((w) => w.trim())
        .sort((a, b) => b.length - a.length)[0];
      expect(words.length, narrate(e)).toBeGreaterThan(8);
      expect(rules.includes(words), `"${words}" is in a rule file`).toBe(false);
    }
  });
});
