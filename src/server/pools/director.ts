// A fast-fold pool's director (docs/fast-fold.md): it owns the pool's tables (their leases), keeps
// the queue of players waiting for a hand, draws seats at an empty table when enough wait, deals
// with the blinds owed, moves a folder to the queue at once and empties a table after each hand.
// Its state is in memory; what it needs after a crash is in the database: who is in the pool
// (fast_fold_players) and their money (the anchor table's accounts).
import type { ActorDeps } from '../tables/deps';
import type { NextHand } from '../tables/policy';
import type { TableState } from '../tables/state';
import type { TableActor } from '../tables/actor';
import { afterDeal, drawPoolDeal, type PoolDeal, type RandomInt } from './seating';
import type { PoolTableDirector } from './policy';

export interface PoolMember {
  userId: number;
  username: string;
  avatar: string | null;
  isBot: boolean;
  /** Chips for the next hand: the stack behind at the table left. */
  stack: number;
  /** What voided hands the player had folded out of gave back, added to the stack at the next deal. */
  credit: number;
  sinceBigBlind: number;
  /** The table whose hand the player is playing (not folded), or null. */
  tableId: number | null;
  /** Tables whose hand (drawn, dealt, not yet ended) includes the player: their money is still at stake there. */
  hands: Map<number, { start: number; behind: number | null }>;
  queuedAt: number | null;
  /** Timed out: not dealt again until they come back. */
  away: boolean;
  leaving: boolean;
}

interface PoolTable {
  tableId: number;
  actor: TableActor;
  plan: { deal: PoolDeal; dealt: boolean } | null;
}

/** What the director does outside its memory: tables, money, records, messages (room.ts wires it). */
export interface PoolDirectorHost {
  readonly poolId: number;
  readonly tableSize: number;
  clock: ActorDeps['clock'];
  randomInt: RandomInt;
  /** How long the first player in the queue waits for a full table before a short-handed one is dealt. */
  shortHandedAfterMs: number;
  /**
   * ...and how long at most when the players now in hands elsewhere could fill a table with those
   * waiting (they come back as they fold): a fuller table than the short wait would deal. Absent:
   * the short wait.
   */
  fullerTableAfterMs?: number;
  /** A free table of the pool, opened (a new one when every table is busy). */
  newTable(): Promise<{ tableId: number; actor: TableActor }>;
  saveSinceBigBlind(counts: Array<{ userId: number; since: number }>): Promise<void>;
  /** Cashes the player out of the pool (no hand of theirs is unfinished) and removes them. */
  cashOut(userId: number, isBot: boolean): Promise<void>;
  seated(userId: number, tableId: number | null): void;
  log: { error(obj: unknown, msg?: string): void };
}

