/**
 * SHA-256 (FIPS 180-4) in a few dozen lines, with the three functions of
 * @noble/hashes that src/model/world.ts imports: `sha256`, `bytesToHex`,
 * `utf8ToBytes`. The site's build aliases those two @noble/hashes modules to
 * this file (astro.config.mjs, `resolve.alias`), so the islands ship ~0.8 kB
 * of hashing instead of ~3 kB (gzip): the model only hashes short texts to name them
 * (no secret, no stream), and needs none of noble's other hashes or its
 * unrolled tables. The model's code is unchanged and still computes SHA-256;
 * tests (which run on the real @noble/hashes) check this against it and
 * against the standard's test vectors (tests/unit/lib/sha256.test.ts), and the
 * built pages' digests against the model's.
 */

export function utf8ToBytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += (b < 16 ? '0' : '') + b.toString(16);
  return out;
}

/**
 * The first 32 bits of the fractional part of the e-th root of p, exactly: a
 * floating-point estimate corrected with integers, so no engine's rounding of
 * Math.sqrt / Math.cbrt can change a constant.
 */
function rootBits(p: number, e: number): number {
  const target = BigInt(p) << BigInt(32 * e);
  const one = BigInt(1);
  let v = BigInt(Math.floor((e === 2 ? Math.sqrt(p) : Math.cbrt(p)) * 2 ** 32));
  while (v ** BigInt(e) > target) v -= one;
  while ((v + one) ** BigInt(e) <= target) v += one;
  return Number(v & BigInt(0xffffffff)) | 0;
}

let K: Int32Array | undefined;
let H0: Int32Array;

/** The round constants (cube roots of the first 64 primes) and initial hash (square roots of the first 8). */
function constants(): Int32Array {
  const k = new Int32Array(64);
  H0 = new Int32Array(8);
  for (let p = 2, n = 0; n < 64; p++) {
    let prime = true;
    for (let d = 2; d * d <= p; d++) if (p % d === 0) prime = false;
    if (!prime) continue;
    if (n < 8) H0[n] = rootBits(p, 2);
    k[n++] = rootBits(p, 3);
  }
  return (K = k);
}

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256(msg: Uint8Array): Uint8Array {
  const k = K ?? constants();
  const len = msg.length;
  // Padding: the message, a 1 bit, zeros, and the length in bits as 64 bits, to a multiple of 16 words.
  const words = (((len + 8) >> 6) + 1) << 4;
  const m = new Int32Array(words);
  for (let i = 0; i < len; i++) m[i >> 2] |= msg[i] << (24 - (i & 3) * 8);
  m[len >> 2] |= 0x80 << (24 - (len & 3) * 8);
  m[words - 2] = Math.floor(len / 0x20000000);
  m[words - 1] = len << 3;
  const h = H0.slice();
  const w = new Int32Array(64);
  for (let j = 0; j < words; j += 16) {
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      if (i < 16) w[i] = m[j + i];
      else {
        const x = w[i - 15];
        const y = w[i - 2];
        w[i] =
          (rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3)) +
          w[i - 16] +
          (rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10)) +
          w[i - 7];
      }
      const t1 =
        (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + k[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i] + v) | 0));
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = h[i >> 2] >>> (24 - (i & 3) * 8);
  return out;
}
