// The pools as the lobby and the back office read and change them (docs/fast-fold.md): thin over
// records.ts; play (joining, leaving, the tables) is the live room's (room.ts).
import type { z } from 'zod';
import type { CreatePoolBody, Pool, PoolListQuery } from '../../shared/api/pools';
import type { Database } from '../db/client';
import { audit, type Actor } from '../core/audit';
import { notFound } from '../core/errors';
import * as records from './records';

const view = (r: records.PoolListRow): Pool => ({
  poolId: r.id,
  name: r.name,
  variant: r.variant,
  smallBlind: Number(r.small_blind),
  bigBlind: Number(r.big_blind),
  minBuyIn: Number(r.min_buy_in),
  maxBuyIn: Number(r.max_buy_in),
  maxPlayers: r.max_players,
  rakePercent: r.rake_percent,
  rakeCap: Number(r.rake_cap),
  actionTime: r.action_time,
  status: r.status,
  players: r.players,
});

export class PoolService {
  constructor(private readonly db: Database) {}

  async list(query: z.infer<typeof PoolListQuery>): Promise<{ items: Pool[] }> {
    return { items: (await records.listPools(this.db, query)).map(view) };
  }

  async get(poolId: number): Promise<Pool> {
    const [r] = await records.listPools(this.db, { id: poolId });
    if (!r) throw notFound('Pool');
    return view(r);
  }

  async create(actor: Actor, body: CreatePoolBody): Promise<Pool> {
    const id = await this.db.transaction(async (tx) => {
      const poolId = await records.insertPool(tx, body);
      await audit(tx, actor, { action: 'pool.create', objectType: 'pool', objectId: poolId, after: body });
      return poolId;
    });
    return this.get(id);
  }

  /** The pools the player is in. */
  poolsOf(userId: number): Promise<number[]> {
    return records.poolsOf(this.db, userId);
  }

  /** Whether the player is in the pool (the live room says at which table). */
  async isMember(poolId: number, userId: number): Promise<boolean> {
    return (await records.poolsOf(this.db, userId)).includes(poolId);
  }

  async audited(actor: Actor, poolId: number, action: 'pool.close' | 'pool.bots'): Promise<void> {
    await audit(this.db, actor, { action, objectType: 'pool', objectId: poolId });
  }
}
