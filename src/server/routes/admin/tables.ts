// Administrators: tables and their game sessions (hands).
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { badRequest, notFound } from '../../errors';
import { likePrefix, pageSql, where } from '../../services/paging';
import { defineRoute } from '../define';
import { TABLE_SORT } from '../user/public';

export async function adminTableRoutes(app: FastifyInstance) {
  const { tables } = app.services;

  defineRoute(app, 'adminTables', async ({ query }) => {
    const p = pageSql(query, TABLE_SORT, 'id', 'ASC');
    const w = where([
      sql`t.deleted_at IS NULL`,
      query.variant && sql`t.variant = ${query.variant}`,
      query.status && sql`t.status = ${query.status}`,
      query.q && sql`lower(t.name) LIKE ${likePrefix(query.q.toLowerCase())}`,
    ]);
    return tables.list(w, p.orderBy, p.limit, p.offset);
  });

  defineRoute(app, 'tableSessions', async ({ query }) => {
    const p = pageSql(query, { id: sql`h.id`, handNumber: sql`h.hand_number`, startedAt: sql`h.started_at` }, 'id');
    return tables.sessions(query.tableId, p.orderBy, p.limit, p.offset);
  });

  defineRoute(app, 'adminTable', async ({ params }) => {
    const t = await tables.get(params.tableId);
    if (!t) throw notFound('Table');
    return t;
  });

  defineRoute(app, 'createTable', async ({ body }) => tables.create(body));

  defineRoute(app, 'updateTable', async ({ query, body }) => {
    const id = query.tableId ?? body.tableId;
    if (id === undefined) throw badRequest('Give tableId in the query or the body', 'INVALID_INPUT', [{ path: 'tableId', message: 'Required' }]);
    if (query.tableId !== undefined && body.tableId !== undefined && query.tableId !== body.tableId) throw badRequest('tableId in the query and the body differ');
    return tables.update(id, body);
  });

  defineRoute(app, 'deleteTable', async ({ query }) => {
    await tables.delete(query.tableId);
    return { ok: true as const };
  });
}
