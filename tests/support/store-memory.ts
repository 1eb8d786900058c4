// The table store in memory, for tests: a small double-entry ledger and the hand records, with the
// rules of src/server/tables/store-db.ts as the actor can see them (idempotency keys, only the bank below zero, a hand settles
// once and in one step, a voided hand moves nothing). Rule tests run the actor on it without a
// database. It also refuses what the database would let pass silently but that breaks the
// actor's bookkeeping: a hand starting from stacks that differ from the table accounts, or a
// settlement whose pot does not come out even.
import { handMoves, jackpotBonuses } from '../../src/poker/table';
import { InsufficientFundsError } from '../../src/server/core/errors';
import type { HandSettlement, HandStart, SettlementResult, TableStore } from '../../src/server/tables/store';

export type HouseAccount = 'bank' | 'bots' | 'rake' | 'jackpot';

export interface MemoryHand {
  id: number;
  tableId: number;
  handNumber: number;
  status: 'running' | 'settled' | 'voided';
  seedHash: string;
  startStacks: Array<{ userId: number; seat: number; stack: number }>;
  cardsRoot: string | null;
  button: number | null;
  entropy: Array<{ seat: number; entropy: string }>;
  seed: string | null;
  phh: string | null;
  summary: unknown;
  voidReason: string | null;
  /** Who was dealt in (hand_players). */
  players: Array<{ userId: number; seat: number }>;
}

export interface MemoryTransfer {
  key: string;
  from: string;
  to: string;
  amount: number;
  kind: string;
  tableId: number | null;
  handId: number | null;
}

type Move = Omit<MemoryTransfer, 'tableId' | 'handId'> & { tableId?: number; handId?: number };

/** The house tops the bots account up from the bank in blocks of this size (as store-db.ts). */
const BOT_FLOAT = 50_000_000;

const wallet = (userId: number) => `user:${userId}:available`;
const onTable = (tableId: number, userId: number) => `user:${userId}:table:${tableId}`;
const house = (kind: HouseAccount) => `house:${kind}`;
const pot = (tableId: number) => `pot:${tableId}`;

export class MemoryTableStore implements TableStore {
  private readonly accounts = new Map<string, number>();
  private readonly keys = new Set<string>();
  private readonly log: MemoryTransfer[] = [];
  private readonly handList: MemoryHand[] = [];
  private readonly seatMap = new Map<string, { tableId: number; seat: number; userId: number; isBot: boolean }>();
  private readonly users = new Map<number, { username: string; isBot: boolean }>();
  /** Tables with house bots on (poker_tables.simulation). */
  readonly simulation = new Map<number, boolean>();
  private nextUserId = 1;

  constructor(opts: { jackpot?: number } = {}) {
    if (opts.jackpot) this.move([{ key: 'seed:jackpot', from: house('bank'), to: house('jackpot'), amount: opts.jackpot, kind: 'ADJUSTMENT' }]);
  }

  // ---- test-side helpers ----

  /** A player with `balance` in the wallet (a deposit from the bank). */
  addUser(username: string, balance = 0): { userId: number; username: string } {
    const userId = this.nextUserId++;
    this.users.set(userId, { username, isBot: false });
    if (balance > 0) this.fund(userId, balance);
    return { userId, username };
  }

  fund(userId: number, amount: number): void {
    this.move([{ key: `deposit:${userId}:${this.log.length}`, from: house('bank'), to: wallet(userId), amount, kind: 'DEPOSIT' }]);
  }

  /** A user's wallet, and their chips on all tables. */
  balances(userId: number): { available: number; onTables: number } {
    let onTables = 0;
    for (const [name, balance] of this.accounts) if (name.startsWith(`user:${userId}:table:`)) onTables += balance;
    return { available: this.balance(wallet(userId)), onTables };
  }

  tableChips(tableId: number, userId: number): number {
    return this.balance(onTable(tableId, userId));
  }
  houseBalance(kind: HouseAccount): number {
    return this.balance(house(kind));
  }
  potBalance(tableId: number): number {
    return this.balance(pot(tableId));
  }
  /** All balances together: zero, always (the bank is the other side of every deposit). */
  total(): number {
    let t = 0;
    for (const b of this.accounts.values()) t += b;
    return t;
  }
  transfers(filter: Partial<Pick<MemoryTransfer, 'kind' | 'tableId' | 'handId'>> = {}): MemoryTransfer[] {
    return this.log.filter(
      (t) =>
        (filter.kind === undefined || t.kind === filter.kind) &&
        (filter.tableId === undefined || t.tableId === filter.tableId) &&
        (filter.handId === undefined || t.handId === filter.handId),
    );
  }
  hands(tableId?: number): MemoryHand[] {
    return this.handList.filter((h) => tableId === undefined || h.tableId === tableId);
  }
  seats(tableId: number): Array<{ seat: number; userId: number; isBot: boolean }> {
    return [...this.seatMap.values()]
      .filter((s) => s.tableId === tableId)
      .sort((a, b) => a.seat - b.seat)
      .map(({ seat, userId, isBot }) => ({ seat, userId, isBot }));
  }

