// A NUL character (U+0000) or text that is not valid Unicode (an unpaired UTF-16 surrogate) in any
// string of any route or socket frame is a 400 / ERROR BAD_MESSAGE, never a 500 from the database
// (PostgreSQL text can hold neither).
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routes, type RouteName } from '../../src/shared/api/routes';
import { findInvalidText } from '../../src/shared/api/text';
import { parseClientMessage } from '../../src/shared/protocol/client';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { connect } from './helpers/ws';

const errorLogs: string[] = [];
const ctx = setupApp({
  logger: {
    level: 'error',
    stream: new Writable({
      write(chunk, _enc, done) {
        errorLogs.push(String(chunk));
        done();
      },
    }),
  },
});

const NUL = 'a\u0000b';
/** The case: a low surrogate, then a high one with nothing after it. */
const SURROGATES = '\udfff\ud800';

type Err = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

async function callAs(route: RouteName, as: TestUser | null, opts: { params?: Record<string, string>; query?: Record<string, string>; body?: unknown }) {
  const def = routes[route];
  const url = def.path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(opts.params?.[k] ?? (k === 'name' ? 'info' : '1')));
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  return ctx.call({ method: def.method, url: url + qs, as, payload: opts.body as object | undefined });
}

async function caller(route: RouteName): Promise<TestUser | null> {
  const access = routes[route].access;
  return access === 'admin' || access === 'staff' ? ctx.admin() : access === 'user' ? ctx.player() : null;
}

/** Unwraps optional/default/nullable/pipe wrappers down to the schema that holds the shape. */
function inner(s: z.ZodType): z.ZodType {
  let cur = s as z.ZodType & { def?: { type?: string; innerType?: z.ZodType; in?: z.ZodType } };
  for (let i = 0; i < 10; i++) {
    const d = (cur as unknown as { def: { type: string; innerType?: z.ZodType; in?: z.ZodType } }).def;
    if (d.innerType) cur = d.innerType as typeof cur;
    else if (d.type === 'pipe' && d.in) cur = d.in as typeof cur;
    else break;
  }
  return cur;
}

/** Every field path of an object schema (nested objects included): where a client may put text. */
function fieldPaths(schema: z.ZodType | undefined): string[][] {
  if (!schema) return [];
  const s = inner(schema);
  if (!(s instanceof z.ZodObject)) return [];
  const out: string[][] = [];
  for (const [k, v] of Object.entries(s.shape as Record<string, z.ZodType>)) {
    const sub = fieldPaths(v);
    if (sub.length) for (const p of sub) out.push([k, ...p]);
    out.push([k]);
  }
  return out;
}

function nest(path: string[], value: unknown): Record<string, unknown> {
  let v: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) v = { [path[i]!]: v };
  return v as Record<string, unknown>;
}

describe('findInvalidText', () => {
  it('finds unpaired surrogates (either half alone, or in the wrong order) and accepts real pairs', () => {
    expect(findInvalidText({ note: SURROGATES })).toEqual(['note']);
    expect(findInvalidText(['ok', 'x\ud800'])).toEqual([1]);
    expect(findInvalidText({ a: '\udc00y' })).toEqual(['a']);
    expect(findInvalidText({ ['k\ud83d']: 1 })).toEqual(['k\ud83d']);
    expect(findInvalidText({ a: 'Сайн уу 🂡 🃏 ₮', b: '\ud83d\ude00' })).toBeNull();
  });

  it('finds a NUL in values and keys, however deep, and nothing in clean input', () => {
    expect(findInvalidText({ a: [1, 'ok', { b: NUL }] })).toEqual(['a', 2, 'b']);
    expect(findInvalidText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findInvalidText(NUL)).toEqual([]);
    expect(findInvalidText({ a: 'Сайн уу 🂡', b: [null, true, 3] })).toBeNull();
    // 100,000 levels deep: no stack overflow (an iterative walk, not recursion).
    let deep: unknown = NUL;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInvalidText(deep)).toHaveLength(100_000);
  });
});

