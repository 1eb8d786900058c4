// The table's state on the client: the last full view, versioned patches on top, a resync on
// any gap or reconnect. Framework-free; React reads it through useSyncExternalStore.
import { applyTablePatch, isNextVersion } from '../../../shared/protocol/apply';
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableView } from '../../../shared/protocol/table-view';
import type { ServerMessageOf } from '../../../shared/socket/messages';
import type { TableConnection } from '../connection';
import { errorCode } from '../connection';
import type { FairMemory } from '../logic/fairCheck';
import { logLine, type LogLine } from '../logic/handLog';
import { HandRecorder } from '../logic/handRecorder';

export const LOG_LIMIT = 60;
/** Commitments and contributions remembered for the fair check (the dialog shows the last hand). */
const FAIR_MEMORY = 20;

/** 32 random bytes as hex from the browser's CSPRNG; null where there is none. */
function freshEntropy(): string | null {
  const c = (globalThis as { crypto?: { getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (!c?.getRandomValues) return null;
  const bytes = c.getRandomValues(new Uint8Array(32));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  map.set(key, value);
  if (map.size > FAIR_MEMORY) map.delete(map.keys().next().value as K);
}

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
  /**
   * Fair dealing: the card commitment of each hand as it was published at its start, and the
   * entropy this browser sent for each seed commitment (sent once per commitment while seated).
   */
  readonly fairMemory: FairMemory & { roots: Map<number, string>; entropy: Map<string, string> } = { roots: new Map(), entropy: new Map() };

  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<TableEventListener>();
  private unsubs: Array<() => void> = [];
  private logId = 0;
  /** Seed commitments already answered (or tried): one contribution each. */
  private answered = new Map<string, true>();
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
      this.fairStep();
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
    this.fairStep();
    this.emit();
    for (const l of [...this.eventListeners]) l(msg.event, before, after);
  }

  /**
   * Remembers the card commitment of a hand seen starting, and answers a new seed commitment
   * (nextSeedHash) with fresh entropy while this player is seated: the server mixes it into the
   * next shuffle and lists it when that hand starts.
   */
  private fairStep(): void {
    const view = this.view;
    if (!view) return;
    const hand = view.hand;
    if (hand?.cardsRoot && !this.fairMemory.roots.has(hand.handId)) remember(this.fairMemory.roots, hand.handId, hand.cardsRoot);
    const commitment = view.nextSeedHash;
    if (view.mySeat === null || !commitment || this.answered.has(commitment) || this.conn.status !== 'open') return;
    const entropy = freshEntropy();
    if (!entropy) return;
    remember(this.answered, commitment, true);
    remember(this.fairMemory.entropy, commitment, entropy);
    this.conn.request({ type: 'GAME', action: 'ENTROPY', tableId: this.tableId, entropy }).catch(() => {
      // Not seated after all, or the socket dropped: this hand is dealt without it.
      this.fairMemory.entropy.delete(commitment);
    });
  }

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}
