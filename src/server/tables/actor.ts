// One actor per table, as lichess runs one per game: it owns the table's state and takes one
// command at a time (players, timers and bots all queue here), runs the pure engine, moves money
// through the store, and publishes a versioned view to every viewer.
import { combineEntropy, commitDeck, toPhh, type EntropyContribution, type HandEvent } from '../../poker';
import type { CardOpeningView, LastHandView, ServerMessage, TableEvent, TableView, TableViewPatch } from '../../shared/protocol';
import { estimateEquity } from '../bots/equity';
import { decide } from '../bots/strategy';
import type { Clock, TimerHandle } from './clock';
import { applyMove, cardCodes, indexOfSeat, isComplete, seatToAct, startHand, type HandRun, type PlayerMove } from './hand';
import { translate } from './events';
import { fairEnd } from './fair-end';
import { nextLineup } from './seating';
import { describeShown, findBadBeat } from './settlement';
import type { TableStore } from './store';
import {
  HANDS_PER_REFILL, SIT_OUT_LIMIT_MS, TIMEOUTS_BEFORE_SIT_OUT, TIME_BANK_MAX, TIME_BANK_REFILL, TIME_BANK_START,
  type Seat, type TableConfig,
} from './types';
import { handView, legalView, ownerSeatView, publicSeatView, tableView } from './view';
import { botRandom, type BotRandom } from '../bots/prng';

export interface Viewer {
  key: string;
  userId: number | null;
  send(message: string): void;
}

export interface ActorDeps {
  clock: Clock;
  store: TableStore;
  /** 32 random bytes as hex, from node:crypto: each hand's server seed. */
  newSeed(): string;
  /** SHA-256 of a seed's bytes (the commitment to the server seed). */
  seedHash(seed: string): string;
  /** The deck of a deck seed (src/poker/fair deckFromSeed); the deck seed mixes the server seed with the players' entropy. */
  deckFromSeed(seed: string): number[];
  /** Uniform integer in [0, n) for the bots (node:crypto in production). */
  randomInt(n: number): number;
  onJackpot(amount: number): void;
  onLobbyChange(tableId: number): void;
  log?: { error(obj: unknown, msg?: string): void };
  /** Pause between hands, ms. */
  betweenHands: number;
  /** Bots act at once (tests, benchmarks) instead of at a human pace. */
  fastBots: boolean;
  botIterations?: number;
  /** Benchmarks only: an ACTED event got `version`; `appliedAt` is performance.now() when the move was applied. */
  onAction?: (tableId: number, version: number, appliedAt: number) => void;
}

export type CommandError = { code: string; message: string };
export type CommandResult = { ok: true } | { ok: false; error: CommandError };
const fail = (code: string, message: string): CommandResult => ({ ok: false, error: { code, message } });
const OK: CommandResult = { ok: true };

export class TableActor {
  private seats: Array<Seat | null>;
  private run: HandRun | null = null;
  private lastButton: number | null = null;
  private handNumber = 0;
  private lastHand: LastHandView | null = null;
  /** The lastHand the viewers have: patches carry it only when it changed (clients keep it). */
  private lastHandSent: LastHandView | null | undefined = undefined;
  private version = 0;
  private viewers = new Map<string, Viewer>();
  private queue: Promise<unknown> = Promise.resolve();
  private turnTimer: TimerHandle | null = null;
  private nextHandTimer: TimerHandle | null = null;
  private sitOutTimers = new Map<number, TimerHandle>();
  /** Players who want their losing hands shown at showdown (auto-muck off). */
  private showLosers = new Set<number>();
  private simulation = false;
  private stopped = false;
  private seq = 0;
  private actionAt = 0;
  /** False from a hand's start until its settlement is written (or it is voided). */
  private settled = true;
  /** Showdown and awards of a completed hand, published only once its settlement is written. */
  private heldEvents: TableEvent[] = [];

  // ---- fairness (src/poker/fair/commit.ts, docs/live-tables.md) ----
  /** The next hand's server seed (secret) and its SHA-256, published before players send entropy. */
  private nextSeed = '';
  private nextSeedHash: string | null = null;
  private nextSeedHashSent: string | null | undefined = undefined;
  /** Entropy from seated players since nextSeedHash was published, by user. */
  private entropy = new Map<number, string>();
  /** Openings of the last hand's hole cards, by user: only ever in that player's own view. */
  private lastHandMine = new Map<number, CardOpeningView[]>();

  /** The bots' Monte Carlo draws: seeded from the injected source, so tests stay reproducible. */
  private readonly botRng: BotRandom;

  constructor(public config: TableConfig, private deps: ActorDeps) {
    this.seats = new Array(config.maxPlayers).fill(null);
    this.botRng = botRandom([deps.randomInt(2 ** 32), deps.randomInt(2 ** 32), deps.randomInt(2 ** 32), deps.randomInt(2 ** 32)]);
    this.commitNextSeed();
  }

  async init(): Promise<void> {
    this.handNumber = await this.deps.store.lastHandNumber(this.config.tableId);
  }

  // ---- queue ----

