// One table seen live by an administrator: the shared table feed (SUBSCRIBE like a spectator,
// snapshot, patches in order, resync on a gap or a reconnect), shaped into what the page shows.
// While resyncing the last view stays on screen. React reads it with useSyncExternalStore.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { TableView } from '../../shared/protocol/table-view';
import { TableFeed, type TableFeedConnection, type TableFeedState } from '../../shared/socket/tableFeed';

/** What the store needs of the socket (SocketClient has it; tests hand in a fake). */
export type LiveConnection = TableFeedConnection;

export interface LiveTableSnapshot {
  view: TableView | null;
  connected: boolean;
  /** Error code when SUBSCRIBE was refused (NOT_FOUND...). */
  error: string | null;
}

export class LiveTableStore {
  private snapshot: LiveTableSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly feed: TableFeed;

  constructor(
    readonly tableId: number,
    conn: LiveConnection,
  ) {
    this.feed = new TableFeed({ conn, tableId, onChange: (s) => this.set(s) });
    this.snapshot = { view: null, connected: this.feed.state.connected, error: null };
  }

  start(): () => void {
    return this.feed.start();
  }

  stop(): void {
    this.feed.stop();
  }

  get = (): LiveTableSnapshot => this.snapshot;

  listen = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  };

  /** A new snapshot (and a render) only when something the page shows changed. */
  private set({ view, connected, error }: TableFeedState): void {
    const s = this.snapshot;
    if (s.view === view && s.connected === connected && s.error === error) return;
    this.snapshot = { view, connected, error };
    for (const l of [...this.listeners]) l();
  }
}

/** The live view of a table over `conn`, subscribed while mounted. */
export function useLiveTable(tableId: number, conn: LiveConnection): LiveTableSnapshot {
  const store = useMemo(() => new LiveTableStore(tableId, conn), [tableId, conn]);
  useEffect(() => store.start(), [store]);
  return useSyncExternalStore(store.listen, store.get, store.get);
}
