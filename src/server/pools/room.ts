// This instance's fast-fold pools (docs/fast-fold.md): a director per pool it owns. A pool is
// owned through its tables' leases (table_leases, the anchor's first): the director takes them
// all, writes every hand with its table's epoch and renews them each tick. At opening (a start,
// a crash) the hands left running at the pool's tables are voided (nothing moved during them)
// and everyone in the pool waits for a hand again with their pool account as their stack.
import { sql } from 'drizzle-orm';
import { first, rows, type Database } from '../db/client';
import type { PokerTableRow } from '../db/rows';
import type { Ledger } from '../core/ledger';
import { AppError, conflict, notFound } from '../core/errors';
import { LeaseRows } from '../cluster/lease-rows';
import { Ticker } from '../cluster/ticker';
import { TableActor } from '../tables/actor';
import type { ActorDeps } from '../tables/deps';
import type { TableStore } from '../tables/store';
import type { DbTableStore } from '../tables/store-db';
import { tableConfigFromRow, type TableRegistry } from '../tables/registry';
import * as tableRecords from '../tables/records';
import { PoolDirector } from './director';
import { poolTablePolicy } from './policy';
import * as records from './records';
import { buyInto, cashOutOf } from './money';
import type { RandomInt } from './seating';
import { failed, type PoolAnswer, type PoolCommand, type PoolUser } from './commands';

export interface PoolRoomOptions {
  instanceId: string;
  /** A lone instance takes every pool at start, whatever old leases say. */
  alone: boolean;
  tickMs: number;
  leaseTtlMs: number;
  /** Pause between a table's hands (its players are elsewhere by then): short. */
  betweenHands: number;
  shortHandedAfterMs: number;
  /** The longest wait for a fuller table when players in hands elsewhere could fill one (director.ts). */
  fullerTableAfterMs: number;
}

interface Owned {
  director: PoolDirector;
  anchorTableId: number;
  epochs: Map<number, number>;
}

type Log = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

