// QPay deposits (docs/payments.md): a player asks for an invoice (within the settings' bounds and
// the deposit guard), QPay's answer is kept (QR text, deep links), the player may cancel it before
// paying, and QPay's callback makes the room ask QPay (settle.ts). Staff see invoices and payments,
// ask QPay again, and decide held payments.
import type { z } from 'zod';
import type { List } from '../../../shared/api/common';
import type {
  AdminQPayInvoice,
  AdminQPayInvoiceQuery,
  AdminQPayPayment,
  AdminQPayPaymentQuery,
  CreateQPayInvoiceBody,
  OwnQPayInvoiceQuery,
  QPayInvoice,
} from '../../../shared/api/payments';
import type { WalletLimits } from '../../../shared/api/user';
import { pgCode } from '../../db/client';
import type { Actor } from '../../core/audit';
import { randomCode } from '../../core/codes';
import { AppError, badRequest, conflict, notFound } from '../../core/errors';
import { DEFAULT_SETTINGS, type SettingsService } from '../../core/settings';
import type { DepositGuard } from '../deposit-guard';
import { type QPayClient, QPayError } from './client';
import { callbackUrlFor, DEFAULT_INVOICE_TTL_MS, type QPayOptions, verifyRef } from './options';
import type { InvoiceRow, QPayRepo } from './repo';
import type { QPaySettlement } from './settle';
import { toInvoice, type QPayViews } from './views';

export interface QPayLogger {
  warn(msg: string): void;
}

/** QPay's failure as the room answers it: down or slow is 503 (try again), a refusal 502. */
export function qpayFailure(e: unknown): AppError {
  if (e instanceof QPayError && !e.retryable) return new AppError(502, 'QPAY_REFUSED', `QPay refused the request (${e.code})`);
  return new AppError(503, 'QPAY_UNAVAILABLE', 'QPay is not answering at the moment; please try again in a minute');
}

export class QPayDeposits {
  constructor(
    private readonly settings: SettingsService,
    private readonly repo: QPayRepo,
    private readonly views: QPayViews,
    private readonly client: QPayClient,
    private readonly settlement: QPaySettlement,
    private readonly opts: QPayOptions,
    private readonly guard: DepositGuard,
    private readonly log: QPayLogger,
  ) {}

  async limits(): Promise<Pick<WalletLimits, 'qpay' | 'depositMin' | 'depositMax'>> {
    const s = await this.settings.get();
    return { qpay: true, depositMin: s.depositMin ?? DEFAULT_SETTINGS.depositMin!, depositMax: s.depositMax ?? DEFAULT_SETTINGS.depositMax! };
  }

  /** A new invoice at QPay for the player; with an idempotency key a retry answers the first one. */
  async create(userId: number, body: CreateQPayInvoiceBody): Promise<QPayInvoice> {
    const { depositMin, depositMax } = await this.limits();
    const amount = body.amount;
    if (amount < depositMin!) throw badRequest(`Too low: the minimum deposit is ${depositMin} ₮`, 'AMOUNT_TOO_LOW', [{ path: 'amount', message: 'Too low' }]);
    if (amount > depositMax!)
      throw badRequest(`Too much: the maximum deposit is ${depositMax} ₮`, 'AMOUNT_TOO_HIGH', [{ path: 'amount', message: 'Too much' }]);
    const key = body.idempotencyKey ?? null;
    if (key) {
      const existing = await this.repo.byKey(userId, key);
      if (existing) return this.same(existing, amount);
    }
    const refusal = await this.guard.check(userId, amount);
    if (refusal) throw new AppError(409, refusal.code || 'DEPOSIT_REFUSED', refusal.message);
    const ref = `QP${randomCode(10)}`;
    let row: InvoiceRow | undefined;
    try {
      row = await this.repo.insertCreating({ ref, userId, amount, idempotencyKey: key, ttlMs: this.opts.invoiceTtlMs ?? DEFAULT_INVOICE_TTL_MS });
    } catch (e) {
      if (key && pgCode(e) === '23505') return this.same((await this.repo.byKey(userId, key))!, amount);
      throw e;
    }
    try {
      const q = await this.client.createInvoice({
        senderInvoiceNo: ref,
        description: `Mongol Poker deposit ${ref}`,
        amount,
        callbackUrl: callbackUrlFor(this.opts, ref),
      });
      const deepLinks = q.urls.map((u) => ({ name: u.name, description: u.description, link: u.link }));
      const created = await this.repo.markCreated(row!.id, { qpayInvoiceId: q.invoice_id, qrText: q.qr_text, shortUrl: q.qPay_shortUrl ?? null, deepLinks });
      return toInvoice(created ?? (await this.repo.byId(row!.id))!);
    } catch (e) {
      const failure = qpayFailure(e);
      await this.repo.markFailed(row!.id, e instanceof Error ? e.message : String(e));
      throw failure;
    }
  }

