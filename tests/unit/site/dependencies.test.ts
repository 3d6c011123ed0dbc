// Every package the code imports is declared in package.json (a package reached only
// through another one's dependencies can vanish or change version under us on any install).
// Read from the sources themselves: every `from '…'`, `import '…'` and `import('…')` in src,
// tests, scripts, lab and the root config files that names a package.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const DIRS = ['src', 'tests', 'scripts', 'lab'];
const CONFIGS = [
  'astro.config.mjs',
  'eslint.config.js',
  'playwright.config.ts',
  'vitest.config.ts',
];
const CODE = /\.(m?[jt]sx?|astro)$/;
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])([@\w./:-][^'"\s]*)\1/g;

/** The package a specifier names, or null for a file, a Node built-in or an Astro virtual module. */
function packageOf(spec: string): string | null {
  if (/^(\.|\/|node:|astro:)/.test(spec)) return null;
  const [scope = '', name] = spec.split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

function sources(): string[] {
  const files = CONFIGS.map((f) => join(ROOT, f));
  for (const dir of DIRS)
    for (const e of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true }))
      if (e.isFile() && CODE.test(e.name) && !e.parentPath.includes('fixtures'))
        files.push(join(e.parentPath, e.name));
  return files;
}

describe('dependencies', () => {
  it('reads a package name from a specifier', () => {
    expect(packageOf('@axe-core/playwright')).toBe('@axe-core/playwright');
    expect(packageOf('astro/runtime/server/index.js')).toBe('astro');
    expect(packageOf('preact/hooks')).toBe('preact');
    expect(packageOf('node:fs')).toBeNull();
    expect(packageOf('../model/index.ts')).toBeNull();
    expect(packageOf('astro:content')).toBeNull();
  });

  it('every imported package is declared in package.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    const declared = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }));
    const missing = new Set<string>();
    let seen = 0;
    for (const file of sources())
      for (const [, , spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const name = packageOf(spec ?? '');
        if (!name) continue;
        seen++;
        if (!declared.has(name)) missing.add(`${name} (${file.slice(ROOT.length + 1)})`);
      }
    expect(seen).toBeGreaterThan(50);
    expect([...missing]).toEqual([]);
  });
});
