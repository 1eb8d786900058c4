// The ledger as players and staff read it: a player's own transfers (/outcome) and a user's
// ledger in the back office. (Bank statements are bank/, not these.)
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { LedgerEntry } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { TransferKind } from '../../shared/api/enums';
import type { Outcome, OutcomeQuery } from '../../shared/api/user';
import { type Executor, first, iso, rows } from '../db/client';
import type { AccountRow, TransferRow, UserRow } from '../db/rows';
import { transferCode } from '../core/codes';
import { pageSql } from '../core/paging';

export type OwnOutcomeQuery = z.output<typeof OutcomeQuery>;

/** A transfer with both accounts' owners and the actor's username (userTransfers). */
type LedgerLine = TransferRow & {
  d_user: AccountRow['user_id'];
  d_kind: AccountRow['kind'];
  d_table: AccountRow['table_id'];
  c_user: AccountRow['user_id'];
  c_kind: AccountRow['kind'];
  c_table: AccountRow['table_id'];
  actor: UserRow['username'] | null;
};
type Count = { n: number };

/** The ledger view is always in id order; `date` is accepted as the same order. */
const OUTCOME_SORT = { id: sql`t.id`, date: sql`t.id` };

export class StatementService {
  constructor(private readonly db: Executor) {}

  private async accountIds(userId: number): Promise<number[]> {
    return (await rows<Pick<AccountRow, 'id'>>(this.db, sql`SELECT id FROM accounts WHERE user_id = ${userId}`)).map((r) => r.id);
  }

  private async userTransfers(userId: number, types: string[] | undefined, limit: number, offset: number, order: SQL) {
    const ids = await this.accountIds(userId);
    if (!ids.length) return { list: [] as LedgerLine[], total: 0, ids };
    const idList = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const conds = [sql`(t.debit_account_id IN (${idList}) OR t.credit_account_id IN (${idList}))`];
    if (types?.length)
      conds.push(
        sql`t.kind IN (${sql.join(
          types.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    const w = sql.join(conds, sql` AND `);
    const list = await rows<LedgerLine>(
      this.db,
      sql`SELECT t.*, da.user_id AS d_user, da.kind AS d_kind, da.table_id AS d_table, ca.user_id AS c_user, ca.kind AS c_kind, ca.table_id AS c_table,
                 au.username AS actor
          FROM transfers t JOIN accounts da ON da.id = t.debit_account_id JOIN accounts ca ON ca.id = t.credit_account_id
          LEFT JOIN users au ON au.id = t.actor_user_id
          WHERE ${w} ${order} LIMIT ${limit} OFFSET ${offset}`,
    );
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM transfers t WHERE ${w}`);
    return { list, total: total?.n ?? 0, ids };
  }

  /** The player's ledger view, newest first unless asked (see Outcome for the sign of `amount`). */
  async outcome(userId: number, q: OwnOutcomeQuery): Promise<List<Outcome>> {
    const { limit, offset } = pageSql(q, OUTCOME_SORT, 'id'); // 400 on any other sort field
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, q.type, limit, offset, order);
    return {
      total,
      items: list.map((r) => {
        const out: Outcome = {
          id: r.id,
          code: transferCode(r.id),
          // Free text in the schema; the ledger only writes TransferKind values.
          type: r.kind as TransferKind,
          amount: signedForUser(r, userId),
          date: iso(r.created_at),
          reference: r.reference,
          tableId: r.table_id,
        };
        if (r.hand_id !== null) out.handId = r.hand_id;
        return out;
      }),
    };
  }

  async userLedger(userId: number, q: { limit: number; offset: number; order: 'ASC' | 'DESC' }): Promise<List<LedgerEntry>> {
    const order = q.order === 'ASC' ? sql`ORDER BY t.id ASC` : sql`ORDER BY t.id DESC`;
    const { list, total } = await this.userTransfers(userId, undefined, q.limit, q.offset, order);
    return {
      total,
      items: list.map((r) => ({
        id: r.id,
        code: transferCode(r.id),
        kind: r.kind,
        amount: r.amount,
        signedAmount: signedForUser(r, userId),
        debitAccount: accountLabel(r.d_user, r.d_kind, r.d_table),
        creditAccount: accountLabel(r.c_user, r.c_kind, r.c_table),
        reference: r.reference,
        reason: r.reason,
        actor: r.actor,
        createdAt: iso(r.created_at),
      })),
    };
  }
}

/** + when money reaches the player's available balance (or, when it is not involved, their other account). */
function signedForUser(r: LedgerLine, userId: number): number {
  const amount = r.amount;
  const mineC = r.c_user === userId;
  const mineD = r.d_user === userId;
  if (mineC && r.c_kind === 'available') return amount;
  if (mineD && r.d_kind === 'available') return -amount;
  if (mineC && !mineD) return amount;
  if (mineD && !mineC) return -amount;
  return amount; // between two of their non-available accounts (e.g. table -> hold): not expected
}

function accountLabel(user: number | null, kind: string, table: number | null): string {
  if (user !== null) return kind === 'table' ? `user:${user}:table:${table}` : `user:${user}:${kind}`;
  return kind === 'pot' ? `house:pot:${table}` : `house:${kind}`;
}
