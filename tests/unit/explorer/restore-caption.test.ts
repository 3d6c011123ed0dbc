// The explorer's restore scene must tell the three cases apart, as the reference traces of src/model/presets.ts
// has them for the main trace: #2 restores s1 at t5, redoes s2 (its entry was
// computed from v1's text and the input changed), and computes s3 and s4,
// which no attempt had journalled — not "redone", and not because they changed.
import { describe, expect, it } from 'vitest';
import { SCENES, sceneSwitches } from '../../../src/components/explorer/scenes.ts';
import { simulate } from '../../../src/model/index.ts';

describe('the restore scene caption', () => {
  const scene = SCENES.find((s) => s.id === 'restore')!;
  const caption = scene.caption(simulate(sceneSwitches(scene)));
  const sentences = caption.split(/(?<=[.:])\s+/);
  const about = (re: RegExp) => sentences.filter((x) => re.test(x));

  it('says s1 is restored at t5', () => {
    expect(caption).toMatch(/At t5 it restores s1 without a model call/);
  });
  it('says s2 is redone because its input changed', () => {
    expect(about(/\bs2\b/).some((x) => /redoes/.test(x))).toBe(true);
    expect(caption).toMatch(/input has changed/);
  });
  it('says s3 and s4 have no entry, and does not call them redone', () => {
    const said = about(/\bs3 and s4\b/);
    expect(said.some((x) => /no entry/.test(x))).toBe(true);
    expect(said.some((x) => /redo|restore/.test(x))).toBe(false);
    expect(caption).not.toMatch(/compute s2, s3 and s4/);
  });
});
