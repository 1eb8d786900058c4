// Test kit for the table page: a fake socket, view builders and a render wrapper.
import type { ReactElement, ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../../locales/en/table.json';
import mn from '../../../locales/mn/table.json';
import enCommon from '../../../locales/en/common.json';
import mnCommon from '../../../locales/mn/common.json';
import type { GameCommand, ServerMessage, ServerMessageOf, ServerMessageType } from '../../../src/shared/socket/messages';
import type { SocketStatus } from '../../../src/shared/socket/client';
import type { TableConnection } from '../../../src/player/table/io/connection';
import type { LastHandView, LegalView, SeatView, TableView, TableViewPatch } from '../../../src/shared/protocol/table-view';
import type { TableEvent } from '../../../src/shared/protocol/table-events';
import { createSettingsStore, type SettingsStore } from '../../../src/shared/settings/settingsStore';
import { SettingsStoreContext } from '../../../src/shared/settings/useSettings';
import { TablePage } from '../../../src/player/table/TablePage';
import { combineEntropy, commitDeck, openCard, seedCommitment, type EntropyContribution } from '../../../src/poker/fair';
import { hand, seat, TABLE_ID, tableView } from '../../support/table-fixtures';

export interface Sent {
  cmd: GameCommand;
  resolve: () => void;
  reject: (code: string) => void;
}

/** A socket the test drives: records requests, answers them when told, emits server frames. */
export class FakeConnection implements TableConnection {
  status: SocketStatus = 'open';
  sent: Sent[] = [];
  chats: Array<{ text: string; tableId?: number }> = [];
  /** Answer every request with ACK at once (default) or leave them pending. */
  autoAck = true;
  private listeners = new Map<string, Set<(m: ServerMessage) => void>>();
  private statusListeners = new Set<(s: SocketStatus) => void>();

  request(cmd: GameCommand): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const entry: Sent = {
        cmd,
        resolve: () => resolve({ type: 'ACK', requestId: 'x' }),
        reject: (code) => reject(Object.assign(new Error(code), { code })),
      };
      this.sent.push(entry);
      if (this.autoAck) entry.resolve();
    });
  }
  on<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): () => void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener as (m: ServerMessage) => void);
    return () => set.delete(listener as (m: ServerMessage) => void);
  }
  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }
  sendChat(text: string, tableId?: number): boolean {
    this.chats.push({ text, tableId });
    return this.status === 'open';
  }
  emit(msg: ServerMessage): void {
    for (const l of [...(this.listeners.get(msg.type) ?? [])]) l(msg);
  }
  setStatus(s: SocketStatus): void {
    this.status = s;
    for (const l of [...this.statusListeners]) l(s);
  }
  actions(): string[] {
    return this.sent.map((s) => s.cmd.action);
  }
  last(): GameCommand | undefined {
    return this.sent.at(-1)?.cmd;
  }
  state(view: TableView, version: number): void {
    this.emit({ type: 'GAME', action: 'TABLE_STATE', tableId: view.tableId, version, state: view });
  }
  event(tableId: number, version: number, event: TableEvent, patch: TableViewPatch): void {
    this.emit({ type: 'GAME', action: 'TABLE_EVENT', tableId, version, event, patch });
  }
}

export { TABLE_ID, hand, seat, tableView } from '../../support/table-fixtures';

export function legal(over: Partial<LegalView> = {}): LegalView {
  return { canFold: true, canCheck: false, callAmount: 200, callIsAllIn: false, canBet: false, canRaise: true, minRaiseTo: 400, maxRaiseTo: 10_000, ...over };
}

export function testI18n(lng: 'en' | 'mn' = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { table: en, common: enCommon }, mn: { table: mn, common: mnCommon } },
    ns: ['table', 'common'],
    defaultNS: 'table',
    interpolation: { escapeValue: false },
    initImmediate: false,
  });
  return instance;
}

export function memorySettings(): SettingsStore {
  const data = new Map<string, string>();
  return createSettingsStore({ getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) });
}

export function Wrapper({ children, i18n, settings }: { children: ReactNode; i18n?: I18n; settings?: SettingsStore }) {
  return (
    <I18nextProvider i18n={i18n ?? testI18n()}>
      <SettingsStoreContext.Provider value={settings ?? memorySettings()}>{children}</SettingsStoreContext.Provider>
    </I18nextProvider>
  );
}

export function renderWith(ui: ReactElement, opts: { i18n?: I18n; settings?: SettingsStore } = {}) {
  const i18n = opts.i18n ?? testI18n();
  const settings = opts.settings ?? memorySettings();
  return render(ui, {
    wrapper: ({ children }) => (
      <Wrapper i18n={i18n} settings={settings}>
        {children}
      </Wrapper>
    ),
  });
}

/**
 * The table page for player1 (userId 101, 50,000 in the wallet), seated at seat 1 with Ah Kh while
 * seat 3 is to act (20 s left); `seat0` changes the player at seat 0. Answers the connection.
 */
export function renderSeatedAt1(seat0: Partial<SeatView> = {}): FakeConnection {
  const conn = new FakeConnection();
  renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={{ userId: 101, username: 'player1', balance: 50_000 }} onLobby={() => {}} />);
  act(() =>
    conn.state(
      tableView({
        mySeat: 1,
        seats: [seat(0, seat0), seat(1, { cards: ['Ah', 'Kh'] }), null, seat(3), null, null],
        hand: hand({ toAct: 3, actionDeadline: Date.now() + 20_000 }),
      }),
      1,
    ),
  );
  return conn;
}

/**
 * A finished hand as the fair check gets it (LastHandView), on the deck committed from
 * `serverSeed` and `entropy`: the player held deck positions 1 and 3, the flop was 5-7 (4 was
 * burnt), nothing was shown and the seed is still secret.
 */
export function fairHand(serverSeed: string, entropy: EntropyContribution[], ids: { handId: number; handNumber: number }) {
  const commitment = commitDeck(combineEntropy(serverSeed, entropy));
  const seedHash = seedCommitment(serverSeed);
  const last: LastHandView = {
    ...ids,
    seedHash,
    cardsRoot: commitment.root,
    entropy,
    seed: null,
    openings: [5, 6, 7].map((p) => openCard(commitment, p)),
    mine: [1, 3].map((p) => openCard(commitment, p)),
    winners: [],
  };
  return { commitment, seedHash, last };
}
