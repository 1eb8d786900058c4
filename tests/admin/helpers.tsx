// Test harness for the back office: msw handlers for the admin routes (answers checked against
// the contract's response schemas), and a render of the whole app at a given /admin path.
import { configure, render } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { vi } from 'vitest';
import type { z } from 'zod';
import { routes, type RouteName } from '../../src/shared/api/routes';
import type { AdminUser, Block, Hand, Table, Withdrawal } from '../../src/shared/api';
import { createAuthProvider } from '../../src/admin/auth/authProvider';
import { createDataProvider } from '../../src/admin/dataProvider';
import { createI18nProvider } from '../../src/admin/i18n';
import { AdminRoot } from '../../src/admin/Root';
import { SocketClient, type WebSocketLike } from '../../src/shared/socket/client';
import type { SeatView, TableView } from '../../src/shared/protocol/table-view';

export const ORIGIN = 'http://localhost:3000';

// A whole react-admin app renders slowly under jsdom; wait for it (no speed is asserted).
configure({ asyncUtilTimeout: 10_000 });

export interface AdminMockState {
  role: 'ADMIN' | 'PLAYER';
  users: AdminUser[];
  withdrawals: Withdrawal[];
  tables: Table[];
  sessions: Hand[];
  requests: { method: string; path: string; query: Record<string, string>; body: unknown }[];
  /** Delay (ms) of money mutations, to see pending states. */
  mutationDelay: number;
  /** Live tables: simulation per table, bots the simulation answers report, seated user ids (kick). */
  simulation: Map<number, boolean>;
  bots: number;
  seated: number[];
  /** Content blocks by name. */
  blocks: Block[];
}

export function adminUser(over: Partial<AdminUser> = {}): AdminUser {
  return {
    userId: 7,
    username: 'bataa',
    email: 'bataa@example.mn',
    role: 'PLAYER',
    isAdmin: false,
    status: 'active',
    balance: 0,
    locked: 0,
    bank: 'KHAN',
    accountNumber: '5012345678',
    depositCode: 'D7K2Q9',
    createdAt: '2026-01-02T03:04:05.000Z',
    lastLoginAt: null,
    lockedUntil: null,
    payoutChangedAt: null,
    payoutHoldUntil: null,
    ...over,
  };
}

export function withdrawal(over: Partial<Withdrawal> = {}): Withdrawal {
  return {
    id: 1,
    code: 'WDR-AAA111',
    userId: 7,
    username: 'bataa',
    amount: 50_000,
    requestDate: '2026-01-03T10:00:00.000Z',
    status: 'NOT_APPROVED',
    approvedBy: null,
    approveDate: null,
    rejectReason: null,
    bank: 'KHAN',
    accountNumber: '5012345678',
    holdUntil: null,
    ...over,
  };
}

export function createState(over: Partial<AdminMockState> = {}): AdminMockState {
  return {
    role: 'ADMIN',
    users: [adminUser(), adminUser({ userId: 8, username: 'saraa', email: 'saraa@example.mn', balance: 12_000, depositCode: 'S8P3M1', bank: 'GOLOMT', accountNumber: '1100223344' })],
    withdrawals: [
      withdrawal(),
      withdrawal({ id: 2, code: 'WDR-BBB222', userId: 8, username: 'saraa', amount: 30_000, bank: 'GOLOMT', accountNumber: '1100223344' }),
    ],
    tables: [],
    sessions: [],
    requests: [],
    mutationDelay: 0,
    simulation: new Map(),
    bots: 0,
    seated: [],
    blocks: [
      { name: 'info', content: { en: '# About us\nWe deal **fair** cards.', mn: '# Бидний тухай\nБид шударга хөзөр тараадаг.' }, updatedAt: '2026-01-01T00:00:00.000Z' },
    ],
    ...over,
  };
}

const err = (status: number, code: string, message: string) => HttpResponse.json({ error: { code, message } }, { status });

