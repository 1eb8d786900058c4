// msw handlers of the tournament routes, on the contract like mocks/handlers.ts: the player's list,
// page, registration and unregistration (wallet and game history move as on the server), and the
// back office's list, page, create, edit and cancel (everyone refunded).
import { http, type HttpHandler } from 'msw';
import { Outcome, type CreateTournamentBody, type UpdateTournamentBody } from '../src/shared/api';
import { errorResponse as err, page, path, readBody, reply } from './respond';
import { detailFor, entrant, fromCreateBody, listFilter, recompute, summaryFor, type MockTournament } from './tournaments';
import type { MockState, MockUser } from './state';

const notFound = () => err(404, 'NOT_FOUND', 'Tournament not found');
const LIVE = (e: MockTournament['entries'][number]) => e.status === 'registered' || e.status === 'playing';

export function createTournamentHandlers(state: MockState, userFrom: (request: Request) => MockUser | null): HttpHandler[] {
  const at = (params: Record<string, unknown>) => state.tournaments.findIndex((t) => t.id === Number(params.tournamentId));
  const viewerOf = (request: Request) => userFrom(request)?.me.userId ?? null;
  const outcome = (type: Outcome['type'], amount: number, reference: string) =>
    state.outcomes.push(
      Outcome.parse({
        id: state.nextId,
        code: `TX-${String(state.nextId++).padStart(6, '0')}`,
        type,
        amount,
        date: new Date().toISOString(),
        reference,
        tableId: null,
      }),
    );

  return [
    http.get(path('tournaments'), ({ request }) => {
      const url = new URL(request.url);
      const viewer = viewerOf(request);
      const rows = state.tournaments.filter(listFilter(url)).map((t) => summaryFor(t, viewer));
      return reply('tournaments', page(rows, url));
    }),
    http.get(path('tournament'), ({ request, params }) => {
      const i = at(params);
      return i < 0 ? notFound() : reply('tournament', detailFor(state.tournaments[i], viewerOf(request)));
    }),
    http.post(path('registerTournament'), ({ request, params }) => {
      const u = userFrom(request);
      if (!u) return err(401, 'UNAUTHORIZED', 'Sign in first');
      const i = at(params);
      if (i < 0) return notFound();
      const t = state.tournaments[i];
      const late = t.status === 'running' && t.lateRegOpen;
      if (t.status !== 'registering' && !late) return err(409, 'REGISTRATION_CLOSED', 'Registration for this tournament is closed');
      const mine = t.entries.filter((e) => e.userId === u.me.userId);
      if (mine.some(LIVE)) return err(409, 'ALREADY_REGISTERED', 'You are registered for this tournament already');
      if (mine.filter((e) => e.status === 'busted').length > t.reentryMax) return err(409, 'NO_REENTRY', 'You have used every re-entry of this tournament');
      if (t.entries.filter(LIVE).length >= t.maxEntrants) return err(409, 'TOURNAMENT_FULL', 'This tournament is full');
      if (u.me.balance < t.buyIn + t.fee) return err(409, 'INSUFFICIENT_BALANCE', 'Not enough balance');
      const entryId = state.nextId++;
      // A late entry is seated at once here (the real director takes up to a second).
      const entry = entrant({ entryId, userId: u.me.userId, username: u.me.username, chips: t.startingStack, entryNo: mine.length + 1 });
      state.tournaments[i] = recompute({
        ...t,
        entries: [...t.entries, late ? { ...entry, status: 'playing', tableId: t.tables[0]?.tableId ?? null } : entry],
      });
      u.me = { ...u.me, balance: u.me.balance - t.buyIn - t.fee };
      outcome('TOURNAMENT_BUY_IN', -t.buyIn, `T-${t.id}`);
      if (t.fee > 0) outcome('TOURNAMENT_FEE', -t.fee, `T-${t.id}`);
      return reply('registerTournament', {
        entryId,
        tournamentId: t.id,
        entryNo: mine.length + 1,
        status: 'registered',
        paidBuyIn: t.buyIn,
        paidFee: t.fee,
        balance: u.me.balance,
      });
    }),
    http.post(path('unregisterTournament'), ({ request, params }) => {
      const u = userFrom(request);
      if (!u) return err(401, 'UNAUTHORIZED', 'Sign in first');
      const i = at(params);
      if (i < 0) return notFound();
      const t = state.tournaments[i];
      if (t.status !== 'registering') return err(409, 'TOURNAMENT_STARTED', 'The tournament has started');
      if (!t.entries.some((e) => e.userId === u.me.userId && e.status === 'registered'))
        return err(409, 'NOT_REGISTERED', 'You are not registered for this tournament');
      state.tournaments[i] = recompute({ ...t, entries: t.entries.filter((e) => e.userId !== u.me.userId || e.status !== 'registered') });
      u.me = { ...u.me, balance: u.me.balance + t.buyIn + t.fee };
      outcome('TOURNAMENT_REFUND', t.buyIn + t.fee, `T-${t.id}`);
      return reply('unregisterTournament', { ok: true });
    }),
    // Rebuy and add-on, by the server's rules; the chips go on at once here.
    ...(['rebuy', 'addon'] as const).map((kind) =>
      http.post(path(kind === 'rebuy' ? 'rebuyTournament' : 'addonTournament'), ({ request, params }) => {
        const u = userFrom(request);
        if (!u) return err(401, 'UNAUTHORIZED', 'Sign in first');
        const i = at(params);
        if (i < 0) return notFound();
        const t = state.tournaments[i];
        if (!(kind === 'rebuy' ? t.rebuyOpen && t.rebuyMax > 0 : t.addonOpen && t.addonChips > 0))
          return err(409, kind === 'rebuy' ? 'REBUY_CLOSED' : 'ADDON_CLOSED', 'Not on sale now');
        const e = t.entries.find((x) => x.userId === u.me.userId && x.status === 'playing');
        if (!e) return err(409, 'NOT_PLAYING', 'You are not playing in this tournament');
        if (kind === 'rebuy' && e.rebuys >= t.rebuyMax) return err(409, 'NO_REBUY', 'No rebuys left');
        if (kind === 'rebuy' && e.chips > t.startingStack) return err(409, 'STACK_TOO_BIG', 'Stack above the starting stack');
        if (kind === 'addon' && e.addon) return err(409, 'NO_ADDON', 'Add-on taken');
        if (u.me.balance < t.buyIn + t.fee) return err(409, 'INSUFFICIENT_BALANCE', 'Not enough balance');
        const chips = kind === 'rebuy' ? t.startingStack : t.addonChips;
        const bought = { ...e, chips: e.chips + chips, rebuys: e.rebuys + (kind === 'rebuy' ? 1 : 0), addon: e.addon || kind === 'addon' };
        state.tournaments[i] = recompute({ ...t, entries: t.entries.map((x) => (x === e ? bought : x)) });
        u.me = { ...u.me, balance: u.me.balance - t.buyIn - t.fee };
        outcome(kind === 'rebuy' ? 'TOURNAMENT_REBUY' : 'TOURNAMENT_ADDON', -t.buyIn, `T-${t.id}`);
        if (t.fee > 0) outcome('TOURNAMENT_FEE', -t.fee, `T-${t.id}`);
        return reply(kind === 'rebuy' ? 'rebuyTournament' : 'addonTournament', {
          purchaseId: state.nextId++,
          kind,
          chips,
          paidBuyIn: t.buyIn,
          paidFee: t.fee,
          balance: u.me.balance,
        });
      }),
    ),
  ];
}

