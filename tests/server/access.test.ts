// Every route of the contract: 401 anonymous and 403 for players where it applies, and bad
// input of every shape answered with a 4xx JSON error, never a 500, never moving money.
import { describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../src/shared/api/routes';
import { setupApp } from './helpers/app';

const ctx = setupApp();
const all = Object.entries(routes as Record<string, RouteDef>);
const url = (def: RouteDef, qs = '') => def.path.replace(':tableId', '1').replace(':name', 'info').replace(':userId', '1') + qs;

describe('access control from the route table', () => {
  it.each(all.filter(([, d]) => d.access !== 'public'))('%s answers 401 without a token', async (_name, def) => {
    const res = await ctx.call({ method: def.method, url: url(def), payload: def.body ? {} : undefined });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
  });

  it.each(all.filter(([, d]) => d.access === 'admin' || d.access === 'staff'))('%s answers 403 to a player', async (_name, def) => {
    const p = await ctx.player();
    const res = await ctx.call({ method: def.method, url: url(def), as: p, payload: def.body ? {} : undefined });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });

  it('an expired token is refused', async () => {
    const { SignJWT } = await import('jose');
    const p = await ctx.player();
    const token = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(p.userId))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 50_000)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode('test-secret-that-is-long-enough-0123456789'));
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
  });
});

const garbage: [string, string, string][] = [
  ['malformed JSON', '{"a":', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['a string', '"hello"', 'application/json'],
  ['null', 'null', 'application/json'],
  ['text/plain', 'hello', 'text/plain'],
];
type Shaped = { shape?: Record<string, unknown>; unwrap?: () => Shaped };
/** The object's fields, through `.optional()` (a body that may be left out is still checked field by field). */
const shapeOf = (schema: unknown): Record<string, unknown> => {
  const s = schema as Shaped;
  return s.shape ?? (s.unwrap ? shapeOf(s.unwrap()) : {});
};

describe('bad input never produces a 500', () => {
  it.each(all.filter(([, d]) => d.body))('%s refuses every bad body with a 4xx JSON error', async (_name, def) => {
    const admin = await ctx.admin();
    const p = await ctx.player({ balance: 100_000 });
    const as = def.access === 'admin' || def.access === 'staff' ? admin : p;
    const target = url(def, def.query ? '?withdrawalId=1&userId=1&tableId=1&lineId=1&invoiceId=1&paymentId=p1&ref=QPABCDEF12&sig=abcdefghijklmnop1234' : '');
    const keys = Object.keys(shapeOf(def.body));
    expect(keys.length).toBeGreaterThan(0);
    // Every field of the route with a value of the wrong type, one at a time, plus
    // negative, fractional and huge numbers.
    const wrong = keys.flatMap((k) => [{ [k]: { nested: true } }, { [k]: [1] }, { [k]: -1.5 }, { [k]: 1e300 }].map((v) => JSON.stringify(v)));
    // A body the route may go without (`.optional()`) may be sent as JSON null: that is no body.
    const optional = (def.body as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success;
    const cases = [
      ...garbage.filter(([, body]) => !(optional && body === 'null')).map(([, body, type]) => [body, type] as const),
      ...wrong.map((b) => [b, 'application/json'] as const),
    ];
    for (const [payload, type] of cases) {
      const res = await ctx.call({ method: def.method, url: target, as, payload, headers: { 'content-type': type } });
      expect(res.statusCode, `${def.method} ${def.path} with ${type} ${payload.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toBeTypeOf('string');
    }
    // Keys that are not part of the contract are ignored, never trusted.
    const polluted = await ctx.call({
      method: def.method,
      url: target,
      as,
      payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(polluted.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(await ctx.services.ledger.balances(ctx.services.db, p.userId)).toMatchObject({ available: 100_000, locked: 0 });
  });

  const badQuery: Record<string, string[]> = {
    page: ['abc', '0', '1e999', '-1'],
    perPage: ['0', '101', 'x'],
    order: ['sideways'],
    sort: ['no_such_column'],
    withdrawalId: ['abc', '1.5', '-1', '99999999999999'],
    userId: ['abc', '0'],
    tableId: ['abc', '1.5'],
    id: ['abc', '0'],
    period: ['week'],
    hidden: ['maybe'],
    action: ['user.explode'],
    objectType: ['planet'],
    limit: ['0', '101', 'many'],
    days: ['0', '366', 'x'],
    status: ['MAYBE'],
    variant: ['stud'],
    structure: ['no-limits'],
    option: ['free-beer'],
    role: ['GOD'],
    minAmount: ['-1', 'x'],
    maxAmount: ['x'],
    from: ['yesterday'],
    to: ['2024-13-45'],
    type: ['NOPE'],
    lineId: ['abc', '0'],
    invoiceId: ['abc', '1.5'],
    paymentId: ['', 'x'.repeat(101)],
    statementId: ['abc'],
    ref: ['x'.repeat(31)],
    sig: ['short', 'has spaces in it here'],
    qpay_payment_id: ['x'.repeat(101)],
    day: ['monday', '2024-02-30'],
    channel: ['CASH'],
    kind: ['made_up'],
    decision: ['MAYBE'],
    direction: ['SIDEWAYS'],
    bigBlind: ['abc', '0'],
    position: ['DEALER'],
    cards: ['AKx', 'QQs', 'AhAh'],
    result: ['win'],
    minPot: ['-1', 'x'],
    maxPot: ['x', '1e99'],
    endpoint: ['not a url', `https://x/${'a'.repeat(2048)}`],
    minScore: ['101', '-1', 'x'],
    assigneeId: ['abc', '0'],
  };
  /** A valid value for each required query field, so that only the field under test is wrong. */
  const goodQuery: Record<string, string> = { ref: 'QPABCDEF12', sig: 'abcdefghijklmnop1234', paymentId: 'p1', endpoint: 'https://push.example/send/1' };
  it.each(all.filter(([, d]) => d.query))('%s refuses bad query values with 400', async (_name, def) => {
    const admin = await ctx.admin();
    const p = await ctx.player();
    const as = def.access === 'admin' || def.access === 'staff' ? admin : p;
    const keys = Object.keys(shapeOf(def.query));
    const base = keys.filter((k) => !(shapeOf(def.query)[k] as { safeParse(v: unknown): { success: boolean } }).safeParse(undefined).success);
    let tried = 0;
    for (const key of keys) {
      for (const value of badQuery[key] ?? []) {
        const params = new URLSearchParams(base.filter((b) => b !== key).map((b) => [b, goodQuery[b] ?? '1']));
        params.set(key, value);
        const res = await ctx.call({ method: def.method, url: url(def, `?${params}`), as, payload: def.body ? {} : undefined });
        expect(res.statusCode, `${def.method} ${def.path}?${params}`).toBe(400);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('unknown API paths answer JSON 404; path ids must be numeric', async () => {
    const r = await ctx.call({ method: 'GET', url: '/api/v1/user/nothing-here' });
    expect(r.statusCode).toBe(404);
    expect(r.json().error.code).toBe('NOT_FOUND');
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/table/abc' })).statusCode).toBe(400);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/table/99999999' })).statusCode).toBe(404);
    expect((await ctx.call({ method: 'GET', url: '/api/v1/user/block/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});
