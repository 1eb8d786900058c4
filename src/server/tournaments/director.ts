// A running tournament's director (docs/tournaments.md, Server): it owns the pure tournament
// state (src/poker/tournament), deals every hand at its tables (the table actors ask it, through
// ActorDeps.tournament), takes each result back in the hand's settlement, and writes the hand,
// the chip counts, places, prizes and its state in one transaction under its lease's epoch.
// Between hands it brings the actors in line with the state: busted players go, moved ones sit
// at their new table, broken tables close. The level clock counts only time it runs.
import { sql } from 'drizzle-orm';
import { beginHand, entryOf, handFinished, purchaseWindow, readyTableIds, setClock, type TournamentState } from '../../poker/tournament';
import { first, type Executor } from '../db/client';
import type { PokerTableRow, TournamentRow } from '../db/rows';
import { StaleEpochError } from '../core/errors';
import { TableActor } from '../tables/actor';
import { tableConfigFromRow } from '../tables/registry';
import type { HandSettlement, SettlementResult } from '../tables/store';
import type { CarriedSeat } from '../tables/types';
import { tournamentTablePolicy, type TournamentDeal } from './table-policy';
import type { DirectorContext } from './context';
import { admitLate } from './late';
import { storedState, type Player, type StoredState } from './stored-state';
import { hold } from './leases';
import { writeOutcome } from './outcome';
import { TournamentTableStore, type TournamentWriter } from './store';
import * as tableRecords from '../tables/records';
import * as records from './records';

/** The table's running hand never happened: no hand, the button back where it was. */
function voidTableHand(state: TournamentState, tableId: number, from: StoredState['dealtFrom'][string] | undefined): TournamentState {
  return {
    ...state,
    tables: state.tables.map((t) => (t.id !== tableId || t.hand === null ? t : { ...t, hand: null, ...(from ?? {}) })),
  };
}

