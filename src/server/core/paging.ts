// Paging and sorting shared by the list routes (react-admin's page/perPage/sort/order).
import { sql, type SQL } from 'drizzle-orm';
import type { ListQuery } from '../../shared/api/common';
import { badRequest } from './errors';

export interface PageSql {
  orderBy: SQL;
  limit: number;
  offset: number;
}

export interface PageWindow {
  limit: number;
  offset: number;
  order: 'ASC' | 'DESC';
}

/** The page asked for, sorted by one of `fields` (anything else is a 400). */
export function pageWindow(q: ListQuery, fields: readonly string[], defaultSort: string, defaultOrder: 'ASC' | 'DESC' = 'DESC'): PageWindow & { sort: string } {
  const sort = q.sort ?? defaultSort;
  if (!fields.includes(sort))
    throw badRequest(`Cannot sort by ${sort}; use one of: ${fields.join(', ')}`, 'INVALID_INPUT', [{ path: 'sort', message: 'Unknown sort field' }]);
  return { sort, order: q.order ?? defaultOrder, limit: q.perPage, offset: (q.page - 1) * q.perPage };
}

/** `sortable` maps the public field name to a trusted SQL expression; anything else is a 400. */
export function pageSql(q: ListQuery, sortable: Record<string, SQL>, defaultSort: string, defaultOrder: 'ASC' | 'DESC' = 'DESC'): PageSql {
  const w = pageWindow(q, Object.keys(sortable), defaultSort, defaultOrder);
  const expr = sortable[w.sort];
  const dir = w.order === 'ASC' ? sql`ASC` : sql`DESC`;
  // A unique tiebreaker keeps pages stable.
  const tiebreak = sortable.id ? sql`, ${sortable.id} ${dir}` : sql``;
  return { orderBy: sql`ORDER BY ${expr} ${dir} NULLS LAST${tiebreak}`, limit: w.limit, offset: w.offset };
}

/** AND of the given conditions (TRUE when none). */
export function where(conds: (SQL | false | undefined | null | '' | 0)[]): SQL {
  const list = conds.filter((c): c is SQL => !!c);
  return list.length ? sql`WHERE ${sql.join(list, sql` AND `)}` : sql``;
}

/** Escapes LIKE wildcards in user input used as a prefix. */
export const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
