// Identity checks (docs/safer-play.md): the player's two images, kept in the database (never under
// public/), shown only to staff; staff approve or reject with a reason, in the audit trail. An
// approved check opens withdrawals above the setting `identityRequiredAbove`.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { List } from '../../../shared/api/common';
import {
  IDENTITY_MAX_BYTES,
  type IdentityCheck,
  type IdentityCheckDetail,
  type IdentityCheckQuery,
  type IdentitySummary,
  type IdentityUploadBody,
  type ReviewIdentityBody,
} from '../../../shared/api/safer';
import { type Database, type Executor, first, iso, isoOrNull, rows } from '../../db/client';
import type { IdentityCheckRow } from '../../db/rows';
import { type Actor, audit } from '../../core/audit';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { pageSql, where } from '../../core/paging';

type CheckRow = Omit<IdentityCheckRow, 'document' | 'second'> & { username: string; reviewer: string | null };
const SORT = { id: sql`c.id`, createdAt: sql`c.id`, status: sql`c.status`, userId: sql`c.user_id` };
const LIST_COLUMNS = sql`c.id, c.user_id, c.kind, c.status, c.document_mime, c.second_mime, c.reason, c.reviewed_by, c.reviewed_at, c.created_at,
  u.username, r.username AS reviewer`;

/** The first bytes of each accepted image type: the declared type must match what the bytes are. */
const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

function checkImage(img: { mime: string; data: string }, path: string): void {
  const bytes = Buffer.from(img.data, 'base64');
  if (bytes.length === 0 || bytes.length > IDENTITY_MAX_BYTES)
    throw new AppError(413, 'PAYLOAD_TOO_LARGE', `Each image may be at most ${IDENTITY_MAX_BYTES / 1024 / 1024} MB`);
  if (!MAGIC[img.mime]?.(bytes)) throw badRequest('The file is not the image it says it is', 'UNSUPPORTED_MEDIA_TYPE', [{ path, message: 'Not an image' }]);
}

export const toSummary = (r: Omit<IdentityCheckRow, 'document' | 'second'>): IdentitySummary => ({
  id: r.id,
  kind: r.kind,
  status: r.status,
  reason: r.reason,
  createdAt: iso(r.created_at),
  reviewedAt: isoOrNull(r.reviewed_at),
});
const toCheck = (r: CheckRow): IdentityCheck => ({ ...toSummary(r), userId: r.user_id, username: r.username, reviewedBy: r.reviewer });

export class IdentityChecks {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async upload(userId: number, body: IdentityUploadBody): Promise<IdentitySummary> {
    checkImage(body.document, 'document');
    checkImage(body.second, 'second');
    const r = await first<IdentityCheckRow>(
      this.db,
      sql`INSERT INTO identity_checks (user_id, kind, document_mime, document, second_mime, second, created_at)
          VALUES (${userId}, ${body.kind}, ${body.document.mime}, ${body.document.data}, ${body.second.mime}, ${body.second.data},
                  ${new Date(this.now()).toISOString()}::timestamptz)
          RETURNING id, user_id, kind, status, document_mime, second_mime, reason, reviewed_by, reviewed_at, created_at`,
    );
    return toSummary(r!);
  }

  /** The player's latest check (the one that counts). */
  async latest(userId: number, ex: Executor = this.db): Promise<IdentitySummary | null> {
    const r = await first<IdentityCheckRow>(
      ex,
      sql`SELECT id, user_id, kind, status, document_mime, second_mime, reason, reviewed_by, reviewed_at, created_at
          FROM identity_checks WHERE user_id = ${userId} ORDER BY id DESC LIMIT 1`,
    );
    return r ? toSummary(r) : null;
  }

  async approved(userId: number, ex: Executor = this.db): Promise<boolean> {
    return !!(await first(ex, sql`SELECT 1 FROM identity_checks WHERE user_id = ${userId} AND status = 'APPROVED' LIMIT 1`));
  }

  async list(q: z.output<typeof IdentityCheckQuery>): Promise<List<IdentityCheck>> {
    const { orderBy, limit, offset } = pageSql(q, SORT, 'id');
    const w = where([q.status ? sql`c.status = ${q.status}` : undefined, q.userId ? sql`c.user_id = ${q.userId}` : undefined]);
    const from = sql`FROM identity_checks c JOIN users u ON u.id = c.user_id LEFT JOIN users r ON r.id = c.reviewed_by ${w}`;
    const list = await rows<CheckRow>(this.db, sql`SELECT ${LIST_COLUMNS} ${from} ${orderBy} LIMIT ${limit} OFFSET ${offset}`);
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n ${from}`);
    return { items: list.map(toCheck), total: total?.n ?? 0 };
  }

  async get(id: number): Promise<IdentityCheckDetail> {
    const r = await first<IdentityCheckRow & { username: string; reviewer: string | null }>(
      this.db,
      sql`SELECT c.*, u.username, r.username AS reviewer FROM identity_checks c JOIN users u ON u.id = c.user_id
          LEFT JOIN users r ON r.id = c.reviewed_by WHERE c.id = ${id}`,
    );
    if (!r) throw notFound('Identity check');
    return {
      ...toCheck(r),
      document: { mime: r.document_mime as IdentityCheckDetail['document']['mime'], data: r.document },
      second: { mime: r.second_mime as IdentityCheckDetail['second']['mime'], data: r.second },
    };
  }

  /** Approves or rejects a pending check, with the audit row in the same transaction. */
  async review(actor: Actor, id: number, body: ReviewIdentityBody): Promise<IdentityCheck> {
    await this.db.transaction(async (tx) => {
      const r = await first<Pick<IdentityCheckRow, 'status' | 'user_id'>>(tx, sql`SELECT status, user_id FROM identity_checks WHERE id = ${id} FOR UPDATE`);
      if (!r) throw notFound('Identity check');
      if (r.status !== 'PENDING') throw conflict('This check has been reviewed already', 'ALREADY_REVIEWED');
      const reason = body.reason?.trim() || null;
      await tx.execute(
        sql`UPDATE identity_checks SET status = ${body.decision}, reason = ${reason}, reviewed_by = ${actor.userId},
              reviewed_at = ${new Date(this.now()).toISOString()}::timestamptz WHERE id = ${id}`,
      );
      await audit(tx, actor, {
        action: body.decision === 'APPROVED' ? 'identity.approve' : 'identity.reject',
        objectType: 'identity_check',
        objectId: id,
        userId: r.user_id,
        before: { status: 'PENDING' },
        after: { status: body.decision, reason },
      });
    });
    const r = await first<CheckRow>(
      this.db,
      sql`SELECT ${LIST_COLUMNS} FROM identity_checks c JOIN users u ON u.id = c.user_id LEFT JOIN users r ON r.id = c.reviewed_by WHERE c.id = ${id}`,
    );
    return toCheck(r!);
  }
}
