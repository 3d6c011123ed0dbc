// The companion's stylesheet is katex/dist/katex.min.css (src/pages/companion.astro), and its
// math is rendered by two callers: rehype-katex for the MDX and src/components/companion/Tex.astro.
// KaTeX's class names change between versions (0.16 draws ≠ with .inner/.fix, 0.19's CSS styles
// .katex-inner/.katex-fix), so a renderer of another version than the stylesheet's draws ≠ as
// "/=". package.json's overrides keep one KaTeX; this fails if a second one comes back.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe('one KaTeX renders and styles the math', () => {
  it('rehype-katex and micromark-extension-math resolve the KaTeX whose stylesheet the page loads', () => {
    const top = require.resolve('katex/package.json');
    for (const user of ['rehype-katex', 'micromark-extension-math']) {
      const from = join(import.meta.dirname, '../../node_modules', user);
      expect(require.resolve('katex/package.json', { paths: [from] }), user).toBe(top);
    }
  });
});
