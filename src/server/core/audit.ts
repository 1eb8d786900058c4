// The audit trail of staff actions: one append-only row per action, written with `audit(tx, ...)`
// inside the transaction of the action itself, so there is a row exactly when the action
// committed. The database refuses UPDATE, DELETE and TRUNCATE of the rows (migrations/0500).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, AuditEntry, AuditObject, AuditQuery } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import type { Role } from '../../shared/api/enums';
import { type Executor, first, iso, rows } from '../db/client';
import type { AuditLogRow, UserRow } from '../db/rows';
import { pageSql, where } from './paging';

/** Who acts, as the route saw them: the signed-in staff member and the request's address. */
export interface Actor {
  userId: number;
  username: string;
  role: Role;
  ip: string | null;
}

export interface AuditInput {
  action: AuditAction;
  objectType: AuditObject;
  objectId?: string | number | null;
  /** The player concerned, if any: their page lists the row. */
  userId?: number | null;
  before?: unknown;
  after?: unknown;
}

export type AuditListQuery = z.output<typeof AuditQuery>;

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Appends one row in the caller's transaction (`tx`): it commits or rolls back with the action. */
export async function audit(tx: Executor, actor: Actor, e: AuditInput): Promise<void> {
  await tx.execute(
    sql`INSERT INTO audit_log (actor_id, actor_name, actor_role, ip, action, object_type, object_id, user_id, before, after)
        VALUES (${actor.userId}, ${actor.username}, ${actor.role}, ${actor.ip}, ${e.action}, ${e.objectType},
                ${e.objectId === undefined || e.objectId === null ? null : String(e.objectId)}, ${e.userId ?? null},
                ${json(e.before)}::jsonb, ${json(e.after)}::jsonb)`,
  );
}

type Line = AuditLogRow & { username: UserRow['username'] | null };
const SORT = { id: sql`a.id`, createdAt: sql`a.id`, action: sql`a.action`, actor: sql`lower(a.actor_name)`, objectType: sql`a.object_type` };
const dayEnd = (d: string) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? sql`(${d}::date + 1)::timestamptz` : sql`${d}::timestamptz`);

const toEntry = (r: Line): AuditEntry => ({
  id: r.id,
  createdAt: iso(r.created_at),
  actorId: r.actor_id,
  actor: r.actor_name,
  actorRole: r.actor_role,
  ip: r.ip,
  action: r.action,
  objectType: r.object_type,
  objectId: r.object_id,
  userId: r.user_id,
  username: r.username,
  before: r.before ?? null,
  after: r.after ?? null,
});

export class AuditService {
  constructor(private readonly db: Executor) {}

  /** One page of the trail, newest first unless asked, filtered by action, object, actor, player and date. */
  async list(q: AuditListQuery): Promise<List<AuditEntry>> {
    const p = pageSql(q, SORT, 'id');
    const w = where([
      q.action && sql`a.action = ${q.action}`,
      q.objectType && sql`a.object_type = ${q.objectType}`,
      q.objectId && sql`a.object_id = ${q.objectId}`,
      q.actor && sql`lower(a.actor_name) = lower(${q.actor})`,
      q.actorId && sql`a.actor_id = ${q.actorId}`,
      q.userId && sql`a.user_id = ${q.userId}`,
      q.from && sql`a.created_at >= ${q.from}::timestamptz`,
      q.to && sql`a.created_at < ${dayEnd(q.to)}`,
    ]);
    const items = await rows<Line>(
      this.db,
      sql`SELECT a.*, u.username FROM audit_log a LEFT JOIN users u ON u.id = a.user_id ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    );
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM audit_log a ${w}`);
    return { items: items.map(toEntry), total: total?.n ?? 0 };
  }
}