export class PoolDirector implements PoolTableDirector {
  readonly members = new Map<number, PoolMember>();
  private readonly tables = new Map<number, PoolTable>();
  private queue: number[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(private readonly host: PoolDirectorHost) {}

  addTable(tableId: number, actor: TableActor): void {
    this.tables.set(tableId, { tableId, actor, plan: null });
  }

  tableIds(): number[] {
    return [...this.tables.keys()];
  }

  actors(): TableActor[] {
    return [...this.tables.values()].map((t) => t.actor);
  }

  /** The table the player plays at now, if any. */
  tableOf(userId: number): number | null {
    return this.members.get(userId)?.tableId ?? null;
  }

  /** Whether the member timed out and is not dealt in until they come back. */
  isAway(userId: number): boolean {
    return this.members.get(userId)?.away ?? false;
  }

  waiting(): number {
    return this.queue.length;
  }

  /** A player in the pool (joined now, or found at opening) waits for a hand. */
  admit(m: Omit<PoolMember, 'tableId' | 'hands' | 'queuedAt' | 'away' | 'leaving' | 'credit'>): void {
    const known = this.members.get(m.userId);
    if (known) {
      this.back(m.userId);
      return;
    }
    const member: PoolMember = { ...m, credit: 0, tableId: null, hands: new Map(), queuedAt: null, away: false, leaving: false };
    this.members.set(m.userId, member);
    this.enqueue(member, false);
    this.run(() => this.pump());
  }

  /** A player away (timed out) comes back to the queue. */
  back(userId: number): boolean {
    const m = this.members.get(userId);
    if (!m || m.leaving) return false;
    if (m.away) {
      m.away = false;
      this.enqueue(m, false);
      this.run(() => this.pump());
    }
    return true;
  }

  /** The player leaves the pool once no hand of theirs is unfinished (at once when none is). */
  leave(userId: number): boolean {
    const m = this.members.get(userId);
    if (!m) return false;
    m.leaving = true;
    this.queue = this.queue.filter((id) => id !== userId);
    // Leaving a fast-fold pool folds the hand in play (when the action reaches the seat).
    const at = m.tableId === null ? undefined : this.tables.get(m.tableId);
    if (at) void at.actor.handle({ kind: 'fastFold', userId });
    this.run(() => this.release(m));
    return true;
  }

  /** One pass: deals whoever waits long enough (the room's tick). */
  tick(): Promise<void> {
    return this.run(() => this.pump());
  }

  stop(): void {
    this.stopped = true;
  }

  // ---- what the tables ask (inside their actors' queues: no await on an actor here) ----

  deal(tableId: number, table: TableState): NextHand | null {
    const plan = this.tables.get(tableId)?.plan;
    if (!plan || plan.dealt || this.stopped) return null;
    for (const [userId, seat] of plan.deal.seats) if (table.seats[seat]?.userId !== userId) return null;
    plan.dealt = true;
    const { lineup } = plan.deal;
    return { lineup, stacks: lineup.order.map((s) => table.seats[s]!.stack) };
  }

  wants(userId: number, tableId: number, seat: number): boolean {
    return this.tables.get(tableId)?.plan?.deal.seats.get(userId) === seat;
  }

  folded(tableId: number, userId: number, stackBehind: number, timedOut: boolean): void {
    const m = this.members.get(userId);
    if (!m || m.tableId !== tableId) return;
    const hand = m.hands.get(tableId);
    if (hand) hand.behind = stackBehind;
    m.tableId = null;
    m.stack = stackBehind;
    // Away before the player hears of it: the page asks where they are next.
    if (timedOut && !m.isBot) m.away = true;
    this.host.seated(userId, null);
    if (!m.away && !m.leaving && m.stack + m.credit > 0) this.enqueue(m, false);
    this.run(() => this.pump());
  }

  handEnded(tableId: number, voided: boolean): void {
    const t = this.tables.get(tableId);
    const plan = t?.plan;
    if (!t || !plan) return;
    const front: PoolMember[] = [];
    for (const userId of plan.deal.seats.keys()) {
      const m = this.members.get(userId);
      if (!m) continue;
      const hand = m.hands.get(tableId);
      m.hands.delete(tableId);
      if (m.tableId === tableId) {
        // Played to the end (or never dealt): the settled stack, or the start stack of a voided hand.
        m.tableId = null;
        m.stack = t.actor.seatOf(userId)?.stack ?? hand?.start ?? m.stack;
        this.host.seated(userId, null);
        if (!m.away && !m.leaving) front.push(m);
      } else if (voided && hand && hand.behind !== null) {
        // Folded and moved on, and the hand is void: what they put in is theirs again (from their next hand).
        m.credit += hand.start - hand.behind;
      }
    }
    // Those who played the hand out wait at the front of the queue.
    const ids = front.filter((m) => m.stack + m.credit > 0).map((m) => m.userId);
    this.queue = this.queue.filter((id) => !ids.includes(id));
    for (const m of front) m.queuedAt = this.host.clock.now();
    this.queue.unshift(...ids);
    this.run(async () => {
      for (const userId of t.actor.seatedUserIds()) await t.actor.handle({ kind: 'removePlayer', userId, reason: 'LEFT' });
      t.plan = null;
      for (const userId of plan.deal.seats.keys()) {
        const m = this.members.get(userId);
        if (m) await this.release(m);
      }
      await this.pump();
    });
  }

  // ---- the director's own passes, one at a time ----

  private run(fn: () => Promise<void> | void): Promise<void> {
    const next = this.chain.then(fn).catch((e) => this.host.log.error(e, `pool ${this.host.poolId}: director step failed`));
    this.chain = next;
    return next;
  }

  private enqueue(m: PoolMember, front: boolean): void {
    if (this.queue.includes(m.userId)) return;
    m.queuedAt = this.host.clock.now();
    if (front) this.queue.unshift(m.userId);
    else this.queue.push(m.userId);
  }

  /** A leaver with nothing at stake goes (cashed out); a busted player likewise. */
  private async release(m: PoolMember): Promise<void> {
    if (m.tableId !== null || m.hands.size > 0 || this.members.get(m.userId) !== m) return;
    if (!m.leaving && (m.stack + m.credit > 0 || m.away)) return;
    this.queue = this.queue.filter((id) => id !== m.userId);
    this.members.delete(m.userId);
    await this.host.cashOut(m.userId, m.isBot);
    this.host.seated(m.userId, null);
  }

  private eligible(id: number): boolean {
    const m = this.members.get(id);
    return !!m && m.tableId === null && !m.away && !m.leaving && m.stack + m.credit > 0;
  }

  /** Deals as many tables as the queue fills: full ones, or short-handed after a short wait. */
  private async pump(): Promise<void> {
    while (!this.stopped) {
      this.queue = this.queue.filter((id) => this.eligible(id));
      const n = this.queue.length;
      if (n < 2) return;
      const size = this.host.tableSize;
      const oldest = this.members.get(this.queue[0])!.queuedAt ?? 0;
      if (n < size && this.host.clock.now() - oldest < this.patience(n)) return;
      // Balanced tables: the waiting players spread evenly over the tables they fill.
      const take = Math.ceil(n / Math.ceil(n / size));
      const table = await this.freeTable();
      await this.seat(table, this.queue.splice(0, take));
    }
  }

  /**
   * How long the first of `n` waiting players waits for a full table: the short wait, or longer
   * when enough players are in hands at other tables to make a fuller one soon (docs/fast-fold.md).
   */
  private patience(n: number): number {
    const { shortHandedAfterMs, fullerTableAfterMs = 0, tableSize } = this.host;
    if (fullerTableAfterMs <= shortHandedAfterMs) return shortHandedAfterMs;
    let coming = 0;
    for (const m of this.members.values()) if (m.tableId !== null && !m.away && !m.leaving) coming++;
    return n + coming >= tableSize ? fullerTableAfterMs : shortHandedAfterMs;
  }

  private async freeTable(): Promise<PoolTable> {
    for (const t of this.tables.values()) if (!t.plan && t.actor.playerCount() === 0 && !t.actor.handRunning()) return t;
    const { tableId, actor } = await this.host.newTable();
    this.addTable(tableId, actor);
    return this.tables.get(tableId)!;
  }

  /** Seats the players drawn at an empty table; the actor asks `deal` once they all sit. */
  private async seat(t: PoolTable, userIds: number[]): Promise<void> {
    const players = userIds.map((id) => this.members.get(id)!);
    for (const p of players) {
      p.stack += p.credit;
      p.credit = 0;
    }
    const deal = drawPoolDeal(
      players.map((p) => ({ userId: p.userId, sinceBigBlind: p.sinceBigBlind })),
      this.host.tableSize,
      this.host.randomInt,
    );
    t.plan = { deal, dealt: false };
    const bb = deal.lineup.bigBlindSeat;
    for (const p of players) {
      p.tableId = t.tableId;
      p.queuedAt = null;
      p.hands.set(t.tableId, { start: p.stack, behind: null });
      p.sinceBigBlind = afterDeal(p.sinceBigBlind, deal.seats.get(p.userId) === bb);
    }
    await this.host
      .saveSinceBigBlind(players.map((p) => ({ userId: p.userId, since: p.sinceBigBlind })))
      .catch((e) => this.host.log.error(e, `pool ${this.host.poolId}: counters not saved`));
    for (const p of players) {
      const user = { userId: p.userId, username: p.username, avatar: p.avatar, isBot: p.isBot };
      await t.actor.handle({ kind: 'seatPlayer', user, seat: deal.seats.get(p.userId)!, stack: p.stack });
      this.host.seated(p.userId, t.tableId);
    }
  }
}
