// Administrators: tables and their game sessions (hands).
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../core/errors';
import { defineRoute } from '../define';

export async function adminTableRoutes(app: FastifyInstance) {
  const { tables } = app.services;

  defineRoute(app, 'adminTables', async ({ query }) => tables.list(query, 'id'));

  defineRoute(app, 'tableSessions', async ({ query }) => tables.sessions(query));

  defineRoute(app, 'adminTable', async ({ params }) => {
    const t = await tables.get(params.tableId);
    if (!t) throw notFound('Table');
    return t;
  });

  defineRoute(app, 'createTable', async ({ body, actor }) => tables.create(body, undefined, actor));

  defineRoute(app, 'updateTable', async ({ query, body, actor }) => {
    const id = query.tableId ?? body.tableId;
    if (id === undefined) throw badRequest('Give tableId in the query or the body', 'INVALID_INPUT', [{ path: 'tableId', message: 'Required' }]);
    if (query.tableId !== undefined && body.tableId !== undefined && query.tableId !== body.tableId)
      throw badRequest('tableId in the query and the body differ');
    return tables.update(id, body, actor);
  });

  defineRoute(app, 'deleteTable', async ({ query, actor }) => {
    await tables.delete(query.tableId, actor);
    return { ok: true as const };
  });
}
