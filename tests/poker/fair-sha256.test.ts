import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bytesToHex, hexToBytes, sha256, sha256Hex, utf8Bytes } from '../../src/poker/fair/index';

describe('sha256', () => {
  it('matches the FIPS 180-4 / NIST vectors', () => {
    expect(sha256Hex(utf8Bytes(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex(utf8Bytes('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex(utf8Bytes('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex(utf8Bytes('a'.repeat(1_000_000)))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto on every length around the block boundaries', () => {
    for (let len = 0; len < 300; len++) {
      const bytes = new Uint8Array(len);
      for (let i = 0; i < len; i++) bytes[i] = (i * 131 + len * 7) & 0xff;
      expect(bytesToHex(sha256(bytes))).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });

  it('converts hex both ways and rejects malformed hex', () => {
    expect(bytesToHex(hexToBytes('00ff10Ab'))).toBe('00ff10ab');
    expect(hexToBytes('')).toEqual(new Uint8Array(0));
    for (const bad of ['0', 'zz', '0g', 'abc']) expect(() => hexToBytes(bad)).toThrow(RangeError);
  });
});
