// A fast-fold pool's money (docs/fast-fold.md): joining moves the buy-in from the wallet (a house
// bot's from the bots account) to the pool account, the anchor table's table account, in one
// transaction with the membership row; leaving moves the whole pool account back, with the row's
// removal. Both carry the anchor table's id and the director's epoch: the fence refuses a stale one.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { first } from '../db/client';
import type { AccountRow } from '../db/rows';
import type { Ledger, TransferInput } from '../core/ledger';
import { conflict } from '../core/errors';
import * as records from './records';

export interface PoolAccounts {
  poolId: number;
  anchorTableId: number;
  /** The director's epoch on the anchor table's lease. */
  epoch: number;
}

/** The house tops the bots account up from the bank in blocks (as at cash tables). */
const BOT_FLOAT = 50_000_000;

export async function buyInto(
  ledger: Ledger,
  at: PoolAccounts,
  user: { userId: number; isBot?: boolean },
  amount: number,
  sinceBigBlind: number,
): Promise<void> {
  const isBot = user.isBot ?? false;
  const key = `pool:${at.poolId}:join:${user.userId}:${randomBytes(6).toString('hex')}`;
  await ledger.transaction(async (tx) => {
    const moves: TransferInput[] = [];
    if (isBot && (await ledger.houseBalance(tx, 'bots')) < amount)
      moves.push({ key: `${key}:float`, from: { house: 'bank' }, to: { house: 'bots' }, amount: BOT_FLOAT + amount, kind: 'BOT_FUNDING' });
    moves.push({
      key,
      from: isBot ? { house: 'bots' } : { userId: user.userId, kind: 'available' },
      to: { userId: user.userId, kind: 'table', tableId: at.anchorTableId },
      amount,
      kind: isBot ? 'BOT_FUNDING' : 'BUY_IN',
      tableId: at.anchorTableId,
      actorUserId: isBot ? null : user.userId,
      reference: `pool:${at.poolId}`,
      epoch: at.epoch,
    });
    await ledger.transferMany(tx, moves);
    if (!(await records.addMember(tx, at.poolId, user.userId, isBot, sinceBigBlind))) throw conflict('You are in this pool already', 'ALREADY_SEATED');
  });
}

/** The whole pool account back to the wallet (or the bots account), and the player out of the pool. */
export async function cashOutOf(ledger: Ledger, at: PoolAccounts, userId: number, isBot: boolean): Promise<void> {
  await ledger.transaction(async (tx) => {
    const acc = await first<Pick<AccountRow, 'balance'>>(
      tx,
      sql`SELECT balance FROM accounts WHERE kind = 'table' AND user_id = ${userId} AND table_id = ${at.anchorTableId} FOR UPDATE`,
    );
    const balance = Number(acc?.balance ?? 0);
    if (balance > 0)
      await ledger.transfer(tx, {
        key: `pool:${at.poolId}:leave:${userId}:${randomBytes(6).toString('hex')}`,
        from: { userId, kind: 'table', tableId: at.anchorTableId },
        to: isBot ? { house: 'bots' } : { userId, kind: 'available' },
        amount: balance,
        kind: isBot ? 'BOT_RETURN' : 'LEAVE_SEAT',
        tableId: at.anchorTableId,
        actorUserId: isBot ? null : userId,
        reference: `pool:${at.poolId}`,
        epoch: at.epoch,
      });
    await records.removeMember(tx, at.poolId, userId);
  });
}
