// Reproducibility proof, and the child-process helpers test-all and bench share.
//
//   node scripts/repro.mjs               builds the site twice (tmp/repro-a, tmp/repro-b)
//                                        and compares the two byte for byte
//   node scripts/repro.mjs dirA dirB     compares two existing builds
//
// Exit 0 when identical; otherwise lists files missing on either side and files that
// differ, with the first differing line of text files.
import { spawn } from 'node:child_process';
import { readFile, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve, dirname, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ASTRO = join(ROOT, 'node_modules', 'astro', 'bin', 'astro.mjs');

function withoutColour(env) {
  const { FORCE_COLOR, ...rest } = env; // tinyrainbow & co. treat any FORCE_COLOR as "on"
  return rest;
}

const children = new Set();
let handlersInstalled = false;
function killOnExit() {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const sig of ['SIGINT', 'SIGTERM'])
    process.on(sig, () => {
      for (const pid of children) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {}
      }
      process.exit(130);
    });
}

/**
 * Run a Node script (on this same Node) or a command, with a hard timeout that kills the
 * whole process group. Output is streamed, indented, unless `quiet`; the last lines are
 * kept for summaries. Resolves to { code, timedOut, ms, tail }.
 */
export function run(cmd, args, { timeout = 300_000, env = {}, quiet = false, cwd = ROOT, hide = null } = {}) {
  const t0 = performance.now();
  const isScript = /\.m?js$/.test(cmd);
  const child = spawn(isScript ? process.execPath : cmd, isScript ? [cmd, ...args] : args, {
    cwd,
    env: { ...withoutColour(process.env), NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a timeout can kill grandchildren too
  });
  killOnExit();
  if (child.pid) children.add(child.pid);
  const lines = [];
  let partial = '';
  const onData = (chunk) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop();
    for (let line of parts) {
      line = line.replace(/\x1b\[[0-9;]*[A-Za-z]/g, ''); // some tools colour output regardless of NO_COLOR
      lines.push(line);
      if (lines.length > 200) lines.shift();
      if (!quiet && !(hide && hide.test(line))) process.stdout.write(`    ${line}\n`);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  let timedOut = false;
  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {}
  };
  const timer = setTimeout(() => {
    timedOut = true;
    const msg = `*** timed out after ${timeout / 1000} s; killing ${cmd}`;
    lines.push(msg);
    if (!quiet) process.stdout.write(`    ${msg}\n`);
    kill('SIGTERM');
    setTimeout(() => kill('SIGKILL'), 5000).unref();
  }, timeout);
  return new Promise((ok) => {
    const finish = (code) => {
      clearTimeout(timer);
      children.delete(child.pid);
      if (partial) onData('\n');
      ok({ code: timedOut ? 124 : code, timedOut, ms: performance.now() - t0, tail: lines });
    };
    child.on('error', (err) => {
      lines.push(`could not start ${cmd}: ${err.message}`);
      finish(127);
    });
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

/** Astro's one-line-per-page list ("  ├─ /traces/…/index.html (+1ms)"): 900 lines of noise. */
const PAGE_LIST_LINE = /^\S*\s*[├└│]─/;

/** `astro build` into outDir (relative to the repo root), with BASE_PATH when base is given. */
export async function astroBuild(outDir, { base, timeout = 300_000, quiet = false } = {}) {
  await rm(resolve(ROOT, outDir), { recursive: true, force: true });
  const env = base ? { BASE_PATH: base } : {};
  return run(ASTRO, ['build', '--outDir', outDir], { timeout, env, quiet, hide: PAGE_LIST_LINE });
}

async function listFiles(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) out.push(relative(dir, join(e.parentPath ?? e.path, e.name)).split(sep).join('/'));
  return out.sort();
}

function firstDifference(a, b) {
  if (a.includes(0) || b.includes(0)) return `binary, ${a.length} vs ${b.length} bytes`;
  const la = a.toString('utf8').split('\n');
  const lb = b.toString('utf8').split('\n');
  for (let i = 0; i < Math.max(la.length, lb.length); i++) {
    if (la[i] === lb[i]) continue;
    const x = la[i] ?? '';
    const y = lb[i] ?? '';
    let c = 0;
    while (c < x.length && x[c] === y[c]) c++;
    const from = Math.max(0, c - 40);
    return `line ${i + 1}, col ${c + 1}: ${JSON.stringify(x.slice(from, c + 80))} vs ${JSON.stringify(y.slice(from, c + 80))}`;
  }
  return 'same lines, different bytes (line endings?)';
}

/** Byte-for-byte comparison of two directory trees. */
export async function compareDirs(a, b) {
  const [fa, fb] = await Promise.all([listFiles(a), listFiles(b)]);
  const sb = new Set(fb);
  const sa = new Set(fa);
  const onlyA = fa.filter((f) => !sb.has(f));
  const onlyB = fb.filter((f) => !sa.has(f));
  const differ = [];
  for (const f of fa) {
    if (!sb.has(f)) continue;
    const [x, y] = await Promise.all([readFile(join(a, f)), readFile(join(b, f))]);
    if (!x.equals(y)) differ.push({ file: f, detail: firstDifference(x, y) });
  }
  return { files: fa.length, onlyA, onlyB, differ, identical: !onlyA.length && !onlyB.length && !differ.length };
}

/** Print a comparison; returns true when identical. */
export function printComparison(r, a, b, log = console.log) {
  if (r.identical) {
    log(`identical: ${r.files} files in ${a} and ${b} are byte-for-byte the same`);
    return true;
  }
  log(`NOT reproducible: ${a} vs ${b}`);
  for (const f of r.onlyA.slice(0, 20)) log(`  only in ${a}: ${f}`);
  for (const f of r.onlyB.slice(0, 20)) log(`  only in ${b}: ${f}`);
  for (const d of r.differ.slice(0, 30)) log(`  differs: ${d.file}: ${d.detail}`);
  const more = r.onlyA.length + r.onlyB.length + r.differ.length - Math.min(r.onlyA.length, 20) - Math.min(r.onlyB.length, 20) - Math.min(r.differ.length, 30);
  if (more > 0) log(`  … and ${more} more`);
  log(`  ${r.differ.length} differing, ${r.onlyA.length} only in the first, ${r.onlyB.length} only in the second`);
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  let [a, b] = process.argv.slice(2);
  if (!a || !b) {
    a = 'tmp/repro-a';
    b = 'tmp/repro-b';
    for (const dir of [a, b]) {
      console.log(`building ${dir} …`);
      const r = await astroBuild(dir, { quiet: true });
      if (r.code !== 0) {
        console.log(r.tail.slice(-30).join('\n'));
        console.log(`build into ${dir} failed (exit ${r.code})`);
        process.exit(1);
      }
      console.log(`  built in ${(r.ms / 1000).toFixed(1)} s`);
    }
  }
  process.exit(printComparison(await compareDirs(resolve(ROOT, a), resolve(ROOT, b)), a, b) ? 0 : 1);
}