export class TournamentDirector implements TournamentWriter {
  private state!: TournamentState;
  private players: Record<string, Player> = {};
  private readonly byUser = new Map<number, string>();
  /** Removals from a table still on their way, by user: a seat elsewhere waits for them. */
  private readonly leaving = new Map<number, Promise<unknown>>();
  /** What a moved player takes to the next table (time bank, sitting out), by user. */
  private readonly carried = new Map<number, CarriedSeat>();
  private dealtFrom: StoredState['dealtFrom'] = {};
  private readonly actors = new Map<number, TableActor>();
  private lock: Promise<unknown> = Promise.resolve();
  /** Playing time counted before this director opened, and when it opened (its clock). */
  private baseElapsed = 0;
  private openedAt = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** No hand is dealt until every table is open (a hand's end moves players between tables). */
  private opening = true;
  /** Rebuys and the add-on on sale as last written to the stored state (a change is written at the next tick). */
  private saleWritten = { rebuy: false, addon: false };
  /** The tournament's name (the PHH `event` of its hands). */
  private name = '';

  constructor(
    readonly tournamentId: number,
    readonly epoch: number,
    private readonly ctx: DirectorContext,
  ) {}

  /** Playing time so far: what was stored plus the time this director has run. */
  elapsed(): number {
    return Math.max(this.state.elapsedMs, this.baseElapsed + this.ctx.clock.now() - this.openedAt);
  }

  get core(): TournamentState {
    return this.state;
  }

  tableIds(): number[] {
    return [...this.actors.keys()];
  }

  /**
   * Opens the tournament from its stored state (a start, a restart, a takeover): the hand that
   * was running at each table is void (the state has the chips from before it), then play goes on.
   */
  async open(): Promise<boolean> {
    const row = await first<Pick<TournamentRow, 'status' | 'state' | 'name'>>(
      this.ctx.db,
      sql`SELECT status, state, name FROM tournaments WHERE id = ${this.tournamentId}`,
    );
    if (!row || row.status !== 'running' || !row.state) return false;
    this.name = row.name;
    const stored = row.state as StoredState;
    this.players = stored.players;
    for (const [pid, p] of Object.entries(this.players)) this.byUser.set(p.userId, pid);
    this.dealtFrom = stored.dealtFrom ?? {};
    this.saleWritten = { rebuy: stored.rebuyOpen ?? false, addon: stored.addonOpen ?? false };
    let state = stored.core;
    for (const t of state.tables) if (t.hand !== null) state = voidTableHand(state, t.id, this.dealtFrom[String(t.id)]);
    this.state = state;
    this.dealtFrom = {};
    this.baseElapsed = state.elapsedMs;
    this.openedAt = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      await hold(tx, this.tournamentId, this.epoch);
      await tableRecords.voidRunningHands(tx, { tournamentId: this.tournamentId }, 'tournament resumed');
    });
    for (const t of this.state.tables) await this.openTable(t.id);
    this.opening = false;
    for (const actor of this.actors.values()) void actor.resumeDealing();
    this.timer = setInterval(() => void this.tick(), this.ctx.tickMs);
    this.timer.unref?.();
    return true;
  }

  private async openTable(tableId: number): Promise<void> {
    const r = await first<PokerTableRow>(this.ctx.db, sql`SELECT * FROM poker_tables WHERE id = ${tableId}`);
    if (!r) throw new Error(`tournament ${this.tournamentId}: no table ${tableId}`);
    const actor = new TableActor(
      { ...tableConfigFromRow(r), status: 'OPEN', event: this.name },
      { ...this.ctx.actorDeps, onLobbyChange: () => undefined, store: new TournamentTableStore(this.ctx.db, this) },
      tournamentTablePolicy(
        {
          deal: (id, seats) => this.deal(id, seats),
          handEnded: (id, voided) => this.handEnded(id, voided),
          wants: (userId, id, seat) => {
            const pid = this.byUser.get(userId);
            return pid !== undefined && this.state.tables.find((t) => t.id === id)?.seats[seat] === pid;
          },
        },
        tableId,
      ),
    );
    await actor.init();
    this.actors.set(tableId, actor);
    this.ctx.registry.attach(tableId, actor);
    const table = this.state.tables.find((t) => t.id === tableId)!;
    const seats = table.seats.flatMap((pid, seat) => {
      if (pid === null) return [];
      const p = this.players[pid];
      return [{ seat, userId: p.userId, username: p.username, avatar: p.avatar ?? null, isBot: p.isBot, stack: entryOf(this.state, pid)!.chips }];
    });
    await actor.restore(seats, false);
  }

  /** One state transition at a time (hands of several tables end together). */
  private locked<T>(fn: () => Promise<T> | T): Promise<T> {
    const next = this.lock.then(fn, fn);
    this.lock = next.catch(() => undefined);
    return next;
  }

  private tickClock(): void {
    const r = setClock(this.state, this.elapsed());
    if (r.ok) this.state = r.state;
  }

  /** The clock: a level or a break begins, a break ends (tables deal again). */
  private tick(): Promise<void> {
    return this.locked(async () => {
      if (this.stopped) return;
      this.tickClock();
      // A failed pass (the database away, the lease lost) is tried again at the next tick.
      if (this.state.lateReg) await this.late().catch((e) => this.ctx.log.error(e, `tournament ${this.tournamentId}: late registration`));
      // Also the actors' seats brought back to the state's, should a seat or removal have been
      // skipped on the way (a table that waits for its seats would otherwise wait for ever).
      this.reconcile();
    });
  }

  /** A table asks for its next hand: dealt if the state says it may, and its seats are the state's. */
  private deal(tableId: number, seats: ReadonlyArray<{ userId: number; stack: number } | null>): Promise<TournamentDeal | null> {
    return this.locked(() => {
      if (this.stopped || this.opening || this.state.phase !== 'running') return null;
      this.tickClock();
      const table = this.state.tables.find((t) => t.id === tableId);
      if (!table) return null;
      // A move or a removal still on its way to the actor: wait for it (reconcile resumes dealing).
      if (table.seats.length !== seats.length) return null;
      for (let i = 0; i < seats.length; i++) {
        const pid = table.seats[i];
        if ((pid === null ? null : this.players[pid].userId) !== (seats[i]?.userId ?? null)) return null;
      }
      const r = beginHand(this.state, tableId);
      if (!r.ok) return null;
      this.dealtFrom[String(tableId)] = { button: table.button, handsDealt: table.handsDealt };
      this.state = r.state;
      const h = r.hand;
      return {
        button: h.button,
        order: [...h.seats],
        stacks: [...h.config.startingStacks],
        smallBlind: h.level.smallBlind,
        bigBlind: h.level.bigBlind,
        level: h.level.level,
        blinds: [...h.config.blindsOrStraddles],
        antes: [...(h.config.antes ?? h.seats.map(() => 0))],
      };
    });
  }

  /**
   * A table's hand is complete: its result goes into the state, and the hand, the chip counts,
   * the places and prizes of those knocked out and the new state are written together.
   */
  settle(s: HandSettlement): Promise<SettlementResult> {
    return this.locked(async () => {
      if (this.stopped) throw new StaleEpochError(s.tableId);
      this.tickClock();
      const table = this.state.tables.find((t) => t.id === s.tableId);
      const hand = table?.hand;
      if (!hand) throw new Error(`tournament ${this.tournamentId}: no hand at table ${s.tableId}`);
      const ends = new Map(s.players.map((p) => [p.userId, p.endStack]));
      const stacksAfter = hand.playerIds.map((pid) => ends.get(this.players[pid].userId) ?? -1);
      const r = handFinished(this.state, s.tableId, { stacksAfter, startingStacks: hand.startingStacks });
      if (!r.ok) throw new Error(`tournament ${this.tournamentId}: ${r.error.message}`);
      const next = r.state;
      const dealtFrom = { ...this.dealtFrom };
      delete dealtFrom[String(s.tableId)];
      await this.ctx.ledger.transaction(async (tx) => {
        try {
          await hold(tx, this.tournamentId, this.epoch);
        } catch (e) {
          throw e instanceof StaleEpochError ? new StaleEpochError(s.tableId) : e;
        }
        await this.recordHand(tx, s);
        await records.setChips(
          tx,
          hand.playerIds.map((pid) => ({ entryId: Number(pid), chips: entryOf(next, pid)!.chips })),
        );
        await writeOutcome(this.ctx.ledger, tx, this.tournamentId, this.state, next);
        await records.saveState(tx, this.tournamentId, storedState(next, this.players, dealtFrom), next.phase === 'finished');
      });
      this.state = next;
      this.dealtFrom = dealtFrom;
      this.saleWritten = purchaseWindow(next);
      return { jackpot: 0, bonuses: [] };
    });
  }

  /** Late registration: entries paid for since the last tick are seated, and it closes at its time. */
  private async late(): Promise<void> {
    const r = await admitLate(this.ctx, this.tournamentId, this.epoch, this.state, this.players, this.dealtFrom, this.saleWritten);
    if (!r) return;
    this.saleWritten = purchaseWindow(r.state);
    this.state = r.state;
    this.players = r.players;
    for (const [pid, p] of Object.entries(r.players)) this.byUser.set(p.userId, pid);
    for (const id of r.newTables) await this.openTable(id);
  }

  /** The hand's record, as a cash table's settlement writes it (store-db.ts handRecord). */
  private recordHand(tx: Executor, s: HandSettlement): Promise<void> {
    return tableRecords.settleHandRecord(tx, s);
  }

  /** After a hand (its result published, or void): the actors follow the state; the end of the tournament. */
  private handEnded(tableId: number, voided: boolean): void {
    void this.locked(async () => {
      if (this.stopped) return;
      if (voided) {
        this.state = voidTableHand(this.state, tableId, this.dealtFrom[String(tableId)]);
        delete this.dealtFrom[String(tableId)];
      }
      this.reconcile();
      if (this.state.phase === 'finished') this.finish();
    }).catch((e) => this.ctx.log.error(e, `tournament ${this.tournamentId}: after a hand`));
  }

  /** Busted players leave, moved ones sit at their new table, broken tables close; ready tables deal. */
  private reconcile(): void {
    const tables = new Map(this.state.tables.map((t) => [t.id, t]));
    for (const [id, actor] of this.actors) {
      const table = tables.get(id);
      // User -> the seat the state gives them here. Someone at another seat of this same table
      // (moved away and back before the actor caught up) is taken off and seated again.
      const wanted = new Map<number, number>();
      table?.seats.forEach((pid, seat) => pid !== null && wanted.set(this.players[pid].userId, seat));
      for (const userId of actor.seatedUserIds()) {
        if (wanted.get(userId) === actor.seatOf(userId)?.seat) continue;
        const pid = this.byUser.get(userId);
        const out = pid !== undefined && entryOf(this.state, pid)?.status === 'busted';
        // A moved player carries their time bank and absence; a busted one nothing (a re-entry
        // starts afresh), so the map holds at most one entry per player still in.
        const carry = (c: CarriedSeat) => (out ? this.carried.delete(userId) : this.carried.set(userId, c));
        const gone = actor
          .handle({ kind: 'removePlayer', userId, reason: out ? 'BUSTED' : 'LEFT' })
          .then((r) => r.carried && carry(r.carried))
          .then(
            () => undefined,
            () => undefined,
          );
        this.leaving.set(userId, gone);
        void gone.then(() => this.leaving.get(userId) === gone && this.leaving.delete(userId));
      }
    }
    for (const table of this.state.tables) {
      const actor = this.actors.get(table.id);
      if (!actor) continue;
      table.seats.forEach((pid, seat) => {
        if (pid === null) return;
        const p = this.players[pid];
        if (actor.seatOf(p.userId)?.seat === seat) return;
        const chips = entryOf(this.state, pid)!.chips;
        // Taken only if the state still seats them here when the actor gets to it (the policy's `wants`).
        const sit = () =>
          actor.handle({
            kind: 'seatPlayer',
            user: { userId: p.userId, username: p.username, avatar: p.avatar ?? null, isBot: p.isBot },
            seat,
            stack: chips,
            carried: this.carried.get(p.userId),
          });
        // A moved player sits at the new table only once the old one has let them go (its queue
        // may be busy; a later pass may get here first): never at two tables at once.
        const leaving = this.leaving.get(p.userId);
        void (leaving ? leaving.then(sit) : sit()).catch((e) => this.ctx.log.error(e, `tournament ${this.tournamentId}: seating ${p.userId}`));
      });
    }
    for (const [id, actor] of [...this.actors]) if (!tables.has(id)) void this.closeTable(id, actor);
    for (const id of readyTableIds(this.state)) void this.actors.get(id)?.resumeDealing();
  }

  private async closeTable(tableId: number, actor: TableActor): Promise<void> {
    this.actors.delete(tableId);
    await actor.close();
    this.ctx.registry.detach(tableId, actor);
    await tableRecords.closeTable(this.ctx.db, tableId);
  }

  /** The winner is paid (with the last hand's settlement): the tables close, the lease goes. */
  private finish(): void {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    // Not awaited under the lock: another table's actor may be waiting in `deal` for this very
    // lock, and its stop queues behind that (a deadlock that hung shutdown). Stopped, its deal
    // answers null and its queue moves on.
    void (async () => {
      for (const [id, actor] of [...this.actors]) await this.closeTable(id, actor);
      this.ctx.onDone(this.tournamentId, true);
    })().catch((e) => this.ctx.log.error(e, `tournament ${this.tournamentId}: closing its tables`));
  }

  /** Shutdown or a lost lease: stop at once, write nothing more (the next director voids the hands in play). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    for (const [id, actor] of [...this.actors]) {
      this.actors.delete(id);
      this.ctx.registry.detach(id, actor);
      await actor.stop();
    }
  }

  /** Deploy: no new hand; the hands in play finish and settle (their state is written), then stop. */
  async drain(): Promise<void> {
    await Promise.all([...this.actors.values()].map((a) => a.drain()));
    await this.stop();
  }
}
