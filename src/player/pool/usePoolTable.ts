// Where the player is dealt in a fast-fold pool (docs/fast-fold.md), for the pool's page and for
// its tile in the multi-table view: the table of the seat the server reports, then each
// POOL_SEATED as the pool moves the player (null between tables). Fold and go, back after the
// clock folded them (away), and leaving.
import { useEffect, useRef, useState } from 'react';
import useSWR from 'swr';
import { api, keys, type PoolSeat } from '../api';
import { useSocket, useSocketMessage } from '../socket/SocketContext';
import { swrFetcher } from '../../shared/http';

export interface PoolTable {
  /** The player's seat in the pool (undefined while it loads). */
  seat: PoolSeat | undefined;
  /** The table the player is dealt at now; null while waiting for the next hand. */
  tableId: number | null;
  busy: boolean;
  foldAndGo: () => void;
  /** Away (the clock folded them): dealt in again. */
  back: () => Promise<void>;
  /** Leaves the pool (after the hand in play, on the server's side), then `after`. */
  leave: (after: () => void) => Promise<void>;
}

type Read = PoolSeat & { after: number };

export function usePoolTable(poolId: number): PoolTable {
  const { client } = useSocket();
  // Each POOL_SEATED counts here. A seat read while one came is older than it (the pool seats a
  // player within a tick of their fold, while the read that "between tables" asks for is on its
  // way): its table is not taken, or the page would wait at no table while the player is dealt,
  // and the clock would fold them.
  const messages = useRef(0);
  const { data, mutate } = useSWR<Read>(Number.isInteger(poolId) && poolId > 0 ? keys.poolSeat(poolId) : null, async (key: string) => {
    const after = messages.current;
    return { ...(await swrFetcher<PoolSeat>(key)), after };
  });
  const [tableId, setTableId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data && data.after === messages.current) setTableId(data.tableId);
  }, [data]);
  useSocketMessage('GAME', (m) => {
    if (m.action !== 'POOL_SEATED' || m.poolId !== poolId) return;
    messages.current += 1;
    setTableId(m.tableId);
    if (m.tableId === null) void mutate();
  });
  const foldAndGo = () => {
    if (tableId === null) return;
    client.request({ type: 'GAME', action: 'FAST_FOLD', tableId }).catch(() => undefined);
  };
  const back = async () => {
    setBusy(true);
    try {
      const seat = await api.poolBack(poolId);
      await mutate({ ...seat, after: messages.current }, { revalidate: false });
    } catch {
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  const leave = async (after: () => void) => {
    setBusy(true);
    try {
      await api.leavePool(poolId);
    } finally {
      setBusy(false);
      after();
    }
  };
  return { seat: data, tableId, busy, foldAndGo, back, leave };
}
