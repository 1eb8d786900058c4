// The table's state on the player's client: the shared table feed (snapshot, versioned patches,
// resync on a gap or a reconnect) plus what only the player needs: the log, the hand recorder,
// the clock offset and the fair-dealing entropy. Framework-free; React reads it through
// useSyncExternalStore.
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableView, TableViewPatch } from '../../../shared/protocol/table-view';
import { TableFeed, type TableFeedChange, type TableFeedState } from '../../../shared/socket/tableFeed';
import type { TableConnection } from '../io/connection';
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
  /** server clock − local clock, from serverTime when the server sends it. */
  clockOffset = 0;
  log: LogLine[] = [];
  readonly recorder = new HandRecorder();
  recordedHands = this.recorder.hands;
  /**
   * Fair dealing: the card commitment of each hand as it was published at its start, and the
   * entropy this browser sent for each seed commitment (sent once per commitment while seated).
   */
  readonly fairMemory: FairMemory & { roots: Map<number, string>; entropy: Map<string, string> } = { roots: new Map(), entropy: new Map() };

  private readonly feed: TableFeed;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<TableEventListener>();
  private logId = 0;
  /** Seed commitments already answered (or tried): one contribution each. */
  private answered = new Map<string, true>();

  constructor(
    readonly tableId: number,
    private readonly conn: TableConnection,
    opts: TableStoreOptions = {},
  ) {
    this.feed = new TableFeed({
      conn,
      tableId,
      onChange: (state, change) => this.onChange(state, change),
      onFrame: (msg) => {
        if (msg.serverTime !== undefined) this.clockOffset = msg.serverTime - Date.now();
      },
      subscribeOptions: () => {
        const autoMuck = opts.autoMuck?.();
        return autoMuck === undefined ? {} : { autoMuck };
      },
    });
  }

  get view(): TableView | null {
    return this.feed.state.view;
  }
  get version(): number | null {
    return this.feed.state.version;
  }
  /** True from a SUBSCRIBE (first, gap, reconnect) until the fresh TABLE_STATE arrives. */
  get resyncing(): boolean {
    return this.feed.state.resyncing;
  }
  get connected(): boolean {
    return this.feed.state.connected;
  }
  /** Set when SUBSCRIBE is refused (unknown or closed table). */
  get error(): string | null {
    return this.feed.state.error;
  }

  start(): () => void {
    return this.feed.start();
  }

  stop(): void {
    this.feed.stop();
  }

  /** Asks for a fresh TABLE_STATE (also how a changed autoMuck reaches the server). */
  subscribe(): void {
    this.feed.resubscribe();
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

  private onChange(state: TableFeedState, change: TableFeedChange): void {
    if (change.kind === 'resync') this.recorder.reset(); // the next snapshot starts a fresh record
    if (change.kind === 'event') this.record(change.event, change.before, state.view!, change.patch);
    if (change.kind === 'snapshot' || change.kind === 'event') this.fairStep();
    this.emit();
    if (change.kind === 'event') for (const l of [...this.eventListeners]) l(change.event, change.before, state.view!);
  }

  /** The log line and the hand recorder's step for an applied event. */
  private record(event: TableEvent, before: TableView, after: TableView, patch: TableViewPatch): void {
    const line = logLine(event, before, after);
    if (line) this.log = [...this.log, { id: ++this.logId, ...line }].slice(-LOG_LIMIT);
    if (this.recorder.record(event, after, before, !isEmptyPatch(patch))) this.recordedHands = this.recorder.hands;
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
