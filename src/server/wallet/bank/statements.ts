// Bank statements (docs/payments.md): staff upload the bank's CSV; every line is validated (one
// bad line refuses the file, with each problem's line number), kept once by its fingerprint, and
// money-in lines are matched to players by the deposit code in their description. Staff confirm a
// proposed line (credited once: guarded status, transfer key bank-line:<fingerprint>), propose
// another player, link it to a deposit typed by hand, or set it aside with a reason. Audited.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { StatementLine, UploadStatementBody } from '../../../shared/api/bank';
import { type Database, type Executor, first, pgCode, rows } from '../../db/client';
import type { BankStatementLineRow, DepositRow, TransferRow, UserRow } from '../../db/rows';
import { type Actor, audit } from '../../core/audit';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import type { Ledger } from '../../core/ledger';
import type { DepositService } from '../deposits';
import { parseStatement, type ParsedLine } from './formats';
import { depositCodesIn } from './match';
import type { StatementViews } from './views';

type Line = ParsedLine & {
  fingerprint: string;
  status: 'PROPOSED' | 'UNMATCHED' | 'OUTGOING';
  userId: number | null;
  code: string | null;
  note: string | null;
};
const CHUNK = 500;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const normText = (s: string | null) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * A line's identity: its bank, time, direction, amount, text, reference and counterparty, and
 * which occurrence of such a line it is in its file (two equal transfers on one day are two).
 */
export function fingerprints(bank: string, lines: ParsedLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = [bank, l.bookedAt.toISOString(), l.direction, l.amount, normText(l.description), normText(l.reference), normText(l.counterparty)].join(
      '\u001f',
    );
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return sha256(`${base}\u001f${n}`);
  });
}

