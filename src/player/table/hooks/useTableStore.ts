import { useEffect, useState, useSyncExternalStore } from 'react';
import type { TableConnection } from '../io/connection';
import { TableStore, type TableStoreOptions } from '../state/tableStore';

/** One store per mounted table page; subscribes on mount, unsubscribes on unmount. */
export function useTableStore(tableId: number, conn: TableConnection, opts?: TableStoreOptions): TableStore {
  const [store, setStore] = useState(() => new TableStore(tableId, conn, opts));
  if (store.tableId !== tableId) {
    const next = new TableStore(tableId, conn, opts);
    setStore(next);
  }
  useEffect(() => store.start(), [store]);
  return store;
}

/** A slice of the store; the component re-renders only when the slice's identity changes. */
export function useTableSlice<T>(store: TableStore, pick: (s: TableStore) => T): T {
  return useSyncExternalStore(
    store.subscribeListener,
    () => pick(store),
    () => pick(store),
  );
}