function reply<N extends RouteName>(name: N, body: unknown) {
  const route = routes[name];
  const parsed = (route.response as z.ZodType).parse(body);
  return HttpResponse.json(parsed as Record<string, unknown>, { status: 'status' in route ? (route.status as number) : 200 });
}

const at = (name: RouteName) => `${ORIGIN}${routes[name].path}`;

export function createHandlers(state: AdminMockState) {
  const log = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown;
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      const text = await request.clone().text();
      body = text ? JSON.parse(text) : undefined;
    }
    state.requests.push({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body });
    return url;
  };
  const me = () => ({
    ...adminUser({ userId: 1, username: 'boss', role: state.role, isAdmin: state.role === 'ADMIN' }),
    emailConfirmed: true,
  });
  const page = <T,>(items: T[], url: URL) => {
    const p = Number(url.searchParams.get('page') ?? 1);
    const per = Number(url.searchParams.get('perPage') ?? 25);
    return { items: items.slice((p - 1) * per, p * per), total: items.length };
  };
  const toTable = (t: Partial<Table> & { name: string }): Table => ({
    tableId: state.tables.length + 1,
    variant: 'texas',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    maxPlayers: 9,
    players: 0,
    status: 'open',
    rakePercent: 5,
    rakeCap: 3000,
    actionTime: 20,
    jackpotPercent: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...t,
  });

  return [
    http.get(at('blocks'), async ({ request }) => {
      const url = await log(request);
      return reply('blocks', page(state.blocks, url));
    }),
    http.get(at('adminBlock'), async ({ request, params }) => {
      await log(request);
      const b = state.blocks.find((x) => x.name === params.name);
      return b ? reply('adminBlock', b) : err(404, 'NOT_FOUND', 'Block not found');
    }),
    http.put(at('putBlock'), async ({ request, params }) => {
      await log(request);
      const b = state.blocks.find((x) => x.name === params.name);
      if (!b) return err(404, 'NOT_FOUND', 'Block not found');
      b.content = ((await request.json()) as { content: Block['content'] }).content;
      return reply('putBlock', b);
    }),
    http.post(at('createBlock'), async ({ request }) => {
      await log(request);
      const body = (await request.json()) as Block;
      if (state.blocks.some((x) => x.name === body.name)) return err(409, 'CONFLICT', 'Block exists');
      state.blocks.push({ name: body.name, content: body.content, updatedAt: '2026-01-02T00:00:00.000Z' });
      return reply('createBlock', state.blocks[state.blocks.length - 1]);
    }),
    http.get(at('me'), async ({ request }) => {
      await log(request);
      const { status, createdAt, ...rest } = me();
      return reply('me', { ...rest, status, createdAt });
    }),
    http.get(at('adminUsers'), async ({ request }) => {
      const url = await log(request);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return reply('adminUsers', page(state.users.filter((u) => !q || u.username.startsWith(q) || u.depositCode.toLowerCase() === q), url));
    }),
    http.get(at('adminUser'), async ({ request }) => {
      const url = await log(request);
      const u = state.users.find((x) => x.userId === Number(url.searchParams.get('userId')));
      return u ? reply('adminUser', u) : err(404, 'NOT_FOUND', 'User not found');
    }),
    http.get(at('adminUserLedger'), async ({ request }) => {
      await log(request);
      return reply('adminUserLedger', { items: [], total: 0 });
    }),
    http.patch(at('changeRole'), async ({ request }) => {
      const url = await log(request);
      const u = state.users.find((x) => x.userId === Number(url.searchParams.get('userId')));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      const { role } = (await request.json()) as { role: 'ADMIN' | 'PLAYER' };
      Object.assign(u, { role, isAdmin: role === 'ADMIN' });
      return reply('changeRole', u);
    }),
    http.delete(at('deleteUser'), async ({ request }) => {
      const url = await log(request);
      const u = state.users.find((x) => x.userId === Number(url.searchParams.get('userId')));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      if (u.balance > 0 || u.locked > 0) return err(409, 'CONFLICT', 'User holds money');
      state.users = state.users.filter((x) => x !== u);
      return reply('deleteUser', { ok: true });
    }),
    http.get(at('adminWithdrawals'), async ({ request }) => {
      const url = await log(request);
      const status = url.searchParams.get('status');
      return reply('adminWithdrawals', page(state.withdrawals.filter((w) => !status || w.status === status), url));
    }),
    http.put(at('approveWithdrawal'), async ({ request }) => {
      const url = await log(request);
      if (state.mutationDelay) await delay(state.mutationDelay);
      const w = state.withdrawals.find((x) => x.id === Number(url.searchParams.get('withdrawalId')));
      if (!w) return err(404, 'NOT_FOUND', 'Withdrawal not found');
      if (w.status !== 'NOT_APPROVED') return err(409, 'ALREADY_RESOLVED', 'Withdrawal already resolved');
      if (w.holdUntil && Date.parse(w.holdUntil) > Date.now())
        return err(409, 'PAYOUT_COOLING_OFF', `The player changed the payout details shortly before this request: it can be approved from ${w.holdUntil}`);
      Object.assign(w, { status: 'APPROVED', approvedBy: 'boss', approveDate: '2026-01-04T00:00:00.000Z' });
      return reply('approveWithdrawal', w);
    }),
    http.put(at('rejectWithdrawal'), async ({ request }) => {
      const url = await log(request);
      const w = state.withdrawals.find((x) => x.id === Number(url.searchParams.get('withdrawalId')));
      if (!w) return err(404, 'NOT_FOUND', 'Withdrawal not found');
      if (w.status !== 'NOT_APPROVED') return err(409, 'ALREADY_RESOLVED', 'Withdrawal already resolved');
      const { reason } = (await request.json()) as { reason: string };
      Object.assign(w, { status: 'REJECTED', approvedBy: 'boss', approveDate: '2026-01-04T00:00:00.000Z', rejectReason: reason });
      return reply('rejectWithdrawal', w);
    }),
    http.get(at('adminTables'), async ({ request }) => {
      const url = await log(request);
      return reply('adminTables', page(state.tables, url));
    }),
    http.get(at('tableSessions'), async ({ request }) => {
      const url = await log(request);
      const tableId = Number(url.searchParams.get('tableId'));
      return reply('tableSessions', page(state.sessions.filter((h) => h.tableId === tableId), url));
    }),
    http.get(at('adminTable'), async ({ request, params }) => {
      await log(request);
      const t = state.tables.find((x) => x.tableId === Number(params.tableId));
      return t ? reply('adminTable', t) : err(404, 'NOT_FOUND', 'Table not found');
    }),
    // The live tables: simulation and kick, answered as the contract says.
    http.put(at('startSimulation'), async ({ request }) => {
      const url = await log(request);
      const tableId = Number(url.searchParams.get('tableId'));
      if (!state.tables.some((t) => t.tableId === tableId)) return err(404, 'NOT_FOUND', 'Table not found');
      state.simulation.set(tableId, true);
      return reply('startSimulation', { tableId, simulation: true, bots: state.bots });
    }),
    http.delete(at('stopSimulation'), async ({ request }) => {
      const url = await log(request);
      const tableId = Number(url.searchParams.get('tableId'));
      if (!state.tables.some((t) => t.tableId === tableId)) return err(404, 'NOT_FOUND', 'Table not found');
      state.simulation.set(tableId, false);
      return reply('stopSimulation', { tableId, simulation: false, bots: state.bots });
    }),
    http.delete(at('kick'), async ({ request }) => {
      const url = await log(request);
      const userId = Number(url.searchParams.get('userId'));
      if (!state.seated.includes(userId)) return err(404, 'NOT_SEATED', 'This player is not seated at the table');
      state.seated = state.seated.filter((id) => id !== userId);
      return reply('kick', { ok: true });
    }),
    http.post(at('createTable'), async ({ request }) => {
      await log(request);
      const body = (await request.json()) as Partial<Table> & { name: string };
      const parsed = routes.createTable.body.safeParse(body);
      if (!parsed.success) return err(400, 'INVALID_INPUT', parsed.error.issues[0].message);
      const t = toTable(body);
      state.tables.push(t);
      return reply('createTable', t);
    }),
  ];
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

