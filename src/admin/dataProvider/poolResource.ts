// The `pool` resource (id = the pool's id) on the administrator API (docs/fast-fold.md):
//
//   list    GET /admin/pool (variant, status)
//   create  POST /admin/pool
//   close   POST /admin/pool/:poolId/close, house bots POST /admin/pool/:poolId/bots {count}
//           (the data provider's `call`, pools/PoolActions.tsx)
import type { Pool } from '../../shared/api/pools';
import type { BodyOf } from '../../shared/api/routes';
import type { Http } from './http';
import { pickDefined, type ResourceAdapter } from './adapter';

export type PoolRecord = Pool & { id: number };
export const toPool = (p: Pool): PoolRecord => ({ ...p, id: p.poolId });

export const POOL_KEYS = ['name', 'variant', 'smallBlind', 'bigBlind', 'minBuyIn', 'maxBuyIn', 'maxPlayers', 'rakePercent', 'rakeCap', 'actionTime'] as const;

export function poolAdapter(http: Http): ResourceAdapter {
  return {
    list: async (req) => {
      const query: Record<string, string> = {};
      for (const k of ['variant', 'status'] as const) if (typeof req.filter[k] === 'string' && req.filter[k] !== '') query[k] = req.filter[k] as string;
      const { items } = await http.call('adminPools', { query, signal: req.signal });
      const from = (req.page - 1) * req.perPage;
      return { items: items.slice(from, from + req.perPage).map(toPool), total: items.length };
    },
    create: async (body) => toPool(await http.call('createPool', { body: pickDefined(body, POOL_KEYS) as BodyOf<'createPool'> })),
  };
}