  private same(r: InvoiceRow, amount: number): QPayInvoice {
    if (r.amount !== amount) throw conflict('This idempotency key was used for a different deposit', 'IDEMPOTENCY_MISMATCH');
    return toInvoice(r);
  }

  async own(userId: number, id: number): Promise<InvoiceRow> {
    const r = await this.repo.byId(id);
    if (!r || r.user_id !== userId) throw notFound('Invoice');
    return r;
  }

  ownList(userId: number, q: z.output<typeof OwnQPayInvoiceQuery>): Promise<List<QPayInvoice>> {
    return this.views.ownList(userId, q);
  }

  /** Before any payment only: QPay's invoice is cancelled first, so nothing can be paid after ours is. */
  async cancel(userId: number, id: number): Promise<QPayInvoice> {
    const r = await this.own(userId, id);
    if (r.status !== 'PENDING') throw conflict(`This invoice is ${r.status.toLowerCase()}: it cannot be cancelled`);
    try {
      await this.client.cancelInvoice(r.qpay_invoice_id!);
    } catch (e) {
      // Paid meanwhile: record it.
      if (e instanceof QPayError && e.code === 'INVOICE_PAID') return toInvoice((await this.settle(r.id))!);
      throw qpayFailure(e);
    }
    const done = await this.repo.cancel(r.id);
    if (done) this.settlement.notify(done);
    return toInvoice(done ?? (await this.repo.byId(r.id))!);
  }

  /**
   * QPay's callback: the reference must be ours (signed); then QPay is asked. Unknown: 404 and a
   * warning, nothing asked, nothing credited. QPay down: 503 (QPay calls again; the job asks too).
   */
  async callback(ref: string, sig: string): Promise<InvoiceRow> {
    const r = verifyRef(this.opts.callbackSecret, ref, sig) ? await this.repo.byRef(ref) : undefined;
    if (!r?.qpay_invoice_id) {
      this.log.warn(`QPay callback for an unknown invoice (${ref}): refused`);
      throw notFound('Invoice');
    }
    return (await this.settle(r.id))!;
  }

  private async settle(id: number, expire = false): Promise<InvoiceRow | undefined> {
    try {
      return await this.settlement.settle(id, expire);
    } catch (e) {
      if (e instanceof AppError) throw e;
      await this.repo.noteCheckFailed(id, e instanceof Error ? e.message : String(e));
      throw qpayFailure(e);
    }
  }

  // ---- staff ----

  adminInvoices(q: z.output<typeof AdminQPayInvoiceQuery>): Promise<List<AdminQPayInvoice>> {
    return this.views.invoices(q);
  }
  adminPayments(q: z.output<typeof AdminQPayPaymentQuery>): Promise<List<AdminQPayPayment>> {
    return this.views.payments(q);
  }

  /** Asks QPay about an invoice now (a missed callback, a payment after its end). */
  async checkNow(id: number): Promise<AdminQPayInvoice> {
    const r = await this.repo.byId(id);
    if (!r) throw notFound('Invoice');
    if (r.qpay_invoice_id) await this.settle(id);
    return (await this.views.invoice(id))!;
  }

  async review(actor: Actor, paymentId: string, decision: 'CREDIT' | 'REFUSE', reason: string): Promise<AdminQPayPayment> {
    await this.settlement.review(actor, paymentId, decision, reason);
    return (await this.views.payment(paymentId))!;
  }

  // ---- the job (poller.ts) ----

  /** An open invoice whose time is over: QPay's is cancelled, then a last check closes ours. */
  async expire(r: InvoiceRow): Promise<void> {
    try {
      await this.client.cancelInvoice(r.qpay_invoice_id!);
    } catch (e) {
      const done = e instanceof QPayError && (e.code === 'INVOICE_PAID' || e.code === 'INVOICE_NOTFOUND');
      if (!done) throw e;
    }
    await this.settle(r.id, true);
  }

  checkOpen(r: InvoiceRow): Promise<InvoiceRow | undefined> {
    return this.settle(r.id);
  }
}
