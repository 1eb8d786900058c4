// The `tournament` resource (id = the tournament's id) on the administrator API:
//
//   list    GET /admin/tournament (status, kind)
//   one     GET /admin/tournament/:tournamentId (structure, payouts, entries, tables)
//   create  POST /admin/tournament
//   update  PATCH /admin/tournament/:tournamentId (the changed fields only: updateData in index.ts)
//   cancel  POST /admin/tournament/:tournamentId/cancel {reason} (a custom method, index.ts)
import type { TournamentDetail, TournamentSummary } from '../../shared/api/tournaments';
import type { BodyOf } from '../../shared/api/routes';
import { explained } from './errors';
import type { Http } from './http';
import { pickDefined, serverQuery, type ResourceAdapter } from './adapter';

export type TournamentRecord = TournamentSummary &
  Partial<Pick<TournamentDetail, 'structure' | 'payoutTable' | 'places' | 'entries' | 'level' | 'levelEndsAt' | 'tables'>>;

/** Fields an administrator sends (create and update); startsAt may be null (a sit & go). */
export const TOURNAMENT_KEYS = [
  'name',
  'kind',
  'variant',
  'buyIn',
  'fee',
  'startingStack',
  'tableSize',
  'minEntrants',
  'maxEntrants',
  'startsAt',
  'lateRegLevels',
  'reentryMax',
  'guarantee',
  'structure',
  'payoutTable',
] as const;

/** The create body: the known fields, `startsAt: null` kept (a sit & go has none). */
export function tournamentBody(data: Record<string, unknown>): Record<string, unknown> {
  const body = pickDefined(data, TOURNAMENT_KEYS);
  if (data.startsAt === null) body.startsAt = null;
  return body;
}

export function tournamentAdapter(http: Http): ResourceAdapter {
  return {
    list: async (req) => http.call('adminTournaments', { query: serverQuery('adminTournaments', 'id', req), signal: req.signal }),
    one: async (id, signal) => http.call('adminTournament', { params: { tournamentId: Number(id) }, signal }),
    create: async (body) => explained('tournament', () => http.call('createTournament', { body: tournamentBody(body) as BodyOf<'createTournament'> })),
    update: async (id, body) =>
      explained('tournament', () => http.call('updateTournament', { params: { tournamentId: Number(id) }, body: body as BodyOf<'updateTournament'> })),
  };
}
