// Settling an invoice: ask QPay what was paid (never trust a callback), then record each payment
// not seen before and apply the rules (rules.ts) in ONE ledger transaction with the invoice row
// locked: each QPay payment id is recorded once and credited at most once (its transfer key is
// qpay:<payment id>). Concurrent settles of one invoice in this process share one run (and run
// once more if asked meanwhile); across instances the row lock orders them.
import { type QPayPaymentRow as WirePayment, wholeTugrik } from '../../../shared/api/qpay';
import { type Executor, iso } from '../../db/client';
import { type Actor, audit } from '../../core/audit';
import { conflict, notFound } from '../../core/errors';
import type { Ledger } from '../../core/ledger';
import type { DepositGuard } from '../deposit-guard';
import type { DepositService } from '../deposits';
import type { QPayClient } from './client';
import { type InvoiceRow, type QPayRepo } from './repo';
import { decide, MONEY_STATUSES, qpayTime } from './rules';

/** A settle in progress: `asked` once its question to QPay left (a callback after that needs another run). */
type Run = { again: boolean; expire: boolean; asked: boolean; done: Promise<InvoiceRow | undefined> };

export class QPaySettlement {
  private readonly running = new Map<number, Run>();

  constructor(
    private readonly db: Executor,
    private readonly ledger: Ledger,
    private readonly deposits: DepositService,
    private readonly repo: QPayRepo,
    private readonly client: QPayClient,
    private readonly guard: DepositGuard,
    /** After a commit that changed the invoice: the player's page follows it. */
    private readonly changed: (inv: InvoiceRow) => void,
  ) {}

  /** Tells the player's page about an invoice that changed outside a settle (cancelled, failed). */
  notify(inv: InvoiceRow): void {
    this.changed(inv);
  }

  /** Asks QPay and records what is new. `expire`: and close the invoice if it is still open. */
  settle(invoiceId: number, expire = false): Promise<InvoiceRow | undefined> {
    const cur = this.running.get(invoiceId);
    if (cur) {
      // Before the run asked QPay, its answer covers this call too.
      if (cur.asked || (expire && !cur.expire)) cur.again = true;
      cur.expire ||= expire;
      return cur.done;
    }
    const run: Run = { again: false, expire, asked: false, done: Promise.resolve(undefined) };
    run.done = (async () => {
      try {
        let out: InvoiceRow | undefined;
        do {
          run.again = false;
          run.asked = false;
          out = await this.once(invoiceId, run);
        } while (run.again);
        return out;
      } finally {
        this.running.delete(invoiceId);
      }
    })();
    this.running.set(invoiceId, run);
    return run.done;
  }

  private async once(invoiceId: number, run: Run): Promise<InvoiceRow | undefined> {
    const expire = run.expire;
    const inv = await this.repo.byId(invoiceId);
    if (!inv?.qpay_invoice_id) return inv;
    run.asked = true;
    const reported = (await this.client.checkPayment(inv.qpay_invoice_id)).filter((r) => MONEY_STATUSES.has(r.payment_status));
    const known = await this.repo.knownPayments(this.db, invoiceId);
    const fresh = reported.filter((r) => !known.has(r.payment_id)).sort(byTime);
    // Nothing new (a repeated callback, a check of a quiet invoice): no transaction, only the note.
    if (fresh.length === 0 && !expire) {
      await this.repo.noteChecked(invoiceId);
      return inv;
    }
    // The guard may read the database: asked before the transaction (PGlite has one connection).
    const allows = new Map<string, boolean>();
    for (const r of fresh) {
      const amount = wholeTugrik(r.payment_amount);
      if (amount !== null && amount > 0) allows.set(r.payment_id, (await this.guard.check(inv.user_id, amount)) === null);
    }
    const after = await this.ledger.transaction(async (tx) => {
      const locked = (await this.repo.lock(tx, invoiceId))!;
      const seen = await this.repo.knownPayments(tx, invoiceId);
      let paid = locked.paid_amount;
      let credited = locked.credited_amount;
      for (const r of fresh) {
        if (seen.has(r.payment_id)) continue;
        const got = await this.record(tx, locked, r, paid, allows.get(r.payment_id) ?? true);
        paid += got.paid;
        credited += got.credited;
      }
      return this.repo.afterCheck(tx, locked, paid, credited, expire);
    });
    if (after.status !== inv.status || after.paid_amount !== inv.paid_amount || after.credited_amount !== inv.credited_amount) this.changed(after);
    return after;
  }

