// Reproducibility, and the child-process helpers test-all and bench share.
//
//   node scripts/repro.mjs         copies the checkout (without node_modules, dist, tmp)
//                                  into two temporary directories, builds each, and
//                                  compares the two builds byte for byte
//   node scripts/repro.mjs A B     compares two existing builds
import { spawn } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { cp, mkdtemp, readFile, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');
/** Astro's one-line-per-page list ("  ├─ /traces/…/index.html (+1ms)"): 900 lines of noise. */
const PAGE_LIST_LINE = /[├└│]─/;

/**
 * The name of the step a command runs for (test-all runs steps side by side): each line a
 * command prints is shown as `    [step] line`.
 */
export const stepName = new AsyncLocalStorage();

/**
 * Run a Node script (on this same Node) or a command with a hard timeout that kills its
 * whole process group. Output is streamed, indented and labelled with the step (unless
 * `quiet`). `nice` lowers its CPU priority (niceness 0–19). → { code, ms, tail }.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ timeout?: number, env?: Record<string, string>, quiet?: boolean, cwd?: string, nice?: number }} [options]
 * @returns {Promise<{ code: number, ms: number, tail: string[] }>}
 */
export function run(
  cmd,
  args,
  { timeout = 300_000, env = {}, quiet = false, cwd = ROOT, nice = 0 } = {},
) {
  const t0 = performance.now();
  const script = /\.[mc]?js$/.test(cmd);
  const { FORCE_COLOR, ...parentEnv } = process.env;
  const label = stepName.getStore();
  const prefix = label ? `    [${label}] ` : '    ';
  let [file, argv] = script ? [process.execPath, [cmd, ...args]] : [cmd, args];
  if (nice) [file, argv] = ['nice', ['-n', String(nice), file, ...argv]];
  const child = spawn(file, argv, {
    cwd,
    env: { ...parentEnv, NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a timeout also ends its children
  });
  /** @type {string[]} */
  const tail = [];
  const onData = (/** @type {Buffer} */ chunk) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 100) tail.shift();
      if (!quiet && !PAGE_LIST_LINE.test(line)) process.stdout.write(`${prefix}${line}\n`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const timer = setTimeout(() => {
    tail.push(`*** timed out after ${timeout / 1000} s`);
    console.log(`${prefix}*** ${cmd} timed out after ${timeout / 1000} s; killing it`);
    try {
      process.kill(-(child.pid ?? 0), 'SIGKILL');
    } catch {
      // already gone
    }
  }, timeout);
  return new Promise((ok) => {
    child.on('error', (err) => tail.push(`could not start ${cmd}: ${err.message}`));
    child.on('close', (code) => {
      clearTimeout(timer);
      ok({ code: code ?? 1, ms: performance.now() - t0, tail });
    });
  });
}

/**
 * `astro build` into outDir (relative to cwd, or absolute), with BASE_PATH when base is given.
 * @param {string} outDir
 * @param {{ base?: string | undefined, cwd?: string, timeout?: number, quiet?: boolean, nice?: number }} [options]
 */
export async function astroBuild(
  outDir,
  { base, cwd = ROOT, timeout = 300_000, quiet = false, nice = 0 } = {},
) {
  await rm(resolve(cwd, outDir), { recursive: true, force: true });
  return run(ASTRO, ['build', '--outDir', outDir], {
    timeout,
    env: base ? { BASE_PATH: base } : {},
    quiet,
    cwd,
    nice,
  });
}

/** A copy of the checkout in a fresh temporary directory, sharing this node_modules. */
export async function copyCheckout() {
  const dir = await mkdtemp(join(tmpdir(), 'wtow-repro-'));
  const skip = new Set(['node_modules', 'dist', 'tmp', 'test-results', '.git', '.astro']);
  await cp(ROOT, dir, {
    recursive: true,
    filter: (src) => !skip.has(relative(ROOT, src).split(sep)[0] ?? ''),
  });
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** @param {string} dir */
async function listFiles(dir) {
  /** @type {string[]} */
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out.push(relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  return out.sort();
}

/**
 * Byte-for-byte comparison of two trees → a list of differences (empty when identical).
 * @param {string} a @param {string} b
 */
export async function compareDirs(a, b) {
  const [fa, fb] = await Promise.all([listFiles(a), listFiles(b)]);
  const diffs = [
    ...fa.filter((f) => !fb.includes(f)).map((f) => `only in ${a}: ${f}`),
    ...fb.filter((f) => !fa.includes(f)).map((f) => `only in ${b}: ${f}`),
  ];
  for (const f of fa.filter((f) => fb.includes(f))) {
    const [x, y] = await Promise.all([readFile(join(a, f)), readFile(join(b, f))]);
    if (x.equals(y)) continue;
    let i = 0;
    while (x[i] === y[i]) i++;
    diffs.push(
      `differs: ${f} at byte ${i}: ${JSON.stringify(x.subarray(Math.max(0, i - 40), i + 60).toString())} vs ${JSON.stringify(y.subarray(Math.max(0, i - 40), i + 60).toString())}`,
    );
  }
  return { files: fa.length, diffs };
}

/** Vite's `name.HASH8.ext` under _astro/ (the one hashed part of a binary file's path). */
/** @type {[RegExp, string]} */
const ASSET_NAME = [/\.[A-Za-z0-9_-]{8}\.(js|css|woff2?|ttf|svg|png|webp|avif|jpe?g)\b/g, '.#.$1'];
/** Content-hashed names: Vite's assets', Pagefind's `en_HEX` chunks, an island's uid. */
/** @type {[RegExp, string][]} */
const HASHED = [
  ASSET_NAME,
  [/\ben_[0-9a-f]{7,10}\b/g, 'en_#'],
  // an island's uid is a hash of its component's (hashed, based) URL and props
  [/<astro-island uid="[A-Za-z0-9_-]+"/g, '<astro-island uid="#"'],
];
const GZIP = Buffer.from([0x1f, 0x8b]);
/** Fonts, images and WebAssembly: no base and no hashed name inside. */
const BINARY = /\.(woff2?|ttf|png|webp|avif|jpe?g|pagefind)$/;
const hash = (/** @type {Buffer} */ bytes) => createHash('sha256').update(bytes).digest('hex');

/**
 * A file's path and bytes with content hashes set aside and `base` read as `/`.
 * @param {string} path @param {Buffer} bytes @param {string} base
 */
function normalise(path, bytes, base) {
  // Pagefind's chunks are gzipped: compare what they hold (its compressor is not ours).
  const raw = bytes.subarray(0, 2).equals(GZIP) ? gunzipSync(bytes) : bytes;
  if (BINARY.test(path)) return { name: path.replace(...ASSET_NAME), digest: hash(raw) };
  let text = raw.toString('latin1');
  if (base !== '/') text = text.split(base).join('/');
  let name = path;
  for (const [re, to] of HASHED) {
    text = text.replace(re, to);
    name = name.replace(re, to);
  }
  return { name, digest: hash(Buffer.from(text, 'latin1')) };
}

/**
 * Two builds of one checkout, one at the root and one under `base` (a copy built with
 * BASE_PATH): the same files with the same bytes once every `base` in the second is read as
 * `/` and content-hashed file names (which change when a bundle holds the base) are set aside.
 * Files are matched by their name with hashes set aside, as multisets (Pagefind names its
 * 875 fragments by hash alone). → { files, diffs }
 * @param {string} root @param {string} sub @param {string} base
 */
export async function compareUnderBase(root, sub, base) {
  const side = async (/** @type {string} */ dir, /** @type {string} */ b) => {
    /** @type {Map<string, { f: string, digest: string }[]>} */
    const m = new Map();
    for (const f of await listFiles(dir)) {
      const { name, digest } = normalise(f, await readFile(join(dir, f)), b);
      if (!m.has(name)) m.set(name, []);
      m.get(name)?.push({ f, digest });
    }
    return m;
  };
  const [a, b] = await Promise.all([side(root, '/'), side(sub, base)]);
  /** @type {string[]} */
  const diffs = [];
  let files = 0;
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(name) ?? [];
    const y = b.get(name) ?? [];
    files += x.length;
    const left = [...y.map((e) => e.digest)];
    /** @type {string[]} */
    const unmatched = [];
    for (const e of x) {
      const i = left.indexOf(e.digest);
      if (i >= 0) left.splice(i, 1);
      else unmatched.push(e.f);
    }
    if (!x.length) diffs.push(`only in ${sub}: ${y.map((e) => e.f).join(', ')}`);
    else if (!y.length) diffs.push(`only in ${root}: ${x.map((e) => e.f).join(', ')}`);
    else if (unmatched.length || left.length)
      diffs.push(
        `differs: ${unmatched.slice(0, 3).join(', ')}${unmatched.length > 3 ? ` and ${unmatched.length - 3} more` : ''} (${x.length} in ${root} and ${y.length} in ${sub} named ${name})`,
      );
  }
  return { files, diffs };
}

/**
 * Build a copy of the checkout in a fresh temporary directory → { dir, dist, ok, code, tail }:
 * into its own dist, or into `outDir` (relative to this checkout), with BASE_PATH `base`.
 * The caller removes `dir` (test-all starts this while other steps run, and compares later).
 * A copy's build writes no file of this checkout (its .astro/ is the copy's own), so it can
 * run while other steps read this one.
 * @param {{ timeout?: number, base?: string, outDir?: string, nice?: number }} [options]
 */
export async function buildCopy({ timeout = 300_000, base, outDir, nice = 0 } = {}) {
  const dir = await copyCheckout();
  const dist = outDir ? resolve(ROOT, outDir) : join(dir, 'dist');
  const r = await astroBuild(dist, { cwd: dir, quiet: true, timeout, base, nice });
  return { dir, dist, ok: r.code === 0, code: r.code, tail: r.tail, ms: r.ms };
}

/**
 * Build a copy of the checkout elsewhere and compare with `against` (or with a second copy).
 * @param {string} [against]
 */
export async function reproduce(against) {
  const dirs = [];
  try {
    const builds = [];
    for (const _ of against ? [1] : [1, 2]) {
      const dir = await copyCheckout();
      dirs.push(dir);
      console.log(`    building a copy of the checkout in ${dir}`);
      const r = await astroBuild('dist', { cwd: dir, quiet: true });
      if (r.code !== 0)
        return { ok: false, lines: [...r.tail.slice(-20), `build in ${dir} failed`] };
      builds.push(join(dir, 'dist'));
    }
    const [a, b] = against ? [against, builds[0]] : builds;
    if (!a || !b) throw new Error(`repro: two builds to compare, not ${[a, b].filter(Boolean)}`);
    const { files, diffs } = await compareDirs(a, b);
    return {
      ok: diffs.length === 0,
      lines: diffs.length
        ? [...diffs.slice(0, 30), `${diffs.length} difference(s) between ${a} and ${b}`]
        : [`identical: ${files} files in ${a} and ${b}`],
    };
  } finally {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [a, b] = process.argv.slice(2);
  const r =
    a && b
      ? await compareDirs(resolve(a), resolve(b)).then(({ files, diffs }) => ({
          ok: !diffs.length,
          lines: diffs.length ? diffs : [`identical: ${files} files`],
        }))
      : await reproduce();
  for (const l of r.lines) console.log(l);
  process.exit(r.ok ? 0 : 1);
}