export class PoolRoom {
  private readonly pools = new Map<number, Owned>();
  private readonly leases: LeaseRows;
  private readonly ticker: Ticker;
  private first = true;
  private renewedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly store: DbTableStore,
    private readonly registry: TableRegistry,
    private readonly actorDeps: Omit<ActorDeps, 'store'>,
    private readonly randomInt: RandomInt,
    private readonly notify: (userId: number, poolId: number, tableId: number | null) => void,
    /** Tells every instance that this one serves a pool table now (or no longer: null), so their sockets reach it at once. */
    private readonly announce: (tableId: number, owner: string | null) => void,
    private readonly log: Log,
    private readonly opts: PoolRoomOptions,
  ) {
    this.leases = new LeaseRows(db, opts.leaseTtlMs, { name: 'table_leases', key: 'table_id' });
    this.ticker = new Ticker(
      () => this.tick(),
      opts.tickMs,
      (e) => log.error(e, 'pools: tick failed'),
    );
  }

  director(poolId: number): PoolDirector | undefined {
    return this.pools.get(poolId)?.director;
  }

  async start(): Promise<void> {
    await this.ticker.now();
    this.ticker.start();
  }

  /** A pass now that also looks for new pools (one was just created): after the pass under way, if any. */
  async tickNow(): Promise<void> {
    await this.ticker.now();
    this.renewedAt = 0;
    await this.ticker.now();
  }

  private async tick(): Promise<void> {
    if (this.ticker.isStopped) return;
    // The tick deals short-handed tables on time; the leases and the pools' rows need looking at
    // only a few times per lease lifetime.
    const now = Date.now();
    if (now - this.renewedAt >= this.opts.leaseTtlMs / 4) {
      this.renewedAt = now;
      await this.maintain();
    }
    for (const owned of this.pools.values()) await owned.director.tick();
  }

  /** Leases renewed, pools nobody runs taken, a closed pool's players sent home and, once it is empty, the pool given up. */
  private async maintain(): Promise<void> {
    for (const [poolId, owned] of this.pools) {
      const renewed = await this.leases.renew(this.opts.instanceId, owned.epochs);
      if ([...owned.epochs.keys()].some((id) => !renewed.has(id))) await this.lose(poolId);
    }
    const live = await records.livePoolIds(this.db);
    for (const id of live) {
      if (this.ticker.isStopped) return;
      if (!this.pools.has(id)) await this.take(id, this.first && this.opts.alone).catch((e) => this.log.error(e, `pool ${id}: could not open`));
    }
    this.first = false;
    for (const [poolId, owned] of [...this.pools]) {
      if (!live.includes(poolId)) await this.retire(poolId);
      // Closed on another instance: its players leave after their hands here, where they play.
      else if ((await records.getPool(this.db, poolId))?.status === 'closed')
        for (const userId of [...owned.director.members.keys()]) owned.director.leave(userId);
    }
  }

  /** Takes the pool's tables (the anchor's lease first), voids their running hands and seats everyone again. */
  private async take(poolId: number, force: boolean): Promise<void> {
    const pool = await records.getPool(this.db, poolId);
    if (!pool) return;
    const anchor = pool.anchor_table_id ?? (await this.createTable(poolId, pool.name, 1));
    const epochs = new Map<number, number>();
    const anchorEpoch = await this.leases.acquire(anchor, this.opts.instanceId, force);
    if (anchorEpoch === null) return;
    epochs.set(anchor, anchorEpoch);
    const director = this.newDirector(pool.id, pool.max_players, pool.name, anchor, epochs);
    const owned: Owned = { director, anchorTableId: anchor, epochs };
    this.pools.set(poolId, owned);
    for (const tableId of await records.poolTableIds(this.db, poolId)) {
      const epoch = tableId === anchor ? anchorEpoch : await this.leases.acquire(tableId, this.opts.instanceId, true);
      if (epoch === null) continue;
      epochs.set(tableId, epoch);
      await this.open(owned, tableId, 'pool resumed');
    }
    for (const m of await records.poolMembers(this.db, poolId, anchor)) {
      director.admit({ userId: m.user_id, username: m.username, avatar: m.avatar, isBot: m.is_bot, stack: m.balance, sinceBigBlind: m.since_bb });
    }
  }

  private newDirector(poolId: number, tableSize: number, name: string, anchor: number, epochs: Map<number, number>): PoolDirector {
    return new PoolDirector({
      poolId,
      tableSize,
      clock: this.actorDeps.clock,
      randomInt: this.randomInt,
      shortHandedAfterMs: this.opts.shortHandedAfterMs,
      fullerTableAfterMs: this.opts.fullerTableAfterMs,
      newTable: async () => {
        const tableId = await this.createTable(poolId, name, epochs.size + 1);
        const epoch = await this.leases.acquire(tableId, this.opts.instanceId, true);
        if (epoch === null) throw new Error(`pool ${poolId}: table ${tableId} is leased elsewhere`);
        epochs.set(tableId, epoch);
        const actor = await this.open(this.pools.get(poolId)!, tableId, 'pool table opened');
        return { tableId, actor };
      },
      saveSinceBigBlind: (counts) => records.setSinceBigBlind(this.db, poolId, counts),
      cashOut: (userId, isBot) => cashOutOf(this.ledger, { poolId, anchorTableId: anchor, epoch: epochs.get(anchor)! }, userId, isBot),
      seated: (userId, tableId) => this.notify(userId, poolId, tableId),
      log: this.log,
    });
  }

  private async createTable(poolId: number, name: string, k: number): Promise<number> {
    const pool = (await records.getPool(this.db, poolId))!;
    return this.db.transaction(async (tx) => {
      const tableId = await tableRecords.insertTable(tx, {
        name: `${name} #${k}`,
        variant: pool.variant,
        smallBlind: pool.small_blind,
        bigBlind: pool.big_blind,
        minBuyIn: pool.min_buy_in,
        maxBuyIn: pool.max_buy_in,
        maxPlayers: pool.max_players,
        rakePercent: pool.rake_percent,
        rakeCap: pool.rake_cap,
        actionTime: pool.action_time,
        jackpotPercent: 0,
        status: 'open',
        poolId,
      });
      await records.setAnchor(tx, poolId, tableId);
      return tableId;
    });
  }

  /** The table's actor at its epoch: its running hand voided, nobody seated (the director seats). */
  private async open(owned: Owned, tableId: number, reason: string): Promise<TableActor> {
    const epoch = owned.epochs.get(tableId)!;
    await tableRecords.voidRunningHands(this.db, { tableId }, reason, epoch);
    const [r] = await rows<PokerTableRow>(this.db, sql`SELECT * FROM poker_tables WHERE id = ${tableId}`);
    this.store.seatAccountsAt(tableId, owned.anchorTableId);
    const fenced = this.store.fenced(epoch, () => void this.lose(r.pool_id!));
    const refuse = async () => {
      throw conflict('Chips come into a pool when its player joins it', 'TABLE_CLOSED');
    };
    // Nobody buys in, adds chips or cashes out at a pool's table, and its seats are the director's.
    const store: TableStore = { ...fenced, buyIn: refuse, addChips: refuse, cashOut: async () => {}, seatTaken: async () => {}, seatFreed: async () => {} };
    const actor = new TableActor(
      { ...tableConfigFromRow(r), status: 'OPEN' },
      { ...this.actorDeps, betweenHands: this.opts.betweenHands, store, onLobbyChange: () => undefined },
      poolTablePolicy(owned.director, tableId),
    );
    await actor.init();
    owned.director.addTable(tableId, actor);
    this.registry.attach(tableId, actor);
    this.announce(tableId, this.opts.instanceId);
    return actor;
  }

  /** A closed pool with nobody left: its tables stop, are marked closed, and their leases go. */
  private async retire(poolId: number): Promise<void> {
    const owned = this.pools.get(poolId);
    if (!owned) return;
    this.pools.delete(poolId);
    owned.director.stop();
    for (const id of owned.director.tableIds()) {
      const actor = this.registry.get(id);
      if (actor) this.registry.detach(id, actor);
    }
    await Promise.all(owned.director.actors().map((a) => a.stop()));
    await tableRecords.closePoolTables(this.db, poolId);
    for (const [tableId, epoch] of owned.epochs) await this.release(tableId, epoch);
  }

  private async release(tableId: number, epoch: number): Promise<void> {
    await this.leases.release(tableId, this.opts.instanceId, epoch);
    this.announce(tableId, null);
  }

  private async lose(poolId: number): Promise<void> {
    const owned = this.pools.get(poolId);
    if (!owned) return;
    this.pools.delete(poolId);
    this.log.warn({ poolId }, 'pool director lost its leases');
    owned.director.stop();
    for (const id of owned.director.tableIds()) {
      const actor = this.registry.get(id);
      if (actor) this.registry.detach(id, actor);
    }
    await Promise.all(owned.director.actors().map((a) => a.stop()));
  }

  // ---- players ----

  /**
   * A command for a pool this instance runs (from here or, over the bus, from another instance:
   * pools/router.ts); undefined when its director is not here. Errors come back as answers.
   */
  handle(poolId: number, command: PoolCommand): Promise<PoolAnswer> | undefined {
    const director = this.pools.get(poolId)?.director;
    if (!director) return undefined;
    const run = async (): Promise<PoolAnswer> => {
      switch (command.kind) {
        case 'join':
          await this.join(poolId, command.user, command.buyIn);
          return { ok: true };
        case 'leave':
          this.leave(poolId, command.userId);
          return { ok: true };
        case 'seat':
          return { ok: true, tableId: director.tableOf(command.userId), away: director.isAway(command.userId) };
        case 'back':
          if (!director.back(command.userId)) throw notFound('Your seat in this pool');
          return { ok: true };
        case 'addBots':
          return { ok: true, count: await this.addBots(poolId, command.count) };
        case 'closed':
          for (const userId of [...director.members.keys()]) director.leave(userId);
          return { ok: true };
      }
    };
    return run().catch((e: unknown) => {
      if (!(e instanceof AppError)) this.log.error(e, `pool ${poolId}: ${command.kind} failed`);
      return failed(e);
    });
  }

  /** Buys into the pool (wallet -> pool account) and waits for a hand; a member away comes back. */
  async join(poolId: number, user: PoolUser, buyIn: number): Promise<void> {
    const owned = this.pools.get(poolId);
    if (owned?.director.back(user.userId)) return;
    if (!owned) throw await this.notHere(poolId);
    const pool = (await records.getPool(this.db, poolId))!;
    if (pool.status !== 'open') throw conflict('This pool is closed', 'TABLE_CLOSED');
    if (!Number.isSafeInteger(buyIn) || buyIn < pool.min_buy_in || buyIn > pool.max_buy_in)
      throw conflict(`Buy-in must be between ${pool.min_buy_in} and ${pool.max_buy_in}`, 'BUY_IN_RANGE');
    const member = await first<{ since: number }>(
      this.db,
      sql`SELECT 0 AS since FROM fast_fold_players WHERE pool_id = ${poolId} AND user_id = ${user.userId}`,
    );
    if (member) throw conflict('You are in this pool already', 'ALREADY_SEATED');
    // A newcomer is owed a big blind at once: they post it in their first hand (docs/fast-fold.md).
    const since = pool.max_players;
    await buyInto(this.ledger, { poolId, anchorTableId: owned.anchorTableId, epoch: owned.epochs.get(owned.anchorTableId)! }, user, buyIn, since);
    owned.director.admit({ userId: user.userId, username: user.username, avatar: user.avatar, isBot: user.isBot ?? false, stack: buyIn, sinceBigBlind: since });
  }

  /** Leaves once the hands in play that include the player are over: their pool account goes back to the wallet. */
  leave(poolId: number, userId: number): void {
    const owned = this.pools.get(poolId);
    if (!owned) throw conflict('This pool is moving to another server; try again in a moment', 'TABLE_MOVED');
    if (!owned.director.leave(userId)) throw notFound('Your seat in this pool');
  }

  /** A pool not run here: unknown (404), or run by another instance (409, try again). */
  private async notHere(poolId: number): Promise<Error> {
    if (!(await records.getPool(this.db, poolId))) return notFound('Pool');
    return conflict('This pool is moving to another server; try again in a moment', 'TABLE_MOVED');
  }

  /** House bots join the pool with the maximum buy-in (tests, quiet hours). */
  async addBots(poolId: number, count: number): Promise<number> {
    const pool = await records.getPool(this.db, poolId);
    if (!pool) throw notFound('Pool');
    const bots = await this.store.botUsers(count);
    for (const b of bots) await this.join(poolId, { ...b, avatar: null, isBot: true }, pool.max_buy_in);
    return bots.length;
  }

  /** Closing: nobody joins, everyone leaves after their hands. */
  async close(poolId: number): Promise<void> {
    if (!(await records.closePool(this.db, poolId))) throw conflict('This pool is closed already', 'TABLE_CLOSED');
    const d = this.pools.get(poolId)?.director;
    for (const userId of d ? [...d.members.keys()] : []) d!.leave(userId);
  }

  /**
   * Deploy: no new hand is dealt; the hands in play finish and settle (their timers still run),
   * then the leases go, so the next instance resumes every pool with nothing to void.
   */
  async drain(): Promise<void> {
    await this.ticker.stop();
    await Promise.all(
      [...this.pools].map(async ([poolId, owned]) => {
        owned.director.stop();
        await Promise.all(owned.director.actors().map((a) => a.drain()));
        this.pools.delete(poolId);
        for (const [tableId, epoch] of owned.epochs) await this.release(tableId, epoch);
      }),
    );
  }

  async stop(): Promise<void> {
    await this.ticker.stop();
    for (const id of [...this.pools.keys()]) await this.lose(id);
  }
}
