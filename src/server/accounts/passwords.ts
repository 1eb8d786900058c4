// Password hashing: node:crypto scrypt N=2^16, r=8, p=1 (64 MiB per hash), constant-time compare.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))));

export const SCRYPT_PRODUCTION = { N: 2 ** 16, r: 8, p: 1 } as const;
export type ScryptParams = { N: number; r: number; p: number };

const KEYLEN = 64;

/** Format: scrypt$N$r$p$salt(b64)$hash(b64) so the cost can be raised later per hash. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PRODUCTION): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEYLEN, { ...params, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  const key = await scrypt(password.normalize('NFKC'), salt, expected.length, { N, r, p, maxmem: 256 * 1024 * 1024 });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
