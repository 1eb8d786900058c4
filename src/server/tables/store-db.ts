// The table store on PostgreSQL: every chip movement is a ledger transfer; a hand settles in
// one transaction together with its record.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { first, rows, type Database } from '../db/client';
import type { AccountRow, PokerTableRow, TableSeatRow, UserRow } from '../db/rows';
import type { Ledger, TransferInput } from '../core/ledger';
import { InsufficientFundsError, StaleEpochError } from '../core/errors';
import { isStaleEpoch } from '../cluster/leases';
import { handMoves, jackpotBonuses, type Bonus } from '../../poker/table';
import { GroupCommit } from './group-commit';
import * as records from './records';
import type { AdoptedSeat, HandStart, HandSettlement, SettlementResult, TableStore } from './store';
import { botUsers } from '../accounts/user-records';

/** The house tops the bots account up from the bank in blocks of this many big buy-ins. */
const BOT_FLOAT = 50_000_000;

type Start = {
  tableId: number;
  handNumber: number;
  seedHash: string;
  players: Array<{ userId: number; seat: number; stack: number }>;
  fair?: HandStart;
  epoch: number | null;
};
type Epoch = number | null;

export class DbTableStore implements TableStore {
  // Hand starts and settlements of all tables go to the database in groups (see group-commit.ts).
  private readonly starts = new GroupCommit<Start, number>(
    (xs) => this.startMany(xs),
    (x) => this.startOne(x),
  );
  private readonly settlements = new GroupCommit<HandSettlement, SettlementResult>(
    (xs) => this.settleMany(xs),
    (x) => this.settleOne(x),
  );

  /** Tables whose players' chips live in another table's accounts: a fast-fold pool's tables -> its anchor. */
  private readonly seatAccounts = new Map<number, number>();

  constructor(
    private db: Database,
    private ledger: Ledger,
  ) {}

  /**
   * A fast-fold pool's table (docs/fast-fold.md): its players' chips are in the anchor table's
   * accounts, so a stack travels with its player and no money moves when they change tables.
   */
  seatAccountsAt(tableId: number, anchorTableId: number): void {
    this.seatAccounts.set(tableId, anchorTableId);
  }

  /**
   * This store as one owner of one table writes it: every write carries the owner's lease epoch,
   * and a write the database refuses as stale throws StaleEpochError (then `onStale` runs).
   */
  fenced(epoch: number, onStale: (tableId: number) => void): TableStore {
    const guard = async <T>(tableId: number, p: Promise<T>): Promise<T> => {
      try {
        return await p;
      } catch (e) {
        if (e instanceof StaleEpochError || isStaleEpoch(e)) {
          onStale(tableId);
          throw new StaleEpochError(tableId);
        }
        throw e;
      }
    };
    return {
      buyIn: (tableId, userId, amount, isBot, key) => guard(tableId, this.buyIn(tableId, userId, amount, isBot, key, epoch)),
      addChips: (tableId, userId, amount, isBot, key) => guard(tableId, this.addChips(tableId, userId, amount, isBot, key, epoch)),
      cashOut: (tableId, userId, amount, isBot, key) => guard(tableId, this.cashOut(tableId, userId, amount, isBot, key, epoch)),
      seatTaken: (tableId, seat, userId, isBot) => guard(tableId, this.seatTaken(tableId, seat, userId, isBot, epoch)),
      seatFreed: (tableId, userId) => guard(tableId, this.seatFreed(tableId, userId, epoch)),
      startHand: (tableId, handNumber, seedHash, players, fair) => guard(tableId, this.startHand(tableId, handNumber, seedHash, players, fair, epoch)),
      settleHand: (h) => guard(h.tableId, this.settleHand({ ...h, epoch })),
      voidHand: (handId, reason, tableId) => guard(tableId, this.voidHand(handId, reason, tableId, epoch)),
      setSimulation: (tableId, on) => guard(tableId, this.setSimulation(tableId, on)),
      setStraddle: (tableId, userId, on) => guard(tableId, this.setStraddle(tableId, userId, on, epoch)),
      botUsers: (count) => this.botUsers(count),
      lastHandNumber: (tableId) => this.lastHandNumber(tableId),
      lastButton: (tableId) => this.lastButton(tableId),
    };
  }

