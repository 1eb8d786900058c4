// Restitution: money an offender took, paid back from their available balance to the players they
// took it from. One administrator proposes (nothing moves), a second one approves: the transfers
// go through the ledger in one transaction, each keyed restitution:<id>:<user> (exactly once),
// with the audit row. The proposer can neither approve nor reject their own proposal's payment.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Restitution, RestitutionBody } from '../../shared/api/integrity';
import { type Executor, first, iso, isoOrNull, rows } from '../db/client';
import type { IntegrityCaseRow, IntegrityRestitutionRow } from '../db/rows';
import { type Actor, audit } from '../core/audit';
import { badRequest, conflict, forbidden, notFound } from '../core/errors';
import type { Ledger } from '../core/ledger';
import { briefs } from './views';

type Row = IntegrityRestitutionRow & { proposer: string; resolver: string | null };
const SELECT = sql`SELECT r.*, p.username AS proposer, s.username AS resolver FROM integrity_restitutions r
  JOIN users p ON p.id = r.proposed_by LEFT JOIN users s ON s.id = r.resolved_by`;

export class RestitutionService {
  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
  ) {}

  private async toRestitutions(ex: Executor, list: readonly Row[]): Promise<Restitution[]> {
    const names = await briefs(
      ex,
      list.flatMap((r) => [r.offender_id, ...r.payments.map((p) => p.userId)]),
    );
    const name = (u: number) => names.get(u)?.username ?? `#${u}`;
    return list.map((r) => ({
      id: Number(r.id),
      caseId: Number(r.case_id),
      offenderId: r.offender_id,
      offender: name(r.offender_id),
      payments: r.payments.map((p) => ({ ...p, username: name(p.userId) })),
      total: Number(r.total),
      reason: r.reason,
      status: r.status as Restitution['status'],
      proposedBy: r.proposer,
      proposedAt: iso(r.proposed_at),
      resolvedBy: r.resolver,
      resolvedAt: isoOrNull(r.resolved_at),
    }));
  }

  /** A case's restitutions, oldest first. */
  readonly ofCase = async (ex: Executor, caseId: number): Promise<Restitution[]> =>
    this.toRestitutions(ex, await rows<Row>(ex, sql`${SELECT} WHERE r.case_id = ${caseId} ORDER BY r.id`));

  private async one(ex: Executor, id: number): Promise<Restitution> {
    const r = await rows<Row>(ex, sql`${SELECT} WHERE r.id = ${id}`);
    if (!r.length) throw notFound('Restitution');
    return (await this.toRestitutions(ex, r))[0];
  }

  async propose(actor: Actor, caseId: number, body: z.output<typeof RestitutionBody>): Promise<Restitution> {
    const payees = body.payments.map((p) => p.userId);
    if (payees.includes(body.offenderId) || new Set(payees).size !== payees.length)
      throw badRequest('Each player is paid once, and never the offender', 'INVALID_INPUT', [{ path: 'payments', message: 'Invalid payees' }]);
    const known = await briefs(this.db, [body.offenderId, ...payees]);
    if (known.size !== payees.length + 1) throw badRequest('No such user', 'INVALID_INPUT', [{ path: 'payments', message: 'Unknown user' }]);
    const total = body.payments.reduce((s, p) => s + p.amount, 0);
    const id = await this.ledger.transaction(async (tx) => {
      const c = await first<IntegrityCaseRow>(tx, sql`SELECT * FROM integrity_cases WHERE id = ${caseId} FOR UPDATE`);
      if (!c) throw notFound('Case');
      if (!(c.user_ids as number[]).includes(body.offenderId))
        throw badRequest('The offender must be part of the case', 'NOT_IN_CASE', [{ path: 'offenderId', message: 'Not in the case' }]);
      const r = await first<{ id: number }>(
        tx,
        sql`INSERT INTO integrity_restitutions (case_id, offender_id, payments, total, reason, proposed_by)
            VALUES (${caseId}, ${body.offenderId}, ${JSON.stringify(body.payments)}::jsonb, ${total}, ${body.reason}, ${actor.userId}) RETURNING id`,
      );
      await audit(tx, actor, {
        action: 'integrity.restitution_propose',
        objectType: 'integrity_restitution',
        objectId: r!.id,
        userId: body.offenderId,
        after: { caseId, payments: body.payments, total, reason: body.reason },
      });
      return Number(r!.id);
    });
    return this.one(this.db, id);
  }

  /** The second administrator pays it (or refuses it): exactly once, 409 when already decided. */
  async resolve(actor: Actor, id: number, decision: 'paid' | 'rejected', reason?: string): Promise<Restitution> {
    await this.ledger.transaction(async (tx) => {
      const r = await first<IntegrityRestitutionRow>(tx, sql`SELECT * FROM integrity_restitutions WHERE id = ${id} FOR UPDATE`);
      if (!r) throw notFound('Restitution');
      if (r.status !== 'proposed') throw conflict(`This restitution is already ${r.status}`, 'ALREADY_RESOLVED');
      if (r.proposed_by === actor.userId) throw forbidden('A second administrator must decide a restitution you proposed', 'SAME_APPROVER');
      if (r.offender_id === actor.userId || r.payments.some((p) => p.userId === actor.userId))
        throw forbidden('You cannot decide a restitution that concerns your own account', 'OWN_ACCOUNT');
      await tx.execute(sql`UPDATE integrity_restitutions SET status = ${decision}, resolved_by = ${actor.userId}, resolved_at = now() WHERE id = ${id}`);
      if (decision === 'paid')
        await this.ledger.transferMany(
          tx,
          r.payments.map((p) => ({
            key: `restitution:${id}:${p.userId}`,
            from: { userId: r.offender_id, kind: 'available' as const },
            to: { userId: p.userId, kind: 'available' as const },
            amount: p.amount,
            kind: 'INTEGRITY_RESTITUTION' as const,
            reference: `case ${r.case_id}`,
            actorUserId: actor.userId,
            reason: r.reason,
          })),
        );
      await audit(tx, actor, {
        action: decision === 'paid' ? 'integrity.restitution_pay' : 'integrity.restitution_reject',
        objectType: 'integrity_restitution',
        objectId: id,
        userId: r.offender_id,
        before: { status: r.status },
        after: { status: decision, total: Number(r.total), payments: r.payments, reason: reason ?? null },
      });
    });
    return this.one(this.db, id);
  }
}
