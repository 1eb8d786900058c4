// A table as an administrator creates it (POST /admin/table, TableService.create): six seats of
// 50/100 hold'em, 5% rake capped at 500, 1% to the jackpot; and the same table as its actor holds
// it (TableConfig). Tests and benchmarks change what they need.
import type { TableConfig } from '../../src/server/tables/types';
import type { CreateTableBody } from '../../src/shared/api/admin';

const TABLE = {
  variant: 'NT',
  smallBlind: 50,
  bigBlind: 100,
  minBuyIn: 2000,
  maxBuyIn: 10_000,
  maxPlayers: 6,
  rakePercent: 5,
  rakeCap: 500,
  jackpotPercent: 1,
} as const;

export function tableBody(name: string, over: Partial<CreateTableBody> = {}): CreateTableBody {
  return { name, ...TABLE, ...over };
}

/** Table 7 ("Unit"), open, 20 seconds to act. */
export function tableConfig(over: Partial<TableConfig> = {}): TableConfig {
  return { tableId: 7, name: 'Unit', ...TABLE, actionTime: 20, status: 'OPEN', ...over };
}
