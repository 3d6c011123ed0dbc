// The reproducibility check of `npm test` compares dist with the sub-path build
// (scripts/repro.mjs compareUnderBase): two small hand-made trees, one as a root build writes
// it and one as a /sub/ build would, and what must and must not count as a difference. (A link
// that lost its base is the sub-path step's to find: check-dist --base /sub/.)
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { compareUnderBase } from '../../../scripts/repro.mjs';

type Tree = Record<string, string | Buffer>;
const made: string[] = [];

async function tree(files: Tree): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'wtow-cmp-'));
  made.push(dir);
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), body);
  }
  return dir;
}
afterEach(async () => {
  for (const d of made.splice(0)) await rm(d, { recursive: true, force: true });
});

const fragment = (url: string, text: string) =>
  gzipSync(Buffer.from(`pagefind_dcd{"url":"${url}","content":"${text}"}`));

/** A root build: a page, a hashed bundle, an island, a Pagefind fragment, a font. */
const ROOT: Tree = {
  'index.html':
    '<a href="/traces/x/">x</a><astro-island uid="Ab12Cd34" component-url="/_astro/Explorer.BsObHv62.js"></astro-island>',
  '_astro/Explorer.BsObHv62.js': 'import "./client.AAAAAAAA.js"; const base = "/";',
  '_astro/client.AAAAAAAA.js': 'export {}',
  '_astro/KaTeX_Main-Regular.B22Nviop.woff2': Buffer.from([0, 1, 2, 3]),
  'pagefind/fragment/en_0253bb8.pf_fragment': fragment('/traces/x/', 'Run 1'),
};
/** The same site built under /sub/: the base in every URL, other content hashes. */
const SUB: Tree = {
  'index.html':
    '<a href="/sub/traces/x/">x</a><astro-island uid="Zz98Yy76" component-url="/sub/_astro/Explorer.CArL1aGH.js"></astro-island>',
  '_astro/Explorer.CArL1aGH.js': 'import "./client.AAAAAAAA.js"; const base = "/sub/";',
  '_astro/client.AAAAAAAA.js': 'export {}',
  '_astro/KaTeX_Main-Regular.B22Nviop.woff2': Buffer.from([0, 1, 2, 3]),
  'pagefind/fragment/en_9f00aa1.pf_fragment': fragment('/sub/traces/x/', 'Run 1'),
};

describe('compareUnderBase: a root build against a /sub/ build', () => {
  it('finds none where only the base, content hashes and island ids differ', async () => {
    const r = await compareUnderBase(await tree(ROOT), await tree(SUB), '/sub/');
    expect(r.diffs).toEqual([]);
    expect(r.files).toBe(5);
  });

  it('finds a changed byte in a page, in a gzipped fragment and in a font', async () => {
    const root = await tree(ROOT);
    for (const [path, body] of [
      ['index.html', (SUB['index.html'] as string).replace('>x<', '>y<')],
      ['pagefind/fragment/en_9f00aa1.pf_fragment', fragment('/sub/traces/x/', 'Run 2')],
      ['_astro/KaTeX_Main-Regular.B22Nviop.woff2', Buffer.from([0, 1, 2, 4])],
    ] as const) {
      const r = await compareUnderBase(root, await tree({ ...SUB, [path]: body }), '/sub/');
      expect(r.diffs, path).toHaveLength(1);
      expect(r.diffs[0]).toMatch(/^differs: /);
    }
  });

  it('finds a file missing on either side', async () => {
    const root = await tree(ROOT);
    const { 'pagefind/fragment/en_9f00aa1.pf_fragment': _, ...noFragment } = SUB;
    const missing = await compareUnderBase(root, await tree(noFragment), '/sub/');
    expect(missing.diffs).toEqual([
      expect.stringMatching(/^only in .*: pagefind\/fragment\/en_0253bb8\.pf_fragment$/),
    ]);
    const extra = await compareUnderBase(root, await tree({ ...SUB, 'robots.txt': 'x' }), '/sub/');
    expect(extra.diffs).toEqual([expect.stringMatching(/^only in .*: robots\.txt$/)]);
  });
});
