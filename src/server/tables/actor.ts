// One actor per table, as lichess runs one per game: it owns the table's state and takes one
// command at a time (players, timers and bots all queue here). Every command is a value
// (commands.ts) and `handle` is the one door in. Like lila's round actor it keeps the queue and
// delegates: seats and money to seats.ts, the hands (deal, moves, timers, settlement) to
// lifecycle.ts, publishing to viewers.ts, the house bots to bots/house.ts; what differs between a
// cash table and a tournament's is asked of its policy (policy.ts).
import type { TableView } from '../../shared/protocol';
import { Bots } from './bots/house';
import type { CommandOf, ResultOf, SimulationState, TableCommand, TableCommandKind } from './commands';
import { HandLifecycle } from './lifecycle';
import { cashPolicy, type TablePolicy } from './policy';
import { newSeat } from './seat';
import { Seats } from './seats';
import { TableState } from './state';
import type { AdoptedSeat } from './store';
import { fail, OK, type CommandResult, type Seat, type TableConfig } from './types';
import type { ActorDeps } from './deps';
import { Viewers } from './viewers';

export type { CommandError, CommandResult } from './types';
export type { ActorDeps } from './deps';

type Handlers = { [K in TableCommandKind]: (c: CommandOf<K>) => Promise<ResultOf<CommandOf<K>>> | ResultOf<CommandOf<K>> };

export class TableActor {
  private readonly table: TableState;
  private readonly viewers: Viewers;
  private readonly hands: HandLifecycle;
  private readonly bots: Bots;
  private readonly seats: Seats;
  private queue: Promise<unknown> = Promise.resolve();
  /** Commands queued and not yet finished: at 0 the state is exactly what was last published. */
  private pending = 0;

  constructor(
    config: TableConfig,
    private deps: ActorDeps,
    private readonly policy: TablePolicy = cashPolicy,
  ) {
    this.table = new TableState(config);
    this.viewers = new Viewers(this.table, deps);
    const enqueue = <T>(fn: () => Promise<T> | T) => this.enqueue(fn);
    this.seats = new Seats(this.table, this.viewers, deps, policy, { enqueue });
    this.bots = new Bots(this.table, this.viewers, deps, {
      key: (kind, userId) => this.seats.key(kind, userId),
      leaveNow: (userId, reason) => this.seats.leaveNow(userId, reason),
      act: (seatNo, action) => this.hands.applyAction(this.table.seats[seatNo]!, action, false),
    });
    this.hands = new HandLifecycle(this.table, this.viewers, this.bots, deps, policy, { enqueue, seats: this.seats });
    this.seats.hands = this.hands;
    this.seats.bots = this.bots;
    this.hands.commitNextSeed();
  }

  private readonly handlers: Handlers = {
    sit: (c) => this.queued(() => this.seats.sit(c)),
    addChips: (c) => this.queued(() => this.seats.addChips(c)),
    sitOut: (c) => this.queued(() => this.seats.sitOut(c)),
    sitIn: (c) => this.queued(() => this.seats.sitIn(c)),
    leave: (c) => this.queued(() => this.seats.leave(c.userId, 'LEFT')),
    kick: (c) => this.queued(() => this.seats.leave(c.userId, 'KICKED')),
    act: (c) =>
      this.queued(() => {
        const seat = this.table.seatOf(c.userId);
        if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
        return this.hands.applyAction(seat, c.action, false);
      }),
    entropy: (c) => this.queued(() => this.entropy(c)),
    fastFold: (c) =>
      this.queued(() => {
        const seat = this.table.seatOf(c.userId);
        return seat ? this.hands.fastFold(seat) : fail('NOT_SEATED', 'You are not seated at this table');
      }),
    straddle: (c) =>
      this.queued(async () => {
        const seat = this.table.seatOf(c.userId);
        if (!seat) return fail('NOT_SEATED', 'You are not seated at this table');
        if ((this.table.config.straddle ?? 'off') === 'off') return fail('NO_STRADDLE', 'This table has no straddle');
        await this.deps.store.setStraddle(this.table.config.tableId, c.userId, c.on);
        seat.straddle = c.on;
        this.viewers.seatChanged([{ kind: 'STRADDLE_SET', seat: seat.seat, on: c.on }], seat.seat);
        return OK;
      }),
    simulation: (c) => this.queued(() => (c.on ? this.startSimulation() : this.stopSimulation())),
    simulationState: () => this.simulationState(),
    subscribe: (c) =>
      this.atOnceOrQueued(() => {
        const { viewer, autoMuck } = c;
        if (viewer.userId !== null && autoMuck !== undefined) {
          if (autoMuck) this.table.showLosers.delete(viewer.userId);
          else this.table.showLosers.add(viewer.userId);
        }
        const sink = this.deps.sink(viewer);
        this.viewers.leave(sink.key);
        this.viewers.join({ ...sink, userId: viewer.userId });
      }),
    unsubscribe: (c) => this.atOnceOrQueued(() => this.viewers.leave(this.deps.sink(c.viewer).key)),
    seatPlayer: (c) => this.queued(() => (this.policy.wants?.(c.user.userId, c.seat) === false ? OK : this.seats.seatPlayer(c))),
    removePlayer: (c) => this.queued(() => this.seats.removePlayer(c)),
  };

