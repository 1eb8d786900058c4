// Tournaments: the lobby's list and page, registration (players), and create / edit / cancel
// (administrators; staff may watch). Thin handlers over tournaments/registration.ts.
import type { FastifyInstance } from 'fastify';
import { optionalUser } from '../plugins/auth';
import { conflict } from '../core/errors';
import { audit } from '../core/audit';
import { defineRoute } from './define';

export async function tournamentRoutes(app: FastifyInstance) {
  const { tournaments, maintenance } = app.services;
  // An integrity standing, then safer play's limits (integrity/play-gate.ts).
  const mayEnter = (userId: number, id: number) => app.playGate.mayEnterTournament(userId, id);

  defineRoute(app, 'tournaments', async ({ query, req }) => tournaments.list(query, (await optionalUser(app, req))?.userId ?? null));
  defineRoute(app, 'tournament', async ({ params, req }) => tournaments.get(params.tournamentId, (await optionalUser(app, req))?.userId ?? null));
  defineRoute(app, 'registerTournament', async ({ params, user }) => {
    await maintenance.assertOpen('play', user.role);
    await mayEnter(user.userId, params.tournamentId);
    const { full: _full, ...entry } = await tournaments.register(user.userId, params.tournamentId);
    return entry;
  });
  defineRoute(app, 'rebuyTournament', async ({ params, user }) => {
    await maintenance.assertOpen('play', user.role);
    await mayEnter(user.userId, params.tournamentId);
    return tournaments.purchase(user.userId, params.tournamentId, 'rebuy');
  });
  defineRoute(app, 'addonTournament', async ({ params, user }) => {
    await maintenance.assertOpen('play', user.role);
    await mayEnter(user.userId, params.tournamentId);
    return tournaments.purchase(user.userId, params.tournamentId, 'addon');
  });
  defineRoute(app, 'unregisterTournament', async ({ params, user }) => {
    await tournaments.unregister(user.userId, params.tournamentId);
    return { ok: true as const };
  });

  defineRoute(app, 'adminTournaments', async ({ query }) => tournaments.list(query, null));
  defineRoute(app, 'adminTournament', async ({ params }) => tournaments.get(params.tournamentId, null));
  defineRoute(app, 'createTournament', async ({ actor, body }) => tournaments.create(actor, body));
  defineRoute(app, 'updateTournament', async ({ actor, params, body }) => tournaments.update(actor, params.tournamentId, body));
  // Bots register through the live room (it starts a sit & go they fill); one audit row per bot, in its registration's transaction.
  defineRoute(app, 'addTournamentBots', async ({ actor, params, body }) => {
    const id = params.tournamentId;
    // 404 for an unknown tournament; once registration has closed, a clear 409 rather than nothing added.
    const t = await tournaments.get(id, null);
    if (t.status !== 'registering' && !t.lateRegOpen) throw conflict('Registration for this tournament is closed', 'REGISTRATION_CLOSED');
    await app.live.tournaments.addBots(id, body.count, (tx, bot) =>
      audit(tx, actor, { action: 'tournament.bots', objectType: 'tournament', objectId: id, after: { botUserId: bot.userId, bot: bot.username } }),
    );
    return tournaments.get(id, null);
  });
  defineRoute(app, 'cancelTournament', async ({ actor, params, body }) => tournaments.cancel(actor, params.tournamentId, body.reason));
}
