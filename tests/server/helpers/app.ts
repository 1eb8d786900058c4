// Test harness: one app and one database per test file, fresh users per case, conservation of
// money checked after every case.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { type AppOptions, buildApp } from '../../../src/server/app';
import type { MailMessage } from '../../../src/server/core/mail';
import type { Services } from '../../../src/server/services';
import { openTestDb, type TestDb } from './db';

export const TEST_PASSWORD = 'Passw0rd!x';
export const JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';
/**
 * Cheaper scrypt for the many logins of the suite (the hash records its own cost);
 * passwords.test.ts checks the production parameters.
 */
export const TEST_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };

export interface TestUser {
  userId: number;
  username: string;
  token: string;
  auth: { authorization: string };
}

export interface Ctx {
  app: FastifyInstance;
  db: TestDb;
  services: Services;
  mails: MailMessage[];
  /** A player with a real scrypt password (TEST_PASSWORD) and a fresh token. */
  player(opts?: { balance?: number; prefix?: string }): Promise<TestUser>;
  admin(): Promise<TestUser>;
  /** A new staff member: SUPPORT by default, or another ADMIN (a different person from admin()). */
  staff(role?: 'SUPPORT' | 'ADMIN'): Promise<TestUser>;
  /** Calls the API; `as` sets the bearer token. */
  call(opts: InjectOptions & { as?: TestUser | null }): Promise<LightMyRequestResponse>;
  /** Deposits money to a player the way an administrator would (through the ledger). */
  fund(userId: number, amount: number): Promise<void>;
}

let counter = 0;
const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);

/** Registers beforeAll/afterAll/afterEach hooks and returns the shared context. */
export function setupApp(extra: Partial<AppOptions> = {}): Ctx {
  const ctx = { mails: [] as MailMessage[] } as Ctx;
  let passwordHash = '';
  let adminUser: TestUser | undefined;

  beforeAll(async () => {
    ctx.db = await openTestDb();
    ctx.app = await buildApp({
      db: ctx.db.handle,
      jwtSecret: JWT_SECRET,
      validateResponses: true,
      mail: { send: async (m) => void ctx.mails.push(m) },
      rateLimits: { login: { max: 10_000, timeWindow: 60_000 }, register: { max: 10_000, timeWindow: 60_000 }, forgot: { max: 10_000, timeWindow: 60_000 } },
      admin: false,
      scrypt: TEST_SCRYPT,
      ...extra,
    });
    await ctx.app.ready();
    ctx.services = ctx.app.services;
    // One real scrypt hash reused for every test user: logins still verify it for real.
    passwordHash = await ctx.services.users.hash(TEST_PASSWORD);
  });

  afterEach(async () => {
    const report = await ctx.services.ledger.checkConservation();
    expect(report, 'ledger conservation').toEqual({ ok: true, total: 0, mismatches: [], negatives: [] });
  });

  afterAll(async () => {
    await ctx.app?.close();
    await ctx.db?.drop();
  });

  const make = async (role: 'PLAYER' | 'ADMIN' | 'SUPPORT', prefix: string): Promise<TestUser> => {
    const username = unique(prefix);
    const userId = await ctx.services.users.create({
      username,
      email: `${username.toLowerCase()}@example.mn`,
      passwordHash,
      bank: 'KHAN',
      accountNumber: '1234567890',
      role,
    });
    const token = await ctx.services.tokens.sign({ userId, tokenVersion: 0 });
    return { userId, username, token, auth: { authorization: `Bearer ${token}` } };
  };

  ctx.player = async (opts = {}) => {
    const u = await make('PLAYER', opts.prefix ?? 'p');
    if (opts.balance) await ctx.fund(u.userId, opts.balance);
    return u;
  };
  ctx.admin = async () => (adminUser ??= await make('ADMIN', 'adm'));
  ctx.staff = (role = 'SUPPORT') => make(role, role === 'SUPPORT' ? 'sup' : 'adm');
  ctx.fund = async (userId, amount) => {
    const admin = await ctx.admin();
    await ctx.services.wallet.createDeposit(admin.userId, { userId, amount });
  };
  ctx.call = ({ as, headers, ...rest }) =>
    ctx.app.inject({ ...rest, headers: { ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers } } as InjectOptions);
  return ctx;
}

/**
 * Another instance of the room on the harness's database (the same JWT secret, no seeding, no
 * back office), as a second server process would be. The caller closes it.
 */
export const buildInstance = (ctx: Ctx, extra: Partial<AppOptions> = {}): Promise<FastifyInstance> =>
  buildApp({ db: ctx.db.handle, jwtSecret: JWT_SECRET, admin: false, seed: false, scrypt: TEST_SCRYPT, ...extra });

/** The `{error:{code}}` of an answer. */
export const errCode = (res: LightMyRequestResponse) => (res.json() as { error?: { code?: string } }).error?.code;
