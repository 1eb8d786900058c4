// One actor per table, as lichess runs one per game: it owns the table's state and takes one
// command at a time (players, timers and bots all queue here). Like lila's round actor it keeps
// the commands and delegates the rest: publishing to viewers.ts, the hands (deal, moves, timers,
// settlement) to lifecycle.ts, the house bots to bots.ts; money and records go through the store.
import type { TableView } from '../../shared/protocol';
import { Bots } from './bots/house';
import type { TimerHandle } from '../core/clock';
import { seatToAct, type PlayerMove } from './hand';
import { HandLifecycle } from './lifecycle';
import { TableState } from './state';
import { StaleEpochError } from '../core/errors';
import type { AdoptedSeat } from './store';
import { SIT_OUT_LIMIT_MS, fail, OK, type ActorDeps, type CarriedSeat, type CommandResult, type LeaveReason, type Seat, type TableConfig } from './types';
import { Viewers, type Viewer } from './viewers';
import { newSeat } from './seat';

export type { ActorDeps, CommandError, CommandResult } from './types';

const TOURNAMENT_SEATS = fail('TABLE_CLOSED', 'The tournament director seats the players at this table');
export type { Viewer } from './viewers';

export class TableActor {
  private readonly table: TableState;
  private readonly viewers: Viewers;
  private readonly hands: HandLifecycle;
  private readonly bots: Bots;
  private queue: Promise<unknown> = Promise.resolve();
  /** Commands queued and not yet finished: at 0 the state is exactly what was last published. */
  private pending = 0;
  private sitOutTimers = new Map<number, TimerHandle>();
  private seq = 0;

  constructor(
    config: TableConfig,
    private deps: ActorDeps,
  ) {
    this.table = new TableState(config);
    this.viewers = new Viewers(this.table, deps);
    this.bots = new Bots(this.table, this.viewers, deps, {
      key: (kind, userId) => this.key(kind, userId),
      leaveNow: (userId, reason) => this.leaveNow(userId, reason),
      move: (seatNo, move) => this.hands.applyMove(this.table.seats[seatNo]!, move, false),
    });
    this.hands = new HandLifecycle(this.table, this.viewers, this.bots, deps, {
      enqueue: (fn) => this.enqueue(fn),
      leaveNow: (userId, reason) => this.leaveNow(userId, reason),
      sitOutNow: (seat) => this.sitOutNow(seat),
    });
    this.hands.commitNextSeed();
  }

  init(): Promise<void> {
    return this.hands.init();
  }

  /**
   * A table taken over from another instance (or from before a restart): the players seated in
   * the database sit again with their table accounts as stacks, and play goes on.
   */
  restore(seats: AdoptedSeat[], simulation: boolean): Promise<void> {
    return this.enqueue(() => {
      const t = this.table;
      t.simulation = simulation && t.config.status === 'OPEN';
      for (const a of seats) {
        if (a.seat >= t.config.maxPlayers || t.seats[a.seat]) continue;
        t.seats[a.seat] = newSeat(a, a.stack, this.viewers.connections(a.userId), false);
        if (a.stack <= 0) this.sitOutNow(t.seats[a.seat]!);
      }
      this.viewers.resend();
      this.deps.onLobbyChange(t.config.tableId);
      this.hands.scheduleNextHand();
    });
  }

  /**
   * Hands the table over (deploy, rebalancing): no new hand starts; resolves once the hand in
   * play (its timers still run) is settled. The seats stay for the next owner.
   */
  async drain(): Promise<void> {
    await this.enqueue(() => {
      this.table.draining = true;
      this.hands.stopDealing();
    });
    while (this.table.handRunning() || !this.table.settled) await new Promise((r) => setTimeout(r, 25));
    await this.stop();
  }

  get config(): TableConfig {
    return this.table.config;
  }

  // ---- queue ----

  /** Runs commands one at a time, in arrival order. */
  private enqueue<T>(fn: () => Promise<T> | T): Promise<T> {
    this.pending++;
    const next = this.queue.then(fn, fn);
    this.queue = next.then(
      () => this.pending--,
      (e) => {
        this.pending--;
        this.deps.log?.error(e, `table ${this.table.config.tableId} command failed`);
      },
    );
    return next;
  }