  private async fromWallet(tableId: number, userId: number, amount: number, isBot: boolean, key: string, kind: 'BUY_IN' | 'IN_PLAY_RECHARGE', epoch: Epoch) {
    const move: TransferInput = {
      key,
      from: isBot ? { house: 'bots' } : { userId, kind: 'available' },
      to: { userId, kind: 'table', tableId },
      amount,
      kind: isBot ? 'BOT_FUNDING' : kind,
      tableId,
      actorUserId: isBot ? null : userId,
      reference: `table:${tableId}`,
      epoch,
    };
    try {
      await this.ledger.transferAtomic([move]);
      return;
    } catch (e) {
      // A bot whose float ran dry: the house tops it up below, in one transaction with the move.
      if (!isBot || !(e instanceof InsufficientFundsError)) throw e;
    }
    // The bots account is the house's stake: keep it funded from the bank so bots can sit.
    await this.ledger.transaction(async (tx) => {
      const transfers: TransferInput[] = [];
      const float = await this.ledger.houseBalance(tx, 'bots');
      if (float < amount)
        transfers.push({ key: `${key}:float`, from: { house: 'bank' }, to: { house: 'bots' }, amount: BOT_FLOAT + amount, kind: 'BOT_FUNDING', tableId });
      transfers.push(move);
      await this.ledger.transferMany(tx, transfers);
    });
  }

  buyIn(tableId: number, userId: number, amount: number, isBot: boolean, key: string, epoch: Epoch = null) {
    return this.fromWallet(tableId, userId, amount, isBot, key, 'BUY_IN', epoch);
  }

  addChips(tableId: number, userId: number, amount: number, isBot: boolean, key: string, epoch: Epoch = null) {
    return this.fromWallet(tableId, userId, amount, isBot, key, 'IN_PLAY_RECHARGE', epoch);
  }

  async cashOut(tableId: number, userId: number, amount: number, isBot: boolean, key: string, epoch: Epoch = null) {
    if (amount <= 0) return;
    await this.ledger.transaction((tx) =>
      this.ledger.transfer(tx, {
        key,
        from: { userId, kind: 'table', tableId },
        to: isBot ? { house: 'bots' } : { userId, kind: 'available' },
        amount,
        kind: isBot ? 'BOT_RETURN' : 'LEAVE_SEAT',
        tableId,
        actorUserId: isBot ? null : userId,
        reference: `table:${tableId}`,
        epoch,
      }),
    );
  }

  async seatTaken(tableId: number, seat: number, userId: number, isBot: boolean, epoch: Epoch = null) {
    await records.takeSeat(this.db, tableId, seat, userId, isBot, epoch);
  }

  async seatFreed(tableId: number, userId: number, epoch: Epoch = null) {
    if (epoch === null) return records.freeSeat(this.db, tableId, userId);
    // A delete has no new row for the fence's trigger: the lease row is checked (and held) here.
    await this.ledger.transaction(async (tx) => {
      const held = await rows(tx, sql`SELECT 1 FROM table_leases WHERE table_id = ${tableId} AND epoch = ${epoch} FOR KEY SHARE`);
      if (!held.length) throw new StaleEpochError(tableId);
      await records.freeSeat(tx, tableId, userId);
    });
  }

  async setStraddle(tableId: number, userId: number, on: boolean, epoch: Epoch = null) {
    await records.setSeatStraddle(this.db, tableId, userId, on, epoch);
  }

  async setSimulation(tableId: number, on: boolean) {
    await records.setSimulation(this.db, tableId, on);
  }

  startHand(
    tableId: number,
    handNumber: number,
    seedHash: string,
    players: Array<{ userId: number; seat: number; stack: number }>,
    fair?: HandStart,
    epoch: Epoch = null,
  ) {
    return this.starts.run({ tableId, handNumber, seedHash, players, fair, epoch });
  }

