// The table store of a tournament's table: hands are recorded as at cash tables (so histories,
// PHH and the hand pages work unchanged), but chips are not money: nothing moves in the ledger.
// A settlement goes to the director, which writes the hand, the entries' chip counts, prizes
// and its state in one transaction under its lease (director.ts).
import { sql } from 'drizzle-orm';
import { first, type Database } from '../db/client';
import type { HandRow } from '../db/rows';
import { StaleEpochError } from '../core/errors';
import type { HandSettlement, HandStart, SettlementResult, TableStore } from '../tables/store';
import { hold } from './leases';
import * as tableRecords from '../tables/records';

export interface TournamentWriter {
  readonly tournamentId: number;
  readonly epoch: number;
  /** Settles the hand: record, chips, places and prizes, the director's state; one transaction. */
  settle(settlement: HandSettlement): Promise<SettlementResult>;
}

const refuse = async () => {
  throw new Error('chips at a tournament table are not money');
};

export class TournamentTableStore implements TableStore {
  constructor(
    private readonly db: Database,
    private readonly director: TournamentWriter,
  ) {}

  buyIn = refuse;
  addChips = refuse;
  /** Nobody cashes out of a tournament (the actor never asks); nothing to move. */
  async cashOut(): Promise<void> {}
  async seatTaken(): Promise<void> {}
  async seatFreed(): Promise<void> {}
  async setSimulation(): Promise<void> {}
  async setStraddle(): Promise<void> {}
  async botUsers(): Promise<Array<{ userId: number; username: string }>> {
    return [];
  }

  async startHand(
    tableId: number,
    handNumber: number,
    seedHash: string,
    players: Array<{ userId: number; seat: number; stack: number }>,
    fair?: HandStart,
  ): Promise<number> {
    const { tournamentId, epoch } = this.director;
    return this.db.transaction(async (tx) => {
      await this.fence(tx, tableId, tournamentId, epoch);
      return tableRecords.insertHand(tx, { tableId, handNumber, seedHash, players, cardsRoot: fair?.cardsRoot, entropy: fair?.entropy, button: fair?.button });
    });
  }

  settleHand(settlement: HandSettlement): Promise<SettlementResult> {
    return this.director.settle(settlement);
  }

  async voidHand(handId: number, reason: string, tableId: number): Promise<boolean> {
    const { tournamentId, epoch } = this.director;
    return this.db.transaction(async (tx) => {
      await this.fence(tx, tableId, tournamentId, epoch);
      return tableRecords.voidHand(tx, handId, tableId, reason);
    });
  }

  lastHandNumber(tableId: number): Promise<number> {
    return tableRecords.lastHandNumber(this.db, tableId);
  }

  async lastButton(tableId: number): Promise<number | null> {
    const row = await first<Pick<HandRow, 'button'>>(this.db, sql`SELECT button FROM hands WHERE table_id = ${tableId} ORDER BY hand_number DESC LIMIT 1`);
    return row?.button ?? null;
  }

  /** The director's lease at its epoch, or StaleEpochError for the table (the actor then stops writing). */
  private async fence(tx: Parameters<typeof hold>[0], tableId: number, tournamentId: number, epoch: number): Promise<void> {
    try {
      await hold(tx, tournamentId, epoch);
    } catch (e) {
      if (e instanceof StaleEpochError) throw new StaleEpochError(tableId);
      throw e;
    }
  }
}
