// SHA-256 (FIPS 180-4) in plain TypeScript: the fair-deal check must run the same way on the
// server and in any browser, without node:crypto or an async WebCrypto call.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);
const IV = new Int32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
// Scratch space: the function is synchronous, so one set serves every call.
const W = new Int32Array(64);
const H = new Int32Array(8);
const TAIL = new Uint8Array(128);

function compress(b: Uint8Array, o: number): void {
  for (let i = 0; i < 16; i++, o += 4) W[i] = (b[o] << 24) | (b[o + 1] << 16) | (b[o + 2] << 8) | b[o + 3];
  for (let i = 16; i < 64; i++) {
    const x = W[i - 15];
    const y = W[i - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    W[i] = (W[i - 16] + s0 + W[i - 7] + s1) | 0;
  }
  let a = H[0],
    bb = H[1],
    c = H[2],
    d = H[3],
    e = H[4],
    f = H[5],
    g = H[6],
    h = H[7];
  for (let i = 0; i < 64; i++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const t2 = (S0 + ((a & bb) ^ (a & c) ^ (bb & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = bb;
    bb = a;
    a = (t1 + t2) | 0;
  }
  H[0] = (H[0] + a) | 0;
  H[1] = (H[1] + bb) | 0;
  H[2] = (H[2] + c) | 0;
  H[3] = (H[3] + d) | 0;
  H[4] = (H[4] + e) | 0;
  H[5] = (H[5] + f) | 0;
  H[6] = (H[6] + g) | 0;
  H[7] = (H[7] + h) | 0;
}

/** SHA-256 digest (32 bytes) of `bytes`. Synchronous and allocation-light: the deal commits to
 * 52 cards with about 170 hashes per hand. */
export function sha256(bytes: Uint8Array): Uint8Array {
  H.set(IV);
  const n = bytes.length;
  const full = n - (n % 64);
  for (let o = 0; o < full; o += 64) compress(bytes, o);
  const rest = n - full;
  const tailLength = rest + 9 <= 64 ? 64 : 128;
  TAIL.fill(0, 0, tailLength);
  TAIL.set(bytes.subarray(full), 0);
  TAIL[rest] = 0x80;
  const hi = Math.floor(n / 0x20000000);
  const lo = (n * 8) >>> 0;
  TAIL[tailLength - 8] = hi >>> 24;
  TAIL[tailLength - 7] = (hi >>> 16) & 0xff;
  TAIL[tailLength - 6] = (hi >>> 8) & 0xff;
  TAIL[tailLength - 5] = hi & 0xff;
  TAIL[tailLength - 4] = lo >>> 24;
  TAIL[tailLength - 3] = (lo >>> 16) & 0xff;
  TAIL[tailLength - 2] = (lo >>> 8) & 0xff;
  TAIL[tailLength - 1] = lo & 0xff;
  compress(TAIL, 0);
  if (tailLength === 128) compress(TAIL, 64);
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const v = H[i];
    out[i * 4] = v >>> 24;
    out[i * 4 + 1] = (v >>> 16) & 0xff;
    out[i * 4 + 2] = (v >>> 8) & 0xff;
    out[i * 4 + 3] = v & 0xff;
  }
  return out;
}

const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lower-case hex of bytes. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX_BYTE[bytes[i]];
  return s;
}

/** The value of one hex digit's char code, or -1. */
function nibble(c: number): number {
  if (c >= 48 && c <= 57) return c - 48; // 0-9
  if (c >= 97 && c <= 102) return c - 87; // a-f
  if (c >= 65 && c <= 70) return c - 55; // A-F
  return -1;
}

/** Bytes of a hex string (either case, even length). Throws RangeError otherwise. */
export function hexToBytes(hex: string): Uint8Array {
  if (typeof hex !== 'string' || hex.length % 2 !== 0) throw new RangeError('Not a hex string of whole bytes');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) {
    const hi = nibble(hex.charCodeAt(i * 2));
    const lo = nibble(hex.charCodeAt(i * 2 + 1));
    if (hi < 0 || lo < 0) throw new RangeError('Not a hex string of whole bytes');
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** UTF-8 bytes of a string (TextEncoder exists in browsers and Node alike). */
export function utf8Bytes(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** Hex SHA-256 of bytes. */
export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}
