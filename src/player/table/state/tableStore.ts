// The table's state on the client: the last full view, versioned patches on top, a resync on
// any gap or reconnect. Framework-free; React reads it through useSyncExternalStore.
import { applyTablePatch, isNextVersion } from '../../../shared/protocol/apply';
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableView } from '../../../shared/protocol/table-view';
import type { ServerMessageOf } from '../../../shared/socket/messages';
import type { TableConnection } from '../connection';
import { errorCode } from '../connection';
import { logLine, type LogLine } from '../logic/handLog';
import { HandRecorder } from '../logic/handRecorder';

export const LOG_LIMIT = 60;

const isEmptyPatch = (patch: object): boolean => {
  for (const _ in patch) return false;
  return true;
};

export type TableEventListener = (event: TableEvent, before: TableView, after: TableView) => void;

export interface TableStoreOptions {
  autoMuck?: () => boolean;
}

export class TableStore {
  view: TableView | null = null;
  version: number | null = null;
  /** True from a gap or reconnect until the fresh TABLE_STATE arrives. */
  resyncing = false;
  connected: boolean;
  /** Set when SUBSCRIBE is refused (unknown or closed table). */
  error: string | null = null;
  log: LogLine[] = [];
  /** server clock − local clock, from serverTime when the server sends it. */
  clockOffset = 0;
  readonly recorder = new HandRecorder();
  recordedHands = this.recorder.hands;

  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<TableEventListener>();
  private unsubs: Array<() => void> = [];
  private logId = 0;
  private wasOpen: boolean;

  constructor(readonly tableId: number, private readonly conn: TableConnection, private readonly opts: TableStoreOptions = {}) {
    this.connected = conn.status === 'open';
    this.wasOpen = this.connected;
  }

  start(): () => void {
    this.unsubs.push(
      this.conn.on('GAME', (msg) => this.onGame(msg)),
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

  /** Asks for a fresh TABLE_STATE; events are ignored until it comes. */
  subscribe(): void {
    this.resyncing = true;
    this.recorder.reset();
    this.emit();
    const autoMuck = this.opts.autoMuck?.();
    this.conn
      .request({ type: 'GAME', action: 'SUBSCRIBE', tableId: this.tableId, ...(autoMuck === undefined ? {} : { autoMuck }) })
      .catch((e: unknown) => {
        const code = errorCode(e);
        // A dropped socket is handled by the reconnect; anything else means no table to show.
        if (code !== 'DISCONNECTED' && code !== 'NOT_CONNECTED' && code !== 'TIMEOUT') {
          this.error = code;
          this.emit();
        }
      });
  }

  subscribeListener = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  onEvent(l: TableEventListener): () => void {
    this.eventListeners.add(l);
    return () => this.eventListeners.delete(l);
  }

  /** Local time in the server's clock. */
  now(): number {
    return Date.now() + this.clockOffset;
  }

  private onStatus(s: string): void {
    const open = s === 'open';
    this.connected = open;
    if (open && !this.wasOpen) this.subscribe(); // reconnect: full resync
    this.wasOpen = open;
    this.emit();
  }

  private onGame(msg: ServerMessageOf<'GAME'>): void {
    // Only this table's state and events; lobby counts and the jackpot are the lobby's business.
    if ((msg.action !== 'TABLE_STATE' && msg.action !== 'TABLE_EVENT') || msg.tableId !== this.tableId) return;
    if (msg.serverTime !== undefined) this.clockOffset = msg.serverTime - Date.now();
    if (msg.action === 'TABLE_STATE') {
      this.view = msg.state;
      this.version = msg.version;
      this.resyncing = false;
      this.error = null;
      this.emit();
      return;
    }
    if (this.resyncing || this.version === null || this.view === null) return; // snapshot on its way
    if (msg.version <= this.version) return; // duplicate or stale
    if (!isNextVersion(this.version, msg.version)) {
      this.subscribe(); // missed something: start again from a full snapshot
      return;
    }
    const before = this.view;
    const after = applyTablePatch(before, msg.patch);
    this.view = after;
    this.version = msg.version;
    const line = logLine(msg.event, before, after);
    if (line) this.log = [...this.log, { id: ++this.logId, ...line }].slice(-LOG_LIMIT);
    if (this.recorder.record(msg.event, after, before, !isEmptyPatch(msg.patch))) this.recordedHands = this.recorder.hands;
    this.emit();
    for (const l of [...this.eventListeners]) l(msg.event, before, after);
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
