// All table actors of this process, created from the database at start (after crash recovery)
// and kept in step with the administrators' changes.
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/client';
import type { PokerTableRow } from '../db/rows';
import { TableActor, type ActorDeps } from './actor';
import type { DbTableStore } from './store-db';
import type { TableConfig } from './types';

// Number() stays: drivers may return money columns (bigint) as strings.
export function tableConfigFromRow(r: PokerTableRow): TableConfig {
  return {
    tableId: Number(r.id),
    name: String(r.name),
    variant: r.variant === 'omaha' ? 'omaha' : 'texas',
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
  };
}

export class TableRegistry {
  private actors = new Map<number, TableActor>();

  constructor(
    private db: Database,
    private store: DbTableStore,
    private deps: Omit<ActorDeps, 'store'>,
  ) {}

  /** Voids unsettled hands, returns stranded chips, then opens an actor per live table. */
  async start(): Promise<{ voided: number; returned: number }> {
    const recovered = await this.store.recover();
    const list = await rows<PokerTableRow>(this.db, sql`SELECT * FROM poker_tables WHERE deleted_at IS NULL ORDER BY id`);
    for (const r of list) await this.open(tableConfigFromRow(r));
    return recovered;
  }

  private async open(config: TableConfig): Promise<TableActor> {
    const actor = new TableActor(config, { ...this.deps, store: this.store });
    await actor.init();
    this.actors.set(config.tableId, actor);
    return actor;
  }

  get(tableId: number): TableActor | undefined {
    return this.actors.get(tableId);
  }
  all(): TableActor[] {
    return [...this.actors.values()];
  }

  /** A table was created or edited by an administrator. */
  async sync(tableId: number): Promise<void> {
    const [r] = await rows<PokerTableRow>(this.db, sql`SELECT * FROM poker_tables WHERE id = ${tableId} AND deleted_at IS NULL`);
    const actor = this.actors.get(tableId);
    if (!r) {
      if (actor) {
        await actor.stop();
        this.actors.delete(tableId);
      }
      return;
    }
    const config = tableConfigFromRow(r);
    if (actor) await actor.reconfigure(config);
    else await this.open(config);
  }

  async stop(): Promise<void> {
    await Promise.all(this.all().map((a) => a.stop()));
  }
}
