// Cases staff work: the accounts concerned, alerts attached, an assignee, a status, notes; the
// standing an administrator puts an account in; an alert dismissed or reopened. Every change is
// audited in its own transaction.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { List } from '../../shared/api/common';
import type { Alert, CaseQuery, CreateCaseBody, IntegrityCase, Restitution, Standing, StandingBody, UpdateCaseBody } from '../../shared/api/integrity';
import { type Database, type Executor, first, iso, rows } from '../db/client';
import type { IntegrityCaseRow } from '../db/rows';
import { type Actor, audit } from '../core/audit';
import { badRequest, notFound } from '../core/errors';
import { pageSql, where } from '../core/paging';
import { alertRows, briefs, getAlert, toAlerts } from './views';

type CaseRow = IntegrityCaseRow & { assignee: string | null; creator: string };
const CASE_SELECT = sql`SELECT c.*, a.username AS assignee, cr.username AS creator FROM integrity_cases c
  LEFT JOIN users a ON a.id = c.assignee_id JOIN users cr ON cr.id = c.created_by`;
const CASE_SORT = { id: sql`c.id`, status: sql`c.status`, updatedAt: sql`c.updated_at`, createdAt: sql`c.created_at`, title: sql`lower(c.title)` };
const idsOf = (v: unknown) => (Array.isArray(v) ? v.map(Number) : []);

export class CaseService {
  constructor(
    private readonly db: Database,
    private readonly restitutionsOf: (ex: Executor, caseId: number) => Promise<Restitution[]>,
  ) {}

  private async toCases(list: readonly CaseRow[]): Promise<IntegrityCase[]> {
    const users = await briefs(
      this.db,
      list.flatMap((c) => idsOf(c.user_ids)),
    );
    return list.map((c) => ({
      id: Number(c.id),
      title: c.title,
      status: c.status as IntegrityCase['status'],
      users: idsOf(c.user_ids).map((u) => users.get(u) ?? { userId: u, username: `#${u}`, standing: null }),
      assigneeId: c.assignee_id,
      assignee: c.assignee,
      createdBy: c.creator,
      createdAt: iso(c.created_at),
      updatedAt: iso(c.updated_at),
    }));
  }

