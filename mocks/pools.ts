// Mock data for the fast-fold pools (src/shared/api/pools.ts): one pool as the lobby and the back
// office list it; the dev mock, the player's and the back office's tests change what they need.
import type { Pool } from '../src/shared/api/pools';

export function mockPool(over: Partial<Pool> = {}): Pool {
  return {
    poolId: 1,
    name: 'Rush 50/100',
    variant: 'NT',
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2_000,
    maxBuyIn: 10_000,
    maxPlayers: 6,
    rakePercent: 5,
    rakeCap: 300,
    actionTime: 15,
    status: 'open',
    players: 14,
    ...over,
  };
}
