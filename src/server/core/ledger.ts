// The double-entry ledger. Every movement of money is one immutable row in `transfers`
// (debit account -> credit account, positive amount, kind, reference, actor, idempotency key);
// account balances change in the same database transaction. Only the house `bank` account may
// go below zero: the code refuses it first (row locks taken in id order), and the
// accounts_non_negative CHECK constraint is the final guard.
import { EventEmitter } from 'node:events';
import { sql, type SQL } from 'drizzle-orm';
import { TRANSFER_KINDS, type TransferKind } from '../../shared/api/enums';
import { type Database, type Executor, first, iso, pgCode, rows } from '../db/client';
import type { AccountRow, TransferRow } from '../db/rows';
import { AppError, InsufficientFundsError, conflict } from './errors';

export type UserAccountKind = 'available' | 'withdrawal_hold';
export type HouseAccountKind = 'bank' | 'rake' | 'jackpot' | 'bots';

/** Where money moves from or to. A number is an account id. */
export type AccountRef =
  | number
  | { userId: number; kind: UserAccountKind }
  | { userId: number; kind: 'table'; tableId: number }
  | { house: HouseAccountKind }
  | { pot: number }
  /** A tournament's prize pool. */
  | { tournament: number };

export interface TransferInput {
  /** Idempotency key, unique across the ledger. A retry with the same key never moves money twice. */
  key: string;
  from: AccountRef;
  to: AccountRef;
  /** Integer tugrik, > 0, safe integer. */
  amount: number;
  kind: TransferKind;
  /** Business reference: withdrawal/deposit code, hand id... */
  reference?: string | null;
  tableId?: number | null;
  handId?: number | null;
  /** Who caused it (administrator, player); null for the system. */
  actorUserId?: number | null;
  reason?: string | null;
  /** A table move by the table's owner: its lease epoch, which the database checks (the fence). */
  epoch?: number | null;
}

/** A deposit credited to a player, or a withdrawal paid out to their bank. */
export interface CashierMove {
  kind: 'DEPOSIT' | 'WITHDRAWAL_PAID';
  userId: number;
  amount: number;
  reference: string | null;
}

function cashierMove(t: TransferInput): CashierMove | null {
  const player = t.kind === 'DEPOSIT' ? t.to : t.kind === 'WITHDRAWAL_PAID' ? t.from : null;
  if (player === null || typeof player !== 'object' || !('userId' in player)) return null;
  return { kind: t.kind as CashierMove['kind'], userId: player.userId, amount: t.amount, reference: t.reference ?? null };
}

export interface TransferRecord {
  id: number;
  key: string;
  debitAccountId: number;
  creditAccountId: number;
  amount: number;
  kind: TransferKind;
  createdAt: string;
}

export interface BatchResult {
  transfers: TransferRecord[];
  /** True when every transfer already existed (a retry): nothing moved this time. */
  replayed: boolean;
  /** Balance of every account the batch touched, after it (absent on a replay). */
  balances?: Map<number, number>;
}

export interface UserBalances {
  available: number;
  withdrawalHold: number;
  tables: number;
  /** tables + withdrawal holds: what the player sees as `locked`. */
  locked: number;
}

export interface ConservationReport {
  ok: boolean;
  /** Sum of every account balance; must be 0. */
  total: number;
  /** Accounts whose balance differs from credits - debits of their transfers. */
  mismatches: { accountId: number; balance: number; fromTransfers: number }[];
  /** Non-bank accounts below zero (the CHECK makes this impossible; checked anyway). */
  negatives: number[];
}

type AccountId = Pick<AccountRow, 'id'>;
type LockedAccount = Pick<AccountRow, 'id' | 'user_id' | 'kind' | 'balance'>;
type StoredTransfer = Pick<TransferRow, 'id' | 'idempotency_key' | 'debit_account_id' | 'credit_account_id' | 'amount' | 'kind' | 'created_at'>;
/** transferAtomic's answer: the insert count, and each touched account (none: all null). */
type AtomicRow = { inserted: number } & { [K in 'id' | 'balance' | 'user_id']: AccountRow[K] | null };

/** A transfer with its accounts looked up. */
type Resolved = { input: TransferInput; debit: number; credit: number };

