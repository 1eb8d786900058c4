// What anyone may read: lobby tables, maintenance state, content blocks, the jackpot.
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { notFound } from '../../errors';
import { likePrefix, pageSql, where } from '../../services/paging';
import { defineRoute } from '../define';

export const TABLE_SORT = {
  id: sql`t.id`,
  tableId: sql`t.id`,
  name: sql`lower(t.name)`,
  variant: sql`t.variant`,
  smallBlind: sql`t.small_blind`,
  bigBlind: sql`t.big_blind`,
  minBuyIn: sql`t.min_buy_in`,
  maxBuyIn: sql`t.max_buy_in`,
  maxPlayers: sql`t.max_players`,
  players: sql`(SELECT count(*) FROM table_seats s WHERE s.table_id = t.id)`,
  status: sql`t.status`,
  createdAt: sql`t.created_at`,
};

export async function userPublicRoutes(app: FastifyInstance) {
  const { tables, settings, blocks, ledger, db } = app.services;

  defineRoute(app, 'tables', async ({ query }) => {
    const p = pageSql(query, TABLE_SORT, 'bigBlind', 'ASC');
    const w = where([
      sql`t.deleted_at IS NULL`,
      query.variant && sql`t.variant = ${query.variant}`,
      query.status && sql`t.status = ${query.status}`,
      query.q && sql`lower(t.name) LIKE ${likePrefix(query.q.toLowerCase())}`,
    ]);
    return tables.list(w, p.orderBy, p.limit, p.offset);
  });

  defineRoute(app, 'table', async ({ params }) => {
    const t = await tables.get(params.tableId);
    if (!t) throw notFound('Table');
    return t;
  });

  defineRoute(app, 'maintenance', async () => (await settings.get()).maintenance);
  defineRoute(app, 'walletLimits', async () => {
    const s = await settings.get();
    return { withdrawalMin: s.withdrawalMin, withdrawalMax: s.withdrawalMax };
  });

  defineRoute(app, 'block', async ({ params }) => {
    const b = await blocks.get(params.name);
    if (!b) throw notFound('Block');
    return b;
  });

  defineRoute(app, 'jackpot', async () => ({ amount: await ledger.houseBalance(db, 'jackpot') }));
}
