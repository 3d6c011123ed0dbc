// The build's compact SHA-256 (src/lib/sha256.ts, aliased in place of @noble/hashes by
// astro.config.mjs) against the standard's test vectors (FIPS 180-4 examples / NIST
// CAVP short messages) and against @noble/hashes itself, which the tests and the
// model's unit tests run on.
import { describe, expect, it } from 'vitest';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { bytesToHex as nobleHex, utf8ToBytes as nobleUtf8 } from '@noble/hashes/utils.js';
import { bytesToHex, sha256, utf8ToBytes } from '../../../src/lib/sha256.ts';
import { SECTION_TEXT } from '../../../src/model/world.ts';

const hex = (s: string) => bytesToHex(sha256(utf8ToBytes(s)));

describe('compact SHA-256', () => {
  it('gives the standard digests', () => {
    expect(hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(
      hex(
        'abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu',
      ),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
    expect(bytesToHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });
  it('agrees with @noble/hashes on every length from 0 to 300 bytes, on UTF-8 text, and on the report’s section texts', () => {
    for (let n = 0; n <= 300; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + n * 7) & 0xff);
      expect(bytesToHex(sha256(bytes)), `length ${n}`).toBe(nobleHex(nobleSha256(bytes)));
    }
    const texts = [
      'Q3 revenue 4.1 million — ünïcödé ✓ 💶',
      ...Object.values(SECTION_TEXT).flatMap((v) => Object.values(v)),
    ];
    for (const t of texts) {
      expect(bytesToHex(utf8ToBytes(t))).toBe(nobleHex(nobleUtf8(t)));
      expect(hex(t)).toBe(nobleHex(nobleSha256(nobleUtf8(t))));
    }
  });
});