  private startOne(x: Start): Promise<number> {
    return records.insertHand(this.db, startRow(x));
  }

  private startMany(xs: Start[]): Promise<number[]> {
    return records.insertHands(this.db, xs.map(startRow));
  }

  settleHand(h: HandSettlement): Promise<SettlementResult> {
    // A bad beat pays bonuses from the jackpot it just fed: its own transaction, outside the groups.
    return h.badBeat ? this.settleOne(h) : this.settlements.run(h);
  }

  /** The hand record's CTEs (named with `tag`, so several hands fit in one statement). */
  private handRecord(h: HandSettlement, tag: string) {
    return records.settledHandCtes({ ...h, epoch: h.epoch ?? null }, tag);
  }

  /** Several tables' hands (no bad beats) in one statement: records, transfers and balances. */
  private async settleMany(hs: HandSettlement[]): Promise<SettlementResult[]> {
    const transfers = hs.flatMap((h) => this.handTransfers(h));
    if (transfers.length === 0) throw new Error('nothing to move: settle one by one');
    const jackpotId = await this.ledger.accountId(this.db, { house: 'jackpot' });
    const res = await this.ledger.transferAtomic(transfers, {
      prelude: () =>
        sql.join(
          hs.map((h, i) => this.handRecord(h, `_${i}`)),
          sql`, `,
        ),
      report: [jackpotId],
    });
    if (res.replayed) throw new Error('replayed batch: settle one by one');
    const jackpot = res.balances.get(jackpotId) ?? (await this.ledger.houseBalance(this.db, 'jackpot'));
    return hs.map(() => ({ jackpot, bonuses: [] }));
  }

  /** The hand's moves (src/poker/table handMoves) on the ledger's accounts: through the table's pot account. */
  private handTransfers(h: HandSettlement): TransferInput[] {
    const pot = { pot: h.tableId } as const;
    const accounts = this.seatAccounts.get(h.tableId) ?? h.tableId;
    const seat = (userId: number) => ({ userId, kind: 'table' as const, tableId: accounts });
    const base = { tableId: h.tableId, handId: h.handId, reference: `hand:${h.handId}`, epoch: h.epoch ?? null };
    return handMoves(h).map((m): TransferInput => {
      const ends =
        m.kind === 'GAMEPLAY_LOSS'
          ? { from: seat(m.userId), to: pot }
          : m.kind === 'GAMEPLAY_WIN'
            ? { from: pot, to: seat(m.userId) }
            : { from: pot, to: { house: m.kind === 'RAKE' ? ('rake' as const) : ('jackpot' as const) } };
      return { ...base, key: m.key, kind: m.kind, amount: m.amount, ...ends };
    });
  }

  private async settleOne(h: HandSettlement): Promise<SettlementResult> {
    const transfers = this.handTransfers(h);
    const base = { tableId: h.tableId, handId: h.handId, reference: `hand:${h.handId}`, epoch: h.epoch ?? null };
    if (!h.badBeat && transfers.length > 0) {
      // The common case in one statement: hand record, transfers and balances, all or nothing.
      const jackpotId = await this.ledger.accountId(this.db, { house: 'jackpot' });
      const res = await this.ledger.transferAtomic(transfers, { prelude: () => this.handRecord(h, ''), report: [jackpotId] });
      return { jackpot: res.balances.get(jackpotId) ?? (await this.ledger.houseBalance(this.db, 'jackpot')), bonuses: [] };
    }
    return this.ledger.transaction(async (tx) => {
      // The hand record first: it locks nothing shared, so the house rows (rake, jackpot), which
      // every table's settlement touches, stay locked only for the ledger's last statements.
      await tx.execute(sql`WITH ${this.handRecord(h, '')} SELECT 1`);
      const jackpotId = await this.ledger.accountId(tx, { house: 'jackpot' });
      let jackpot: number | undefined;
      if (transfers.length) jackpot = (await this.ledger.transferMany(tx, transfers)).balances?.get(jackpotId);

      let bonuses: Bonus[] = [];
      if (h.badBeat) {
        bonuses = jackpotBonuses(await this.ledger.houseBalance(tx, 'jackpot'), h.badBeat);
        const bots = new Set(h.players.filter((p) => p.isBot).map((p) => p.userId));
        if (bonuses.length)
          jackpot = (
            await this.ledger.transferMany(
              tx,
              bonuses.map((b) => ({
                ...base,
                key: `hand:${h.handId}:bonus:${b.userId}`,
                from: { house: 'jackpot' as const },
                to: bots.has(b.userId) ? { house: 'bots' as const } : { userId: b.userId, kind: 'available' as const },
                amount: b.amount,
                kind: 'BONUS' as const,
              })),
            )
          ).balances?.get(jackpotId);
      }
      return { jackpot: jackpot ?? (await this.ledger.houseBalance(tx, 'jackpot')), bonuses };
    });
  }

