// Maintenance mode: registration closes for everyone; sign-in, withdrawals and sitting down at a
// table close for players, not for administrators (core/maintenance.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { DEFAULT_SETTINGS } from '../../src/server/core/settings';
import { ManualClock } from '../../src/server/core/clock';
import { errCode, setupApp, TEST_PASSWORD, type TestUser } from './helpers/app';
import { listenForSockets } from './helpers/ws';

const ctx = setupApp({ live: { clock: new ManualClock(Date.now()) } });
const U = '/api/v1/user';
const sockets = listenForSockets(ctx);
afterEach(() => ctx.services.settings.put(DEFAULT_SETTINGS));

const maintenance = (message = '') => ctx.services.settings.put({ ...DEFAULT_SETTINGS, maintenance: { enabled: true, message } });
const login = (u: TestUser) => ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: u.username, password: TEST_PASSWORD } });
const withdraw = (u: TestUser) => ctx.call({ method: 'POST', url: `${U}/withdrawal`, as: u, payload: { amount: 10_000 } });
const register = (username: string) =>
  ctx.call({
    method: 'POST',
    url: `${U}/register`,
    payload: {
      email: `${username}@example.mn`,
      username,
      password: 'abcdefg1',
      confirmPassword: 'abcdefg1',
      bank: 'KHAN',
      accountNumber: '123456',
      adult: true,
    },
  });

/** Signs in on a socket and asks for seat `seat` at the first lobby table; answers the reply frame. */
async function sit(u: TestUser, seat: number): Promise<ServerMessage> {
  const tableId = (await ctx.call({ method: 'GET', url: `${U}/table` })).json().items[0].tableId as number;
  const s = await sockets.signedIn(u);
  s.send({ type: 'GAME', action: 'SIT', tableId, requestId: 'sit', seat, buyIn: 2_000 });
  return s.next((m) => (m.type === 'ACK' || m.type === 'ERROR') && m.requestId === 'sit');
}

describe('maintenance', () => {
  it('refuses players: registration, sign-in, withdrawal (503 with the reason) and sitting down', async () => {
    const p = await ctx.player({ balance: 20_000 });
    await maintenance('Back at 14:00');
    const reg = await register('maint_new');
    expect([reg.statusCode, errCode(reg), reg.json().error.message]).toEqual([503, 'MAINTENANCE', 'Registration is closed during maintenance']);
    const l = await login(p);
    expect([l.statusCode, errCode(l), l.json().error.message]).toEqual([503, 'MAINTENANCE', 'The site is under maintenance']);
    const w = await withdraw(p);
    expect([w.statusCode, errCode(w), w.json().error.message]).toEqual([503, 'MAINTENANCE', 'Withdrawals are paused during maintenance']);
    expect(await sit(p, 0)).toMatchObject({ type: 'ERROR', code: 'MAINTENANCE', message: 'Back at 14:00' });
    // A wrong password still answers as always: maintenance tells nothing about the account.
    const wrong = await ctx.call({ method: 'POST', url: `${U}/login`, payload: { username: p.username, password: 'wrong-Passw0rd' } });
    expect(errCode(wrong)).toBe('INVALID_CREDENTIALS');
    expect((await ctx.call({ method: 'GET', url: `${U}/me`, as: p })).json().balance).toBe(20_000);
  });

  it('lets administrators sign in, withdraw and sit down', async () => {
    const admin = await ctx.admin();
    await ctx.fund(admin.userId, 20_000);
    await maintenance();
    expect((await login(admin)).statusCode).toBe(200);
    expect((await withdraw(admin)).statusCode).toBe(201);
    expect(await sit(admin, 1)).toMatchObject({ type: 'ACK', requestId: 'sit' });
    expect(await ctx.services.maintenance.check('play', 'ADMIN')).toBeNull();
  });

  it('opens everything again when maintenance ends; the room says its own words when it has none', async () => {
    await maintenance();
    expect(await ctx.services.maintenance.check('play', 'PLAYER')).toEqual({ code: 'MAINTENANCE', message: 'The room is under maintenance' });
    await ctx.services.settings.put(DEFAULT_SETTINGS);
    const p = await ctx.player({ balance: 20_000 });
    expect((await register('maint_after')).statusCode).toBe(201);
    expect((await login(p)).statusCode).toBe(200);
    expect((await withdraw(p)).statusCode).toBe(201);
    expect(await sit(p, 2)).toMatchObject({ type: 'ACK', requestId: 'sit' });
  });
});
