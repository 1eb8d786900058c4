// What staff see of bank statements and their lines: rows to the contract's shapes, lists with
// filters, sort and paging. A proposed line shows a deposit typed by hand that may be the same
// transfer (same player and amount within 3 days, not linked to a line), so it is linked, not
// credited twice.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Statement, StatementLine, StatementLineQuery } from '../../../shared/api/bank';
import type { List, ListQuery } from '../../../shared/api/common';
import { type Executor, first, iso, isoOrNull, rows } from '../../db/client';
import type { BankStatementLineRow, BankStatementRow } from '../../db/rows';
import { pageSql, where } from '../../core/paging';

type StatementViewRow = BankStatementRow & { uploader: string; proposed: number; unmatched: number; credited: number; ignored: number; outgoing: number };
type LineViewRow = BankStatementLineRow & {
  username: string | null;
  record: string | null;
  resolver: string | null;
  dup_id: number | null;
  dup_code: string | null;
  dup_at: string | null;
};
type Count = { n: number };

const STATEMENT_SELECT = sql`SELECT s.*, u.username AS uploader,
    count(l.id) FILTER (WHERE l.status = 'PROPOSED')::int AS proposed, count(l.id) FILTER (WHERE l.status = 'UNMATCHED')::int AS unmatched,
    count(l.id) FILTER (WHERE l.status = 'CREDITED')::int AS credited, count(l.id) FILTER (WHERE l.status = 'IGNORED')::int AS ignored,
    count(l.id) FILTER (WHERE l.status = 'OUTGOING')::int AS outgoing
  FROM bank_statements s JOIN users u ON u.id = s.uploaded_by LEFT JOIN bank_statement_lines l ON l.statement_id = s.id`;
const STATEMENT_GROUP = sql`GROUP BY s.id, u.username`;

const LINE_SELECT = sql`SELECT l.*, u.username, d.code AS record, r.username AS resolver, dup.id AS dup_id, dup.code AS dup_code, dup.created_at AS dup_at
  FROM bank_statement_lines l LEFT JOIN users u ON u.id = l.user_id LEFT JOIN deposits d ON d.id = l.deposit_id LEFT JOIN users r ON r.id = l.resolved_by
  LEFT JOIN LATERAL (
    SELECT d2.id, d2.code, d2.created_at FROM deposits d2 JOIN transfers t ON t.id = d2.transfer_id
    WHERE l.status = 'PROPOSED' AND d2.user_id = l.user_id AND d2.amount = l.amount AND d2.created_by IS NOT NULL
      AND t.idempotency_key LIKE 'deposit:%'
      AND d2.created_at BETWEEN l.booked_at - interval '3 days' AND l.booked_at + interval '3 days'
      AND NOT EXISTS (SELECT 1 FROM bank_statement_lines x WHERE x.deposit_id = d2.id)
    ORDER BY abs(extract(epoch FROM d2.created_at - l.booked_at)) LIMIT 1) dup ON true`;

const STATEMENT_SORT = { id: sql`s.id`, uploadedAt: sql`s.id`, bank: sql`s.bank`, periodTo: sql`s.period_to` };
const LINE_SORT = { id: sql`l.id`, bookedAt: sql`l.booked_at`, amount: sql`l.amount`, status: sql`l.status`, lineNo: sql`l.line_no` };

export const toStatement = (r: StatementViewRow): Statement => ({
  id: r.id,
  bank: r.bank,
  format: r.format,
  filename: r.filename,
  periodFrom: isoOrNull(r.period_from),
  periodTo: isoOrNull(r.period_to),
  lineCount: r.line_count,
  added: r.added,
  duplicates: r.duplicates,
  uploadedBy: r.uploader,
  uploadedAt: iso(r.uploaded_at),
  proposed: r.proposed,
  unmatched: r.unmatched,
  credited: r.credited,
  ignored: r.ignored,
  outgoing: r.outgoing,
});

const toLine = (r: LineViewRow): StatementLine => ({
  id: r.id,
  statementId: r.statement_id,
  lineNo: r.line_no,
  bookedAt: iso(r.booked_at),
  direction: r.direction,
  amount: r.amount,
  description: r.description,
  counterparty: r.counterparty,
  reference: r.bank_ref,
  depositCode: r.deposit_code,
  userId: r.user_id,
  username: r.username,
  status: r.status,
  note: r.note,
  depositId: r.deposit_id,
  depositRecord: r.record,
  resolvedBy: r.resolver,
  resolvedAt: isoOrNull(r.resolved_at),
  possibleDuplicate: r.dup_id !== null ? { depositId: r.dup_id, code: r.dup_code!, createdAt: iso(r.dup_at!) } : null,
});

export class StatementViews {
  constructor(private readonly db: Executor) {}

  async statements(q: ListQuery): Promise<List<Statement>> {
    const p = pageSql(q, STATEMENT_SORT, 'id');
    const items = await rows<StatementViewRow>(this.db, sql`${STATEMENT_SELECT} ${STATEMENT_GROUP} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM bank_statements`);
    return { items: items.map(toStatement), total: total?.n ?? 0 };
  }

  async statement(id: number, ex: Executor = this.db): Promise<Statement | null> {
    const r = await first<StatementViewRow>(ex, sql`${STATEMENT_SELECT} WHERE s.id = ${id} ${STATEMENT_GROUP}`);
    return r ? toStatement(r) : null;
  }

  async lines(q: z.output<typeof StatementLineQuery>): Promise<List<StatementLine>> {
    const p = pageSql(q, LINE_SORT, 'id', 'ASC');
    const w = where([
      q.statementId && sql`l.statement_id = ${q.statementId}`,
      q.status && sql`l.status = ${q.status}`,
      q.direction && sql`l.direction = ${q.direction}`,
      q.userId && sql`l.user_id = ${q.userId}`,
    ]);
    const items = await rows<LineViewRow>(this.db, sql`${LINE_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<Count>(this.db, sql`SELECT count(*)::bigint AS n FROM bank_statement_lines l ${w}`);
    return { items: items.map(toLine), total: total?.n ?? 0 };
  }

  async line(id: number): Promise<StatementLine | null> {
    const r = await first<LineViewRow>(this.db, sql`${LINE_SELECT} WHERE l.id = ${id}`);
    return r ? toLine(r) : null;
  }
}