export class Ledger {
  /** 'balance' (userId) after each commit that changed one of the user's accounts. */
  readonly events = new EventEmitter();
  private readonly touched = new WeakMap<object, Set<number>>();
  private readonly houseIds = new Map<string, number>();
  /**
   * Ids of user, table and pot accounts (accounts are never deleted). Filled only after the
   * transaction that saw the id commits, so a rolled-back creation is never cached.
   */
  private readonly accountIds = new Map<string, number>();
  private readonly seenIds = new WeakMap<object, Map<string, number>>();

  /** Kinds of the transfers a transaction inserted, reported once it commits. */
  private readonly inserted = new WeakMap<object, string[]>();
  /** A player's deposits credited and withdrawals paid in a transaction, told once it commits (web push). */
  private readonly cashierMoves = new WeakMap<object, CashierMove[]>();

  constructor(
    private readonly db: Database,
    /** Told the kinds of the transfers of each commit (metrics). */
    private readonly onCommitted: (kinds: readonly string[]) => void = () => {},
  ) {
    this.events.setMaxListeners(100);
  }

  /** Subscribe to balance changes (emitted after commit). Returns an unsubscribe function. */
  onBalanceChanged(listener: (userId: number) => void): () => void {
    this.events.on('balance', listener);
    return () => this.events.off('balance', listener);
  }

  /** Subscribe to deposits credited and withdrawals paid (emitted after commit). Returns an unsubscribe function. */
  onCashier(listener: (move: CashierMove) => void): () => void {
    this.events.on('cashier', listener);
    return () => this.events.off('cashier', listener);
  }

