// What every resource adapter shares: the adapter's shape, the server's list query built from
// react-admin's, and the small helpers that turn the server's answers into records.
import type { RaRecord } from 'react-admin';
import { z } from 'zod';
import { routes, type RouteDef, type RouteName } from '../../shared/api/routes';
import type { Query } from '../../shared/http';

/** A list request in react-admin's terms, read back from simple-rest's query string. */
export interface ListRequest {
  page: number;
  perPage: number;
  sort?: { field: string; order: 'ASC' | 'DESC' };
  filter: Record<string, unknown>;
  signal?: AbortSignal;
}
export interface ListResult {
  items: RaRecord[];
  total: number;
}
export type Body = Record<string, unknown>;

/** What one resource can do; a missing entry is refused as unsupported. */
export interface ResourceAdapter {
  list?(req: ListRequest): Promise<ListResult>;
  one?(id: string, signal?: AbortSignal): Promise<RaRecord>;
  create?(body: Body): Promise<RaRecord>;
  update?(id: string, body: Body): Promise<RaRecord>;
  remove?(id: string): Promise<void>;
}

const PAGING_KEYS = new Set(['page', 'perPage', 'sort', 'order']);

/** Filter keys a list route accepts, read from its query schema. */
function filterKeys(name: RouteName): Set<string> {
  const def: RouteDef = routes[name];
  const shape: Record<string, unknown> = def.query instanceof z.ZodObject ? def.query.shape : {};
  return new Set(Object.keys(shape).filter((k) => !PAGING_KEYS.has(k)));
}

function isScalar(v: unknown): v is string | number | boolean {
  return (typeof v === 'string' && v !== '') || typeof v === 'number' || typeof v === 'boolean';
}

/** The server's own list query: page/perPage, sort (react-admin's `id` = the native id) and order, known filters. */
export function serverQuery(route: RouteName, idField: string, req: ListRequest): Query {
  const q: Query = { page: req.page, perPage: req.perPage };
  if (req.sort?.field) {
    q.sort = req.sort.field === 'id' ? idField : req.sort.field;
    q.order = req.sort.order === 'DESC' ? 'DESC' : 'ASC';
  }
  const allowed = filterKeys(route);
  for (const [k, v] of Object.entries(req.filter)) if (allowed.has(k) && isScalar(v)) q[k] = v;
  return q;
}

export function pickDefined(data: Body, keys: readonly string[]): Body {
  const out: Body = {};
  for (const k of keys) {
    const v = data[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  return out;
}

export const mapped = async <T>(res: Promise<{ items: T[]; total: number }>, map: (x: T) => RaRecord): Promise<ListResult> => {
  const { items, total } = await res;
  return { items: items.map(map), total };
};
export const same = <T extends RaRecord>(x: T): RaRecord => x;
export const EMPTY: ListResult = { items: [], total: 0 };
