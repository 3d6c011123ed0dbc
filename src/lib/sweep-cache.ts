/**
 * The fault sweep (5–9 s) computed once per set of model sources and kept in
 * a file, so the builds of one test run (dist, sub-path, reproduction) and the
 * site tests share one computation.
 *
 * The file is node_modules/.cache/wtow-sweep/<key>.json, where the key is a
 * SHA-256 over every file of src/model (name and text) and package-lock.json:
 * the sweep is a pure function of those files and the installed packages, so a
 * file with that key holds the sweep they compute. It is a cache, not an input: deleting it changes no output, only
 * the time the next build takes. Build-time and test-time only (node:fs).
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { faultSweep, provideFaultSweep, type FaultSweep } from '../model/faults.ts';

/** The project's root: builds, tests and scripts all run there. */
const ROOT = process.cwd();
const MODEL_DIR = join(ROOT, 'src', 'model');
export const SWEEP_CACHE_DIR = join(ROOT, 'node_modules', '.cache', 'wtow-sweep');

/** SHA-256 over package-lock.json and src/model's files (name, NUL, text; in name order). */
export function modelSourceKey(dir = MODEL_DIR): string {
  const h = createHash('sha256');
  const lock = join(ROOT, 'package-lock.json');
  if (existsSync(lock)) h.update(`package-lock.json\0${readFileSync(lock, 'utf8')}\0`);
  for (const name of readdirSync(dir).sort())
    if (name.endsWith('.ts')) h.update(`${name}\0${readFileSync(join(dir, name), 'utf8')}\0`);
  return h.digest('hex').slice(0, 24);
}

/** The cache file for the current model sources. */
export function sweepCacheFile(): string {
  return join(SWEEP_CACHE_DIR, `${modelSourceKey()}.json`);
}

/** The sweep a build wrote for the current sources, or undefined when none has. */
export function readCachedSweep(): FaultSweep | undefined {
  const file = sweepCacheFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FaultSweep) : undefined;
}

/**
 * The fault sweep: read from the cache when a build of the same sources wrote
 * it, else computed (and written). Either way the model's own faultSweep()
 * returns it from then on in this process.
 */
export function cachedSweep(): FaultSweep {
  let sweep = readCachedSweep();
  if (!sweep) {
    sweep = faultSweep();
    const file = sweepCacheFile();
    mkdirSync(SWEEP_CACHE_DIR, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`; // builds running side by side never read half a file
    writeFileSync(tmp, JSON.stringify(sweep));
    renameSync(tmp, file);
  }
  provideFaultSweep(sweep);
  return sweep;
}
