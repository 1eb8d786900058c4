// Who sits where and with what: taking a seat (buying in), adding chips, sitting out and in,
// leaving (cashing out, or after the hand in play), and the tournament director's seating. Runs
// inside the actor's queue; money goes through the store, seats change only once it has moved.
import { StaleEpochError } from '../core/errors';
import type { TimerHandle } from '../core/clock';
import type { Bots } from './bots/house';
import type { CommandOf, RemovedPlayer } from './commands';
import type { Action } from '../../poker/engine';
import { seatToAct } from '../../poker/table';
import type { TablePolicy } from './policy';
import { newSeat } from './seat';
import type { TableState } from './state';
import { fail, OK, type CommandResult, type LeaveReason, type Seat } from './types';
import type { ActorDeps } from './deps';
import type { Viewers } from './viewers';

/** What the seats need of the hands: the next hand scheduled, a fold for a leaver whose turn it is. */
export interface SeatsHands {
  scheduleNextHand(): void;
  applyAction(seat: Seat, action: Action, timedOut: boolean): CommandResult;
}

/** What the seats need of the actor: its queue (the sit-out timer queues a command). */
export interface SeatsHost {
  enqueue<T>(fn: () => Promise<T> | T): Promise<T>;
}

export class Seats {
  private sitOutTimers = new Map<number, TimerHandle>();
  private seq = 0;
  /** Set once the actor has built all its parts (they know each other). */
  hands!: SeatsHands;
  bots!: Bots;

  constructor(
    private table: TableState,
    private viewers: Viewers,
    private deps: ActorDeps,
    private policy: TablePolicy,
    private host: SeatsHost,
  ) {}