  /** Runs one command, in the table's order. */
  handle<C extends TableCommand>(command: C): Promise<ResultOf<C>> {
    const refused = this.policy.refuse(command.kind);
    if (refused) return Promise.resolve(refused as ResultOf<C>);
    // The handler is picked by the command's kind, and `Handlers` types each by its kind; TypeScript
    // cannot follow that link through a union, hence this one cast.
    const run = this.handlers[command.kind] as unknown as (c: C) => Promise<ResultOf<C>> | ResultOf<C>;
    return Promise.resolve(run(command));
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
        if (a.straddle) t.seats[a.seat]!.straddle = true;
        if (a.stack <= 0) this.seats.sitOutNow(t.seats[a.seat]!);
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

  private queued<T>(fn: () => Promise<T> | T): Promise<T> {
    return this.enqueue(fn);
  }

  /**
   * Viewers come and go at once while no command is running (nothing is half-changed then), and
   * wait their turn otherwise: a reconnect storm of watchers mostly bypasses the table's queue.
   */
  private atOnceOrQueued(fn: () => void): Promise<CommandResult> {
    const done = () => {
      fn();
      return OK;
    };
    if (this.pending > 0) return this.enqueue(done);
    try {
      return Promise.resolve(done());
    } catch (e) {
      return Promise.reject(e);
    }
  }

  /** Commands queued and not yet finished (the metrics sample it at each scrape). */
  queueDepth(): number {
    return this.pending;
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
  viewerKeys(): string[] {
    return this.viewers.keys();
  }

  // ---- commands that are the actor's own ----

  /**
   * A seated player's 32 random bytes for the shuffle of the next hand: mixed with the server seed
   * whose hash (nextSeedHash) was published before this arrived. The latest one counts.
   */
  private entropy({ userId, entropy }: CommandOf<'entropy'>): CommandResult {
    const seat = this.table.seatOf(userId);
    if (!seat || seat.isBot) return fail('NOT_SEATED', 'You are not seated at this table');
    if (!/^[0-9a-fA-F]{64}$/.test(entropy)) return fail('BAD_MESSAGE', 'Entropy is 32 bytes as 64 hex digits');
    this.hands.addEntropy(userId, entropy.toLowerCase());
    return OK;
  }

  private simulationState(): SimulationState {
    return { simulation: this.table.simulation, bots: this.table.occupied().filter((s) => s.isBot).length };
  }

  private async startSimulation(): Promise<CommandResult> {
    if (this.table.config.status !== 'OPEN') return fail('TABLE_CLOSED', 'This table is closed');
    this.table.simulation = true;
    await this.deps.store.setSimulation(this.table.config.tableId, true);
    await this.bots.fill();
    this.viewers.publish([{ kind: 'SIMULATION', on: true }], []);
    this.deps.onLobbyChange(this.table.config.tableId);
    this.hands.scheduleNextHand();
    return OK;
  }

  private async stopSimulation(): Promise<CommandResult> {
    this.table.simulation = false;
    await this.deps.store.setSimulation(this.table.config.tableId, false);
    this.viewers.publish([{ kind: 'SIMULATION', on: false }], []);
    await this.bots.leaveAll();
    this.deps.onLobbyChange(this.table.config.tableId);
    return OK;
  }

  // ---- the owner's own calls (not commands from outside) ----

  /** New settings apply from the next hand; closing stands everyone up after it. */
  reconfigure(config: TableConfig): Promise<CommandResult> {
    return this.enqueue(async () => {
      const t = this.table;
      const seatsChanged = config.maxPlayers !== t.config.maxPlayers;
      if (seatsChanged && t.seats.some((s, i) => s && i >= config.maxPlayers)) return fail('HAND_IN_PROGRESS', 'Players sit in seats the new size removes');
      const closing = config.status === 'CLOSED' && t.config.status !== 'CLOSED';
      t.config = config;
      if (seatsChanged) t.seats = Array.from({ length: config.maxPlayers }, (_, i) => t.seats[i] ?? null);
      if (closing) this.viewers.publish([{ kind: 'TABLE_CLOSED' }], []);
      if (config.status === 'CLOSED') {
        t.simulation = false;
        for (const seat of t.seats) if (seat) await this.seats.leaveNow(seat.userId, seat.isBot ? 'SIMULATION_STOPPED' : 'LEFT');
      }
      this.viewers.resend();
      return OK;
    });
  }

  /** The room's dependencies are back (ActorDeps.canDeal): the next hand may start. */
  resumeDealing(): Promise<void> {
    return this.enqueue(() => this.hands.scheduleNextHand());
  }

  /**
   * A tournament's table broken or finished: its watchers are told (TABLE_CLOSED, then the table
   * as it stands, CLOSED) before the timers stop, so that nobody keeps watching an empty table.
   */
  close(): Promise<void> {
    return this.enqueue(() => {
      this.table.config = { ...this.table.config, status: 'CLOSED' };
      this.viewers.publish([{ kind: 'TABLE_CLOSED' }], []);
      this.viewers.resend();
      this.table.stopped = true;
      this.hands.stop();
      this.seats.stopTimers();
    });
  }

  /** Stops timers (server shutdown, tests). Seated chips stay in the ledger's table accounts. */
  stop(): Promise<void> {
    return this.enqueue(() => {
      this.table.stopped = true;
      this.hands.stop();
      this.seats.stopTimers();
    });
  }
}
