// One table seen live by an administrator: SUBSCRIBE like a spectator, TABLE_STATE gives the whole
// view, each TABLE_EVENT's patch is applied on top (applyTablePatch); a version gap or a
// reconnect asks for a fresh snapshot. Framework-free; React reads it with useSyncExternalStore.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { applyTablePatch, isNextVersion } from '../../shared/protocol/apply';
import type { TableView } from '../../shared/protocol/table-view';
import type { GameCommand, ServerMessageOf, ServerMessageType } from '../../shared/socket/messages';
import type { SocketStatus } from '../../shared/socket/client';

/** What the store needs of the socket (SocketClient has it; tests hand in a fake). */
export interface LiveConnection {
  readonly status: SocketStatus;
  request(cmd: GameCommand): Promise<unknown>;
  on<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): () => void;
  onStatus(listener: (s: SocketStatus) => void): () => void;
}

export interface LiveTableSnapshot {
  view: TableView | null;
  connected: boolean;
  /** Error code when SUBSCRIBE was refused (NOT_FOUND...). */
  error: string | null;
}

const TRANSIENT = new Set(['DISCONNECTED', 'NOT_CONNECTED', 'TIMEOUT']);

export class LiveTableStore {
  private snapshot: LiveTableSnapshot;
  private version: number | null = null;
  private resyncing = false;
  private readonly listeners = new Set<() => void>();
  private unsubs: Array<() => void> = [];
  private wasOpen: boolean;

  constructor(
    readonly tableId: number,
    private readonly conn: LiveConnection,
  ) {
    this.wasOpen = conn.status === 'open';
    this.snapshot = { view: null, connected: this.wasOpen, error: null };
  }

  start(): () => void {
    this.unsubs.push(
      this.conn.on('GAME', (m) => this.onGame(m)),
      this.conn.onStatus((s) => this.onStatus(s)),
    );
    if (this.conn.status === 'open') this.subscribe();
    return () => this.stop();
  }

  stop(): void {
    for (const u of this.unsubs) u();
    this.unsubs = [];
    if (this.conn.status === 'open') this.conn.request({ type: 'GAME', action: 'UNSUBSCRIBE', tableId: this.tableId }).catch(() => {});
  }

  get = (): LiveTableSnapshot => this.snapshot;

  listen = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => {
      this.listeners.delete(l);
    };
  };

  private subscribe(): void {
    this.resyncing = true;
    this.conn.request({ type: 'GAME', action: 'SUBSCRIBE', tableId: this.tableId }).catch((e: unknown) => {
      const code = (e as { code?: unknown } | null)?.code;
      const c = typeof code === 'string' ? code : 'INTERNAL';
      if (!TRANSIENT.has(c)) this.set({ error: c });
    });
  }

  private onStatus(s: SocketStatus): void {
    const open = s === 'open';
    // (Re)connected: a full snapshot again, asked after the client's AUTH of the same open.
    if (open && !this.wasOpen) queueMicrotask(() => this.conn.status === 'open' && this.subscribe());
    this.wasOpen = open;
    if (open !== this.snapshot.connected) this.set({ connected: open });
  }

  private onGame(m: ServerMessageOf<'GAME'>): void {
    if (m.action === 'TABLE_STATE') {
      if (m.tableId !== this.tableId) return;
      this.version = m.version;
      this.resyncing = false;
      this.set({ view: m.state, error: null });
      return;
    }
    if (m.action !== 'TABLE_EVENT' || m.tableId !== this.tableId) return;
    const view = this.snapshot.view;
    if (this.resyncing || view === null || this.version === null) return; // the snapshot is on its way
    if (m.version <= this.version) return; // duplicate
    if (!isNextVersion(this.version, m.version)) {
      this.subscribe(); // missed an event: start again from a snapshot
      return;
    }
    this.version = m.version;
    this.set({ view: applyTablePatch(view, m.patch) });
  }

  private set(part: Partial<LiveTableSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...part };
    for (const l of [...this.listeners]) l();
  }
}

/** The live view of a table over `conn`, subscribed while mounted. */
export function useLiveTable(tableId: number, conn: LiveConnection): LiveTableSnapshot {
  const store = useMemo(() => new LiveTableStore(tableId, conn), [tableId, conn]);
  useEffect(() => store.start(), [store]);
  return useSyncExternalStore(store.listen, store.get, store.get);
}
