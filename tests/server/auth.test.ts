// Accounts: registration, login and its throttling, tokens and their versions, profile, password reset.
// The security issue's cases (proxies, throttling, second factor, enumeration): auth-security.test.ts.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { JWT_SECRET, TEST_PASSWORD, errCode, setupApp } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';

let n = 0;
const registration = (over: Record<string, unknown> = {}) => {
  const username = `reg_${Date.now().toString(36)}${n++}`;
  return {
    email: `${username}@example.mn`,
    username,
    password: 'abcdefg1',
    confirmPassword: 'abcdefg1',
    bank: 'GOLOMT',
    accountNumber: '123456789',
    adult: true,
    ...over,
  };
};

describe('register', () => {
  it('creates a player with a deposit code, zero balance and a working token', async () => {
    const body = registration();
    const res = await ctx.call({ method: 'POST', url: `${U}/register`, payload: body });
    expect(res.statusCode).toBe(201);
    const { accessToken, user } = res.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      role: 'PLAYER',
      isAdmin: false,
      balance: 0,
      locked: 0,
      bank: 'GOLOMT',
      accountNumber: '123456789',
    });
    expect(user.depositCode).toMatch(/^D[ACDEFGHJKMNPQRTUVWXY34679]{7}$/);
    const me = await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().userId).toBe(user.userId);
  });

  it.each([
    ['short username', { username: 'ab' }],
    ['username with a dash', { username: 'bad-name' }],
    ['long username', { username: 'a'.repeat(21) }],
    ['password without digit', { password: 'abcdefgh', confirmPassword: 'abcdefgh' }],
    ['password without letter', { password: '12345678', confirmPassword: '12345678' }],
    ['short password', { password: 'abc1', confirmPassword: 'abc1' }],
    ['different confirmation', { confirmPassword: 'abcdefg2' }],
    ['no age confirmation', { adult: false }],
    ['unknown bank', { bank: 'HSBC' }],
    ['account number with letters', { accountNumber: '12345a' }],
    ['short account number', { accountNumber: '12345' }],
    ['bad email', { email: 'not-an-email' }],
    ['number as username', { username: 12345 }],
  ])('refuses %s with 400 and field details', async (_name, over) => {
    const res = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_INPUT');
    expect(res.json().error.details.length).toBeGreaterThan(0);
  });

  it('refuses a taken username (case-insensitive) with 409; a taken e-mail answers like a free one (unconfirmed)', async () => {
    const first = registration();
    expect((await ctx.call({ method: 'POST', url: `${U}/register`, payload: first })).statusCode).toBe(201);
    const sameName = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration({ username: first.username.toUpperCase() }) });
    expect(sameName.statusCode).toBe(409);
    expect(errCode(sameName)).toBe('USERNAME_TAKEN');
    // Usernames are public (shown at tables); e-mail addresses are not: see auth-security.test.ts.
    const sameMail = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration({ email: first.email.toUpperCase() }) });
    expect(sameMail.statusCode).toBe(201);
    expect(sameMail.json().user.emailConfirmed).toBe(false);
  });
});