  // ---- TableStore ----

  async buyIn(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void> {
    this.fromWallet(tableId, userId, amount, isBot, key, 'BUY_IN');
  }

  async addChips(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void> {
    this.fromWallet(tableId, userId, amount, isBot, key, 'IN_PLAY_RECHARGE');
  }

  async cashOut(tableId: number, userId: number, amount: number, isBot: boolean, key: string): Promise<void> {
    if (amount <= 0) return;
    this.move([
      { key, from: onTable(tableId, userId), to: isBot ? house('bots') : wallet(userId), amount, kind: isBot ? 'BOT_RETURN' : 'LEAVE_SEAT', tableId },
    ]);
  }

  async seatTaken(tableId: number, seat: number, userId: number, isBot: boolean): Promise<void> {
    this.seatMap.set(`${tableId}:${seat}`, { tableId, seat, userId, isBot });
  }

  async seatFreed(tableId: number, userId: number): Promise<void> {
    for (const [k, s] of this.seatMap) if (s.tableId === tableId && s.userId === userId) this.seatMap.delete(k);
  }

  async startHand(
    tableId: number,
    handNumber: number,
    seedHash: string,
    players: Array<{ userId: number; seat: number; stack: number }>,
    fair?: HandStart,
  ): Promise<number> {
    if (this.handList.some((h) => h.tableId === tableId && h.handNumber === handNumber))
      throw new Error(`hand ${tableId}:${handNumber} exists (UNIQUE (table_id, hand_number))`);
    for (const p of players) {
      const chips = this.tableChips(tableId, p.userId);
      if (chips !== p.stack) throw new Error(`user ${p.userId} starts hand ${handNumber} with ${p.stack} but has ${chips} on table ${tableId}`);
    }
    const id = this.handList.length + 1;
    this.handList.push({
      id,
      tableId,
      handNumber,
      status: 'running',
      seedHash,
      startStacks: players.map((p) => ({ ...p })),
      cardsRoot: fair?.cardsRoot ?? null,
      button: fair?.button ?? null,
      entropy: (fair?.entropy ?? []).map((e) => ({ ...e })),
      seed: null,
      phh: null,
      summary: null,
      voidReason: null,
      players: [],
    });
    return id;
  }

  async settleHand(h: HandSettlement): Promise<SettlementResult> {
    const hand = this.handList.find((x) => x.id === h.handId);
    if (!hand || hand.status !== 'running' || hand.tableId !== h.tableId) throw new Error(`hand ${h.handId} is not running at table ${h.tableId}`);
    for (const p of h.players) {
      const start = hand.startStacks.find((s) => s.userId === p.userId);
      if (!start || start.stack !== p.startStack) throw new Error(`hand ${h.handId}: user ${p.userId} did not start with ${p.startStack}`);
    }
    const moves = this.handMoves(h);
    const potIn = moves.filter((m) => m.to === pot(h.tableId)).reduce((a, m) => a + m.amount, 0);
    const potOut = moves.filter((m) => m.from === pot(h.tableId)).reduce((a, m) => a + m.amount, 0);
    if (potIn !== potOut) throw new Error(`hand ${h.handId}: ${potIn} into the pot, ${potOut} out of it`);
    // One step, like the database's one transaction: the record and the moves, or nothing.
    // The whole jackpot after this hand's share, as the database reads it inside the settlement.
    const bonuses = h.badBeat ? jackpotBonuses(this.houseBalance('jackpot') + h.jackpotContribution, h.badBeat) : [];
    this.move([
      ...moves,
      ...bonuses.map((b) => ({
        key: `hand:${h.handId}:bonus:${b.userId}`,
        from: house('jackpot'),
        amount: b.amount,
        kind: 'BONUS',
        tableId: h.tableId,
        handId: h.handId,
        to: h.players.some((p) => p.isBot && p.userId === b.userId) ? house('bots') : wallet(b.userId),
      })),
    ]);
    Object.assign(hand, {
      status: 'settled',
      seed: h.seed,
      phh: h.phh,
      summary: h.summary,
      players: h.players.map((p) => ({ userId: p.userId, seat: p.seat })),
    });
    return { jackpot: this.houseBalance('jackpot'), bonuses };
  }

  async voidHand(handId: number, reason: string): Promise<boolean> {
    const hand = this.handList.find((x) => x.id === handId);
    if (!hand || hand.status !== 'running') return false;
    Object.assign(hand, { status: 'voided', voidReason: reason });
    return true;
  }

  async botUsers(count: number): Promise<Array<{ userId: number; username: string }>> {
    const bots = [...this.users].filter(([, u]) => u.isBot);
    for (let i = bots.length; i < count; i++) {
      const userId = this.nextUserId++;
      const user = { username: `Bot${i + 1}_bot`, isBot: true };
      this.users.set(userId, user);
      bots.push([userId, user]);
    }
    return bots.slice(0, count).map(([userId, u]) => ({ userId, username: u.username }));
  }

  async lastHandNumber(tableId: number): Promise<number> {
    return this.hands(tableId).reduce((n, h) => Math.max(n, h.handNumber), 0);
  }

  async lastButton(tableId: number): Promise<number | null> {
    const list = this.hands(tableId);
    return list.length ? list.reduce((a, h) => (h.handNumber > a.handNumber ? h : a)).button : null;
  }

  async setSimulation(tableId: number, on: boolean): Promise<void> {
    this.simulation.set(tableId, on);
  }

  /** Straddle choices by `table:user` (the database keeps them on the seat's row). */
  readonly straddles = new Map<string, boolean>();
  async setStraddle(tableId: number, userId: number, on: boolean): Promise<void> {
    this.straddles.set(`${tableId}:${userId}`, on);
  }

  /** As after a crash (store-db.ts recover): running hands void, every chip on a table goes home. */
  async recover(): Promise<{ voided: number; returned: number }> {
    let voided = 0;
    for (const h of this.handList)
      if (h.status === 'running') {
        h.status = 'voided';
        h.voidReason = 'server restarted';
        voided++;
      }
    let returned = 0;
    for (const [name, balance] of [...this.accounts]) {
      const m = /^user:(\d+):table:(\d+)$/.exec(name);
      if (!m || balance <= 0) continue;
      const userId = Number(m[1]);
      await this.cashOut(Number(m[2]), userId, balance, this.users.get(userId)?.isBot ?? false, `recover:${this.log.length}:${name}`);
      returned++;
    }
    this.seatMap.clear();
    return { voided, returned };
  }

  // ---- the ledger ----

  private balance(account: string): number {
    return this.accounts.get(account) ?? 0;
  }

  private fromWallet(tableId: number, userId: number, amount: number, isBot: boolean, key: string, kind: 'BUY_IN' | 'IN_PLAY_RECHARGE'): void {
    const moves: Move[] = [];
    // The bots account is the house's stake; it is kept funded from the bank so bots can sit.
    if (isBot && this.houseBalance('bots') < amount)
      moves.push({ key: `${key}:float`, from: house('bank'), to: house('bots'), amount: BOT_FLOAT + amount, kind: 'BOT_FUNDING', tableId });
    moves.push({ key, from: isBot ? house('bots') : wallet(userId), to: onTable(tableId, userId), amount, kind: isBot ? 'BOT_FUNDING' : kind, tableId });
    this.move(moves);
  }

  /** The hand's moves (src/poker/table handMoves) on this ledger's accounts, as store-db.ts maps them. */
  private handMoves(h: HandSettlement): Move[] {
    const base = { tableId: h.tableId, handId: h.handId };
    return handMoves(h).map((m) => {
      const ends =
        m.kind === 'GAMEPLAY_LOSS'
          ? { from: onTable(h.tableId, m.userId), to: pot(h.tableId) }
          : m.kind === 'GAMEPLAY_WIN'
            ? { from: pot(h.tableId), to: onTable(h.tableId, m.userId) }
            : { from: pot(h.tableId), to: house(m.kind === 'RAKE' ? 'rake' : 'jackpot') };
      return { ...base, key: m.key, kind: m.kind, amount: m.amount, ...ends };
    });
  }

  /**
   * Applies transfers all or nothing. A key already used is a replay and moves nothing (the
   * ledger's idempotency); only the bank may go below zero (the accounts' CHECK).
   */
  private move(moves: Move[]): void {
    const fresh = moves.filter((m) => !this.keys.has(m.key));
    const after = new Map<string, number>();
    const get = (a: string) => after.get(a) ?? this.balance(a);
    for (const m of fresh) {
      if (!Number.isSafeInteger(m.amount) || m.amount <= 0) throw new Error(`transfer ${m.key}: amount ${m.amount}`);
      after.set(m.from, get(m.from) - m.amount);
      after.set(m.to, get(m.to) + m.amount);
    }
    for (const [account, balance] of after) if (balance < 0 && account !== house('bank')) throw new InsufficientFundsError(0);
    for (const [account, balance] of after) this.accounts.set(account, balance);
    for (const m of fresh) {
      this.keys.add(m.key);
      this.log.push({ key: m.key, from: m.from, to: m.to, amount: m.amount, kind: m.kind, tableId: m.tableId ?? null, handId: m.handId ?? null });
    }
  }
}
