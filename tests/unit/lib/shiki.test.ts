// The build's code colours must not depend on the clock: Shiki stops tokenizing a line
// after `tokenizeTimeLimit` ms and paints the rest like the token it stopped in. Here the
// clock is made to jump a second per reading, so every line "runs out of time" at once.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHighlighter } from 'shiki';
import { shikiThemes, shikiTransformers } from '../../../src/lib/shiki.mjs';

const code = 'export interface Announcement {\n  text: string;\n}';

/** Light-theme colour of each token of the first line, as "word:#colour". */
async function firstLine(transformers: typeof shikiTransformers): Promise<string[]> {
  const h = await createHighlighter({ langs: ['ts'], themes: Object.values(shikiThemes) });
  let now = 0;
  const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1000));
  try {
    const html = h.codeToHtml(code, {
      lang: 'ts',
      themes: shikiThemes,
      defaultColor: false,
      transformers,
    });
    const line = html.split('<span class="line">')[1]!;
    return [...line.matchAll(/--shiki-light:(#\w+)[^>]*>([^<]*)</g)].map(
      ([, c, w]) => `${(w ?? '').trim()}:${c}`,
    );
  } finally {
    clock.mockRestore();
    h.dispose();
  }
}

describe('shared Shiki configuration', () => {
  afterEach(() => vi.restoreAllMocks());

  it('without the transformer, a slow clock recolours the rest of the line (the old flake)', async () => {
    const tokens = await firstLine([]);
    const colours = new Set(tokens.map((t) => t.split(':')[1]));
    expect(colours.size).toBe(1); // everything keyword-coloured
  });

  it('with it, the type name keeps its own colour however slow the clock', async () => {
    const tokens = await firstLine(shikiTransformers);
    const kw = tokens.find((t) => t.startsWith('interface:'))!.split(':')[1];
    const name = tokens.find((t) => t.startsWith('Announcement:'))!.split(':')[1];
    expect(name).not.toBe(kw);
  });
});