  /**
   * Runs `fn` in one database transaction and, after it commits, emits a balance event for every
   * user whose accounts changed. Use this (not db.transaction) around transfers.
   */
  async transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    const users = new Set<number>();
    const seen = new Map<string, number>();
    const kinds: string[] = [];
    const cashier: CashierMove[] = [];
    const result = await this.db.transaction(async (tx) => {
      this.touched.set(tx, users);
      this.seenIds.set(tx, seen);
      this.inserted.set(tx, kinds);
      this.cashierMoves.set(tx, cashier);
      return fn(tx);
    });
    for (const [k, id] of seen) this.accountIds.set(k, id);
    if (kinds.length) this.onCommitted(kinds);
    for (const userId of users) this.events.emit('balance', userId);
    for (const move of cashier) this.events.emit('cashier', move);
    return result;
  }

  /** One transfer. See transferMany. */
  async transfer(tx: Executor, input: TransferInput): Promise<TransferRecord & { replayed: boolean }> {
    const res = await this.transferMany(tx, [input]);
    return { ...res.transfers[0], replayed: res.replayed };
  }

  /**
   * Several transfers applied atomically inside `tx` (e.g. a hand's settlement: stacks, rake,
   * jackpot, bonuses). Balances are checked on the net change per account, so the order inside
   * the batch does not matter. Idempotent: if every key already exists with the same accounts,
   * amount and kind, the stored transfers are returned and nothing moves; a key reused with
   * different content, or a batch only partly present, is a 409 conflict.
   * Throws InsufficientFundsError (409) when a non-bank account would go below zero; the caller's
   * transaction must then be rolled back (letting the error escape does that).
   */
  async transferMany(tx: Executor, inputs: TransferInput[]): Promise<BatchResult> {
    if (inputs.length === 0) return { transfers: [], replayed: false };
    const { keys, resolved, delta } = await this.prepare(tx, inputs);

    // Lock the accounts first, in id order, so that concurrent batches queue instead of
    // deadlocking. NO KEY UPDATE: the foreign keys of the transfers rows only take KEY SHARE
    // locks, which this does not conflict with (FOR UPDATE would, and deadlock on upgrade).
    const ids = [...delta.keys()].sort((a, b) => a - b);
    const locked = await rows<LockedAccount>(
      tx,
      sql`SELECT id, user_id, kind, balance FROM accounts WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}) ORDER BY id FOR NO KEY UPDATE`,
    );

    const values = resolved.map(
      ({ input: t, debit, credit }) =>
        sql`(${t.key}, ${debit}, ${credit}, ${t.amount}, ${t.kind}, ${t.reference ?? null}, ${t.tableId ?? null}, ${t.handId ?? null}, ${t.actorUserId ?? null}, ${t.reason ?? null}, ${t.epoch ?? null})`,
    );
    const inserted = await rows<Pick<TransferRow, 'id' | 'idempotency_key' | 'created_at'>>(
      tx,
      sql`INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, table_id, hand_id, actor_user_id, reason, epoch)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING id, idempotency_key, created_at`,
    );

    if (inserted.length < resolved.length) return this.replay(tx, keys, resolved, inserted.length);

    this.inserted.get(tx)?.push(...resolved.map((r) => r.input.kind));
    this.cashierMoves.get(tx)?.push(...resolved.map((r) => cashierMove(r.input)).filter((m): m is CashierMove => m !== null));
    // Balances after the batch; the CHECK constraint stays the final guard.
    const users = this.touched.get(tx);
    const balances = new Map<number, number>();
    for (const a of locked) {
      const id = a.id;
      const after = a.balance + delta.get(id)!;
      if (a.kind !== 'bank' && after < 0) throw new InsufficientFundsError(id);
      if (!Number.isSafeInteger(after)) throw new AppError(409, 'CONFLICT', 'Amount out of range');
      if (a.user_id !== null && users) users.add(a.user_id);
      balances.set(id, after);
    }
    const changes = ids.filter((id) => delta.get(id) !== 0).map((id) => sql`(${id}::integer, ${delta.get(id)!}::bigint)`);
    if (changes.length) {
      try {
        await tx.execute(
          sql`UPDATE accounts AS a SET balance = a.balance + v.delta
              FROM (VALUES ${sql.join(changes, sql`, `)}) AS v(id, delta) WHERE a.id = v.id`,
        );
      } catch (e) {
        if (isNonNegativeCheck(e)) throw new InsufficientFundsError(0);
        throw e;
      }
    }
    const byKey = new Map(inserted.map((r) => [r.idempotency_key, r]));
    return {
      replayed: false,
      balances,
      transfers: resolved.map(({ input, debit, credit }) => {
        const r = byKey.get(input.key)!;
        return {
          id: r.id,
          key: input.key,
          debitAccountId: debit,
          creditAccountId: credit,
          amount: input.amount,
          kind: input.kind,
          createdAt: iso(r.created_at),
        };
      }),
    };
  }

  /** Some keys exist already: a retry. Only a complete, identical batch counts as one. */
  private async replay(tx: Executor, keys: Set<string>, resolved: Resolved[], insertedCount: number): Promise<BatchResult> {
    const existing = await rows<StoredTransfer>(
      tx,
      sql`SELECT id, idempotency_key, debit_account_id, credit_account_id, amount, kind, created_at
          FROM transfers WHERE idempotency_key IN (${sql.join(
            [...keys].map((k) => sql`${k}`),
            sql`, `,
          )})`,
    );
    const byKey = new Map(existing.map((r) => [r.idempotency_key, r]));
    for (const { input, debit, credit } of resolved) {
      const r = byKey.get(input.key);
      if (!r) continue;
      if (r.debit_account_id !== debit || r.credit_account_id !== credit || r.amount !== input.amount || r.kind !== input.kind)
        throw conflict(`Idempotency key ${input.key} was used for a different transfer`, 'IDEMPOTENCY_MISMATCH');
    }
    if (insertedCount > 0) throw conflict('Part of this batch was already applied', 'IDEMPOTENCY_MISMATCH');
    return {
      replayed: true,
      transfers: resolved.map(({ input }) => {
        const r = byKey.get(input.key)!;
        return {
          id: r.id,
          key: input.key,
          debitAccountId: r.debit_account_id,
          creditAccountId: r.credit_account_id,
          amount: r.amount,
          kind: input.kind,
          createdAt: iso(r.created_at),
        };
      }),
    };
  }

  /** Validates a batch, resolves its accounts and nets the change per account. */
  private async prepare(ex: Executor, inputs: TransferInput[]) {
    const keys = new Set<string>();
    const resolved: Resolved[] = [];
    for (const input of inputs) {
      validate(input);
      if (keys.has(input.key)) throw new AppError(500, 'INTERNAL', `duplicate idempotency key in batch: ${input.key}`);
      keys.add(input.key);
      const debit = await this.accountId(ex, input.from);
      const credit = await this.accountId(ex, input.to);
      if (debit === credit) throw new AppError(500, 'INTERNAL', 'transfer from an account to itself');
      resolved.push({ input, debit, credit });
    }
    const delta = new Map<number, number>();
    for (const { input, debit, credit } of resolved) {
      delta.set(debit, (delta.get(debit) ?? 0) - input.amount);
      delta.set(credit, (delta.get(credit) ?? 0) + input.amount);
    }
    return { keys, resolved, delta };
  }

  /**
   * transferMany as ONE autocommitted statement (one round trip instead of six): lock the
   * accounts in id order, insert the transfers, apply the net changes, together with the
   * caller's `prelude` CTEs (e.g. the hand record), all or nothing. For the hot paths (a hand's
   * settlement, a bot's top-up). Non-negative balances are the accounts' CHECK (a violation is
   * InsufficientFundsError); a batch whose keys all exist already is a replay and moves nothing;
   * one partly applied before aborts. `report` adds balances of accounts outside the batch.
   */
  async transferAtomic(
    inputs: TransferInput[],
    // The prelude is built here, on demand: an async function keeps its arguments until it ends,
    // and a settlement's statement parts would then outlive a young-generation collection.
    opts: { prelude?: () => SQL; report?: number[] } = {},
  ): Promise<{ replayed: boolean; balances: Map<number, number> }> {
    if (inputs.length === 0) return { replayed: false, balances: new Map() };
    const { resolved, delta } = await this.prepare(this.db, inputs);
    let result: AtomicRow[];
    try {
      result = await this.atomicStatement(resolved, delta, opts);
    } catch (e) {
      if (isNonNegativeCheck(e)) throw new InsufficientFundsError(0);
      // Only our own guard: any other raised exception (a trigger's, another CHECK) stays what it is.
      if (pgCode(e) === 'P0001' && databaseError(e)?.message === 'IDEMPOTENCY_MISMATCH')
        throw conflict('Part of this batch was already applied', 'IDEMPOTENCY_MISMATCH');
      throw e;
    }
    const replayed = (result[0]?.inserted ?? 0) === 0;
    const balances = new Map<number, number>();
    const users = new Set<number>();
    for (const r of result) {
      if (r.id === null || r.balance === null) continue;
      balances.set(r.id, r.balance);
      if (r.user_id !== null && delta.get(r.id)) users.add(r.user_id);
    }
    if (!replayed) {
      this.onCommitted(resolved.map((r) => r.input.kind));
      for (const userId of users) this.events.emit('balance', userId);
    }
    return { replayed, balances };
  }
  /**
   * transferAtomic's statement, built and sent here. Not async, so that no suspended frame keeps
   * the statement's parts (a settlement batch's are tens of kilobytes) alive while it runs: they
   * die young instead of being promoted at every hand (docs/architecture.md).
   */
  private atomicStatement(resolved: Resolved[], delta: Map<number, number>, opts: { prelude?: () => SQL; report?: number[] }): Promise<AtomicRow[]> {
    const ids = [...delta.keys()].sort((a, b) => a - b);
    const n = resolved.length;
    // One array per column (unnest): a handful of parameters whatever the batch's size, and the
    // same statement text for every batch, instead of eleven parameters a transfer.
    const col = (f: (r: Resolved) => unknown) => sql.param(resolved.map(f));
    const p = (xs: unknown[]) => sql.param(xs);
    const extra = (opts.report ?? []).filter((id) => !delta.has(id));
    // `locked` takes the row locks in id order (so two batches never deadlock); the UPDATE
    // joins it, so it only touches rows already locked, and only if every transfer was new.
    // The transfers go in in the order given (WITH ORDINALITY), as a VALUES list would.
    return rows<AtomicRow>(
      this.db,
      sql`WITH ${opts.prelude ? sql`${opts.prelude()}, ` : sql``}
        locked AS MATERIALIZED (SELECT id FROM accounts WHERE id = ANY(${p(ids)}::integer[]) ORDER BY id FOR NO KEY UPDATE),
        ins AS (
          INSERT INTO transfers (idempotency_key, debit_account_id, credit_account_id, amount, kind, reference, table_id, hand_id, actor_user_id, reason, epoch)
          SELECT k, d, c, a, kd, r, tb, h, ac, rs, e
          FROM unnest(${col((r) => r.input.key)}::text[], ${col((r) => r.debit)}::integer[], ${col((r) => r.credit)}::integer[],
                      ${col((r) => r.input.amount)}::bigint[], ${col((r) => r.input.kind)}::text[], ${col((r) => r.input.reference ?? null)}::text[],
                      ${col((r) => r.input.tableId ?? null)}::integer[], ${col((r) => r.input.handId ?? null)}::bigint[],
                      ${col((r) => r.input.actorUserId ?? null)}::integer[], ${col((r) => r.input.reason ?? null)}::text[],
                      ${col((r) => r.input.epoch ?? null)}::bigint[]) WITH ORDINALITY AS t(k, d, c, a, kd, r, tb, h, ac, rs, e, o)
          ORDER BY o
          ON CONFLICT (idempotency_key) DO NOTHING RETURNING 1),
        n AS (SELECT count(*)::int AS inserted FROM ins),
        upd AS (
          UPDATE accounts AS a SET balance = a.balance + v.delta
          FROM unnest(${p(ids)}::integer[], ${p(ids.map((id) => delta.get(id)!))}::bigint[]) AS v(id, delta), locked l, n
          WHERE a.id = v.id AND l.id = v.id AND n.inserted = ${n}
          RETURNING a.id, a.balance, a.user_id),
        touched AS (
          SELECT id, balance, user_id FROM upd
          ${extra.length ? sql`UNION ALL SELECT id, balance, user_id FROM accounts WHERE id = ANY(${p(extra)}::integer[])` : sql``})
      SELECT n.inserted, t.id, t.balance, t.user_id,
        CASE WHEN n.inserted NOT IN (0, ${n}) THEN ledger_abort('IDEMPOTENCY_MISMATCH') END AS guard
      FROM n LEFT JOIN touched t ON true`,
    );
  }

  /** Id of the account a ref names, creating a user's or table's account on first use. */
  async accountId(tx: Executor, ref: AccountRef): Promise<number> {
    if (typeof ref === 'number') return ref;
    if ('house' in ref) {
      const cached = this.houseIds.get(ref.house);
      if (cached) return cached;
      const row = await first<AccountId>(tx, sql`SELECT id FROM accounts WHERE kind = ${ref.house} AND user_id IS NULL AND table_id IS NULL`);
      if (!row) throw new AppError(500, 'INTERNAL', `house account ${ref.house} missing`);
      this.houseIds.set(ref.house, row.id); // created by the migration: safe to cache
      return row.id;
    }
    const [userId, kind, tableId, tournamentId] =
      'tournament' in ref
        ? [null, 'tournament', null, ref.tournament]
        : 'pot' in ref
          ? [null, 'pot', ref.pot, null]
          : [ref.userId, ref.kind, ref.kind === 'table' ? (ref as { tableId: number }).tableId : null, null];
    const cacheKey = `${userId}:${kind}:${tableId}:${tournamentId}`;
    const cached = this.accountIds.get(cacheKey);
    if (cached !== undefined) return cached;
    const seen = this.seenIds.get(tx);
    const id = await this.lookupAccount(tx, userId, kind, tableId, tournamentId);
    // Outside a transaction the row is committed already: cache it now.
    if (tx === this.db) this.accountIds.set(cacheKey, id);
    else seen?.set(cacheKey, id);
    return id;
  }

  private async lookupAccount(tx: Executor, userId: number | null, kind: string, tableId: number | null, tournamentId: number | null): Promise<number> {
    // Plain equality / IS NULL so the unique index answers.
    const userCond = userId === null ? sql`user_id IS NULL` : sql`user_id = ${userId}`;
    const tableCond = tableId === null ? sql`table_id IS NULL` : sql`table_id = ${tableId}`;
    const tournamentCond = tournamentId === null ? sql`` : sql` AND tournament_id = ${tournamentId}`;
    const find = sql`SELECT id FROM accounts WHERE ${userCond} AND kind = ${kind} AND ${tableCond}${tournamentCond}`;
    const found = await first<AccountId>(tx, find);
    if (found) return found.id;
    const created = await first<AccountId>(
      tx,
      sql`INSERT INTO accounts (user_id, kind, table_id, tournament_id)
          VALUES (${userId}::integer, ${kind}, ${tableId}::integer, ${tournamentId}::integer) ON CONFLICT DO NOTHING RETURNING id`,
    );
    if (created) return created.id;
    const again = await first<AccountId>(tx, find);
    if (!again) throw new AppError(500, 'INTERNAL', 'account creation failed');
    return again.id;
  }

  /** Creates a new user's available and withdrawal_hold accounts (inside the registration tx). */
  async openUserAccounts(tx: Executor, userId: number): Promise<void> {
    await tx.execute(sql`INSERT INTO accounts (user_id, kind) VALUES (${userId}, 'available'), (${userId}, 'withdrawal_hold') ON CONFLICT DO NOTHING`);
  }

  async balances(ex: Executor, userId: number): Promise<UserBalances> {
    const r = await first<{ available: number; hold: number; tables: number }>(
      ex,
      sql`SELECT coalesce(sum(balance) FILTER (WHERE kind = 'available'), 0)::bigint AS available,
                 coalesce(sum(balance) FILTER (WHERE kind = 'withdrawal_hold'), 0)::bigint AS hold,
                 coalesce(sum(balance) FILTER (WHERE kind = 'table'), 0)::bigint AS tables
          FROM accounts WHERE user_id = ${userId}`,
    );
    const { available = 0, hold: withdrawalHold = 0, tables = 0 } = r ?? {};
    return { available, withdrawalHold, tables, locked: withdrawalHold + tables };
  }

  async houseBalance(ex: Executor, kind: HouseAccountKind): Promise<number> {
    const r = await first<Pick<AccountRow, 'balance'>>(ex, sql`SELECT balance FROM accounts WHERE kind = ${kind} AND user_id IS NULL AND table_id IS NULL`);
    return r?.balance ?? 0;
  }

  /** Sum of all balances is zero and every balance equals credits - debits of its transfers. */
  async checkConservation(ex: Executor = this.db): Promise<ConservationReport> {
    const total = (await first<{ total: number }>(ex, sql`SELECT coalesce(sum(balance), 0)::bigint AS total FROM accounts`))?.total ?? 0;
    const mismatches = await rows<Pick<AccountRow, 'id' | 'balance'> & { from_transfers: number }>(
      ex,
      sql`WITH moves AS (
            SELECT credit_account_id AS id, amount FROM transfers
            UNION ALL SELECT debit_account_id, -amount FROM transfers)
          SELECT a.id, a.balance, coalesce(m.sum, 0)::bigint AS from_transfers
          FROM accounts a LEFT JOIN (SELECT id, sum(amount) AS sum FROM moves GROUP BY id) m ON m.id = a.id
          WHERE a.balance <> coalesce(m.sum, 0)`,
    );
    const negatives = await rows<AccountId>(ex, sql`SELECT id FROM accounts WHERE balance < 0 AND kind <> 'bank'`);
    const report: ConservationReport = {
      total,
      mismatches: mismatches.map((m) => ({ accountId: m.id, balance: m.balance, fromTransfers: m.from_transfers })),
      negatives: negatives.map((n) => n.id),
      ok: false,
    };
    report.ok = total === 0 && report.mismatches.length === 0 && report.negatives.length === 0;
    return report;
  }
}