/** A WebSocket stand-in: tests open it and push server frames by hand; `sentJson()` reads what went out. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: string[] = [];
  constructor(public url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(msg: unknown) {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  sentJson(): Array<Record<string, unknown>> {
    return this.sent.map((x) => JSON.parse(x) as Record<string, unknown>);
  }
  /** ACKs every GAME request sent so far that has not been answered. */
  ackAll() {
    for (const m of this.sentJson()) {
      if (typeof m.requestId === 'string' && !this.acked.has(m.requestId)) {
        this.acked.add(m.requestId);
        this.push({ type: 'ACK', requestId: m.requestId });
      }
    }
  }
  private acked = new Set<string>();
}

export function fakeSocket(): SocketClient {
  return new SocketClient({
    url: 'ws://test/api/v1/socket',
    getToken: () => localStorage.getItem('accessToken'),
    WebSocket: FakeWebSocket,
    logger: { info() {}, warn() {}, error() {} },
  });
}

/** Renders the admin app at `path` against msw; `goHome` records the redirects to `/`. */
export async function renderAdmin(path: string, opts: { token?: string | null; lang?: 'en' | 'mn'; socket?: SocketClient } = {}) {
  const token = opts.token === undefined ? 'admin-token' : opts.token;
  if (token) localStorage.setItem('accessToken', token);
  const goHome = vi.fn();
  const authProvider = createAuthProvider({ baseUrl: ORIGIN, goHome });
  const dataProvider = createDataProvider({ baseUrl: ORIGIN });
  const i18nProvider = await createI18nProvider(opts.lang ?? 'en');
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminRoot
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        socket={opts.socket ?? fakeSocket()}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, goHome, authProvider, dataProvider };
}

