// One table's live feed, shared by the player's table and the back office's live view: SUBSCRIBE
// for a whole TABLE_STATE, then each TABLE_EVENT's patch in version order; a version gap or a
// reconnect (a dropped socket, a server draining for a deploy) starts again from a snapshot.
// Framework-free; each app shapes the state it shows from onChange.
import { applyTablePatch, isNextVersion } from '../protocol/apply';
import type { TableEvent } from '../protocol/table-events';
import type { TableView, TableViewPatch } from '../protocol/table-view';
import type { SocketStatus } from './client';
import type { GameCommand, GameServerMessage, ServerMessageOf, ServerMessageType } from './messages';

/** What the feed needs of the socket (SocketClient has it; tests hand in a fake). */
export interface TableFeedConnection {
  readonly status: SocketStatus;
  request(cmd: GameCommand): Promise<unknown>;
  on<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): () => void;
  onStatus(listener: (s: SocketStatus) => void): () => void;
}

export type TableStateMessage = Extract<GameServerMessage, { action: 'TABLE_STATE' }>;
export type TableEventMessage = Extract<GameServerMessage, { action: 'TABLE_EVENT' }>;

export interface TableFeedState {
  readonly view: TableView | null;
  readonly version: number | null;
  /** From a SUBSCRIBE (first, gap, reconnect) until its TABLE_STATE; events wait for it. */
  readonly resyncing: boolean;
  readonly connected: boolean;
  /** Error code when SUBSCRIBE was refused (NOT_FOUND...); the next snapshot clears it. */
  readonly error: string | null;
}

/** Why the state changed: `event` carries the applied event and the view before it. */
export type TableFeedChange =
  | { kind: 'snapshot' }
  | { kind: 'event'; event: TableEvent; patch: TableViewPatch; before: TableView }
  | { kind: 'resync' }
  | { kind: 'status' }
  | { kind: 'error' };

export interface TableFeedOptions {
  conn: TableFeedConnection;
  tableId: number;
  /** Called after every change, with the new state. */
  onChange(state: TableFeedState, change: TableFeedChange): void;
  /** Every TABLE_STATE / TABLE_EVENT of this table, applied or not (e.g. its serverTime). */
  onFrame?(msg: TableStateMessage | TableEventMessage): void;
  /** Extra SUBSCRIBE fields, read at each SUBSCRIBE. */
  subscribeOptions?(): { autoMuck?: boolean };
}

/** A dropped socket is handled by the reconnect; any other refusal means no table to show. */
const TRANSIENT = new Set(['DISCONNECTED', 'NOT_CONNECTED', 'TIMEOUT']);

function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}

export class TableFeed {
  private current: TableFeedState;
  private unsubs: Array<() => void> = [];
  private wasOpen: boolean;
  /** Bumped by start and stop, so a deferred SUBSCRIBE of an earlier run is dropped. */
  private run = 0;

  constructor(private readonly opts: TableFeedOptions) {
    this.wasOpen = opts.conn.status === 'open';
    this.current = { view: null, version: null, resyncing: false, connected: this.wasOpen, error: null };
  }

  get state(): TableFeedState {
    return this.current;
  }

  get tableId(): number {
    return this.opts.tableId;
  }

  /** Listens and subscribes (now if the socket is open, else when it opens); returns stop. */
  start(): () => void {
    if (this.unsubs.length > 0) return () => this.stop();
    const { conn } = this.opts;
    this.run += 1;
    this.wasOpen = conn.status === 'open';
    this.unsubs.push(
      conn.on('GAME', (m) => this.onGame(m)),
      conn.onStatus((s) => this.onStatus(s)),
    );
    if (this.wasOpen) this.resubscribe();
    return () => this.stop();
  }

  /** Stops listening and sends UNSUBSCRIBE; the last state stays readable, start() resumes. */
  stop(): void {
    if (this.unsubs.length === 0) return;
    this.run += 1;
    for (const u of this.unsubs) u();
    this.unsubs = [];
    const { conn, tableId } = this.opts;
    if (conn.status === 'open') conn.request({ type: 'GAME', action: 'UNSUBSCRIBE', tableId }).catch(() => {});
  }

  /** Asks for a fresh TABLE_STATE; events are ignored until it comes. The view shown stays. */
  resubscribe(): void {
    this.update({ resyncing: true }, { kind: 'resync' });
    this.sendSubscribe();
  }

  private sendSubscribe(): void {
    const { conn, tableId } = this.opts;
    conn.request({ type: 'GAME', action: 'SUBSCRIBE', tableId, ...this.opts.subscribeOptions?.() }).catch((e: unknown) => {
      const code = errorCode(e);
      if (!TRANSIENT.has(code)) this.update({ error: code }, { kind: 'error' });
    });
  }

  private onStatus(s: SocketStatus): void {
    const open = s === 'open';
    const reconnected = open && !this.wasOpen;
    this.wasOpen = open;
    if (reconnected) {
      // Resyncing at once; the SUBSCRIBE goes after the client's AUTH of the same open, so the
      // snapshot is the signed-in viewer's (another instance after a deploy drain, too).
      this.update({ connected: true, resyncing: true }, { kind: 'resync' });
      const run = this.run;
      queueMicrotask(() => {
        if (run === this.run && this.opts.conn.status === 'open') this.sendSubscribe();
      });
    }
    this.update({ connected: open }, { kind: 'status' });
  }

  private onGame(msg: GameServerMessage): void {
    if ((msg.action !== 'TABLE_STATE' && msg.action !== 'TABLE_EVENT') || msg.tableId !== this.opts.tableId) return;
    this.opts.onFrame?.(msg);
    if (msg.action === 'TABLE_STATE') {
      this.update({ view: msg.state, version: msg.version, resyncing: false, error: null }, { kind: 'snapshot' });
      return;
    }
    const { view, version, resyncing } = this.current;
    if (resyncing || view === null || version === null) return; // the snapshot is on its way
    if (msg.version <= version) return; // duplicate or stale
    if (!isNextVersion(version, msg.version)) {
      this.resubscribe(); // missed an event: start again from a snapshot
      return;
    }
    const after = applyTablePatch(view, msg.patch);
    this.update({ view: after, version: msg.version }, { kind: 'event', event: msg.event, patch: msg.patch, before: view });
  }

  private update(part: Partial<TableFeedState>, change: TableFeedChange): void {
    this.current = { ...this.current, ...part };
    this.opts.onChange(this.current, change);
  }
}