describe('a NUL in a string', () => {
  it.each([
    ['login username (no token)', 'login', { body: { username: NUL, password: 'whatever1' } }, 'body.username'],
    ['public user search q', 'userSearch', { query: { q: NUL } }, 'query.q'],
    ['lobby table search q', 'tables', { query: { q: NUL } }, 'query.q'],
    ['admin withdrawal username filter', 'adminWithdrawals', { query: { username: NUL } }, 'query.username'],
    ['admin deposit username filter', 'adminDeposits', { query: { username: NUL } }, 'query.username'],
    ['admin user search q', 'adminUsers', { query: { q: NUL } }, 'query.q'],
    ['deposit note', 'createDeposit', { body: { username: 'nobody', amount: 1000, note: NUL } }, 'body.note'],
    [
      'table name',
      'createTable',
      { body: { name: NUL, variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 10000, maxPlayers: 6 } },
      'body.name',
    ],
    ['block content.en', 'createBlock', { body: { name: 'nul-test', content: { en: NUL, mn: 'x' } } }, 'body.content.en'],
    ['withdrawal reject reason', 'rejectWithdrawal', { query: { withdrawalId: '1' }, body: { reason: NUL } }, 'body.reason'],
  ] as const)('%s answers 400 INVALID_TEXT with the field path, not 500', async (_label, route, opts, path) => {
    const before = errorLogs.length;
    const res = await callAs(route, await caller(route), opts);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as Err;
    expect(body.error.code).toBe('INVALID_TEXT');
    expect(body.error.details?.[0]?.path).toBe(path);
    expect(body.error.message).toContain(path);
    expect(errorLogs.slice(before)).toEqual([]);
  });

  it('a table name with NUL in PATCH /admin/table answers 400', async () => {
    const admin = await ctx.admin();
    const res = await ctx.call({ method: 'PATCH', url: '/api/v1/admin/table?tableId=1', as: admin, payload: { name: NUL } });
    expect(res.statusCode).toBe(400);
    expect(errCode(res)).toBe('INVALID_TEXT');
  });

  it('in a path parameter answers 400', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/v1/user/block/info%00x' });
    expect(res.statusCode).toBe(400);
    expect(errCode(res)).toBe('INVALID_TEXT');
  });

  it('in an object key of a body answers 400', async () => {
    const res = await ctx.call({ method: 'POST', url: '/api/v1/user/login', payload: { username: 'x', password: 'y', ['z\u0000']: 1 } });
    expect(res.statusCode).toBe(400);
    expect(errCode(res)).toBe('INVALID_TEXT');
  });

  // Every route of the table, every field of its params, query and body (nested ones too): the
  // check is the route layer's, so no field can be forgotten.
  const cases: [string, RouteName, 'params' | 'query' | 'body', string[]][] = [];
  for (const name of Object.keys(routes) as RouteName[]) {
    const def = routes[name] as { params?: z.ZodType; query?: z.ZodType; body?: z.ZodType };
    for (const where of ['params', 'query', 'body'] as const) {
      for (const p of fieldPaths(def[where])) cases.push([`${name} ${where}.${p.join('.')}`, name, where, p]);
    }
  }

  it('the walk covers every route with input', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases)('%s: 400 INVALID_TEXT', async (_label, route, where, path) => {
    const before = errorLogs.length;
    const as = await caller(route);
    const opts = where === 'params' ? { params: { [path[0]!]: NUL } } : where === 'query' ? { query: { [path[0]!]: NUL } } : { body: nest(path, NUL) };
    const res = await callAs(route, as, opts);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as Err;
    expect(body.error.code).toBe('INVALID_TEXT');
    expect(body.error.details?.[0]?.path).toBe(`${where}.${where === 'body' ? path.join('.') : path[0]}`);
    expect(errorLogs.slice(before)).toEqual([]);
  });

  it("the issue's deposit note of unpaired surrogates answers 400 INVALID_TEXT, not 500", async () => {
    const before = errorLogs.length;
    const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/deposit', as: await ctx.admin(), payload: { userId: 3, amount: 1, note: SURROGATES } });
    expect(res.statusCode, res.body).toBe(400);
    expect((res.json() as Err).error).toMatchObject({ code: 'INVALID_TEXT', details: [{ path: 'body.note' }] });
    expect(errorLogs.slice(before)).toEqual([]);
  });

  // The same walk with unpaired surrogates, in every body field (a URL cannot carry one: its
  // percent-encoded UTF-8 decodes to U+FFFD at worst).
  const bodyCases = cases.filter(([, , where]) => where === 'body');
  it.each(bodyCases)('%s with unpaired surrogates: 400 INVALID_TEXT', async (_label, route, _where, path) => {
    const before = errorLogs.length;
    const res = await callAs(route, await caller(route), { body: nest(path, SURROGATES) });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as Err;
    expect(body.error.code).toBe('INVALID_TEXT');
    expect(body.error.details?.[0]?.path).toBe(`body.${path.join('.')}`);
    expect(errorLogs.slice(before)).toEqual([]);
  });

  it('in a socket frame answers ERROR BAD_MESSAGE with the requestId', async () => {
    const player = await ctx.player();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const s = await connect(`ws://127.0.0.1:${port}/api/v1/socket`);
    try {
      s.send({ type: 'AUTH', token: player.token, requestId: 'auth-1' });
      await s.next((m) => m.type === 'ACK' && m.requestId === 'auth-1');
      s.send({ type: 'CHAT_MESSAGE', requestId: 'chat-nul', data: { text: `hello ${NUL}` } });
      const err = await s.next((m) => m.type === 'ERROR');
      expect(err).toMatchObject({ type: 'ERROR', code: 'BAD_MESSAGE', requestId: 'chat-nul' });
      expect((err as { message: string }).message).toContain('data.text');
      s.send({ type: 'CHAT_MESSAGE', requestId: 'chat-surrogate', data: { text: `hello ${SURROGATES}` } });
      expect(await s.next((m) => m.type === 'ERROR')).toMatchObject({ type: 'ERROR', code: 'BAD_MESSAGE', requestId: 'chat-surrogate' });
      // The socket still works afterwards.
      s.send({ type: 'CHAT_MESSAGE', requestId: 'chat-ok', data: { text: 'hello' } });
      await s.next((m) => m.type === 'CHAT_MESSAGE');
    } finally {
      s.close();
    }
    expect(errorLogs).toEqual([]);
  });
});

describe('parseClientMessage', () => {
  it('refuses a NUL anywhere in a frame with BAD_MESSAGE and keeps the requestId', () => {
    const r = parseClientMessage(JSON.stringify({ type: 'CHAT_MESSAGE', requestId: 'r1', data: { text: NUL } }));
    expect(r).toEqual({ ok: false, code: 'BAD_MESSAGE', message: expect.stringContaining('data.text'), requestId: 'r1' });
    const g = parseClientMessage(JSON.stringify({ type: 'AUTH', token: `x${NUL}`, requestId: 'r2' }));
    expect(g).toMatchObject({ ok: false, code: 'BAD_MESSAGE', requestId: 'r2' });
    // JSON's escapes give the server lone surrogates, whatever the bytes on the wire.
    const u = parseClientMessage('{"type":"CHAT_MESSAGE","requestId":"r3","data":{"text":"\\udfff\\ud800"}}');
    expect(u).toEqual({ ok: false, code: 'BAD_MESSAGE', message: expect.stringContaining('data.text'), requestId: 'r3' });
  });
});