export class BankStatements {
  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly deposits: DepositService,
    private readonly views: StatementViews,
  ) {}

  /** Imports a statement: 400 STATEMENT_INVALID with every bad line, 409 when the same file came before. */
  async upload(actor: Actor, body: UploadStatementBody) {
    const hash = sha256(body.content);
    const before = await first<{ id: number }>(this.db, sql`SELECT id FROM bank_statements WHERE sha256 = ${hash}`);
    if (before) throw conflict(`This file was uploaded already (statement ${before.id}): nothing was imported again`, 'STATEMENT_ALREADY_UPLOADED');
    const parsed = parseStatement(body.content, body.format);
    if (parsed.errors.length)
      throw badRequest(
        `The statement has ${parsed.errors.length} problem${parsed.errors.length > 1 ? 's' : ''}; nothing was imported. First: line ${parsed.errors[0].line}: ${parsed.errors[0].message}`,
        'STATEMENT_INVALID',
        parsed.errors.slice(0, 20).map((e) => ({ path: `line ${e.line}`, message: e.message })),
      );
    const lines = await this.matched(body.bank, parsed.lines);
    try {
      const id = await this.db.transaction((tx) => this.store(tx, actor, body, hash, lines));
      return (await this.views.statement(id))!;
    } catch (e) {
      if (pgCode(e) === '23505') throw conflict('This file was uploaded already: nothing was imported again', 'STATEMENT_ALREADY_UPLOADED');
      throw e;
    }
  }

  /** Fingerprints, and for money in the player of the one deposit code found. */
  private async matched(bank: string, parsed: ParsedLine[]): Promise<Line[]> {
    const fps = fingerprints(bank, parsed);
    const codes = parsed.map((l) => (l.direction === 'IN' ? depositCodesIn(l.description) : []));
    const all = [...new Set(codes.flat())];
    const owners = new Map<string, number>();
    for (let i = 0; i < all.length; i += CHUNK) {
      const list = sql.join(
        all.slice(i, i + CHUNK).map((c) => sql`${c}`),
        sql`, `,
      );
      const found = await rows<Pick<UserRow, 'id' | 'deposit_code'>>(
        this.db,
        sql`SELECT id, deposit_code FROM users WHERE status = 'active' AND deposit_code IN (${list})`,
      );
      for (const u of found) owners.set(u.deposit_code, u.id);
    }
    return parsed.map((l, i) => {
      const base = { ...l, fingerprint: fps[i] };
      if (l.direction === 'OUT') return { ...base, status: 'OUTGOING', userId: null, code: null, note: null };
      const known = codes[i].filter((c) => owners.has(c));
      if (known.length === 1) return { ...base, status: 'PROPOSED', userId: owners.get(known[0])!, code: known[0], note: null };
      const note =
        known.length > 1
          ? `Several deposit codes: ${known.join(', ')}`
          : codes[i].length
            ? `No player has the deposit code ${codes[i].join(', ')}`
            : 'No deposit code in the description';
      return { ...base, status: 'UNMATCHED', userId: null, code: known.length > 1 ? null : (codes[i][0] ?? null), note };
    });
  }

  private async store(tx: Executor, actor: Actor, body: UploadStatementBody, hash: string, lines: Line[]): Promise<number> {
    const times = lines.map((l) => l.bookedAt.getTime());
    const from = new Date(Math.min(...times)).toISOString();
    const to = new Date(Math.max(...times)).toISOString();
    const s = await first<{ id: number }>(
      tx,
      sql`INSERT INTO bank_statements (bank, format, filename, sha256, period_from, period_to, line_count, added, duplicates, uploaded_by)
          VALUES (${body.bank}, ${body.format}, ${body.filename}, ${hash}, ${from}::timestamptz, ${to}::timestamptz, ${lines.length}, 0, ${lines.length}, ${actor.userId})
          RETURNING id`,
    );
    let added = 0;
    for (let i = 0; i < lines.length; i += CHUNK) {
      const values = lines
        .slice(i, i + CHUNK)
        .map(
          (l) =>
            sql`(${s!.id}, ${l.lineNo}, ${l.fingerprint}, ${l.bookedAt.toISOString()}::timestamptz, ${l.direction}, ${l.amount}, ${l.description}, ${l.counterparty}, ${l.reference}, ${l.code}, ${l.userId}, ${l.status}, ${l.note})`,
        );
      const r = await rows(
        tx,
        sql`INSERT INTO bank_statement_lines (statement_id, line_no, fingerprint, booked_at, direction, amount, description, counterparty, bank_ref, deposit_code, user_id, status, note)
            VALUES ${sql.join(values, sql`, `)} ON CONFLICT (fingerprint) DO NOTHING RETURNING id`,
      );
      added += r.length;
    }
    await tx.execute(sql`UPDATE bank_statements SET added = ${added}, duplicates = ${lines.length - added} WHERE id = ${s!.id}`);
    await audit(tx, actor, {
      action: 'statement.upload',
      objectType: 'statement',
      objectId: s!.id,
      after: { bank: body.bank, filename: body.filename, lines: lines.length, added, duplicates: lines.length - added },
    });
    return s!.id;
  }

  // ---- staff decisions on a line (each locks it; a line already resolved answers 409) ----

  private async lock(tx: Executor, id: number, statuses: string[]): Promise<BankStatementLineRow> {
    const l = await first<BankStatementLineRow>(tx, sql`SELECT * FROM bank_statement_lines WHERE id = ${id} FOR UPDATE`);
    if (!l) throw notFound('Statement line');
    if (l.status === 'CREDITED') throw conflict('This line was credited already', 'ALREADY_CREDITED');
    if (!statuses.includes(l.status)) throw conflict(`This line is ${l.status.toLowerCase()}`, 'CONFLICT');
    return l;
  }

  private async activeUser(tx: Executor, by: { userId?: number; depositCode?: string }): Promise<number> {
    const u = await first<Pick<UserRow, 'id'>>(
      tx,
      by.userId !== undefined
        ? sql`SELECT id FROM users WHERE id = ${by.userId} AND status = 'active'`
        : sql`SELECT id FROM users WHERE deposit_code = ${by.depositCode!.toUpperCase()} AND status = 'active'`,
    );
    if (!u) throw notFound('User');
    return u.id;
  }

  /** Credits a money-in line to its proposed player (or the one given), exactly once. */
  async confirm(actor: Actor, lineId: number, userId?: number): Promise<StatementLine> {
    await this.ledger.transaction(async (tx) => {
      const l = await this.lock(tx, lineId, ['PROPOSED', 'UNMATCHED']);
      const chosen = userId ?? l.user_id;
      if (chosen === null) throw badRequest('Choose the player this line belongs to first', 'INVALID_INPUT', [{ path: 'userId', message: 'Required' }]);
      const target = await this.activeUser(tx, { userId: chosen });
      const date = l.booked_at.slice(0, 10);
      const dep = await this.deposits.recordDeposit(tx, {
        userId: target,
        amount: l.amount,
        transferKey: `bank-line:${l.fingerprint}`,
        note: `Bank statement ${date} line ${l.line_no}: ${l.description}`.slice(0, 500),
        createdBy: actor.userId,
      });
      await tx.execute(
        sql`UPDATE bank_statement_lines SET status = 'CREDITED', user_id = ${target}, deposit_id = ${dep.id}, resolved_by = ${actor.userId}, resolved_at = now()
            WHERE id = ${lineId} AND status IN ('PROPOSED', 'UNMATCHED')`,
      );
      await audit(tx, actor, {
        action: 'statement.credit',
        objectType: 'statement_line',
        objectId: lineId,
        userId: target,
        before: { status: l.status, userId: l.user_id },
        after: { status: 'CREDITED', amount: l.amount, deposit: dep.code },
      });
    });
    return (await this.views.line(lineId))!;
  }

  /** Proposes a player for a money-in line (by id or deposit code). */
  async assign(actor: Actor, lineId: number, by: { userId?: number; depositCode?: string }): Promise<StatementLine> {
    await this.db.transaction(async (tx) => {
      const l = await this.lock(tx, lineId, ['PROPOSED', 'UNMATCHED']);
      const target = await this.activeUser(tx, by);
      await tx.execute(sql`UPDATE bank_statement_lines SET status = 'PROPOSED', user_id = ${target}, note = NULL WHERE id = ${lineId}`);
      await audit(tx, actor, {
        action: 'statement.assign',
        objectType: 'statement_line',
        objectId: lineId,
        userId: target,
        before: { userId: l.user_id },
        after: { userId: target },
      });
    });
    return (await this.views.line(lineId))!;
  }

  /** Not a deposit (a refund, a transfer of the house's own, a bank fee): set aside with the reason. */
  async ignore(actor: Actor, lineId: number, reason: string): Promise<StatementLine> {
    await this.db.transaction(async (tx) => {
      const l = await this.lock(tx, lineId, ['PROPOSED', 'UNMATCHED', 'OUTGOING']);
      await tx.execute(
        sql`UPDATE bank_statement_lines SET status = 'IGNORED', note = ${reason}, resolved_by = ${actor.userId}, resolved_at = now() WHERE id = ${lineId}`,
      );
      await audit(tx, actor, {
        action: 'statement.ignore',
        objectType: 'statement_line',
        objectId: lineId,
        userId: l.user_id,
        before: { status: l.status },
        after: { status: 'IGNORED', reason },
      });
    });
    return (await this.views.line(lineId))!;
  }

  /** The line is the bank side of a deposit staff typed by hand (same amount): linked, no money moves. */
  async link(actor: Actor, lineId: number, depositId: number): Promise<StatementLine> {
    try {
      await this.db.transaction(async (tx) => {
        const l = await this.lock(tx, lineId, ['PROPOSED', 'UNMATCHED']);
        const d = await first<Pick<DepositRow, 'id' | 'user_id' | 'amount' | 'code'> & { key: TransferRow['idempotency_key'] }>(
          tx,
          sql`SELECT d.id, d.user_id, d.amount, d.code, t.idempotency_key AS key FROM deposits d JOIN transfers t ON t.id = d.transfer_id WHERE d.id = ${depositId}`,
        );
        if (!d) throw notFound('Deposit');
        if (!d.key.startsWith('deposit:')) throw conflict('Only a deposit typed by staff can be linked to a statement line');
        if (d.amount !== l.amount) throw conflict(`The deposit is ${d.amount} ₮, the line ${l.amount} ₮`);
        await tx.execute(
          sql`UPDATE bank_statement_lines SET status = 'CREDITED', user_id = ${d.user_id}, deposit_id = ${d.id}, note = ${`Linked to ${d.code}`},
                resolved_by = ${actor.userId}, resolved_at = now() WHERE id = ${lineId}`,
        );
        await audit(tx, actor, {
          action: 'statement.credit',
          objectType: 'statement_line',
          objectId: lineId,
          userId: d.user_id,
          before: { status: l.status },
          after: { status: 'CREDITED', linked: d.code },
        });
      });
    } catch (e) {
      if (pgCode(e) === '23505') throw new AppError(409, 'ALREADY_CREDITED', 'This deposit is linked to another statement line already');
      throw e;
    }
    return (await this.views.line(lineId))!;
  }
}
