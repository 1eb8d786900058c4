// The staff's TOTP secrets at rest (core/secret-box.ts): sealed with AES-256-GCM under TOTP_KEY,
// rows from before encryption sealed at start, a key rotation re-seals under the new key, and a
// sealed secret opens only in its own row. And new recovery codes with the factor left on.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { SecretBox, parseKeys } from '../../src/server/core/secret-box';
import { TEST_PASSWORD, buildInstance, errCode, setupApp, type TestUser } from './helpers/app';

const KEY_A = randomBytes(32);
const KEY_B = randomBytes(32);
const ctx = setupApp({ totpKeys: [KEY_A] });
const U = '/api/v1/user';
const codeAt = (secret: string, offsetSeconds: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const storedSecret = async (userId: number) =>
  ((await ctx.services.db.execute(sql`SELECT secret FROM user_totp WHERE user_id = ${userId}`)).rows[0] as { secret: string }).secret;
let address = 0;
const login = (app: typeof ctx.app, username: string, otp: string) =>
  app.inject({ method: 'POST', url: `${U}/login`, payload: { username, password: TEST_PASSWORD, otp }, remoteAddress: `10.81.0.${++address}` });

/** A staff member with the second factor on: its secret and recovery codes. */
async function withFactor(): Promise<{ staff: TestUser; secret: string; recoveryCodes: string[] }> {
  const staff = await ctx.staff('ADMIN');
  const { secret } = (await ctx.call({ method: 'POST', url: `${U}/2fa/setup`, as: staff, payload: { password: TEST_PASSWORD } })).json() as { secret: string };
  const on = await ctx.call({ method: 'POST', url: `${U}/2fa/enable`, as: staff, payload: { code: await codeAt(secret, 0) } });
  expect(on.statusCode).toBe(200);
  return { staff, secret, recoveryCodes: (on.json() as { recoveryCodes: string[] }).recoveryCodes };
}

describe('TOTP secrets at rest', () => {
  it('are stored sealed, never in the clear, and still check codes', async () => {
    const { staff, secret } = await withFactor();
    const stored = await storedSecret(staff.userId);
    expect(stored).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored).not.toContain(secret);
    expect((await login(ctx.app, staff.username, await codeAt(secret, 30))).statusCode).toBe(200);
  });

  it('a plaintext row (from before encryption) is sealed at start; a rotation re-seals under the new key; a missing key opens nothing', async () => {
    const { staff, secret } = await withFactor();
    await ctx.services.db.execute(sql`UPDATE user_totp SET secret = ${secret} WHERE user_id = ${staff.userId}`);
    expect(await ctx.services.auth.twoFactor.sealSecrets()).toBeGreaterThanOrEqual(1);
    const underA = await storedSecret(staff.userId);
    expect(underA).toMatch(/^v1:/);
    expect(underA).not.toContain(secret);

    // TOTP_KEY=B,A: started, every row moves to B; then A can go.
    const rotated = await buildInstance(ctx, { totpKeys: [KEY_B, KEY_A] });
    try {
      const underB = await storedSecret(staff.userId);
      expect(underB).not.toBe(underA);
      expect(underB.split(':')[1]).not.toBe(underA.split(':')[1]);
    } finally {
      await rotated.close();
    }
    const onlyB = await buildInstance(ctx, { totpKeys: [KEY_B], jwtSecret: 'another-jwt-secret-that-is-long-enough-012345' });
    try {
      expect((await login(onlyB, staff.username, await codeAt(secret, 30))).statusCode).toBe(200);
    } finally {
      await onlyB.close();
    }
    // Without the key the code cannot be checked: refused (and logged), never a 500.
    const noKey = await buildInstance(ctx, { totpKeys: [randomBytes(32)], jwtSecret: 'yet-another-jwt-secret-that-is-long-enough-0123' });
    try {
      expect(errCode(await login(noKey, staff.username, await codeAt(secret, -30)))).toBe('OTP_INVALID');
    } finally {
      await noKey.close();
    }
  });

  it('a sealed secret opens only in its own row, and only with its key', () => {
    const box = new SecretBox([KEY_A]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user_totp:1');
    expect(box.open(sealed, 'user_totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => box.open(sealed, 'user_totp:2')).toThrow();
    expect(() => new SecretBox([KEY_B]).open(sealed, 'user_totp:1')).toThrow(/no key/);
    expect(new SecretBox([KEY_B, KEY_A]).open(sealed, 'user_totp:1')).toBe('JBSWY3DPEHPK3PXP');
    expect(parseKeys(`${KEY_A.toString('base64')}, ${KEY_B.toString('base64url')}`)).toEqual([KEY_A, KEY_B]);
    expect(() => parseKeys('c2hvcnQ=')).toThrow(/32 bytes/);
  });
});

describe('new recovery codes with the factor left on', () => {
  it('take the password and a code; the old codes stop working, the new ones work once', async () => {
    const { staff, secret, recoveryCodes } = await withFactor();
    const ask = (password: string, code: string) => ctx.call({ method: 'POST', url: `${U}/2fa/recovery-codes`, as: staff, payload: { password, code } });
    expect(errCode(await ask('notmypass1', await codeAt(secret, 30)))).toBe('WRONG_PASSWORD');
    expect(errCode(await ask(TEST_PASSWORD, '000000'))).toBe('OTP_INVALID');
    await ctx.services.db.execute(sql`DELETE FROM login_failures WHERE username_lower = ${staff.username.toLowerCase()}`);
    const fresh = await ask(TEST_PASSWORD, await codeAt(secret, 30));
    expect(fresh.statusCode).toBe(200);
    const codes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await ctx.call({ method: 'GET', url: `${U}/2fa`, as: staff })).json()).toEqual({ available: true, enabled: true, recoveryCodesLeft: 10 });
    expect(errCode(await login(ctx.app, staff.username, recoveryCodes[2]))).toBe('OTP_INVALID');
    expect((await login(ctx.app, staff.username, codes[0])).statusCode).toBe(200);
    expect(errCode(await login(ctx.app, staff.username, codes[0]))).toBe('OTP_INVALID');
    // Players have no factor to renew.
    const p = await ctx.player();
    const r = await ctx.call({ method: 'POST', url: `${U}/2fa/recovery-codes`, as: p, payload: { password: TEST_PASSWORD, code: '123456' } });
    expect(errCode(r)).toBe('OTP_NOT_ENABLED');
  });
});
