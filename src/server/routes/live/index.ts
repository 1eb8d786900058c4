// Live-table calls over HTTP: kicks (staff) and simulation (administrators), own hands for players.
// The table's owner (possibly another instance) makes the change; the audit row follows in a
// transaction of its own once the owner answered yes.
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../core/errors';
import { myHand, myHands } from '../../tables/history';
import { type Actor, type AuditInput, audit } from '../../core/audit';
import { defineRoute } from '../define';
import { handsExportRoute } from './hands-export';

const ROUTE_WAIT_MS = 5000;

export async function liveRoutes(app: FastifyInstance) {
  const { tables } = app.live;
  // A table this instance has not heard of yet may have just been created through another one:
  // if it is in the database and open, its owner is waited for (a lease tick, at most a few seconds).
  const known = async (tableId: number) => {
    if (tables.ownerOf(tableId) !== null) return tableId;
    const table = await app.services.tables.get(tableId);
    if (!table || table.status !== 'open') throw notFound('Table');
    if (!(await tables.routed(tableId, ROUTE_WAIT_MS))) throw new AppError(503, 'TABLE_UNAVAILABLE', 'The table is being opened; try again in a moment');
    return tableId;
  };
  const orFail = (r: { ok: true } | { ok: false; error: { code: string; message: string } }) => {
    if (!r.ok) throw new AppError(r.error.code === 'NOT_SEATED' ? 404 : 409, r.error.code, r.error.message);
  };

  const record = (actor: Actor, e: AuditInput) => app.services.db.transaction((tx) => audit(tx, actor, e));

  defineRoute(app, 'kick', async ({ query, actor }) => {
    orFail(await tables.call(await known(query.tableId), { kind: 'kick', userId: query.userId }));
    const { tableId, userId } = query;
    await record(actor, { action: 'table.kick', objectType: 'table', objectId: tableId, userId, before: { seated: true }, after: { seated: false } });
    return { ok: true };
  });

  const simulation = async (tableId: number) => ({ tableId, ...(await tables.call(tableId, { kind: 'simulationState' })) });
  defineRoute(app, 'startSimulation', async ({ query, actor }) => {
    orFail(await tables.call(await known(query.tableId), { kind: 'simulation', on: true }));
    const after = await simulation(query.tableId);
    await record(actor, { action: 'table.simulation_start', objectType: 'table', objectId: query.tableId, before: { simulation: false }, after });
    return after;
  });
  defineRoute(app, 'stopSimulation', async ({ query, actor }) => {
    orFail(await tables.call(await known(query.tableId), { kind: 'simulation', on: false }));
    const after = await simulation(query.tableId);
    await record(actor, { action: 'table.simulation_stop', objectType: 'table', objectId: query.tableId, before: { simulation: true }, after });
    return after;
  });

  await handsExportRoute(app);
  defineRoute(app, 'myHands', async ({ query, user }) => myHands(app.services.db, user.userId, query));
  defineRoute(app, 'myHand', async ({ params, user }) => {
    const hand = await myHand(app.services.db, user.userId, params.handId);
    if (!hand) throw notFound('Hand');
    return hand;
  });
}