export function startMsw(state: () => AdminMockState) {
  const server = setupServer();
  return {
    server,
    use: () => server.use(...createHandlers(state())),
  };
}

export function table(over: Partial<Table> = {}): Table {
  return {
    tableId: 3,
    name: 'Khuree',
    variant: 'texas',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    maxPlayers: 9,
    players: 2,
    status: 'open',
    rakePercent: 5,
    rakeCap: 3000,
    actionTime: 20,
    jackpotPercent: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export const SAMPLE_PHH = `variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [500, 1000, 0]
min_bet = 1000
starting_stacks = [50000, 50000, 50000]
players = ["Bat", "Dorj", "Saraa"]
hand = 12
actions = [
  "d dh p1 AsKs",
  "d dh p2 7c2d",
  "d dh p3 QhQd",
  "p3 cbr 3000",
  "p1 cc",
  "p2 f",
  "d db Ah7h2s",
  "p1 cbr 4000",
  "p3 cc",
  "d db 9c",
  "p1 cc",
  "p3 cc",
  "d db 3d",
  "p1 cc",
  "p3 cc",
  "p1 sm AsKs",
  "p3 sm QhQd",
]
`;

export function hand(over: Partial<Hand> = {}): Hand {
  return {
    handId: 101,
    tableId: 3,
    handNumber: 12,
    startedAt: '2026-01-05T10:00:00.000Z',
    endedAt: '2026-01-05T10:01:00.000Z',
    seedHash: 'ab'.repeat(32),
    seed: 'cd'.repeat(32),
    phh: SAMPLE_PHH,
    summary: null,
    status: 'settled',
    ...over,
  };
}

export function seatView(over: Partial<SeatView> = {}): SeatView {
  return {
    seat: 0,
    userId: 7,
    username: 'bataa',
    isBot: false,
    stack: 50_000,
    bet: 0,
    state: 'PLAYING',
    connected: true,
    hasCards: true,
    cards: null,
    timeBank: 30_000,
    missedBlind: false,
    leaving: false,
    ...over,
  };
}

/** A live view as an administrator gets it: a hand on the flop, a bot and a player, no hole cards. */
export function tableView(over: Partial<TableView> = {}): TableView {
  const seats: Array<SeatView | null> = Array.from({ length: 6 }, () => null);
  seats[0] = seatView();
  seats[2] = seatView({ seat: 2, userId: 900, username: 'Bot Temuulen', isBot: true, stack: 61_500, bet: 2000 });
  return {
    tableId: 3,
    name: 'Khuree',
    variant: 'texas',
    smallBlind: 500,
    bigBlind: 1000,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    maxPlayers: 6,
    actionTime: 20,
    rakePercent: 5,
    rakeCap: 3000,
    status: 'OPEN',
    simulation: true,
    seats,
    hand: {
      handId: 55,
      handNumber: 9,
      seedHash: 'ab'.repeat(32),
      cardsRoot: 'ef'.repeat(32),
      entropy: [],
      street: 'FLOP',
      board: ['Ah', '7d', '2c'],
      pots: [{ amount: 4000, seats: [0, 2] }],
      button: 2,
      toAct: 0,
      actionDeadline: null,
      timeBankDeadline: null,
      legal: null,
    },
    lastHand: null,
    mySeat: null,
    nextSeedHash: null,
    ...over,
  };
}

/** The caller's second factor as the server keeps it (tests/admin/security.test.tsx). */
export interface TwoFactorMock {
  enabled: boolean;
  codesLeft: number;
  password: string;
  /** The one code the mock accepts (the "authenticator app"). */
  code: string;
  requests: { route: string; body: unknown }[];
}

export function twoFactorMock(over: Partial<TwoFactorMock> = {}): TwoFactorMock {
  return { enabled: false, codesLeft: 0, password: 'admin1234', code: '123456', requests: [], ...over };
}

/** msw handlers of the second-factor routes (GET /user/2fa, setup, enable, disable). */
export function twoFactorHandlers(tf: TwoFactorMock) {
  const body = async (route: string, request: Request) => {
    const b = (await request.json()) as Record<string, string>;
    tf.requests.push({ route, body: b });
    return b;
  };
  const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  return [
    http.get(at('twoFactor'), () => reply('twoFactor', { available: true, enabled: tf.enabled, recoveryCodesLeft: tf.enabled ? tf.codesLeft : 0 })),
    http.post(at('twoFactorSetup'), async ({ request }) => {
      const b = await body('setup', request);
      if (b.password !== tf.password) return err(403, 'WRONG_PASSWORD', 'The password is wrong');
      if (tf.enabled) return err(409, 'OTP_ALREADY_ENABLED', 'Already on');
      return reply('twoFactorSetup', { secret: SECRET, uri: `otpauth://totp/Mongol%20Poker:boss?secret=${SECRET}&issuer=Mongol%20Poker` });
    }),
    http.post(at('twoFactorEnable'), async ({ request }) => {
      const b = await body('enable', request);
      if (b.code !== tf.code) return err(403, 'OTP_INVALID', 'This code is wrong');
      tf.enabled = true;
      tf.codesLeft = 10;
      return reply('twoFactorEnable', { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`) });
    }),
    http.post(at('twoFactorDisable'), async ({ request }) => {
      const b = await body('disable', request);
      if (b.password !== tf.password) return err(403, 'WRONG_PASSWORD', 'The password is wrong');
      if (b.code !== tf.code) return err(403, 'OTP_INVALID', 'This code is wrong');
      tf.enabled = false;
      return reply('twoFactorDisable', { ok: true });
    }),
  ];
}