  async sit({ user, seat: seatNo, buyIn }: CommandOf<'sit'>): Promise<CommandResult> {
    const t = this.table;
    if (t.config.status !== 'OPEN') return fail('TABLE_CLOSED', 'This table is closed');
    if (!Number.isInteger(seatNo) || seatNo < 0 || seatNo >= t.config.maxPlayers) return fail('BAD_MESSAGE', 'No such seat');
    if (t.seatOf(user.userId)) return fail('ALREADY_SEATED', 'You already have a seat at this table');
    if (t.seats[seatNo]) return fail('SEAT_TAKEN', 'That seat is taken');
    if (!Number.isSafeInteger(buyIn) || buyIn < t.config.minBuyIn || buyIn > t.config.maxBuyIn) {
      return fail('BUY_IN_RANGE', `Buy-in must be between ${t.config.minBuyIn} and ${t.config.maxBuyIn}`);
    }
    const isBot = user.isBot ?? false;
    try {
      await this.deps.store.buyIn(t.config.tableId, user.userId, buyIn, isBot, this.key('buyin', user.userId));
      await this.deps.store.seatTaken(t.config.tableId, seatNo, user.userId, isBot);
    } catch (e) {
      return this.moneyError(e);
    }
    // A newcomer waits for the big blind only where a game is going (two players ready to
    // play): at an idle table whoever sits is dealt into the first hand, bots or not.
    const gameGoing = t.seats.filter((s) => s && s.status === 'ACTIVE' && !s.waitingForBigBlind && s.stack > 0).length >= 2;
    const who = { seat: seatNo, userId: user.userId, username: user.username, avatar: isBot ? null : (user.avatar ?? null), isBot };
    t.seats[seatNo] = newSeat(who, buyIn, this.viewers.connections(user.userId), gameGoing);
    this.viewers.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: user.username, stack: buyIn }], seatNo);
    // Humans squeezing in past the bots: a bot leaves to keep two seats free.
    if (!isBot && t.simulation) await this.bots.trim();
    this.hands.scheduleNextHand();
    return OK;
  }

  async addChips({ userId, amount }: CommandOf<'addChips'>): Promise<CommandResult> {
    const seat = this.table.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (!Number.isSafeInteger(amount) || amount <= 0) return fail('BAD_MESSAGE', 'Amount must be a positive whole number');
    const inHand = this.table.inHand(seat);
    const room = this.table.config.maxBuyIn - seat.stack - seat.pendingChips;
    if (amount > room) return fail('BUY_IN_RANGE', `You can add at most ${Math.max(0, room)} now`);
    try {
      await this.deps.store.addChips(this.table.config.tableId, userId, amount, seat.isBot, this.key('recharge', userId));
    } catch (e) {
      return this.moneyError(e);
    }
    // Chips bought during a hand play from the next one: they are in the ledger already.
    if (inHand) seat.pendingChips += amount;
    else seat.stack += amount;
    // A busted player who reloads is back in.
    if (seat.status === 'SITTING_OUT' && seat.stack > 0 && seat.sittingOutSince !== null && !inHand) this.sitInNow(seat, false);
    this.viewers.seatChanged([{ kind: 'CHIPS_ADDED', seat: seat.seat, amount }], seat.seat);
    this.hands.scheduleNextHand();
    return OK;
  }

  sitOut({ userId }: { userId: number }): CommandResult {
    const seat = this.table.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (seat.status === 'SITTING_OUT') return OK;
    if (this.table.inHand(seat)) seat.sitOutAfterHand = true;
    else this.sitOutNow(seat);
    this.viewers.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
    return OK;
  }

  sitIn({ userId, postBlind }: CommandOf<'sitIn'>): CommandResult {
    const seat = this.table.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (seat.stack + seat.pendingChips <= 0) return fail('BUY_IN_RANGE', 'Add chips before sitting in');
    seat.sitOutAfterHand = false;
    if (seat.status === 'SITTING_OUT') this.sitInNow(seat, postBlind);
    else if (postBlind) seat.postBlind = true;
    this.viewers.seatChanged([{ kind: 'SAT_IN', seat: seat.seat }], seat.seat);
    this.hands.scheduleNextHand();
    return OK;
  }

  /** A player leaving or kicked: cash out (now, or after the hand in play), or stand aside where the policy keeps seats. */
  leave(userId: number, reason: 'LEFT' | 'KICKED'): Promise<CommandResult> | CommandResult {
    return this.policy.leaveStandsAside ? this.standAside(userId) : this.leaveNow(userId, reason);
  }

  /** Sits out now and folds at once if it is their turn (as a leaver does); they still post. */
  private standAside(userId: number): CommandResult {
    const r = this.sitOut({ userId });
    if (!r.ok) return r;
    const seat = this.table.seatOf(userId);
    const run = this.table.run;
    if (!seat || !this.table.inHand(seat)) return OK;
    // The rest of this hand is folded for them at once; after it they sit out (afterHand).
    seat.leaving = true;
    if (run && seatToAct(run) === seat.seat) this.hands.applyAction(seat, { kind: 'fold' }, false);
    return OK;
  }

  /** Seats a tournament player with the director's chip count (dealt in from the next hand the director deals here). */
  seatPlayer({ user, seat: seatNo, stack, carried }: CommandOf<'seatPlayer'>): CommandResult {
    const t = this.table;
    if (t.seatOf(user.userId)) return OK;
    if (t.seats[seatNo]) return fail('SEAT_TAKEN', 'That seat is taken');
    const seat = newSeat({ ...user, seat: seatNo }, stack, this.viewers.connections(user.userId), false, user.isBot ? 0 : carried?.timeBank);
    if (carried?.sittingOut) this.sitOutNow(seat);
    t.seats[seatNo] = seat;
    this.viewers.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: user.username, stack }], seatNo);
    this.hands.scheduleNextHand();
    return OK;
  }

  /** Takes a tournament player off this table (knocked out, or moved): no money moves. */
  removePlayer({ userId, reason }: CommandOf<'removePlayer'>): RemovedPlayer {
    const seat = this.table.seatOf(userId);
    if (!seat) return OK;
    const carried = { timeBank: seat.timeBank, sittingOut: seat.status === 'SITTING_OUT' || seat.sitOutAfterHand };
    this.vacate(seat, reason);
    return { ok: true, carried };
  }

  /** Sits out now; where the policy says so, too long away stands the player up. */
  sitOutNow(seat: Seat): void {
    seat.status = 'SITTING_OUT';
    seat.sitOutAfterHand = false;
    seat.sittingOutSince = this.deps.clock.now();
    seat.postBlind = false;
    this.sitOutTimers.get(seat.userId)?.cancel();
    const limit = this.policy.sitOutLimitMs;
    if (limit === null) return;
    const userId = seat.userId;
    this.sitOutTimers.set(
      userId,
      this.deps.clock.setTimer(limit, () => {
        void this.host.enqueue(async () => {
          const s = this.table.seatOf(userId);
          if (s && s.status === 'SITTING_OUT') await this.leaveNow(userId, 'TIMED_OUT');
        });
      }),
    );
  }

  sitInNow(seat: Seat, postBlind: boolean): void {
    seat.status = 'ACTIVE';
    seat.sittingOutSince = null;
    seat.consecutiveTimeouts = 0;
    seat.waitingForBigBlind = seat.missedBlind || seat.waitingForBigBlind;
    seat.postBlind = postBlind && seat.waitingForBigBlind;
    this.sitOutTimers.get(seat.userId)?.cancel();
    this.sitOutTimers.delete(seat.userId);
  }

  async leaveNow(userId: number, reason: LeaveReason): Promise<CommandResult> {
    const t = this.table;
    const seat = t.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (t.inHand(seat)) {
      // In a hand: fold now if it is this player's turn, leave when the hand is settled.
      seat.leaving = true;
      if (reason === 'KICKED' || reason === 'SIMULATION_STOPPED') seat.sitOutAfterHand = true;
      if (t.run && seatToAct(t.run) === seat.seat) this.hands.applyAction(seat, { kind: 'fold' }, false);
      else this.viewers.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      return OK;
    }
    await this.deps.store.cashOut(t.config.tableId, userId, seat.stack + seat.pendingChips, seat.isBot, this.key('leave', userId));
    await this.deps.store.seatFreed(t.config.tableId, userId);
    this.vacate(seat, reason);
    return OK;
  }

  /** The seat empties: its timer goes, everyone sees the player leave, and their own sockets get a watcher's view. */
  private vacate(seat: Seat, reason: LeaveReason): void {
    this.sitOutTimers.get(seat.userId)?.cancel();
    this.sitOutTimers.delete(seat.userId);
    this.table.seats[seat.seat] = null;
    this.viewers.seatChanged([{ kind: 'PLAYER_LEFT', seat: seat.seat, username: seat.username, reason }], seat.seat);
    this.viewers.resend(seat.userId);
  }

  stopTimers(): void {
    for (const t of this.sitOutTimers.values()) t.cancel();
    this.sitOutTimers.clear();
  }

  /** A unique idempotency key for one money movement of this table. */
  key(kind: string, userId: number): string {
    return `t${this.table.config.tableId}:${kind}:${userId}:${this.deps.clock.now()}:${++this.seq}:${this.deps.newSeed().slice(0, 12)}`;
  }

  private moneyError(e: unknown): CommandResult {
    if (e instanceof StaleEpochError) return fail('TABLE_MOVED', 'This table has moved to another server; please try again');
    const err = e as { status?: number; statusCode?: number; code?: string; message?: string };
    if (err?.status === 409 || err?.statusCode === 409) return fail('INSUFFICIENT_BALANCE', 'Your balance is too low for that');
    this.deps.log?.error(e, 'table money movement failed');
    return fail('INTERNAL', 'Could not move the chips; nothing was charged');
  }
}
