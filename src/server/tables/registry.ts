// The table actors of this instance: one per table it owns (cluster/steward.ts decides which).
// A table is adopted with the epoch of its lease (its unsettled hand voided, its seated players
// restored), dropped at once when the lease is lost, or drained and given up at a hand's end.
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/client';
import { Directory } from '../cluster/directory';
import { isGameCode } from '../../poker/engine';
import type { PokerTableRow } from '../db/rows';
import { TableActor, type ActorDeps } from './actor';
import type { DbTableStore } from './store-db';
import type { TableConfig } from './types';

// Number() stays: drivers may return money columns (bigint) as strings.
export function tableConfigFromRow(r: PokerTableRow): TableConfig {
  return {
    tableId: Number(r.id),
    name: String(r.name),
    variant: isGameCode(r.variant) ? r.variant : 'NT',
    smallBlind: Number(r.small_blind),
    bigBlind: Number(r.big_blind),
    minBuyIn: Number(r.min_buy_in),
    maxBuyIn: Number(r.max_buy_in),
    maxPlayers: Number(r.max_players),
    actionTime: Number(r.action_time),
    rakePercent: Number(r.rake_percent),
    rakeCap: Number(r.rake_cap),
    jackpotPercent: Number(r.jackpot_percent),
    status: r.status === 'closed' ? 'CLOSED' : 'OPEN',
    tournamentId: r.tournament_id ?? null,
    ante: Number(r.ante ?? 0),
    straddle: r.straddle ?? 'off',
    runItTwice: r.run_it_twice ?? false,
    bombPotEvery: Number(r.bomb_pot_every ?? 0),
  };
}

/** Unsubscribes the actors' viewers whose instance is not in `seen` (this instance's own stay). */
export function pruneViewers(actors: Iterable<TableActor>, seen: Set<string>): void {
  for (const actor of actors)
    for (const key of actor.viewerKeys()) {
      const instance = Directory.instanceOfKey(key);
      if (instance === null || seen.has(instance)) continue;
      void actor.handle({ kind: 'unsubscribe', viewer: { instance, conn: key.slice(instance.length + 1), userId: null } });
    }
}

export interface Adopted {
  voided: number;
  returned: number;
}

export class TableRegistry {
  private actors = new Map<number, TableActor>();
  private epochs = new Map<number, number>();

  constructor(
    private db: Database,
    private store: DbTableStore,
    private deps: Omit<ActorDeps, 'store'>,
    /** A write was refused as stale: this instance lost the table (the steward is told). */
    private onStale: (tableId: number) => void = () => undefined,
  ) {}

  /** Live tables in the database (not deleted), by id. */
  async tableIds(): Promise<number[]> {
    const list = await rows<Pick<PokerTableRow, 'id'>>(
      this.db,
      sql`SELECT id FROM poker_tables WHERE deleted_at IS NULL AND tournament_id IS NULL AND pool_id IS NULL ORDER BY id`,
    );
    return list.map((r) => r.id);
  }

  /** The fast-fold pools' tables (their directors lease them, not the steward): sockets on any instance reach them. */
  async poolTableIds(): Promise<number[]> {
    const list = await rows<Pick<PokerTableRow, 'id'>>(
      this.db,
      sql`SELECT id FROM poker_tables WHERE deleted_at IS NULL AND pool_id IS NOT NULL AND status <> 'closed'`,
    );
    return list.map((r) => r.id);
  }

  /** This instance now owns the table at `epoch`: recover it and open its actor. */
  async adopt(tableId: number, epoch: number, reason: string, voidLabel = 'takeover'): Promise<Adopted | null> {
    await this.drop(tableId);
    const [r] = await rows<PokerTableRow>(this.db, sql`SELECT * FROM poker_tables WHERE id = ${tableId} AND deleted_at IS NULL`);
    if (!r) return null;
    const adopted = await this.store.adopt(tableId, epoch, reason);
    for (let i = 0; i < adopted.voided; i++) this.deps.metrics?.handVoided(voidLabel);
    const actor = new TableActor(tableConfigFromRow(r), {
      ...this.deps,
      store: this.store.fenced(epoch, (id) => this.stale(id, epoch)),
    });
    await actor.init();
    this.actors.set(tableId, actor);
    this.epochs.set(tableId, epoch);
    await actor.restore(adopted.seats, adopted.simulation);
    // A closed table keeps nobody: its players stand up with their chips.
    if (actor.config.status === 'CLOSED') await actor.reconfigure(actor.config);
    return { voided: adopted.voided, returned: adopted.returned };
  }

  /** A tournament's table, opened by its director (not leased by the steward): sockets find it here. */
  attach(tableId: number, actor: TableActor): void {
    this.actors.set(tableId, actor);
  }

  /** The director closes its table: no longer served here. */
  detach(tableId: number, actor: TableActor): void {
    if (this.actors.get(tableId) === actor) this.actors.delete(tableId);
  }

  private stale(tableId: number, epoch: number): void {
    if (this.epochs.get(tableId) !== epoch) return;
    void this.drop(tableId);
    this.onStale(tableId);
  }

  /** The lease is gone: stop at once, write nothing more (the new owner voids the hand). */
  async drop(tableId: number): Promise<void> {
    const actor = this.actors.get(tableId);
    if (!actor) return;
    this.actors.delete(tableId);
    this.epochs.delete(tableId);
    this.deps.metrics?.tableGone(tableId);
    await actor.stop();
  }

  /** Gives the table up at a hand's end (deploy, rebalancing); returns the epoch it was held at. */
  async drain(tableId: number): Promise<number | null> {
    const actor = this.actors.get(tableId);
    const epoch = this.epochs.get(tableId) ?? null;
    if (!actor) return epoch;
    await actor.drain();
    this.actors.delete(tableId);
    this.epochs.delete(tableId);
    this.deps.metrics?.tableGone(tableId);
    return epoch;
  }

  get(tableId: number): TableActor | undefined {
    return this.actors.get(tableId);
  }
  all(): TableActor[] {
    return [...this.actors.values()];
  }
  owned(): number[] {
    return [...this.actors.keys()];
  }

  /** A table this instance owns was edited (or deleted) by an administrator. */
  async sync(tableId: number): Promise<'reconfigured' | 'removed' | 'not-owned'> {
    const actor = this.actors.get(tableId);
    if (!actor) return 'not-owned';
    const [r] = await rows<PokerTableRow>(this.db, sql`SELECT * FROM poker_tables WHERE id = ${tableId} AND deleted_at IS NULL`);
    if (!r) {
      await this.drop(tableId);
      return 'removed';
    }
    await actor.reconfigure(tableConfigFromRow(r));
    return 'reconfigured';
  }

  /**
   * Viewers of this instance's tables whose instance is dead (not seen within two lease
   * lifetimes) go: their sockets are gone, and their players are not connected any more.
   */
  pruneViewers(seen: Set<string>): void {
    pruneViewers(this.actors.values(), seen);
  }

  /** The database and Redis are back: tables that waited deal again. */
  resumeDealing(): void {
    for (const actor of this.actors.values()) void actor.resumeDealing();
  }

  async stop(): Promise<void> {
    const ids = this.owned();
    await Promise.all(ids.map((id) => this.drop(id)));
  }
}