  voidHand(handId: number, reason: string, tableId: number, epoch: Epoch = null): Promise<boolean> {
    return records.voidHand(this.db, handId, tableId, reason, epoch);
  }

  botUsers(count: number) {
    return botUsers(this.db, count);
  }

  lastHandNumber(tableId: number) {
    return records.lastHandNumber(this.db, tableId);
  }

  lastButton(tableId: number) {
    return records.lastButton(this.db, tableId);
  }

  /**
   * A table this instance has just taken over (at start, after its owner died, or handed over):
   * its unsettled hand is void (the ledger never moved during it, so every seat has exactly what
   * it had when the hand started), chips of players no longer seated go back to their wallets,
   * and the seated players stay, with their table accounts as their stacks. All with the new epoch.
   */
  async adopt(tableId: number, epoch: number, reason: string): Promise<{ voided: number; returned: number; seats: AdoptedSeat[]; simulation: boolean }> {
    const voided = await records.voidRunningHands(this.db, { tableId }, reason, epoch);
    type Row = Pick<TableSeatRow, 'seat' | 'user_id' | 'is_bot' | 'straddle'> & Pick<UserRow, 'username' | 'avatar'> & { balance: number | null };
    const seated = await rows<Row>(
      this.db,
      sql`SELECT s.seat, s.user_id, s.is_bot, s.straddle, u.username, u.avatar, a.balance FROM table_seats s JOIN users u ON u.id = s.user_id
        LEFT JOIN accounts a ON a.kind = 'table' AND a.user_id = s.user_id AND a.table_id = s.table_id
        WHERE s.table_id = ${tableId} ORDER BY s.seat`,
    );
    type Stranded = Pick<AccountRow, 'balance'> & { user_id: number; is_bot: boolean };
    const stranded = await rows<Stranded>(
      this.db,
      sql`SELECT a.user_id, a.balance, u.is_bot FROM accounts a JOIN users u ON u.id = a.user_id
        WHERE a.kind = 'table' AND a.table_id = ${tableId} AND a.balance > 0
          AND NOT EXISTS (SELECT 1 FROM table_seats s WHERE s.table_id = a.table_id AND s.user_id = a.user_id)`,
    );
    const stamp = randomBytes(6).toString('hex');
    for (const a of stranded) await this.cashOut(tableId, a.user_id, a.balance, a.is_bot, `adopt:${stamp}:${tableId}:${a.user_id}`, epoch);
    const sim = await first<Pick<PokerTableRow, 'simulation'>>(this.db, sql`SELECT simulation FROM poker_tables WHERE id = ${tableId}`);
    return {
      voided: voided.length,
      returned: stranded.length,
      seats: seated.map((r) => ({
        seat: r.seat,
        userId: r.user_id,
        username: r.username,
        avatar: r.avatar,
        isBot: r.is_bot,
        stack: r.balance ?? 0,
        straddle: r.straddle,
      })),
      simulation: sim?.simulation ?? false,
    };
  }
}

const startRow = (x: Start): records.HandStartRow => ({ ...x, cardsRoot: x.fair?.cardsRoot, entropy: x.fair?.entropy, button: x.fair?.button });