/** The messages of an error and its causes (drivers wrap the database's error). */
/**
 * The database's own error in a driver's chain (the one carrying the SQLSTATE): its message is the
 * server's text alone, where a wrapper's message also quotes the whole statement (and so the
 * literal `ledger_abort('IDEMPOTENCY_MISMATCH')` of every atomic batch).
 */
function databaseError(err: unknown): { message?: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as { message?: string; constraint?: string };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A balance below zero refused by `accounts_non_negative`, not any other CHECK of the statement. */
function isNonNegativeCheck(err: unknown): boolean {
  if (pgCode(err) !== '23514') return false;
  const e = databaseError(err);
  return e?.constraint === 'accounts_non_negative' || (e?.constraint === undefined && /accounts_non_negative/.test(e?.message ?? ''));
}

const KINDS = new Set<string>(TRANSFER_KINDS);
function validate(t: TransferInput): void {
  if (typeof t.key !== 'string' || t.key.length === 0 || t.key.length > 200) throw new AppError(500, 'INTERNAL', 'bad idempotency key');
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new AppError(400, 'INVALID_INPUT', 'Amount must be a positive whole number');
  if (!KINDS.has(t.kind)) throw new AppError(500, 'INTERNAL', `unknown transfer kind ${t.kind}`);
}

export type { SQL };