  /** Runs commands one at a time, in arrival order. */
  private enqueue<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch((e) => this.deps.log?.error(e, `table ${this.config.tableId} command failed`));
    return next;
  }

  /** Resolves once every queued command has run (tests). */
  idle(): Promise<void> { return this.queue.then(() => undefined); }

  // ---- read side ----

  playerCount(): number { return this.seats.filter((s) => s !== null).length; }
  humanCount(): number { return this.seats.filter((s) => s && !s.isBot).length; }
  seatOf(userId: number): Seat | null { return this.seats.find((s) => s?.userId === userId) ?? null; }
  handRunning(): boolean { return this.run !== null && !isComplete(this.run); }

  /**
   * In the hand being played, or in one that is over but not yet settled: that seat's chips must
   * not move (no cash-out, no add to the stack) until the settlement has written the result.
   */
  private inHand(seat: Seat): boolean {
    return this.run !== null && !this.settled && indexOfSeat(this.run, seat.seat) >= 0;
  }
  isSimulating(): boolean { return this.simulation; }
  seatedUserIds(): number[] { return this.seats.filter((s): s is Seat => s !== null).map((s) => s.userId); }

  viewFor(userId: number | null): TableView {
    const seat = userId === null ? null : this.seatOf(userId);
    return tableView(this.config, this.seats, this.run, this.lastHandFor(userId), seat?.seat ?? null, this.simulation, this.nextSeedHash);
  }

  /** The last hand as this viewer may see it: with the openings of their own hole cards. */
  private lastHandFor(userId: number | null): LastHandView | null {
    const mine = userId === null ? undefined : this.lastHandMine.get(userId);
    return this.lastHand && mine ? { ...this.lastHand, mine } : this.lastHand;
  }

  // ---- viewers ----

  subscribe(viewer: Viewer, prefs: { autoMuck?: boolean } = {}): Promise<void> {
    return this.enqueue(() => {
      if (viewer.userId !== null && prefs.autoMuck !== undefined) {
        if (prefs.autoMuck) this.showLosers.delete(viewer.userId);
        else this.showLosers.add(viewer.userId);
      }
      const fresh = !this.viewers.has(viewer.key);
      this.viewers.set(viewer.key, viewer);
      this.sendState(viewer);
      const seat = viewer.userId === null ? null : this.seatOf(viewer.userId);
      if (seat && fresh) {
        seat.connections++;
        if (seat.connections === 1) this.publish([{ kind: 'CONNECTION', seat: seat.seat, connected: true }], [seat.seat]);
      }
    });
  }

  unsubscribe(viewerKey: string): Promise<void> {
    return this.enqueue(() => {
      const viewer = this.viewers.get(viewerKey);
      if (!viewer) return;
      this.viewers.delete(viewerKey);
      const seat = viewer.userId === null ? null : this.seatOf(viewer.userId);
      if (seat && seat.connections > 0) {
        seat.connections--;
        if (seat.connections === 0) this.publish([{ kind: 'CONNECTION', seat: seat.seat, connected: false }], [seat.seat]);
      }
    });
  }

  private sendState(viewer: Viewer): void {
    const msg: ServerMessage = { type: 'GAME', action: 'TABLE_STATE', tableId: this.config.tableId, version: this.version, state: this.viewFor(viewer.userId), serverTime: this.deps.clock.now() };
    viewer.send(JSON.stringify(msg));
  }

  /**
   * Sends each event to every viewer; the last carries the patch. Seats in `changed` are re-sent:
   * to their owner with the hole cards, to everyone else without.
   */
  private publish(events: TableEvent[], changed: Iterable<number>, handChanged = false): void {
    if (events.length === 0) return;
    const changedSeats = [...new Set(changed)];
    const publicSeats: Record<number, ReturnType<typeof publicSeatView> | null> = {};
    for (const s of changedSeats) {
      const seat = this.seats[s];
      publicSeats[s] = seat ? publicSeatView(seat, this.run) : null;
    }
    const first = this.version + 1;
    const serverTime = this.deps.clock.now();
    this.version += events.length;
    if (this.deps.onAction) events.forEach((e, k) => { if (e.kind === 'ACTED') this.deps.onAction!(this.config.tableId, first + k, this.actionAt); });
    const head = events.slice(0, -1).map((event, k) => JSON.stringify({ type: 'GAME', action: 'TABLE_EVENT', tableId: this.config.tableId, version: first + k, event, patch: {}, serverTime }));
    const last = events[events.length - 1];
    const lastVersion = this.version;
    const basePatch: TableViewPatch = { seats: publicSeats };
    const publicHand = handChanged ? this.handViewFor(null) : undefined;
    if (handChanged) basePatch.hand = publicHand;
    if (this.lastHand !== this.lastHandSent) {
      basePatch.lastHand = this.lastHand;
      this.lastHandSent = this.lastHand;
    }
    if (this.nextSeedHash !== this.nextSeedHashSent) {
      basePatch.nextSeedHash = this.nextSeedHash;
      this.nextSeedHashSent = this.nextSeedHash;
    }
    basePatch.simulation = this.simulation;
    basePatch.status = this.config.status;
    const publicText = JSON.stringify({ type: 'GAME', action: 'TABLE_EVENT', tableId: this.config.tableId, version: lastVersion, event: last, patch: basePatch, serverTime });
    const toAct = this.run ? seatToAct(this.run) : null;
    for (const viewer of this.viewers.values()) {
      for (const text of head) viewer.send(text);
      const seat = viewer.userId === null ? null : this.seatOf(viewer.userId);
      // A player's own hole-card openings go in their own copy of the last hand only.
      const mine = basePatch.lastHand && viewer.userId !== null ? this.lastHandMine.get(viewer.userId) : undefined;
      if (!mine && (!seat || (!changedSeats.includes(seat.seat) && !(handChanged && toAct === seat.seat)))) {
        viewer.send(publicText);
        continue;
      }
      const patch: TableViewPatch = { ...basePatch };
      if (mine) patch.lastHand = { ...basePatch.lastHand!, mine };
      if (seat) {
        patch.seats = { ...publicSeats };
        patch.mySeat = seat.seat;
        if (changedSeats.includes(seat.seat)) patch.seats[seat.seat] = ownerSeatView(seat, this.run);
        if (handChanged && toAct === seat.seat) patch.hand = this.handViewFor(seat.seat);
      }
      viewer.send(JSON.stringify({ type: 'GAME', action: 'TABLE_EVENT', tableId: this.config.tableId, version: lastVersion, event: last, patch, serverTime }));
    }
  }

  /** The PHH's optional fields that say who played where: names, 1-based seats, the table. */
  private phhFields(run: HandRun) {
    return {
      players: run.seats.map((seatNo) => this.seats[seatNo]?.username ?? `p${seatNo + 1}`),
      seats: run.seats.map((seatNo) => seatNo + 1),
      seat_count: this.config.maxPlayers,
      table: this.config.name,
      hand: run.handNumber,
      currency: 'MNT',
    };
  }

  private handViewFor(seat: number | null) {
    return handView(this.run, seat);
  }

  /** Re-sends a seat to everyone, and a fresh `mySeat` to its owner. */
  private seatChanged(events: TableEvent[], seat: number): void {
    this.publish(events, [seat]);
    this.deps.onLobbyChange(this.config.tableId);
  }

  // ---- seating and money ----

  sit(user: { userId: number; username: string; isBot?: boolean }, seatNo: number, buyIn: number): Promise<CommandResult> {
    return this.enqueue(async () => {
      if (this.config.status !== 'OPEN') return fail('TABLE_CLOSED', 'This table is closed');
      if (!Number.isInteger(seatNo) || seatNo < 0 || seatNo >= this.config.maxPlayers) return fail('BAD_MESSAGE', 'No such seat');
      if (this.seatOf(user.userId)) return fail('ALREADY_SEATED', 'You already have a seat at this table');
      if (this.seats[seatNo]) return fail('SEAT_TAKEN', 'That seat is taken');
      if (!Number.isSafeInteger(buyIn) || buyIn < this.config.minBuyIn || buyIn > this.config.maxBuyIn) {
        return fail('BUY_IN_RANGE', `Buy-in must be between ${this.config.minBuyIn} and ${this.config.maxBuyIn}`);
      }
      const isBot = user.isBot ?? false;
      try {
        await this.deps.store.buyIn(this.config.tableId, user.userId, buyIn, isBot, this.key('buyin', user.userId));
      } catch (e) {
        return this.moneyError(e);
      }
      await this.deps.store.seatTaken(this.config.tableId, seatNo, user.userId, isBot);
      const seat: Seat = {
        seat: seatNo, userId: user.userId, username: user.username, isBot, stack: buyIn, status: 'ACTIVE',
        waitingForBigBlind: true, postBlind: false, missedBlind: false, sittingOutSince: null, timeBank: TIME_BANK_START,
        handsSinceRefill: 0, consecutiveTimeouts: 0, connections: this.viewerConnections(user.userId), leaving: false,
        sitOutAfterHand: false, pendingChips: 0,
      };
      this.seats[seatNo] = seat;
      this.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: user.username, stack: buyIn }], seatNo);
      // Humans squeezing in past the bots: a bot leaves to keep two seats free.
      if (!isBot && this.simulation) this.trimBots();
      this.scheduleNextHand();
      return OK;
    });
  }

  addChips(userId: number, amount: number): Promise<CommandResult> {
    return this.enqueue(async () => {
      const seat = this.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (!Number.isSafeInteger(amount) || amount <= 0) return fail('BAD_MESSAGE', 'Amount must be a positive whole number');
      const inHand = this.inHand(seat);
      const room = this.config.maxBuyIn - seat.stack - seat.pendingChips;
      if (amount > room) return fail('BUY_IN_RANGE', `You can add at most ${Math.max(0, room)} now`);
      try {
        await this.deps.store.addChips(this.config.tableId, userId, amount, seat.isBot, this.key('recharge', userId));
      } catch (e) {
        return this.moneyError(e);
      }
      // Chips bought during a hand play from the next one: they are in the ledger already.
      if (inHand) seat.pendingChips += amount;
      else seat.stack += amount;
      if (seat.status === 'SITTING_OUT' && seat.stack > 0 && seat.sittingOutSince !== null && !inHand) {
        // A busted player who reloads is back in.
        this.sitInNow(seat, false);
      }
      this.seatChanged([{ kind: 'CHIPS_ADDED', seat: seat.seat, amount }], seat.seat);
      this.scheduleNextHand();
      return OK;
    });
  }

  sitOut(userId: number): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (seat.status === 'SITTING_OUT') return OK;
      if (this.inHand(seat)) {
        seat.sitOutAfterHand = true;
        this.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
        return OK;
      }
      this.sitOutNow(seat);
      this.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      return OK;
    });
  }

  sitIn(userId: number, postBlind: boolean): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (seat.stack + seat.pendingChips <= 0) return fail('BUY_IN_RANGE', 'Add chips before sitting in');
      seat.sitOutAfterHand = false;
      if (seat.status === 'SITTING_OUT') this.sitInNow(seat, postBlind);
      else if (postBlind) seat.postBlind = true;
      this.seatChanged([{ kind: 'SAT_IN', seat: seat.seat }], seat.seat);
      this.scheduleNextHand();
      return OK;
    });
  }

  leave(userId: number): Promise<CommandResult> {
    return this.enqueue(() => this.leaveNow(userId, 'LEFT'));
  }

  kick(userId: number): Promise<CommandResult> {
    return this.enqueue(() => this.leaveNow(userId, 'KICKED'));
  }

  act(userId: number, move: PlayerMove): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.seatOf(userId);
      if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
      if (!this.run || isComplete(this.run)) return fail('NOT_YOUR_TURN', 'No hand is being played');
      return this.applyPlayerMove(seat, move, false);
    });
  }

  /**
   * A seated player's 32 random bytes for the shuffle of the next hand: mixed with the server seed
   * whose hash (nextSeedHash) was published before this arrived. The latest one counts.
   */
  contributeEntropy(userId: number, entropy: string): Promise<CommandResult> {
    return this.enqueue(() => {
      const seat = this.seatOf(userId);
      if (!seat || seat.isBot) return fail('NOT_SEATED', 'You are not seated at this table');
      if (!/^[0-9a-fA-F]{64}$/.test(entropy)) return fail('BAD_MESSAGE', 'Entropy is 32 bytes as 64 hex digits');
      this.entropy.set(userId, entropy.toLowerCase());
      return OK;
    });
  }

  // ---- administration ----

  startSimulation(): Promise<CommandResult> {
    return this.enqueue(async () => {
      if (this.config.status !== 'OPEN') return fail('TABLE_CLOSED', 'This table is closed');
      this.simulation = true;
      await this.fillBots();
      this.publish([{ kind: 'SIMULATION', on: true }], []);
      this.deps.onLobbyChange(this.config.tableId);
      this.scheduleNextHand();
      return OK;
    });
  }

  stopSimulation(): Promise<CommandResult> {
    return this.enqueue(async () => {
      this.simulation = false;
      this.publish([{ kind: 'SIMULATION', on: false }], []);
      for (const seat of this.seats) if (seat?.isBot) await this.leaveNow(seat.userId, 'SIMULATION_STOPPED');
      this.deps.onLobbyChange(this.config.tableId);
      return OK;
    });
  }

  /** New settings apply from the next hand; closing stands everyone up after it. */
  reconfigure(config: TableConfig): Promise<CommandResult> {
    return this.enqueue(async () => {
      const seatsChanged = config.maxPlayers !== this.config.maxPlayers;
      if (seatsChanged && this.seats.some((s, i) => s && i >= config.maxPlayers)) return fail('HAND_IN_PROGRESS', 'Players sit in seats the new size removes');
      this.config = config;
      if (seatsChanged) this.seats = Array.from({ length: config.maxPlayers }, (_, i) => this.seats[i] ?? null);
      if (config.status === 'CLOSED') {
        this.simulation = false;
        for (const seat of this.seats) if (seat) await this.leaveNow(seat.userId, seat.isBot ? 'SIMULATION_STOPPED' : 'LEFT');
      }
      for (const viewer of this.viewers.values()) this.sendState(viewer);
      return OK;
    });
  }

  /** Stops timers (server shutdown, tests). Seated chips stay in the ledger's table accounts. */
  stop(): Promise<void> {
    return this.enqueue(() => {
      this.stopped = true;
      this.clearTurnTimer();
      this.nextHandTimer?.cancel();
      for (const t of this.sitOutTimers.values()) t.cancel();
      this.sitOutTimers.clear();
    });
  }

  // ---- internals: seats ----

  private key(kind: string, userId: number): string {
    return `t${this.config.tableId}:${kind}:${userId}:${this.deps.clock.now()}:${++this.seq}:${this.deps.newSeed().slice(0, 12)}`;
  }

  private moneyError(e: unknown): CommandResult {
    const err = e as { status?: number; statusCode?: number; code?: string; message?: string };
    if (err?.status === 409 || err?.statusCode === 409) return fail('INSUFFICIENT_BALANCE', 'Your balance is too low for that');
    this.deps.log?.error(e, 'table money movement failed');
    return fail('INTERNAL', 'Could not move the chips; nothing was charged');
  }

  private viewerConnections(userId: number): number {
    let n = 0;
    for (const v of this.viewers.values()) if (v.userId === userId) n++;
    return n;
  }

  private freeSeats(): number { return this.seats.filter((s) => s === null).length; }

  private sitOutNow(seat: Seat): void {
    seat.status = 'SITTING_OUT';
    seat.sitOutAfterHand = false;
    seat.sittingOutSince = this.deps.clock.now();
    seat.postBlind = false;
    this.sitOutTimers.get(seat.userId)?.cancel();
    const userId = seat.userId;
    this.sitOutTimers.set(userId, this.deps.clock.setTimer(SIT_OUT_LIMIT_MS, () => {
      void this.enqueue(async () => {
        const s = this.seatOf(userId);
        if (s && s.status === 'SITTING_OUT') await this.leaveNow(userId, 'TIMED_OUT');
      });
    }));
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

  private async leaveNow(userId: number, reason: 'LEFT' | 'KICKED' | 'TIMED_OUT' | 'BUSTED' | 'SIMULATION_STOPPED'): Promise<CommandResult> {
    const seat = this.seatOf(userId);
    if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
    if (this.inHand(seat)) {
      // In a hand: fold now if it is this player's turn, leave when the hand is settled.
      seat.leaving = true;
      if (reason === 'KICKED' || reason === 'SIMULATION_STOPPED') seat.sitOutAfterHand = true;
      if (this.run && seatToAct(this.run) === seat.seat) this.applyPlayerMove(seat, { kind: 'FOLD' }, false);
      else this.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      return OK;
    }
    const amount = seat.stack + seat.pendingChips;
    await this.deps.store.cashOut(this.config.tableId, userId, amount, seat.isBot, this.key('leave', userId));
    await this.deps.store.seatFreed(this.config.tableId, userId);
    this.sitOutTimers.get(userId)?.cancel();
    this.sitOutTimers.delete(userId);
    this.seats[seat.seat] = null;
    this.seatChanged([{ kind: 'PLAYER_LEFT', seat: seat.seat, username: seat.username, reason }], seat.seat);
    for (const v of this.viewers.values()) if (v.userId === userId) this.sendState(v);
    return OK;
  }

  // ---- internals: hands ----

  /** Draws the next hand's server seed and publishes its hash; entropy sent before it is void. */
  private commitNextSeed(): void {
    this.nextSeed = this.deps.newSeed();
    this.nextSeedHash = this.deps.seedHash(this.nextSeed);
    this.entropy.clear();
  }

  private scheduleNextHand(): void {
    if (this.stopped || this.handRunning() || this.nextHandTimer) return;
    if (!nextLineup(this.seats, this.lastButton)) return;
    const delay = this.run ? this.deps.betweenHands : Math.min(this.deps.betweenHands, 1000);
    this.nextHandTimer = this.deps.clock.setTimer(delay, () => {
      this.nextHandTimer = null;
      void this.enqueue(() => this.beginHand());
    });
  }

  private async beginHand(): Promise<void> {
    if (this.stopped || this.handRunning() || this.config.status !== 'OPEN') return;
    // Anyone sitting out when blinds go round owes a big blind when they come back.
    for (const seat of this.seats) if (seat && seat.status === 'SITTING_OUT') seat.missedBlind = true;
    const lineup = nextLineup(this.seats, this.lastButton);
    if (!lineup) return;
    // The server seed was committed (nextSeedHash) before the players' entropy came; both make
    // the deck, and the salted deck's Merkle root is published before any card is dealt.
    const seed = this.nextSeed;
    const seedHash = this.nextSeedHash!;
    const entropy: EntropyContribution[] = [];
    for (const seat of this.seats) {
      const e = seat && !seat.isBot ? this.entropy.get(seat.userId) : undefined;
      if (e) entropy.push({ seat: seat!.seat, entropy: e });
    }
    const deckSeed = combineEntropy(seed, entropy);
    const deck = this.deps.deckFromSeed(deckSeed);
    const commitment = commitDeck(deckSeed, deck);
    const players = lineup.order.map((s) => ({ userId: this.seats[s]!.userId, seat: s, stack: this.seats[s]!.stack }));
    const handNumber = this.handNumber + 1;
    let handId: number;
    try {
      handId = await this.deps.store.startHand(this.config.tableId, handNumber, seedHash, players, { cardsRoot: commitment.root, entropy });
    } catch (e) {
      this.deps.log?.error(e, 'could not record hand start');
      return;
    }
    this.handNumber = handNumber;
    // This seed is spent: the next hand's is committed now, for the players' next entropy.
    this.commitNextSeed();
    const started = startHand(this.config, {
      handId, handNumber, startedAt: this.deps.clock.now(), seed, seedHash, deck, fair: { entropy, commitment }, lineup,
      seats: lineup.order, userIds: players.map((p) => p.userId), startStacks: players.map((p) => p.stack),
    }, lineup.deadPosts);
    if (!started.ok) {
      await this.deps.store.voidHand(handId, started.error.message);
      this.deps.log?.error(started.error, 'hand could not start');
      return;
    }
    this.run = started.run;
    this.settled = false;
    this.run.showLosers = new Set(lineup.order.filter((s) => this.showLosers.has(this.seats[s]!.userId)));
    this.lastButton = lineup.button;
    for (const s of lineup.order) {
      const seat = this.seats[s]!;
      seat.waitingForBigBlind = false;
      seat.postBlind = false;
      seat.missedBlind = false;
    }
    const events: TableEvent[] = [{
      kind: 'HAND_STARTED', handId, handNumber, button: lineup.button, seedHash, cardsRoot: commitment.root,
      entropy: entropy.map((e) => ({ ...e })), nextSeedHash: this.nextSeedHash!,
    }];
    this.afterEngineStep(events, started.events, this.seats.map((s, i) => (s ? i : -1)).filter((i) => i >= 0));
  }

  private applyPlayerMove(seat: Seat, move: PlayerMove, timedOut: boolean): CommandResult {
    const run = this.run!;
    if (this.deps.onAction) this.actionAt = performance.now();
    const step = applyMove(this.config, run, seat.seat, move);
    if (!step.ok) return fail(step.error.code === 'NOT_YOUR_TURN' ? 'NOT_YOUR_TURN' : 'ILLEGAL_ACTION', step.error.message);
    this.chargeTimeBank(seat);
    if (!timedOut) seat.consecutiveTimeouts = 0;
    this.afterEngineStep([], step.events, run.seats, timedOut ? seat.seat : null);
    return OK;
  }

  private chargeTimeBank(seat: Seat): void {
    const run = this.run;
    if (!run || run.actionDeadline === null) return;
    const over = this.deps.clock.now() - run.actionDeadline;
    if (over > 0) seat.timeBank = Math.max(0, seat.timeBank - over);
  }

  /** Turns engine events into table events, publishes, then sets up whatever comes next. */
  private afterEngineStep(prefix: TableEvent[], engineEvents: readonly HandEvent[], changed: number[], timedOutSeat: number | null = null): void {
    const run = this.run!;
    this.clearTurnTimer();
    const events = prefix.concat(translate(run, engineEvents, timedOutSeat));
    if (isComplete(run)) {
      // The result (showdown, awards) is published once the database has the settlement; what
      // led to it goes out now, with views of the end of the betting (view.ts, shownState).
      const cut = events.findIndex((e) => e.kind === 'SHOWED' || e.kind === 'MUCKED' || e.kind === 'POT_AWARDED');
      this.heldEvents = cut < 0 ? [] : events.slice(cut);
      this.publish(cut < 0 ? events : events.slice(0, cut), changed, true);
      void this.enqueue(() => this.finishHand(run));
      return;
    }
    const toAct = seatToAct(run);
    if (toAct !== null) {
      this.startTurnClock(run, toAct);
      events.push({ kind: 'TURN', seat: toAct });
    }
    this.publish(events, changed, true);
    if (toAct !== null) this.onTurn(run, toAct);
  }

  private async finishHand(run: HandRun): Promise<void> {
    if (this.run !== run) return;
    const s = run.state;
    const result = s.result!;
    const rake = run.cuts.reduce((a, c) => a + c.rake, 0);
    const jackpotContribution = run.cuts.reduce((a, c) => a + c.jackpot, 0);
    const players = run.seats.map((seatNo, i) => ({
      userId: run.userIds[i], seat: seatNo, isBot: this.seats[seatNo]?.isBot ?? false, startStack: run.startStacks[i], endStack: s.stacks[i],
    }));
    const badBeat = findBadBeat(run);
    const fair = fairEnd(run, (i) => {
      const seat = this.seats[run.seats[i]];
      return !!seat && !seat.isBot && seat.userId === run.userIds[i];
    });
    const summary = {
      handNumber: run.handNumber, button: run.lineup.button, board: cardCodes(s.board),
      players: players.map((p, i) => ({ ...p, username: this.seats[p.seat]?.username ?? '', cards: cardCodes(s.hole[i]), shown: s.shown[i], won: result.won[i] })),
      pots: result.pots.map((p) => ({ amount: p.amount, rake: p.rake, winners: p.winners.map((w) => run.seats[w]), shares: p.shares })),
      rake, jackpotContribution, seedHash: run.seedHash, cardsRoot: fair.cardsRoot,
      // The server seed may be shown to players only when it reveals no card that was not shown.
      seedPublic: fair.seedPublic,
    };
    let settled;
    try {
      settled = await this.deps.store.settleHand({
        tableId: this.config.tableId, handId: run.handId, seed: run.seed, phh: toPhh(s, { extra: this.phhFields(run), cuts: run.cuts, startedAt: run.startedAt, timeZone: 'Asia/Ulaanbaatar', handId: run.handId }), summary, players, rake, jackpotContribution,
        badBeat: badBeat && { loserUserId: run.userIds[badBeat.loser], winnerUserId: run.userIds[badBeat.winner], others: run.userIds.filter((_, i) => i !== badBeat.loser && i !== badBeat.winner) },
      });
    } catch (e) {
      // The hand is void: everyone keeps the stacks it started with (the ledger never moved).
      this.deps.log?.error(e, 'hand settlement failed; voiding');
      await this.deps.store.voidHand(run.handId, 'settlement failed').catch(() => undefined);
      for (let i = 0; i < run.seats.length; i++) { const seat = this.seats[run.seats[i]]; if (seat) { seat.stack = run.startStacks[i] + seat.pendingChips; seat.pendingChips = 0; } }
      this.run = null;
      this.settled = true;
      // Nothing of the result was published, and none of it will be: no card is revealed.
      this.heldEvents = [];
      this.publish([{ kind: 'HAND_VOIDED', handId: run.handId, reason: 'settlement failed' }], run.seats, true);
      // Those who asked to leave or sit out during the hand still do.
      await this.afterHand(run).catch((err) => this.deps.log?.error(err, 'after a voided hand'));
      this.scheduleNextHand();
      return;
    }
    this.settled = true;
    // The database has it: now the seats and everyone's screens.
    for (let i = 0; i < run.seats.length; i++) {
      const seat = this.seats[run.seats[i]];
      if (!seat) continue;
      seat.stack = s.stacks[i] + seat.pendingChips;
      seat.pendingChips = 0;
      seat.handsSinceRefill++;
      if (seat.handsSinceRefill >= HANDS_PER_REFILL) {
        seat.handsSinceRefill = 0;
        seat.timeBank = Math.min(TIME_BANK_MAX, seat.timeBank + TIME_BANK_REFILL);
      }
    }
    const publicSeed = fair.seedPublic ? run.seed : null;
    this.lastHand = {
      handId: run.handId, handNumber: run.handNumber, seedHash: run.seedHash, cardsRoot: fair.cardsRoot,
      entropy: run.fair?.entropy.map((e) => ({ ...e })) ?? [], seed: publicSeed, openings: fair.openings, mine: [],
      winners: result.pots.flatMap((p) => p.winners.map((w, k) => ({
        seat: run.seats[w], username: this.seats[run.seats[w]]?.username ?? '', amount: p.shares[k],
        description: s.shown[w] ? describeShown(run, w) : null,
      }))),
    };
    this.lastHandMine = fair.mine;
    // Now the result: showdown and awards held since the hand completed, then the end.
    const events: TableEvent[] = this.heldEvents;
    this.heldEvents = [];
    run.resultPublished = true;
    if (settled.bonuses.length) {
      events.push({ kind: 'JACKPOT_PAID', total: settled.bonuses.reduce((a, b) => a + b.amount, 0), payouts: settled.bonuses.map((b) => ({ ...b, seat: this.seatOf(b.userId)?.seat ?? null })) });
    }
    events.push({ kind: 'HAND_ENDED', handId: run.handId, seed: publicSeed, seedHash: run.seedHash, cardsRoot: fair.cardsRoot });
    this.publish(events, run.seats, true);
    if (jackpotContribution > 0 || settled.bonuses.length) this.deps.onJackpot(settled.jackpot);
    await this.afterHand(run);
    this.scheduleNextHand();
  }

  /**
   * What a finished hand discloses: openings of the board and of the hands shown (everyone), of
   * each human's own hole cards (that player only), and whether the server seed may be published
   * (only if every dealt position, burns included, was shown: it would rebuild the whole deck).
   */
  /** Between hands: leavers go, sit-outs take effect, busted players sit out, bots top up. */
  private async afterHand(run: HandRun): Promise<void> {
    for (const seatNo of run.seats) {
      const seat = this.seats[seatNo];
      if (!seat) continue;
      if (seat.leaving) { await this.leaveNow(seat.userId, seat.isBot && !this.simulation ? 'SIMULATION_STOPPED' : 'LEFT'); continue; }
      if (seat.consecutiveTimeouts >= TIMEOUTS_BEFORE_SIT_OUT) seat.sitOutAfterHand = true;
      if (seat.sitOutAfterHand || (seat.stack === 0 && !seat.isBot)) {
        this.sitOutNow(seat);
        this.seatChanged([{ kind: 'SAT_OUT', seat: seat.seat }], seat.seat);
      }
    }
    if (this.simulation) await this.topUpBots();
    else for (const seat of this.seats) if (seat?.isBot) await this.leaveNow(seat.userId, 'SIMULATION_STOPPED');
  }

  // ---- timers ----

  private startTurnClock(run: HandRun, seatNo: number): void {
    const seat = this.seats[seatNo]!;
    const now = this.deps.clock.now();
    run.turnStartedAt = now;
    run.actionDeadline = now + this.config.actionTime * 1000;
    run.timeBankDeadline = run.actionDeadline + (seat.isBot ? 0 : seat.timeBank);
  }

  private clearTurnTimer(): void {
    this.turnTimer?.cancel();
    this.turnTimer = null;
  }

  private onTurn(run: HandRun, seatNo: number): void {
    const seat = this.seats[seatNo]!;
    if (seat.isBot) {
      const delay = this.deps.fastBots ? 0 : 1000 + this.deps.randomInt(3000);
      this.turnTimer = this.deps.clock.setTimer(delay, () => void this.enqueue(() => this.botAct(run, seatNo)));
      return;
    }
    if (seat.leaving || (seat.status === 'SITTING_OUT')) {
      this.turnTimer = this.deps.clock.setTimer(0, () => void this.enqueue(() => this.timeout(run, seatNo)));
      return;
    }
    this.turnTimer = this.deps.clock.setTimer(run.actionDeadline! - this.deps.clock.now(), () => void this.enqueue(() => {
      if (this.run !== run || seatToAct(run) !== seatNo) return;
      if (run.timeBankDeadline! > this.deps.clock.now()) {
        this.publish([{ kind: 'TIME_BANK', seat: seatNo }], [seatNo], true);
        this.turnTimer = this.deps.clock.setTimer(run.timeBankDeadline! - this.deps.clock.now(), () => void this.enqueue(() => this.timeout(run, seatNo)));
      } else this.timeout(run, seatNo);
    }));
  }

  private timeout(run: HandRun, seatNo: number): void {
    if (this.run !== run || seatToAct(run) !== seatNo) return;
    const seat = this.seats[seatNo]!;
    const legal = legalView(run);
    if (!seat.leaving) seat.consecutiveTimeouts++;
    this.applyPlayerMove(seat, legal?.canCheck ? { kind: 'CHECK' } : { kind: 'FOLD' }, true);
  }

  // ---- bots ----

  private async fillBots(): Promise<void> {
    const wanted = Math.max(0, this.freeSeats() - 2);
    if (wanted === 0) return;
    const botsHere = new Set(this.seats.filter((s) => s?.isBot).map((s) => s!.userId));
    const pool = (await this.deps.store.botUsers(this.config.maxPlayers)).filter((b) => !botsHere.has(b.userId));
    let added = 0;
    for (let seatNo = 0; seatNo < this.seats.length && added < wanted; seatNo++) {
      if (this.seats[seatNo]) continue;
      const bot = pool.shift();
      if (!bot) break;
      const span = this.config.maxBuyIn - this.config.minBuyIn;
      const buyIn = this.config.minBuyIn + (span > 0 ? this.deps.randomInt(span + 1) : 0);
      try {
        await this.deps.store.buyIn(this.config.tableId, bot.userId, buyIn, true, this.key('buyin', bot.userId));
      } catch (e) {
        this.deps.log?.error(e, 'bot buy-in failed');
        break;
      }
      await this.deps.store.seatTaken(this.config.tableId, seatNo, bot.userId, true);
      this.seats[seatNo] = {
        seat: seatNo, userId: bot.userId, username: bot.username, isBot: true, stack: buyIn, status: 'ACTIVE',
        waitingForBigBlind: false, postBlind: false, missedBlind: false, sittingOutSince: null, timeBank: 0,
        handsSinceRefill: 0, consecutiveTimeouts: 0, connections: 0, leaving: false, sitOutAfterHand: false, pendingChips: 0,
      };
      this.seatChanged([{ kind: 'PLAYER_SAT', seat: seatNo, username: bot.username, stack: buyIn }], seatNo);
      added++;
    }
  }

  /** Keeps two seats free for people: the bot that is not in a hand leaves first. */
  private trimBots(): void {
    if (this.freeSeats() >= 2) return;
    const bot = this.seats.find((s) => s?.isBot && !s.leaving);
    if (bot) void this.leaveNow(bot.userId, 'SIMULATION_STOPPED');
  }

  private async topUpBots(): Promise<void> {
    for (const seat of this.seats) {
      if (!seat?.isBot) continue;
      if (seat.stack < this.config.bigBlind * 10) {
        const amount = this.config.maxBuyIn - seat.stack;
        if (amount > 0) {
          try {
            await this.deps.store.addChips(this.config.tableId, seat.userId, amount, true, this.key('recharge', seat.userId));
            seat.stack += amount;
            this.seatChanged([{ kind: 'CHIPS_ADDED', seat: seat.seat, amount }], seat.seat);
          } catch (e) {
            this.deps.log?.error(e, 'bot top-up failed');
          }
        }
      }
    }
    if (this.freeSeats() > 2) await this.fillBots();
  }

  private botAct(run: HandRun, seatNo: number): void {
    if (this.run !== run || seatToAct(run) !== seatNo) return;
    const seat = this.seats[seatNo]!;
    const i = indexOfSeat(run, seatNo);
    const s = run.state;
    const legal = legalView(run)!;
    const opponents = s.active.filter((a, k) => a && k !== i).length;
    const pot = s.stacks.reduce((a, _, k) => a + run.startStacks[k] - s.stacks[k], 0);
    const equity = estimateEquity({
      variant: this.config.variant, hole: s.hole[i], board: s.board, opponents: Math.max(1, opponents),
      iterations: this.deps.botIterations ?? (this.deps.fastBots ? 60 : 400), randomInt: this.botRng.int,
    });
    const d = decide({
      legal, equity, pot, ownBet: s.bets[i], stack: s.stacks[i], bigBlind: this.config.bigBlind, opponents: Math.max(1, opponents),
      preflop: s.street === 0, random: this.botRng.float,
    });
    const move: PlayerMove = d.action === 'BET' || d.action === 'RAISE' ? { kind: d.action, amount: d.amount } : { kind: d.action };
    const r = this.applyPlayerMove(seat, move, false);
    if (!r.ok) this.applyPlayerMove(seat, legal.canCheck ? { kind: 'CHECK' } : { kind: 'FOLD' }, false);
  }
}
