// A table as an administrator creates it (POST /admin/table, TableService.create): six seats of
// 50/100 hold'em, 5% rake capped at 500, 1% to the jackpot. Tests and benchmarks change what they need.
import type { CreateTableBody } from '../../src/shared/api/admin';

export function tableBody(name: string, over: Partial<CreateTableBody> = {}): CreateTableBody {
  return {
    name,
    variant: 'texas',
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2000,
    maxBuyIn: 10_000,
    maxPlayers: 6,
    rakePercent: 5,
    rakeCap: 500,
    jackpotPercent: 1,
    ...over,
  };
}
