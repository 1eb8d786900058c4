// msw 2 handlers for the player API, built on the route table and schemas of src/shared/api:
// request bodies are checked with the route's body schema, answers with its response schema.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { Withdrawal, Me } from '../src/shared/api';
import { HAND_COUNT_HEADER, MY_HANDS_EXPORT_PATH } from '../src/shared/api/live';
import { errorResponse, page, path, readBody, reply } from './respond';
import { createMockState, type MockState, type MockUser } from './state';
import { createTournamentHandlers } from './tournament-handlers';
import { createRegularsHandlers } from './regulars-handlers';
import { createSaferHandlers } from './safer-handlers';
import { mockPool } from './pools';

export { errorResponse };

const byDateDesc =
  <T>(get: (x: T) => string) =>
  (a: T, b: T) =>
    Date.parse(get(b)) - Date.parse(get(a));

export function userFrom(state: MockState, request: Request): MockUser | null {
  const auth = request.headers.get('authorization') ?? '';
  const m = /^Bearer (.+)$/.exec(auth);
  if (!m) return null;
  const id = state.tokens.get(m[1]);
  return state.users.find((u) => u.me.userId === id) ?? null;
}

const MOCK_POOL = mockPool({ players: 23 });

export function createHandlers(state: MockState = createMockState()): HttpHandler[] {
  const requireUser = (request: Request) => {
    const u = userFrom(state, request);
    return u ? { user: u } : { res: errorResponse(401, 'UNAUTHORIZED', 'Sign in first') };
  };
  const issueToken = (u: MockUser) => {
    const token = `mock-token-${u.me.userId}-${state.nextId++}`;
    state.tokens.set(token, u.me.userId);
    return token;
  };

  return [
    // Before /user/hand/:handId, which would take /user/hand/search as a hand id.
    ...createRegularsHandlers(
      state.regulars,
      (request) => userFrom(state, request),
      () => state.users,
    ),
    ...createSaferHandlers((request) => userFrom(state, request), state.safer),
    // Fast-fold pools (docs/fast-fold.md): one open pool to look at; joining answers "waiting".
    http.get(path('pools'), () => reply('pools', { items: [MOCK_POOL] })),
    http.post(path('joinPool'), ({ request, params }) => {
      const r = requireUser(request);
      return r.res ?? reply('joinPool', { poolId: Number(params.poolId), inPool: true, tableId: null, away: false });
    }),
    http.post(path('login'), async ({ request }) => {
      const b = await readBody('login', request);
      if (!b.ok) return b.res;
      const u = state.users.find((x) => x.me.username === b.data.username && x.password === b.data.password);
      if (!u) return errorResponse(401, 'INVALID_CREDENTIALS', 'Wrong username or password');
      return reply('login', { accessToken: issueToken(u), user: u.me });
    }),
    http.post(path('register'), async ({ request }) => {
      const b = await readBody('register', request);
      if (!b.ok) return b.res;
      const d = b.data as { username: string; email: string; password: string; bank: string; accountNumber: string };
      if (state.users.some((u) => u.me.username.toLowerCase() === d.username.toLowerCase()))
        return errorResponse(409, 'USERNAME_TAKEN', 'Username is already taken');
      // Like the server: a taken e-mail answers like a free one (the address stays unconfirmed).
      const id = state.nextId++;
      const me = Me.parse({
        userId: id,
        username: d.username,
        email: d.email,
        emailConfirmed: false,
        role: 'PLAYER',
        isAdmin: false,
        balance: 0,
        locked: 0,
        bank: d.bank,
        accountNumber: d.accountNumber,
        depositCode: `MP${id.toString(36).toUpperCase().padStart(4, '0')}`,
        status: 'active',
        createdAt: new Date().toISOString(),
        payoutChangedAt: null,
        payoutHoldUntil: null,
        avatar: null,
      });
      const u = { me, password: d.password };
      state.users.push(u);
      return reply('register', { accessToken: issueToken(u), user: me });
    }),
    http.get(path('me'), ({ request }) => {
      const r = requireUser(request);
      return 'res' in r ? r.res : reply('me', r.user.me);
    }),
    http.patch(path('patchMe'), async ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const b = await readBody('patchMe', request);
      if (!b.ok) return b.res;
      const d = b.data as { email?: string; bank?: Me['bank']; accountNumber?: string; password?: string; currentPassword?: string; avatar?: string | null };
      const me0 = r.user.me;
      const emailChanged = d.email !== undefined && d.email.toLowerCase() !== me0.email.toLowerCase();
      const payoutChanged = (d.bank !== undefined && d.bank !== me0.bank) || (d.accountNumber !== undefined && d.accountNumber !== me0.accountNumber);
      // Like the server: e-mail, payout details and password need the current password (403).
      if ((emailChanged || payoutChanged || d.password !== undefined) && d.currentPassword !== r.user.password)
        return errorResponse(403, 'WRONG_PASSWORD', 'The current password is wrong');
      if (d.password !== undefined) r.user.password = d.password;
      const now = Date.now();
      r.user.me = Me.parse({
        ...me0,
        email: d.email ?? me0.email,
        bank: d.bank ?? me0.bank,
        accountNumber: d.accountNumber ?? me0.accountNumber,
        // Like the server: an id of the set (the body schema checked it) or null for the initials; no password needed.
        avatar: d.avatar !== undefined ? d.avatar : (me0.avatar ?? null),
        ...(payoutChanged ? { payoutChangedAt: new Date(now).toISOString(), payoutHoldUntil: new Date(now + 24 * 3600_000).toISOString() } : {}),
      });
      return reply('patchMe', r.user.me);
    }),
    http.post(path('forgotPassword'), async ({ request }) => {
      const b = await readBody('forgotPassword', request);
      return b.ok ? reply('forgotPassword', { ok: true }) : b.res;
    }),
    http.post(path('resetPassword'), async ({ request }) => {
      const b = await readBody('resetPassword', request);
      if (!b.ok) return b.res;
      if (b.data.token === 'expired-token-000') return errorResponse(400, 'INVALID_INPUT', 'The link has expired');
      return reply('resetPassword', { ok: true });
    }),
    http.post(path('confirmEmail'), async ({ request }) => {
      const b = await readBody('confirmEmail', request);
      if (!b.ok) return b.res;
      if (b.data.token === 'expired-token-000') return errorResponse(400, 'INVALID_TOKEN', 'This confirmation link is invalid or has expired');
      for (const u of state.users) if (!u.me.emailConfirmed) u.me = { ...u.me, emailConfirmed: true };
      return reply('confirmEmail', { ok: true });
    }),
    http.post(path('resendConfirmation'), ({ request }) => {
      const r = requireUser(request);
      return 'res' in r ? r.res : reply('resendConfirmation', { ok: true });
    }),
    http.get(path('tables'), ({ request }) => reply('tables', page(state.tables, new URL(request.url)))),
    http.get(path('table'), ({ params }) => {
      const t = state.tables.find((x) => x.tableId === Number(params.tableId));
      return t ? reply('table', t) : errorResponse(404, 'NOT_FOUND', 'No such table');
    }),
    http.get(path('deposits'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const mine = state.deposits.filter((d) => d.userId === r.user.me.userId).sort(byDateDesc((d) => d.approvedDate));
      return reply('deposits', page(mine, new URL(request.url)));
    }),
    http.get(path('withdrawals'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const mine = state.withdrawals.filter((w) => w.userId === r.user.me.userId).sort(byDateDesc((w) => w.requestDate));
      return reply('withdrawals', page(mine, new URL(request.url)));
    }),
    http.post(path('createWithdrawal'), async ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const b = await readBody('createWithdrawal', request);
      if (!b.ok) return b.res;
      const amount = b.data.amount as number;
      const { withdrawalMin, withdrawalMax } = state.limits;
      if (amount < withdrawalMin || amount > withdrawalMax)
        return errorResponse(400, 'INVALID_INPUT', `Amount must be between ${withdrawalMin} and ${withdrawalMax}`);
      if (amount > r.user.me.balance) return errorResponse(409, 'INSUFFICIENT_BALANCE', 'Not enough balance');
      const id = state.nextId++;
      const w = Withdrawal.parse({
        id,
        code: `WD-${String(id).padStart(6, '0')}`,
        userId: r.user.me.userId,
        username: r.user.me.username,
        amount,
        requestDate: new Date().toISOString(),
        status: 'NOT_APPROVED',
        approvedBy: null,
        approveDate: null,
        rejectReason: null,
        bank: r.user.me.bank,
        accountNumber: r.user.me.accountNumber,
        holdUntil: r.user.me.payoutHoldUntil && Date.parse(r.user.me.payoutHoldUntil) > Date.now() ? r.user.me.payoutHoldUntil : null,
      });
      state.withdrawals.push(w);
      r.user.me = { ...r.user.me, balance: r.user.me.balance - amount, locked: r.user.me.locked + amount };
      return reply('createWithdrawal', w);
    }),
    http.get(path('outcome'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const rows = [...state.outcomes].sort(byDateDesc((o) => o.date));
      return reply('outcome', page(rows, new URL(request.url)));
    }),
    http.get(path('myStats'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      return reply('myStats', MY_STATS);
    }),
    http.get(path('maintenance'), () => reply('maintenance', state.maintenance)),
    http.get(path('jackpot'), () => reply('jackpot', { amount: state.jackpot })),
    http.get(path('walletLimits'), () => reply('walletLimits', { withdrawalMin: state.limits.withdrawalMin, withdrawalMax: state.limits.withdrawalMax })),
    http.get(path('block'), ({ params }) => {
      const b = state.blocks.get(String(params.name));
      return b ? reply('block', b) : errorResponse(404, 'NOT_FOUND', 'No such block');
    }),
    http.get(path('myHands'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      return reply('myHands', page(r.user.me.userId === 1 ? state.hands : [], new URL(request.url)));
    }),
    // The whole history as one .phhs file (the server streams it; here it is one answer).
    http.get(MY_HANDS_EXPORT_PATH, ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const hands = (r.user.me.userId === 1 ? state.hands : []).filter((h) => h.phh).sort((a, b) => a.handId - b.handId);
      const text = hands.map((h, i) => `[${i + 1}]\n# hand ${h.handId}, ${h.startedAt}\n${h.phh!.trim()}\n`).join('\n');
      return new HttpResponse(text, { headers: { 'content-type': 'text/plain; charset=utf-8', [HAND_COUNT_HEADER]: String(hands.length) } });
    }),
    http.get(path('myHand'), ({ request, params }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const mine = r.user.me.userId === 1 ? [...state.hands, ...state.regulars.searchHands.map((x) => x.hand)] : [];
      const h = mine.find((x) => x.handId === Number(params.handId));
      return h ? reply('myHand', h) : errorResponse(404, 'NOT_FOUND', 'Hand not found');
    }),
    http.get(path('chatMessages'), ({ request }) => {
      const r = requireUser(request);
      if ('res' in r) return r.res;
      const limit = Number(new URL(request.url).searchParams.get('limit') ?? 50);
      const items = state.chat.slice(-limit);
      return reply('chatMessages', { items, total: state.chat.length });
    }),
    ...createTournamentHandlers(state, (request) => userFrom(state, request)),
  ];
}

export { createMockState };

/** The player's own statistics (GET /user/stats): one stake, three days of results. */
const MY_STATS = {
  figures: [
    {
      game: 'texas',
      bigBlind: 1000,
      hands: 1240,
      vpip: 24.5,
      pfr: 18.2,
      threeBet: 6.1,
      aggression: 2.4,
      wtsd: 27.9,
      wsd: 52.3,
      bbPer100: 4.75,
      net: 58_900,
      allinHands: 14,
      allinEv: 12_000,
      allinActual: 31_000,
      decisionMeanMs: 4200,
      decisionSdMs: 3100,
    },
  ],
  hoursPlayed: 21.5,
  longestSessionHours: 3.2,
  maxTables: 3,
  days: [
    { day: '2026-11-01', hands: 400, net: 20_000, cumulative: 20_000 },
    { day: '2026-11-02', hands: 440, net: -11_100, cumulative: 8_900 },
    { day: '2026-11-03', hands: 400, net: 50_000, cumulative: 58_900 },
  ],
};