  /** One new payment: decided, credited when the rules say so, recorded. */
  private async record(tx: Executor, inv: InvoiceRow, r: WirePayment, paidBefore: number, guardAllows: boolean) {
    const amount = wholeTugrik(r.payment_amount);
    const paidAt = qpayTime(r.payment_date);
    const d = decide(
      { amount: inv.amount, paidBefore, status: inv.status, expiresAt: Date.parse(iso(inv.expires_at)) },
      { amount: amount !== null && amount > 0 ? amount : null, currency: r.payment_currency, paidAt },
      guardAllows,
    );
    let dep: { id: number; transferId: number } | null = null;
    if (d.decision === 'CREDITED')
      dep = await this.deposits.recordDeposit(tx, { userId: inv.user_id, amount: amount!, transferKey: `qpay:${r.payment_id}`, note: `QPay ${inv.ref}` });
    const fresh = await this.repo.insertPayment(tx, {
      paymentId: r.payment_id,
      invoiceId: inv.id,
      userId: inv.user_id,
      qpayStatus: r.payment_status,
      amountText: String(r.payment_amount),
      amount: amount !== null && amount > 0 ? amount : null,
      currency: r.payment_currency,
      paidAt: paidAt === null ? null : new Date(paidAt).toISOString(),
      decision: d.decision,
      rule: d.rule,
      reason: d.reason,
      depositId: dep?.id ?? null,
      transferId: dep?.transferId ?? null,
    });
    // A payment id QPay reported for another invoice: nothing of this check stays.
    if (!fresh) throw conflict(`QPay payment ${r.payment_id} is recorded for another invoice`, 'ALREADY_CREDITED');
    const counted = d.decision === 'REFUSED' ? 0 : amount!;
    return { paid: counted, credited: d.decision === 'CREDITED' ? counted : 0 };
  }

  /** Staff decide a held payment (credit it, exactly once, or refuse it) or acknowledge one refused by rule; with the reason, audited. */
  async review(actor: Actor, paymentId: string, decision: 'CREDIT' | 'REFUSE', reason: string): Promise<InvoiceRow> {
    const invoiceId = await this.ledger.transaction(async (tx) => {
      const p = await this.repo.lockPayment(tx, paymentId);
      if (!p) throw notFound('Payment');
      // Held: credit or refuse. Refused by a rule (another currency, a fraction): staff note what they did.
      const open = p.decision === 'HELD' || (p.decision === 'REFUSED' && p.reviewed_at === null);
      if (!open) throw conflict(`This payment was ${p.decision.toLowerCase()} already`, 'ALREADY_CREDITED');
      if (p.decision === 'REFUSED' && decision === 'CREDIT')
        throw conflict('A payment refused by rule (not whole tugrik) cannot be credited: return it to the payer', 'CONFLICT');
      let dep: { id: number; transferId: number } | null = null;
      if (decision === 'CREDIT') {
        dep = await this.deposits.recordDeposit(tx, {
          userId: p.user_id,
          amount: p.amount!,
          transferKey: `qpay:${paymentId}`,
          note: `QPay payment ${paymentId} (review: ${reason})`,
          createdBy: actor.userId,
        });
        await this.repo.addCredited(tx, p.invoice_id, p.amount!);
      }
      const next = decision === 'CREDIT' ? 'CREDITED' : 'REFUSED';
      await this.repo.resolveHeld(tx, paymentId, { decision: next, reason, by: actor.userId, depositId: dep?.id ?? null, transferId: dep?.transferId ?? null });
      await audit(tx, actor, {
        action: 'qpay.review',
        objectType: 'qpay_payment',
        objectId: paymentId,
        userId: p.user_id,
        before: { decision: p.decision, rule: p.rule, amount: p.amount },
        after: { decision: next, reason, amount: p.amount },
      });
      return p.invoice_id;
    });
    const inv = (await this.repo.byId(invoiceId))!;
    this.changed(inv);
    return inv;
  }
}

const byTime = (a: WirePayment, b: WirePayment) =>
  (qpayTime(a.payment_date) ?? 0) - (qpayTime(b.payment_date) ?? 0) || a.payment_id.localeCompare(b.payment_id);