  /**
   * Viewers come and go at once while no command is running (nothing is half-changed then), and
   * wait their turn otherwise: a reconnect storm of watchers mostly bypasses the table's queue.
   */
  private atOnceOrQueued(fn: () => void): Promise<void> {
    if (this.pending > 0) return this.enqueue(fn);
    try {
      fn();
      return Promise.resolve();
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Resolves once every queued command has run (tests). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  // ---- read side ----

  playerCount(): number {
    return this.table.occupied().length;
  }
  humanCount(): number {
    return this.table.occupied().filter((s) => !s.isBot).length;
  }
  seatOf(userId: number): Seat | null {
    return this.table.seatOf(userId);
  }
  handRunning(): boolean {
    return this.table.handRunning();
  }
  isSimulating(): boolean {
    return this.table.simulation;
  }
  seatedUserIds(): number[] {
    return this.table.occupied().map((s) => s.userId);
  }
  viewFor(userId: number | null): TableView {
    return this.viewers.viewFor(userId);
  }

  // ---- viewers ----

  subscribe(viewer: Viewer, prefs: { autoMuck?: boolean } = {}): Promise<void> {
    return this.atOnceOrQueued(() => {
      if (viewer.userId !== null && prefs.autoMuck !== undefined) {
        if (prefs.autoMuck) this.table.showLosers.delete(viewer.userId);
        else this.table.showLosers.add(viewer.userId);
      }
      this.viewers.join(viewer);
    });
  }

  viewerKeys(): string[] {
    return this.viewers.keys();
  }

  unsubscribe(viewerKey: string): Promise<void> {
    return this.atOnceOrQueued(() => this.viewers.leave(viewerKey));
  }

  // ---- seating and money ----

  /** `avatar`: the player's avatar id as it is at this sit (a later change shows from the next sit). */
  sit(user: { userId: number; username: string; avatar?: string | null; isBot?: boolean }, seatNo: number, buyIn: number): Promise<CommandResult> {
    return this.enqueue(async () => {
      const t = this.table;
      if (this.deps.tournament) return TOURNAMENT_SEATS;
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
      } catch (e) {
        return this.moneyError(e);
      }
      try {
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
      if (!isBot && t.simulation) this.bots.trim();
      this.hands.scheduleNextHand();
      return OK;
    });
  }

  addChips(userId: number, amount: number): Promise<CommandResult> {
    return this.enqueue(async () => {
      if (this.deps.tournament) return TOURNAMENT_SEATS;
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
    });
  }

  sitOut(userId: number): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.table.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (seat.status === 'SITTING_OUT') return OK;
      if (this.table.inHand(seat)) seat.sitOutAfterHand = true;
      else this.sitOutNow(seat);
      this.viewers.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      return OK;
    });
  }

  sitIn(userId: number, postBlind: boolean): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.table.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (seat.stack + seat.pendingChips <= 0) return fail('BUY_IN_RANGE', 'Add chips before sitting in');
      seat.sitOutAfterHand = false;
      if (seat.status === 'SITTING_OUT') this.sitInNow(seat, postBlind);
      else if (postBlind) seat.postBlind = true;
      this.viewers.seatChanged([{ kind: 'SAT_IN', seat: seat.seat }], seat.seat);
      this.hands.scheduleNextHand();
      return OK;
    });
  }

  /** At a tournament table nobody leaves with chips: a leaver sits out (and still posts). */
  leave(userId: number): Promise<CommandResult> {
    if (this.deps.tournament) return this.standAside(userId);
    return this.enqueue(() => this.leaveNow(userId, 'LEFT'));
  }

  kick(userId: number): Promise<CommandResult> {
    if (this.deps.tournament) return this.standAside(userId);
    return this.enqueue(() => this.leaveNow(userId, 'KICKED'));
  }

  /** A tournament player leaving: folds now if it is their turn (as a leaver does), then sits out. */
  private async standAside(userId: number): Promise<CommandResult> {
    const r = await this.sitOut(userId);
    if (!r.ok) return r;
    return this.enqueue(() => {
      const seat = this.table.seatOf(userId);
      const run = this.table.run;
      if (!seat || !this.table.inHand(seat)) return OK;
      // The rest of this hand is folded for them at once; after it they sit out (lifecycle afterHand).
      seat.leaving = true;
      if (run && seatToAct(run) === seat.seat) this.hands.applyMove(seat, { kind: 'FOLD' }, false);
      return OK;
    });
  }

  // ---- tournament tables: the director seats, moves and removes players between hands ----

  /** Seats a tournament player with the director's chip count (dealt in from the next hand the director deals here). */
  seatPlayer(
    user: { userId: number; username: string; avatar?: string | null; isBot: boolean },
    seatNo: number,
    stack: number,
    /** Asked when the command runs: a seat the director no longer wants (the player moved on) is not taken. */
    wanted: () => boolean = () => true,
    /** What the player brings from the table they were moved from: no fresh time bank, still away. */
    carried?: CarriedSeat,
  ): Promise<CommandResult> {
    return this.enqueue(() => {
      const t = this.table;
      if (t.seatOf(user.userId) || !wanted()) return OK;
      if (t.seats[seatNo]) return fail('SEAT_TAKEN', 'That seat is taken');
      const seat = newSeat({ ...user, seat: seatNo }, stack, this.viewers.connections(user.userId), false, user.isBot ? 0 : carried?.timeBank);
      if (carried?.sittingOut) this.sitOutNow(seat);
      t.seats[seatNo] = seat;
      this.viewers.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: user.username, stack }], seatNo);
      this.hands.scheduleNextHand();
      return OK;
    });
  }

  /** Takes a tournament player off this table (knocked out, or moved to another table): no money moves. */
  removePlayer(userId: number, reason: LeaveReason, onGone?: (carried: CarriedSeat) => void): Promise<CommandResult> {
    return this.enqueue(() => {
      const t = this.table;
      const seat = t.seatOf(userId);
      if (!seat) return OK;
      onGone?.({ timeBank: seat.timeBank, sittingOut: seat.status === 'SITTING_OUT' || seat.sitOutAfterHand });
      this.vacate(seat, reason);
      return OK;
    });
  }

  act(userId: number, move: PlayerMove): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.table.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      return this.hands.applyMove(seat, move, false);
    });
  }

  /**
   * A seated player's 32 random bytes for the shuffle of the next hand: mixed with the server seed
   * whose hash (nextSeedHash) was published before this arrived. The latest one counts.
   */
  contributeEntropy(userId: number, entropy: string): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.table.seatOf(userId);
      if (!seat || seat.isBot) return fail('NOT_SEATED', 'You are not seated at this table');
      if (!/^[0-9a-fA-F]{64}$/.test(entropy)) return fail('BAD_MESSAGE', 'Entropy is 32 bytes as 64 hex digits');
      this.hands.addEntropy(userId, entropy.toLowerCase());
      return OK;
    });
  }

  // ---- administration ----

  startSimulation(): Promise<CommandResult> {
    return this.enqueue(async () => {
      if (this.deps.tournament) return TOURNAMENT_SEATS;
      if (this.table.config.status !== 'OPEN') return fail('TABLE_CLOSED', 'This table is closed');
      this.table.simulation = true;
      await this.deps.store.setSimulation(this.table.config.tableId, true);
      await this.bots.fill();
      this.viewers.publish([{ kind: 'SIMULATION', on: true }], []);
      this.deps.onLobbyChange(this.table.config.tableId);
      this.hands.scheduleNextHand();
      return OK;
    });
  }

  stopSimulation(): Promise<CommandResult> {
    return this.enqueue(async () => {
      if (this.deps.tournament) return TOURNAMENT_SEATS;
      this.table.simulation = false;
      await this.deps.store.setSimulation(this.table.config.tableId, false);
      this.viewers.publish([{ kind: 'SIMULATION', on: false }], []);
      await this.bots.leaveAll();
      this.deps.onLobbyChange(this.table.config.tableId);
      return OK;
    });
  }

  /** New settings apply from the next hand; closing stands everyone up after it. */
  reconfigure(config: TableConfig): Promise<CommandResult> {
    return this.enqueue(async () => {
      const t = this.table;
      const seatsChanged = config.maxPlayers !== t.config.maxPlayers;
      if (seatsChanged && t.seats.some((s, i) => s && i >= config.maxPlayers)) return fail('HAND_IN_PROGRESS', 'Players sit in seats the new size removes');
      t.config = config;
      if (seatsChanged) t.seats = Array.from({ length: config.maxPlayers }, (_, i) => t.seats[i] ?? null);
      if (config.status === 'CLOSED') {
        t.simulation = false;
        for (const seat of t.seats) if (seat) await this.leaveNow(seat.userId, seat.isBot ? 'SIMULATION_STOPPED' : 'LEFT');
      }
      this.viewers.resend();
      return OK;
    });
  }

  /** The room's dependencies are back (ActorDeps.canDeal): the next hand may start. */
  resumeDealing(): Promise<void> {
    return this.enqueue(() => this.hands.scheduleNextHand());
  }

  /** Stops timers (server shutdown, tests). Seated chips stay in the ledger's table accounts. */
  stop(): Promise<void> {
    return this.enqueue(() => {
      this.table.stopped = true;
      this.hands.stop();
      for (const t of this.sitOutTimers.values()) t.cancel();
      this.sitOutTimers.clear();
    });
  }

  // ---- internals: seats ----

  /** A unique idempotency key for one money movement of this table. */
  private key(kind: string, userId: number): string {
    return `t${this.table.config.tableId}:${kind}:${userId}:${this.deps.clock.now()}:${++this.seq}:${this.deps.newSeed().slice(0, 12)}`;
  }

  private moneyError(e: unknown): CommandResult {
    if (e instanceof StaleEpochError) return fail('TABLE_MOVED', 'This table has moved to another server; please try again');
    const err = e as { status?: number; statusCode?: number; code?: string; message?: string };
    if (err?.status === 409 || err?.statusCode === 409) return fail('INSUFFICIENT_BALANCE', 'Your balance is too low for that');
    this.deps.log?.error(e, 'table money movement failed');
    return fail('INTERNAL', 'Could not move the chips; nothing was charged');
  }

  /** Sits out now; ten minutes out stands the player up. */
  private sitOutNow(seat: Seat): void {
    seat.status = 'SITTING_OUT';
    seat.sitOutAfterHand = false;
    seat.sittingOutSince = this.deps.clock.now();
    seat.postBlind = false;
    this.sitOutTimers.get(seat.userId)?.cancel();
    // A tournament player keeps the seat however long they are away: they post and are folded.
    if (this.deps.tournament) return;
    const userId = seat.userId;
    this.sitOutTimers.set(
      userId,
      this.deps.clock.setTimer(SIT_OUT_LIMIT_MS, () => {
        void this.enqueue(async () => {
          const s = this.table.seatOf(userId);
          if (s && s.status === 'SITTING_OUT') await this.leaveNow(userId, 'TIMED_OUT');
        });
      }),
    );
  }

  private sitInNow(seat: Seat, postBlind: boolean): void {
    seat.status = 'ACTIVE';
    seat.sittingOutSince = null;
    seat.consecutiveTimeouts = 0;
    seat.waitingForBigBlind = seat.missedBlind || seat.waitingForBigBlind;
    seat.postBlind = postBlind && seat.waitingForBigBlind;
    this.sitOutTimers.get(seat.userId)?.cancel();
    this.sitOutTimers.delete(seat.userId);
  }

  private async leaveNow(userId: number, reason: LeaveReason): Promise<CommandResult> {
    const t = this.table;
    const seat = t.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (t.inHand(seat)) {
      // In a hand: fold now if it is this player's turn, leave when the hand is settled.
      seat.leaving = true;
      if (reason === 'KICKED' || reason === 'SIMULATION_STOPPED') seat.sitOutAfterHand = true;
      if (t.run && seatToAct(t.run) === seat.seat) this.hands.applyMove(seat, { kind: 'FOLD' }, false);
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
}