  async list(q: z.output<typeof CaseQuery>): Promise<List<IntegrityCase>> {
    const p = pageSql(q, CASE_SORT, 'id');
    const w = where([
      q.status && sql`c.status = ${q.status}`,
      q.assigneeId && sql`c.assignee_id = ${q.assigneeId}`,
      q.userId && sql`c.user_ids @> ${JSON.stringify([q.userId])}::jsonb`,
    ]);
    const items = await rows<CaseRow>(this.db, sql`${CASE_SELECT} ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`);
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM integrity_cases c ${w}`);
    return { items: await this.toCases(items), total: total?.n ?? 0 };
  }

  /** The case with its notes, alerts and restitutions. */
  async get(id: number): Promise<IntegrityCase> {
    const r = await first<CaseRow>(this.db, sql`${CASE_SELECT} WHERE c.id = ${id}`);
    if (!r) throw notFound('Case');
    const [c] = await this.toCases([r]);
    const notes = await rows<{ id: number; author: string; text: string; created_at: string }>(
      this.db,
      sql`SELECT n.id, u.username AS author, n.text, n.created_at FROM integrity_case_notes n JOIN users u ON u.id = n.author_id
          WHERE n.case_id = ${id} ORDER BY n.id`,
    );
    return {
      ...c,
      notes: notes.map((n) => ({ id: Number(n.id), author: n.author, text: n.text, createdAt: iso(n.created_at) })),
      alerts: await toAlerts(this.db, await alertRows(this.db, sql`a.case_id = ${id}`)),
      restitutions: await this.restitutionsOf(this.db, id),
    };
  }

  async create(actor: Actor, body: z.output<typeof CreateCaseBody>): Promise<IntegrityCase> {
    const users = await briefs(this.db, body.userIds);
    if (users.size !== new Set(body.userIds).size) throw badRequest('No such user', 'INVALID_INPUT', [{ path: 'userIds', message: 'Unknown user' }]);
    const id = await this.db.transaction(async (tx) => {
      const c = await first<{ id: number }>(
        tx,
        sql`INSERT INTO integrity_cases (title, user_ids, created_by, assignee_id) VALUES (${body.title}, ${JSON.stringify([...new Set(body.userIds)])}::jsonb,
              ${actor.userId}, ${actor.userId}) RETURNING id`,
      );
      const caseId = Number(c!.id);
      for (const alertId of body.alertIds ?? [])
        await tx.execute(sql`UPDATE integrity_alerts SET status = 'case', case_id = ${caseId}, updated_at = now() WHERE id = ${alertId}`);
      await audit(tx, actor, { action: 'integrity.case_create', objectType: 'integrity_case', objectId: caseId, after: body });
      return caseId;
    });
    return this.get(id);
  }

  async update(actor: Actor, id: number, body: z.output<typeof UpdateCaseBody>): Promise<IntegrityCase> {
    await this.db.transaction(async (tx) => {
      const before = await first<IntegrityCaseRow>(tx, sql`SELECT * FROM integrity_cases WHERE id = ${id} FOR UPDATE`);
      if (!before) throw notFound('Case');
      if (body.assigneeId) {
        const staff = await first<{ id: number }>(tx, sql`SELECT id FROM users WHERE id = ${body.assigneeId} AND role IN ('ADMIN', 'SUPPORT')`);
        if (!staff) throw badRequest('The assignee must be a staff member', 'INVALID_INPUT', [{ path: 'assigneeId', message: 'Not staff' }]);
      }
      await tx.execute(
        sql`UPDATE integrity_cases SET title = ${body.title ?? before.title}, status = ${body.status ?? before.status},
              assignee_id = ${body.assigneeId === undefined ? before.assignee_id : body.assigneeId}, updated_at = now() WHERE id = ${id}`,
      );
      await audit(tx, actor, {
        action: 'integrity.case_update',
        objectType: 'integrity_case',
        objectId: id,
        before: { title: before.title, status: before.status, assigneeId: before.assignee_id },
        after: body,
      });
    });
    return this.get(id);
  }

  async note(actor: Actor, id: number, text: string): Promise<IntegrityCase> {
    await this.db.transaction(async (tx) => {
      const c = await first<{ id: number }>(tx, sql`SELECT id FROM integrity_cases WHERE id = ${id} FOR UPDATE`);
      if (!c) throw notFound('Case');
      await tx.execute(sql`INSERT INTO integrity_case_notes (case_id, author_id, text) VALUES (${id}, ${actor.userId}, ${text})`);
      await tx.execute(sql`UPDATE integrity_cases SET updated_at = now() WHERE id = ${id}`);
      await audit(tx, actor, { action: 'integrity.case_note', objectType: 'integrity_case', objectId: id, after: { text } });
    });
    return this.get(id);
  }

  /** Warn, restrict, freeze, close, or lift ('good') an account of the case. */
  async setStanding(actor: Actor, id: number, body: z.output<typeof StandingBody>): Promise<IntegrityCase> {
    await this.db.transaction(async (tx) => {
      const c = await first<IntegrityCaseRow>(tx, sql`SELECT * FROM integrity_cases WHERE id = ${id} FOR UPDATE`);
      if (!c) throw notFound('Case');
      if (!idsOf(c.user_ids).includes(body.userId))
        throw badRequest('This account is not part of the case', 'NOT_IN_CASE', [{ path: 'userId', message: 'Not in the case' }]);
      const before = await first<{ standing: Standing }>(tx, sql`SELECT standing FROM integrity_standing WHERE user_id = ${body.userId} FOR UPDATE`);
      if (body.standing === 'good') await tx.execute(sql`DELETE FROM integrity_standing WHERE user_id = ${body.userId}`);
      else
        await tx.execute(
          sql`INSERT INTO integrity_standing (user_id, standing, reason, case_id, set_by) VALUES (${body.userId}, ${body.standing}, ${body.reason}, ${id}, ${actor.userId})
              ON CONFLICT (user_id) DO UPDATE SET standing = excluded.standing, reason = excluded.reason, case_id = excluded.case_id,
                set_by = excluded.set_by, set_at = now()`,
        );
      await tx.execute(
        sql`UPDATE integrity_cases SET status = CASE WHEN status = 'closed' THEN status ELSE 'actioned' END, updated_at = now() WHERE id = ${id}`,
      );
      await audit(tx, actor, {
        action: 'integrity.standing',
        objectType: 'user',
        objectId: body.userId,
        userId: body.userId,
        before: { standing: before?.standing ?? 'good' },
        after: { standing: body.standing, reason: body.reason, caseId: id },
      });
    });
    return this.get(id);
  }

  async setAlertStatus(actor: Actor, id: number, status: 'open' | 'dismissed'): Promise<Alert> {
    await this.db.transaction(async (tx) => {
      const a = await first<{ status: string }>(tx, sql`SELECT status FROM integrity_alerts WHERE id = ${id} FOR UPDATE`);
      if (!a) throw notFound('Alert');
      await tx.execute(sql`UPDATE integrity_alerts SET status = ${status}, case_id = NULL, updated_at = now() WHERE id = ${id}`);
      await audit(tx, actor, { action: 'integrity.alert', objectType: 'integrity_alert', objectId: id, before: { status: a.status }, after: { status } });
    });
    return getAlert(this.db, id);
  }
}
