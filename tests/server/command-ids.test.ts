// One id follows a socket command to the table's owner and back, in the logs: the frame's own
// requestId when it is a plain token, else a new one; the owner logs it with the command (and the
// instance it came from), the instance that sent it logs the owner's answer. Two instances of one
// room on one database and one Redis, each with its own log.
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance, setupApp } from './helpers/app';
import { until } from './helpers/child-server';
import { connect, signIn, socketUrl } from './helpers/ws';
import { tableBody } from '../support/table-body';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${randomBytes(4).toString('hex')}:`;
type Line = Record<string, unknown>;

/** A debug-level JSON logger whose lines land in `lines`. */
function capture(lines: Line[]) {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Line);
      done();
    },
  });
  return { level: 'debug', stream };
}

const linesA: Line[] = [];
const linesB: Line[] = [];
const live = { betweenHands: 60_000, leaseTickMs: 200 };
const ctx = setupApp({ redisUrl: REDIS_URL, redisPrefix: prefix, logger: capture(linesA), live });
let b: FastifyInstance;

beforeAll(async () => {
  b = await buildInstance(ctx, { redisUrl: REDIS_URL, redisPrefix: prefix, logger: capture(linesB), live });
  await b.ready();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await b?.close();
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

const lineOf = (lines: Line[], msg: string, reqId: unknown) => lines.find((l) => l.msg === msg && l.reqId === reqId);

describe('a socket command keeps its id through the owner of the table', () => {
  it("carries the frame's own id, or a new one, to the owner and back; the owner logs it", async () => {
    const admin = await ctx.admin();
    const created = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: tableBody('Request ids') });
    const { tableId } = created.json() as { tableId: number };
    // Both instances know who owns the table; the socket goes to the other one.
    const owner = await until(
      'an owner both instances agree on',
      () => {
        const o = ctx.app.live.tables.ownerOf(tableId);
        return o !== null && o === b.live.tables.ownerOf(tableId) && o;
      },
      20_000,
      50,
    );
    const [ownerApp, ownerLines, otherApp, otherLines] = owner === ctx.app.bus.instanceId ? [ctx.app, linesA, b, linesB] : [b, linesB, ctx.app, linesA];
    const player = await ctx.player({ balance: 50_000 });
    const remote = await connect(socketUrl(otherApp));
    await signIn(remote, player);

    remote.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'sub-7f3a.1' });
    await remote.next((m) => m.type === 'ACK' && m.requestId === 'sub-7f3a.1');
    remote.send({ type: 'GAME', action: 'SIT', tableId, seat: 2, buyIn: 5000, requestId: 'sit_42' });
    await remote.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === 'sit_42');
    await until('the lines', () => lineOf(ownerLines, 'table command', 'sit_42') && lineOf(otherLines, 'command answered by its owner', 'sit_42'), 5000, 20);
    expect(lineOf(ownerLines, 'table command', 'sit_42')).toMatchObject({ tableId, command: 'sit', from: otherApp.bus.instanceId });
    expect(lineOf(otherLines, 'command answered by its owner', 'sit_42')).toMatchObject({ unit: tableId, owner });
    expect(lineOf(ownerLines, 'table command', 'sub-7f3a.1')).toMatchObject({ command: 'subscribe' });

    // Not a plain token: a new id, the same on both sides.
    remote.send({ type: 'GAME', action: 'SIT_OUT', tableId, requestId: 'two words {"x":1}' });
    await remote.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === 'two words {"x":1}');
    const minted = await until('a new id at the owner', () => ownerLines.find((l) => l.msg === 'table command' && l.command === 'sitOut'), 5000, 20);
    expect(minted.reqId).toMatch(/^[0-9a-f-]{36}$/);
    await until('the answer logged', () => lineOf(otherLines, 'command answered by its owner', minted.reqId), 5000, 20);
    remote.close();

    // On the owner itself the command never leaves the instance, and is logged the same.
    const local = await connect(socketUrl(ownerApp));
    await signIn(local, player);
    local.send({ type: 'GAME', action: 'SUBSCRIBE', tableId, requestId: 'here-1' });
    await local.next((m) => m.type === 'ACK' && m.requestId === 'here-1');
    await until('the local line', () => lineOf(ownerLines, 'table command', 'here-1'), 5000, 20);
    expect(lineOf(ownerLines, 'table command', 'here-1')).toMatchObject({ tableId, from: 'here' });
    local.close();
  });
});
