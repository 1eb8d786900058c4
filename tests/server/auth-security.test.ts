// The security issue's sign-in cases: which peer may name the client (TRUST_PROXY), throttling
// by account and source (never locking the owner out where they signed in before), the second
// factor for staff, and no e-mail enumeration through registration or forgot-password.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { generate } from 'otplib';
import { describe, expect, it, vi } from 'vitest';
import { type AppOptions, buildApp } from '../../src/server/app';
import { parseTrustProxy } from '../../src/server/plugins/proxy';
import { THROTTLE, sourceKey } from '../../src/server/accounts/auth';
import { JWT_SECRET, TEST_PASSWORD, buildInstance, errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';
let n = 0;
const tag = () => `${Date.now().toString(36).slice(-5)}${(n++).toString(36)}`;

const login = (username: string, password: string, remoteAddress: string, otp?: string) =>
  ctx.call({ method: 'POST', url: `${U}/login`, payload: { username, password, ...(otp ? { otp } : {}) }, remoteAddress });

/** A staff member of its own (the shared ctx.admin() is left alone). */
async function staff(): Promise<TestUser> {
  const username = `st_${tag()}`;
  const userId = await ctx.services.users.create({
    username,
    email: `${username}@example.mn`,
    passwordHash: await ctx.services.users.hash(TEST_PASSWORD),
    bank: 'KHAN',
    accountNumber: '1234567890',
    role: 'ADMIN',
  });
  const token = await ctx.services.tokens.sign({ userId, tokenVersion: 0 });
  return { userId, username, token, auth: { authorization: `Bearer ${token}` } };
}

describe('proxies: X-Forwarded-For is believed only from TRUST_PROXY', () => {
  async function twentyFiveLogins(opts: Partial<AppOptions>, remoteAddress?: string): Promise<number[]> {
    // Default rate limits (login 20 per minute per address).
    const app = await buildInstance(ctx, opts);
    await app.ready();
    try {
      const codes: number[] = [];
      const t = tag();
      for (let i = 0; i < 25; i++) {
        const r = await app.inject({
          method: 'POST',
          url: `${U}/login`,
          payload: { username: `xff_${t}_${i}`, password: 'whatever1' },
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          ...(remoteAddress ? { remoteAddress } : {}),
        });
        if (r.statusCode === 429) expect(errCode(r)).toBe('RATE_LIMITED');
        codes.push(r.statusCode);
      }
      return codes;
    } finally {
      await app.close();
    }
  }

  it('by default the header is ignored: 25 logins each naming a new address still get 429s', async () => {
    const codes = await twentyFiveLogins({});
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('with TRUST_PROXY naming the client (the proxy), the header is the client address', async () => {
    // app.inject comes from 127.0.0.1.
    expect((await twentyFiveLogins({ trustProxy: parseTrustProxy('127.0.0.1') })).every((c) => c === 401)).toBe(true);
    expect((await twentyFiveLogins({ trustProxy: parseTrustProxy('1') })).every((c) => c === 401)).toBe(true);
  });

  it('a peer outside the configured ranges cannot name the client', async () => {
    const codes = await twentyFiveLogins({ trustProxy: parseTrustProxy('10.0.0.0/8') }, '192.0.2.10');
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });

  it('parses TRUST_PROXY: off, a hop count, or addresses and CIDRs; refuses anything else', () => {
    for (const off of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8']);
    for (const bad of ['true', 'proxy.local', '10.0.0.1/33', '10.0.0.1/8/1', '1.2.3']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });

  it('counts IPv4 addresses alone and IPv6 addresses by their /64', () => {
    expect(sourceKey('203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(sourceKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(sourceKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(sourceKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});

describe('throttling by account and source', () => {
  const releasePair = (name: string) =>
    ctx.services.db.execute(sql`UPDATE login_failures SET blocked_until = now() - interval '1 second' WHERE username_lower = ${name.toLowerCase()}`);

  it('one source waits 1 s, 2 s, 4 s ... after its first failures (429 + Retry-After), capped', async () => {
    const p = await ctx.player();
    for (let i = 0; i < THROTTLE.freeFailures; i++) expect((await login(p.username, `wrong${i}pass`, '10.40.0.1')).statusCode).toBe(401);
    for (const wait of [1, 2, 4, 8]) {
      const r = await login(p.username, TEST_PASSWORD, '10.40.0.1');
      expect(r.statusCode).toBe(429);
      expect(errCode(r)).toBe('LOGIN_THROTTLED');
      expect(r.json().error.message).toMatch(/Try again in \d+ seconds?/);
      expect(r.headers['retry-after']).toBe(String(wait));
      await releasePair(p.username);
      expect((await login(p.username, 'wrongpass9', '10.40.0.1')).statusCode).toBe(401);
    }
    await ctx.services.db.execute(sql`UPDATE login_failures SET failures = 40 WHERE username_lower = ${p.username.toLowerCase()}`);
    await releasePair(p.username);
    expect((await login(p.username, 'wrongpass9', '10.40.0.1')).statusCode).toBe(401);
    expect((await login(p.username, TEST_PASSWORD, '10.40.0.1')).headers['retry-after']).toBe(String(THROTTLE.maxDelaySeconds));
    // A success from there forgets the pair's failures.
    await releasePair(p.username);
    expect((await login(p.username, TEST_PASSWORD, '10.40.0.1')).statusCode).toBe(200);
    expect((await login(p.username, 'wrongpass9', '10.40.0.1')).statusCode).toBe(401);
    expect((await login(p.username, TEST_PASSWORD, '10.40.0.1')).statusCode).toBe(200);
  });

  it('an attack from many sources pauses new sources only: the administrator still signs in where they did before, and is mailed once', async () => {
    const admin = await staff();
    expect((await login(admin.username, TEST_PASSWORD, '10.50.0.1')).statusCode).toBe(200); // remembered
    const mailsBefore = ctx.mails.length;
    const attack = async (prefix: string) => {
      for (let i = 0; i < THROTTLE.accountCeiling; i++) expect((await login(admin.username, `guess${i}pw`, `${prefix}.${i + 1}`)).statusCode).toBe(401);
    };
    await attack('10.51.0');
    const paused = await login(admin.username, 'guess99pw', '10.51.1.1');
    expect(paused.statusCode).toBe(429);
    expect(errCode(paused)).toBe('LOGIN_THROTTLED');
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(THROTTLE.accountPauseMinutes * 60 - 5);
    // Even the right password from a new place waits...
    expect((await login(admin.username, TEST_PASSWORD, '10.52.0.1')).statusCode).toBe(429);
    // ...but never where the owner signed in before: a typo there is a plain 401, the password works.
    expect((await login(admin.username, 'typo123x', '10.50.0.1')).statusCode).toBe(401);
    expect((await login(admin.username, TEST_PASSWORD, '10.50.0.1')).statusCode).toBe(200);
    // The back office shows until when new sources are paused.
    const shown = await ctx.call({ method: 'GET', url: `/api/v1/admin/user?userId=${admin.userId}`, as: await ctx.admin() });
    expect(Date.parse(shown.json().lockedUntil)).toBeGreaterThan(Date.now());

    // One mail to the owner (bilingual), not one per attempt, nor one per pause.
    await ctx.services.db.execute(
      sql`UPDATE login_throttle SET locked_until = now() - interval '1 second' WHERE username_lower = ${admin.username.toLowerCase()}`,
    );
    await attack('10.53.0');
    expect((await login(admin.username, 'guess99pw', '10.53.1.1')).statusCode).toBe(429);
    await ctx.services.auth.settled();
    const alerts = ctx.mails.slice(mailsBefore).filter((m) => m.subject.includes('failed sign-ins'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].to).toBe(`${admin.username}@example.mn`);
    expect(alerts[0].text).toContain('Сайн байна уу');
    expect(alerts[0].text).not.toMatch(/10\.5\d\./); // no addresses in mails
  });

  it('unknown names answer exactly like known ones all along (no enumeration through the throttle)', async () => {
    const p = await ctx.player();
    const run = async (name: string, prefix: string) => {
      const out: string[] = [];
      for (let i = 0; i < THROTTLE.accountCeiling + 2; i++) {
        const r = await login(name, `guess${i}pw`, `${prefix}.${i % 3}`);
        out.push(`${r.statusCode} ${errCode(r)} ${r.headers['retry-after'] ?? ''}`);
      }
      return out;
    };
    const known = await run(p.username, '10.60.0');
    const unknown = await run(`nobody_${tag()}`, '10.61.0');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toMatch(/^429 LOGIN_THROTTLED/);
  });

  it('keeps its state in the database (another instance sees it)', async () => {
    const p = await ctx.player();
    for (let i = 0; i < THROTTLE.freeFailures; i++) await login(p.username, `wrong${i}pass`, '10.70.0.1');
    const other = await buildApp({
      db: ctx.db.handle,
      jwtSecret: JWT_SECRET,
      seed: false,
      admin: false,
      rateLimits: { login: { max: 1000, timeWindow: 60_000 } },
    });
    await other.ready();
    try {
      const r = await other.inject({
        method: 'POST',
        url: `${U}/login`,
        payload: { username: p.username, password: TEST_PASSWORD },
        remoteAddress: '10.70.0.1',
      });
      expect(r.statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe('second factor (TOTP) for staff', () => {
  const codeAt = (secret: string, offsetSeconds: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

  it('is for staff only', async () => {
    const p = await ctx.player();
    expect((await ctx.call({ method: 'GET', url: `${U}/2fa`, as: p })).json()).toEqual({ available: false, enabled: false, recoveryCodesLeft: 0 });
    const r = await ctx.call({ method: 'POST', url: `${U}/2fa/setup`, as: p, payload: { password: TEST_PASSWORD } });
    expect(r.statusCode).toBe(403);
  });

  it('set up with the password, confirmed with a code; then sign-in asks for a code, takes each once, recovery codes once', async () => {
    const a = await staff();
    expect((await ctx.call({ method: 'GET', url: `${U}/2fa`, as: a })).json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
    const wrongPw = await ctx.call({ method: 'POST', url: `${U}/2fa/setup`, as: a, payload: { password: 'notmypass1' } });
    expect(wrongPw.statusCode).toBe(403);
    expect(errCode(wrongPw)).toBe('WRONG_PASSWORD');
    const setup = await ctx.call({ method: 'POST', url: `${U}/2fa/setup`, as: a, payload: { password: TEST_PASSWORD } });
    expect(setup.statusCode).toBe(200);
    const { secret, uri } = setup.json();
    expect(uri).toMatch(new RegExp(`^otpauth://totp/Mongol%20Poker:${a.username}\\?secret=${secret}`));
    // Not on until confirmed.
    expect((await login(a.username, TEST_PASSWORD, '10.80.0.1')).statusCode).toBe(200);
    const bad = await ctx.call({ method: 'POST', url: `${U}/2fa/enable`, as: a, payload: { code: '000000' } });
    expect(bad.statusCode).toBe(403);
    expect(errCode(bad)).toBe('OTP_INVALID');
    const on = await ctx.call({ method: 'POST', url: `${U}/2fa/enable`, as: a, payload: { code: await codeAt(secret, 0) } });
    expect(on.statusCode).toBe(200);
    const { recoveryCodes } = on.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await ctx.services.db.execute(sql`SELECT code_hash FROM user_recovery_codes WHERE user_id = ${a.userId}`);
    expect(JSON.stringify(stored.rows)).not.toContain(recoveryCodes[0].replace('-', ''));
    expect((await ctx.call({ method: 'POST', url: `${U}/2fa/setup`, as: a, payload: { password: TEST_PASSWORD } })).statusCode).toBe(409);

    const noCode = await login(a.username, TEST_PASSWORD, '10.80.0.1');
    expect(noCode.statusCode).toBe(401);
    expect(errCode(noCode)).toBe('OTP_REQUIRED');
    const wrongCode = await login(a.username, TEST_PASSWORD, '10.80.0.1', '123456');
    expect(wrongCode.statusCode).toBe(401);
    expect(errCode(wrongCode)).toBe('OTP_INVALID');
    const counted = await ctx.services.db.execute(
      sql`SELECT failures FROM login_failures WHERE username_lower = ${a.username.toLowerCase()} AND source = '10.80.0.1'`,
    );
    expect(counted.rows).toEqual([{ failures: 1 }]); // a wrong code is a failed sign-in
    // A wrong password with a code is still just a wrong password.
    expect(errCode(await login(a.username, 'notmypass1', '10.80.0.1', await codeAt(secret, 30)))).toBe('INVALID_CREDENTIALS');

    const next = await codeAt(secret, 30); // the enabling code's step is used up
    const ok = await login(a.username, TEST_PASSWORD, '10.80.0.1', next);
    expect(ok.statusCode).toBe(200);
    expect(errCode(await login(a.username, TEST_PASSWORD, '10.80.0.2', next))).toBe('OTP_INVALID'); // replay
    await ctx.services.db.execute(sql`DELETE FROM login_failures WHERE username_lower = ${a.username.toLowerCase()}`);
    expect((await login(a.username, TEST_PASSWORD, '10.80.0.1', recoveryCodes[0].toUpperCase())).statusCode).toBe(200);
    expect(errCode(await login(a.username, TEST_PASSWORD, '10.80.0.1', recoveryCodes[0]))).toBe('OTP_INVALID');
    expect((await ctx.call({ method: 'GET', url: `${U}/2fa`, as: a })).json()).toEqual({ available: true, enabled: true, recoveryCodesLeft: 9 });

    // Off with the password and a code.
    const offWrongPw = await ctx.call({ method: 'POST', url: `${U}/2fa/disable`, as: a, payload: { password: 'notmypass1', code: recoveryCodes[1] } });
    expect(errCode(offWrongPw)).toBe('WRONG_PASSWORD');
    const offWrongCode = await ctx.call({ method: 'POST', url: `${U}/2fa/disable`, as: a, payload: { password: TEST_PASSWORD, code: '000000' } });
    expect(offWrongCode.statusCode).toBe(403);
    expect(errCode(offWrongCode)).toBe('OTP_INVALID');
    await ctx.services.db.execute(sql`DELETE FROM login_failures WHERE username_lower = ${a.username.toLowerCase()}`);
    const off = await ctx.call({ method: 'POST', url: `${U}/2fa/disable`, as: a, payload: { password: TEST_PASSWORD, code: recoveryCodes[1] } });
    expect(off.statusCode).toBe(200);
    expect((await login(a.username, TEST_PASSWORD, '10.80.0.1')).statusCode).toBe(200);
    expect((await ctx.call({ method: 'GET', url: `${U}/2fa`, as: a })).json()).toEqual({ available: true, enabled: false, recoveryCodesLeft: 0 });
  });
});

describe('enumeration', () => {
  const registration = (over: Record<string, unknown> = {}) => {
    const username = `en_${tag()}`;
    return {
      email: `${username}@example.mn`,
      username,
      password: 'abcdefg1',
      confirmPassword: 'abcdefg1',
      adult: true,
      bank: 'GOLOMT',
      accountNumber: '123456789',
      ...over,
    };
  };
  /** The answer with what differs per account (ids, names, codes, dates, the token) blanked. */
  const blank = (body: { accessToken: string; user: Record<string, unknown> }) => ({
    ...body,
    accessToken: typeof body.accessToken,
    user: { ...body.user, userId: 0, username: '', email: '', depositCode: '', createdAt: '' },
  });

  it('registering with a taken e-mail answers exactly like a free one; the owner is told by mail instead', async () => {
    const owner = await ctx.player();
    const ownerEmail = `${owner.username.toLowerCase()}@example.mn`;
    const mailsBefore = ctx.mails.length;
    const free = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration() });
    const taken = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration({ email: ownerEmail.toUpperCase() }) });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(free.statusCode).toBe(201);
    expect(Object.keys(taken.json())).toEqual(Object.keys(free.json()));
    expect(Object.keys(taken.json().user)).toEqual(Object.keys(free.json().user));
    expect(blank(taken.json())).toEqual(blank(free.json()));
    expect(free.json().user.emailConfirmed).toBe(false);
    expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(free.headers).sort());

    await ctx.services.auth.settled();
    const mails = ctx.mails.slice(mailsBefore);
    expect(mails).toHaveLength(2);
    const toFree = mails.find((m) => m.to === free.json().user.email)!;
    expect(toFree.text).toMatch(/\/confirm-email\?token=[A-Za-z0-9_-]+/);
    const toOwner = mails.find((m) => m.to.toLowerCase() === ownerEmail)!;
    expect(toOwner.text).toContain(owner.username);
    expect(toOwner.text).toContain(taken.json().user.username);
    expect(toOwner.text).not.toContain('confirm-email');
    // The owner's account keeps its address; the new one holds it only unconfirmed.
    const me = await ctx.call({ method: 'GET', url: `${U}/me`, as: owner });
    expect(me.json()).toMatchObject({ email: ownerEmail, emailConfirmed: true });
  });

  it('the mailed link confirms the address; the first account to confirm an address keeps it', async () => {
    const email = `shared_${tag()}@example.mn`;
    const mailsBefore = ctx.mails.length;
    const a = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration({ email }) });
    const b = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration({ email }) });
    await ctx.services.auth.settled();
    // Both accounts hold the free address unconfirmed; each gets a link (to the same mailbox).
    const linkFor = (username: string) =>
      /confirm-email\?token=([A-Za-z0-9_-]+)/.exec(ctx.mails.slice(mailsBefore).find((m) => m.text.includes(username))!.text)![1];
    const tokenA = linkFor(a.json().user.username);
    const tokenB = linkFor(b.json().user.username);
    expect((await ctx.call({ method: 'POST', url: `${U}/confirm-email`, payload: { token: tokenA } })).statusCode).toBe(200);
    const meA = await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${a.json().accessToken}` } });
    expect(meA.json().emailConfirmed).toBe(true);
    const again = await ctx.call({ method: 'POST', url: `${U}/confirm-email`, payload: { token: tokenA } });
    expect(errCode(again)).toBe('INVALID_TOKEN');
    const second = await ctx.call({ method: 'POST', url: `${U}/confirm-email`, payload: { token: tokenB } });
    expect(second.statusCode).toBe(409);
    expect(errCode(second)).toBe('EMAIL_TAKEN');
    const meB = await ctx.call({ method: 'GET', url: `${U}/me`, headers: { authorization: `Bearer ${b.json().accessToken}` } });
    expect(meB.json().emailConfirmed).toBe(false);
    // A new link on request; a confirmed address gets none.
    const before = ctx.mails.length;
    await ctx.call({ method: 'POST', url: `${U}/confirm-email/resend`, headers: { authorization: `Bearer ${b.json().accessToken}` } });
    await ctx.call({ method: 'POST', url: `${U}/confirm-email/resend`, headers: { authorization: `Bearer ${a.json().accessToken}` } });
    await ctx.services.auth.settled();
    expect(ctx.mails.slice(before).map((m) => m.to)).toEqual([email]);
    expect(ctx.mails.at(-1)!.text).toContain(a.json().user.username); // B's try: A, the owner now, is told
  });

  it('a changed address is unconfirmed until its link is opened (whoever changes it)', async () => {
    const p = await ctx.player();
    await ctx.services.db.execute(sql`UPDATE users SET email = ${`moved_${p.username.toLowerCase()}@example.mn`} WHERE id = ${p.userId}`);
    ctx.services.users.meCache.invalidate(p.userId);
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).json().emailConfirmed).toBe(false);
  });

  it('forgot-password answers before any database work, and does the same work for known, unconfirmed and unknown addresses', async () => {
    const p = await ctx.player();
    const pending = await ctx.call({ method: 'POST', url: `${U}/register`, payload: registration() });
    await ctx.services.auth.settled();
    const db = ctx.services.db;
    const dialect = new PgDialect();
    const original = db.execute.bind(db);
    const run = async (email: string) => {
      const statements: string[] = [];
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      // The live tables' and tournaments' ticks (instances, leases, tables, the tournament
      // scheduler) run on their own timers and may fall in this window: not the request's work.
      const background = /\b(instances|table_leases|poker_tables|tournaments|tournament_leases|tournament_entries)\b/;
      const spy = vi.spyOn(db, 'execute').mockImplementation(async (q: SQL) => {
        const text = dialect.sqlToQuery(q).sql;
        if (background.test(text)) return original(q);
        statements.push(text);
        await gate;
        return original(q);
      });
      try {
        const mails = ctx.mails.length;
        // The answer comes while the database is held: nothing of the lookup is on its path.
        const res = await Promise.race([
          ctx.call({ method: 'POST', url: `${U}/forgot-password`, payload: { email } }),
          new Promise<'held'>((r) => setTimeout(() => r('held'), 3000)),
        ]);
        open();
        await ctx.services.auth.settled();
        expect(res).not.toBe('held');
        return { status: (res as { statusCode: number }).statusCode, body: (res as { body: string }).body, statements, mails: ctx.mails.length - mails };
      } finally {
        open();
        spy.mockRestore();
      }
    };
    const known = await run(`${p.username.toLowerCase()}@example.mn`);
    const unconfirmed = await run(pending.json().user.email);
    const unknown = await run(`nobody_${tag()}@example.mn`);
    expect(known.status).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(unconfirmed.body).toBe(known.body);
    expect(known.statements).toHaveLength(1);
    expect(unknown.statements).toEqual(known.statements);
    expect(unconfirmed.statements).toEqual(known.statements);
    // Only the confirmed address gets a link.
    expect([known.mails, unconfirmed.mails, unknown.mails]).toEqual([1, 0, 0]);
  });
});