/** The back office's state holds its own tournaments and the request log. */
export interface AdminTournamentState {
  tournaments: MockTournament[];
}
type Log = (request: Request) => Promise<URL>;

export function createAdminTournamentHandlers(state: AdminTournamentState, log: Log): HttpHandler[] {
  const at = (params: Record<string, unknown>) => state.tournaments.findIndex((t) => t.id === Number(params.tournamentId));
  return [
    http.get(path('adminTournaments'), async ({ request }) => {
      const url = await log(request);
      return reply(
        'adminTournaments',
        page(
          state.tournaments.filter(listFilter(url)).map((t) => summaryFor(t, null)),
          url,
        ),
      );
    }),
    http.get(path('adminTournament'), async ({ request, params }) => {
      await log(request);
      const i = at(params);
      return i < 0 ? notFound() : reply('adminTournament', state.tournaments[i]);
    }),
    http.post(path('createTournament'), async ({ request }) => {
      await log(request);
      const b = await readBody('createTournament', request);
      if (!b.ok) return b.res;
      const t = fromCreateBody(Math.max(0, ...state.tournaments.map((x) => x.id)) + 1, b.data as CreateTournamentBody);
      state.tournaments.push(t);
      return reply('createTournament', t);
    }),
    http.patch(path('updateTournament'), async ({ request, params }) => {
      await log(request);
      const i = at(params);
      if (i < 0) return notFound();
      const t = state.tournaments[i];
      if (t.status !== 'registering') return err(409, 'TOURNAMENT_STARTED', 'The tournament has started');
      const b = await readBody('updateTournament', request);
      if (!b.ok) return b.res;
      const patch = b.data as UpdateTournamentBody;
      if ((patch.buyIn !== undefined && patch.buyIn !== t.buyIn) || (patch.fee !== undefined && patch.fee !== t.fee))
        if (t.playersLeft > 0) return err(409, 'CONFLICT', 'Buy-in and fee cannot change once players have registered');
      state.tournaments[i] = recompute({ ...t, ...patch, payoutTable: patch.payoutTable ?? t.payoutTable });
      return reply('updateTournament', state.tournaments[i]);
    }),
    http.post(path('addTournamentBots'), async ({ request, params }) => {
      await log(request);
      const i = at(params);
      if (i < 0) return notFound();
      const t = state.tournaments[i];
      if (t.status !== 'registering') return err(409, 'REGISTRATION_CLOSED', 'Registration is closed');
      const b = await readBody('addTournamentBots', request);
      if (!b.ok) return b.res;
      const free = Math.max(0, t.maxEntrants - t.playersLeft);
      const base = 900_000 + t.entries.length;
      const bots = Array.from({ length: Math.min(Number(b.data.count), free) }, (_, k) =>
        entrant({ entryId: base + k, userId: base + k, username: `Bot_${base + k}`, isBot: true, chips: t.startingStack }),
      );
      state.tournaments[i] = recompute({ ...t, entries: [...t.entries, ...bots] });
      return reply('addTournamentBots', state.tournaments[i]);
    }),
    http.post(path('cancelTournament'), async ({ request, params }) => {
      await log(request);
      const i = at(params);
      if (i < 0) return notFound();
      const t = state.tournaments[i];
      if (t.status !== 'registering') return err(409, 'TOURNAMENT_STARTED', 'The tournament has started');
      const b = await readBody('cancelTournament', request);
      if (!b.ok) return b.res;
      const reason = String(b.data.reason);
      const entries = t.entries.map((e) => (e.status === 'registered' ? { ...e, status: 'refunded' as const } : e));
      state.tournaments[i] = recompute({ ...t, entries, status: 'cancelled', cancelReason: reason, finishedAt: new Date().toISOString() });
      return reply('cancelTournament', state.tournaments[i]);
    }),
  ];
}