describe('login', () => {
  it('answers a token and the user; the password is checked with scrypt', async () => {
    const p = await ctx.player();
    const res = await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: TEST_PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.userId).toBe(p.userId);
    const me = await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${res.json().accessToken}` } });
    expect(me.statusCode).toBe(200);
  });

  it('answers unknown user and wrong password alike', async () => {
    const p = await ctx.player();
    const wrong = await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: 'wrongpass1' } });
    const unknown = await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: 'nobody_here_x', password: 'wrongpass1' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('makes one source wait after 3 failures for a name (429 + Retry-After, even with the right password), never other sources', async () => {
    const p = await ctx.player();
    const from = (remoteAddress: string, password: string, username = p.username) =>
      ctx.call({ method: 'POST', url: `${U}/login`, payload: { username, password }, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await from('10.20.0.1', `wrong${i}pass`)).statusCode).toBe(401);
    const waiting = await from('10.20.0.1', TEST_PASSWORD);
    expect(waiting.statusCode).toBe(429);
    expect(errCode(waiting)).toBe('LOGIN_THROTTLED');
    expect(waiting.headers['retry-after']).toBe('1');
    // The owner elsewhere is not held up by that source's failures.
    expect((await from('10.20.0.2', TEST_PASSWORD)).statusCode).toBe(200);
    // Unknown names wait the same way (no enumeration through the throttle).
    for (let i = 0; i < 3; i++) expect((await from('10.20.0.1', `wrong${i}pass`, 'ghost_user_1')).statusCode).toBe(401);
    expect(errCode(await from('10.20.0.1', 'x', 'ghost_user_1'))).toBe('LOGIN_THROTTLED');
    // Once the wait is over (moved by hand) the right password works again.
    await ctx.services.db.execute(
      sql`UPDATE login_failures SET blocked_until = now() - interval '1 second' WHERE username_lower = ${p.username.toLowerCase()}`,
    );
    expect((await from('10.20.0.1', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses malformed bodies with 400, never 500', async () => {
    for (const payload of ['{"username":', '[]', '"x"', '{"username":1,"password":2}']) {
      const r = await ctx.call({ method: 'POST', url: `${U}/login`, payload, headers: { 'content-type': 'application/json' } });
      expect(r.statusCode).toBe(400);
    }
    const form = await ctx.call({ method: 'POST', url: `${U}/login`, payload: 'username=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    const big = await ctx.call({
      method: 'POST',
      url: `${U}/login`,
      payload: JSON.stringify({ username: 'a'.repeat(300_000), password: 'x' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(errCode(big)).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('tokens', () => {
  it('401 without a token, with a bad one, a forged one, or one for another algorithm', async () => {
    expect((await ctx.call({ method: 'GET', url: `${U}/me` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
    const p = await ctx.player();
    const [h, , s] = p.token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ sub: '1', tv: 0, exp: 9999999999 })).toString('base64url');
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${h}.${forgedPayload}.${s}` } })).statusCode).toBe(401);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(p.userId), tv: 0 })).toString('base64url')}.`;
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${none}` } })).statusCode).toBe(401);
  });

  it('logout-all kills every token of the user at once', async () => {
    const p = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'POST', url: `${U}/logout-all`, as: p })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(401);
  });

  it('a cached GET /me never outlives a change: money, profile, role, logout-all, delete', async () => {
    const p = await ctx.player({ balance: 20_000 });
    const admin = await ctx.admin();
    const me = async () => ctx.call({ method: 'GET', url: `${U}/me`, as: p });
    expect((await me()).json().balance).toBe(20_000);
    expect((await me()).json().balance).toBe(20_000); // now served from the cache
    await ctx.call({ method: 'POST', url: '/api/v1/admin/deposit', as: admin, payload: { userId: p.userId, amount: 5_000 } });
    expect((await me()).json()).toMatchObject({ balance: 25_000, locked: 0 });
    expect((await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: p, payload: { amount: 10_000 } })).statusCode).toBe(201);
    expect((await me()).json()).toMatchObject({ balance: 15_000, locked: 10_000 });
    await ctx.call({ method: 'PATCH', url: `${U}/me`, as: p, payload: { bank: 'XAC', currentPassword: TEST_PASSWORD } });
    expect((await me()).json().bank).toBe('XAC');
    // A role change bumps the token version: the old token dies at once.
    expect((await ctx.call({ method: 'PATCH', url: `/api/v1/admin/user/role?userId=${p.userId}`, as: admin, payload: { role: 'ADMIN' } })).statusCode).toBe(
      200,
    );
    expect((await me()).statusCode).toBe(401);

    const q = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: q })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/outcome', as: q })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'DELETE', url: `/api/v1/admin/user?userId=${q.userId}`, as: admin })).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: q })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/outcome', as: q })).statusCode).toBe(401);
  });

  it('a token signed with another secret is refused', async () => {
    const other = await buildApp({ db: ctx.db.handle, jwtSecret: 'another-secret-0123456789-abcdefghij', seed: false, admin: false });
    await other.ready();
    const p = await ctx.player();
    const foreign = await other.services.tokens.sign({ userId: p.userId, tokenVersion: 0 });
    await other.close();
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${foreign}` } })).statusCode).toBe(401);
    expect(JWT_SECRET).not.toBe('another-secret-0123456789-abcdefghij');
  });
});

describe('PATCH /me', () => {
  it('changes e-mail and bank details but ignores role and balance', async () => {
    const p = await ctx.player({ balance: 20_000 });
    const res = await ctx.call({
      method: 'PATCH',
      url: `${U}/me`,
      as: p,
      payload: {
        email: `new_${p.username}@example.mn`,
        bank: 'XAC',
        accountNumber: '99998888',
        currentPassword: TEST_PASSWORD,
        role: 'ADMIN',
        balance: 999_999_999,
        isAdmin: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: `new_${p.username}@example.mn`,
      bank: 'XAC',
      accountNumber: '99998888',
      role: 'PLAYER',
      isAdmin: false,
      balance: 20_000,
    });
  });

  it('changes the password only with the current one (403, not 401, when wrong) and kills old tokens', async () => {
    const p = await ctx.player();
    const noCurrent = await ctx.call({ method: 'PATCH', url: `${U}/me`, as: p, payload: { password: 'newpass12' } });
    expect(noCurrent.statusCode).toBe(400);
    const wrong = await ctx.call({ method: 'PATCH', url: `${U}/me`, as: p, payload: { password: 'newpass12', currentPassword: 'wrongpass9' } });
    expect(wrong.statusCode).toBe(403);
    expect(errCode(wrong)).toBe('WRONG_PASSWORD');
    const ok = await ctx.call({ method: 'PATCH', url: `${U}/me`, as: p, payload: { password: 'newpass12', currentPassword: TEST_PASSWORD } });
    expect(ok.statusCode).toBe(200);
    expect(typeof ok.json().accessToken).toBe('string');
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${ok.json().accessToken}` } })).statusCode).toBe(200);
    const login = await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: 'newpass12' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an e-mail that another user has (409) and bad fields (400)', async () => {
    const a = await ctx.player();
    const b = await ctx.player();
    const taken = await ctx.call({
      method: 'PATCH',
      url: `${U}/me`,
      as: b,
      payload: { email: `${a.username.toLowerCase()}@example.mn`, currentPassword: TEST_PASSWORD },
    });
    expect(taken.statusCode).toBe(409);
    expect((await ctx.call({ method: 'PATCH', url: `${U}/me`, as: b, payload: { bank: 'NOPE' } })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'PATCH', url: `${U}/me`, as: b, payload: { accountNumber: 12345678 } })).statusCode).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses; a known one gets a single-use link', async () => {
    const p = await ctx.player();
    const before = ctx.mails.length;
    const unknown = await ctx.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email: 'nobody@example.mn' } });
    const known = await ctx.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email: `${p.username.toLowerCase()}@example.mn` } });
    await ctx.services.auth.settled(); // the lookup and the mail run after the answer
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(ctx.mails.length).toBe(before + 1);
    const mail = ctx.mails.at(-1)!;
    expect(mail.to).toBe(`${p.username.toLowerCase()}@example.mn`);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];

    const reset = await ctx.call({ method: 'POST', url: `${U}/reset-password`, payload: { token, password: 'resetpass9' } });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).statusCode).toBe(401); // old tokens dead
    expect((await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: 'resetpass9' } })).statusCode).toBe(200);
    const again = await ctx.call({ method: 'POST', url: `${U}/reset-password`, payload: { token, password: 'another99x' } });
    expect(again.statusCode).toBe(400);
    expect(errCode(again)).toBe('INVALID_TOKEN');
  });

  it('refuses expired and unknown tokens and weak passwords', async () => {
    const p = await ctx.player();
    await ctx.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email: `${p.username.toLowerCase()}@example.mn` } });
    await ctx.services.auth.settled();
    const token = /token=([A-Za-z0-9_-]+)/.exec(ctx.mails.at(-1)!.text)![1];
    expect((await ctx.call({ method: 'POST', url: `${U}/reset-password`, payload: { token, password: 'weak' } })).statusCode).toBe(400);
    await ctx.services.db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = ${p.userId}`);
    expect(errCode(await ctx.call({ method: 'POST', url: `${U}/reset-password`, payload: { token, password: 'goodpass12' } }))).toBe('INVALID_TOKEN');
    expect(errCode(await ctx.call({ method: 'POST', url: `${U}/reset-password`, payload: { token: 'x'.repeat(43), password: 'goodpass12' } }))).toBe(
      'INVALID_TOKEN',
    );
    expect((await ctx.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email: 'bad' } })).statusCode).toBe(400);
  });
});

describe('rate limiting', () => {
  it('answers 429 after too many logins from one address', async () => {
    const limited = await buildApp({
      db: ctx.db.handle,
      jwtSecret: JWT_SECRET,
      seed: false,
      admin: false,
      rateLimits: { login: { max: 3, timeWindow: 60_000 } },
    });
    await limited.ready();
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.inject({
          method: 'POST',
          url: `${U}/login`,
          payload: { username: 'rate_user_x', password: 'whatever1' },
          remoteAddress: '10.9.8.7',
        });
        codes.push(r.statusCode);
        if (r.statusCode === 429) expect(errCode(r)).toBe('RATE_LIMITED');
      }
      expect(codes.slice(0, 3).every((c) => c === 401)).toBe(true);
      expect(codes.slice(3)).toEqual([429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('password hashing', () => {
  it('uses scrypt N=2^16, r=8, p=1 by default and verifies in constant time', async () => {
    const { hashPassword, verifyPassword } = await import('../../src/server/accounts/passwords');
    const h = await hashPassword('abcdefg1');
    expect(h).toMatch(/^scrypt\$65536\$8\$1\$/);
    expect(await verifyPassword('abcdefg1', h)).toBe(true);
    expect(await verifyPassword('abcdefg2', h)).toBe(false);
    expect(await verifyPassword('abcdefg1', 'garbage')).toBe(false);
  });
});
