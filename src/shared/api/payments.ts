// QPay deposits (docs/payments.md): the player's invoice, QPay's callback to the room, and the
// back office's invoices and payments. QPay's own wire format is qpay.ts.
import { z } from 'zod';
import { Amount, Id, IdempotencyKey, IsoDate, ListQuery, listOf } from './common';

/**
 * CREATING (asked of QPay) -> PENDING (QR shown) -> PARTIAL (some paid) -> PAID; or EXPIRED (its
 * time ran out), CANCELLED (by the player, or replaced by a newer invoice), FAILED (QPay refused
 * or did not answer while it was being created).
 */
export const QPAY_INVOICE_STATUSES = ['CREATING', 'PENDING', 'PARTIAL', 'PAID', 'EXPIRED', 'CANCELLED', 'FAILED'] as const;
export const QPayInvoiceStatus = z.enum(QPAY_INVOICE_STATUSES);
export type QPayInvoiceStatus = z.infer<typeof QPayInvoiceStatus>;

/** What became of a payment QPay reported: credited, held for staff review, or refused. */
export const QPAY_DECISIONS = ['CREDITED', 'HELD', 'REFUSED'] as const;
export const QPayDecision = z.enum(QPAY_DECISIONS);
export type QPayDecision = z.infer<typeof QPayDecision>;

/** The written rule behind a decision (docs/payments.md, "Rules"); `review` when staff decided. */
export const QPAY_RULES = ['exact', 'partial', 'over', 'after_expiry', 'guard', 'currency', 'amount', 'review'] as const;
export const QPayRule = z.enum(QPAY_RULES);
export type QPayRule = z.infer<typeof QPayRule>;

export const QPayDeepLinkView = z.object({ name: z.string(), description: z.string(), link: z.string() });

/** An invoice as its player sees it (and the socket's QPAY_INVOICE pushes). */
export const QPayInvoice = z.object({
  id: z.number().int(),
  ref: z.string(),
  amount: z.number().int(),
  status: QPayInvoiceStatus,
  /** Paid according to QPay (whole tugrik), and of that what reached the balance (the rest is held for review). */
  paidAmount: z.number().int(),
  creditedAmount: z.number().int(),
  /** The QR code's text (the page draws it), QPay's payment page, and one deep link per bank app. */
  qrText: z.string().nullable(),
  shortUrl: z.string().nullable(),
  deepLinks: z.array(QPayDeepLinkView),
  createdAt: IsoDate,
  expiresAt: IsoDate,
  paidAt: IsoDate.nullable(),
});
export type QPayInvoice = z.infer<typeof QPayInvoice>;
export const QPayInvoiceList = listOf(QPayInvoice);

export const CreateQPayInvoiceBody = z.object({ amount: Amount, idempotencyKey: IdempotencyKey.optional() });
export type CreateQPayInvoiceBody = z.infer<typeof CreateQPayInvoiceBody>;
export const QPayInvoiceParams = z.object({ invoiceId: Id });
export const OwnQPayInvoiceQuery = ListQuery.extend({ status: QPayInvoiceStatus.optional() });

/**
 * QPay's call to the callback URL the room gave with the invoice: our reference and its
 * signature, plus whatever QPay adds (qpay_payment_id; a POST may carry a small JSON body). None
 * of it is trusted: the room asks QPay what was paid.
 */
export const QPayCallbackQuery = z.object({
  ref: z.string().regex(/^QP[A-Z0-9]{6,20}$/),
  sig: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  qpay_payment_id: z.string().max(100).optional(),
});
export const QPayCallbackBody = z
  .object({ invoice_id: z.string().max(100).optional(), payment_id: z.union([z.string().max(100), z.number()]).optional() })
  .optional();
export const QPayCallbackAnswer = z.object({ ok: z.literal(true), status: QPayInvoiceStatus });

/** Staff: an invoice with its player and QPay's side. */
export const AdminQPayInvoice = QPayInvoice.extend({
  userId: z.number().int(),
  username: z.string(),
  qpayInvoiceId: z.string().nullable(),
  checks: z.number().int(),
  lastCheckedAt: IsoDate.nullable(),
  error: z.string().nullable(),
});
export type AdminQPayInvoice = z.infer<typeof AdminQPayInvoice>;
export const AdminQPayInvoiceList = listOf(AdminQPayInvoice);
export const AdminQPayInvoiceQuery = ListQuery.extend({
  status: QPayInvoiceStatus.optional(),
  userId: Id.optional(),
  ref: z.string().max(30).optional(),
});

/** Staff: one payment QPay reported, what the rules decided, and any review. */
export const AdminQPayPayment = z.object({
  id: z.string(),
  invoiceId: z.number().int(),
  ref: z.string(),
  userId: z.number().int(),
  username: z.string(),
  qpayStatus: z.string(),
  amountText: z.string(),
  amount: z.number().int().nullable(),
  currency: z.string(),
  paidAt: IsoDate.nullable(),
  decision: QPayDecision,
  rule: QPayRule,
  reason: z.string().nullable(),
  depositCode: z.string().nullable(),
  recordedAt: IsoDate,
  reviewedBy: z.string().nullable(),
  reviewedAt: IsoDate.nullable(),
});
export type AdminQPayPayment = z.infer<typeof AdminQPayPayment>;
export const AdminQPayPaymentList = listOf(AdminQPayPayment);
export const AdminQPayPaymentQuery = ListQuery.extend({
  decision: QPayDecision.optional(),
  invoiceId: Id.optional(),
  userId: Id.optional(),
});
export const QPayPaymentIdQuery = z.object({ paymentId: z.string().min(1).max(100) });
/** A held payment: credit it to the player, or refuse it (say why: e.g. returned to the payer). */
export const ReviewQPayPaymentBody = z.object({ decision: z.enum(['CREDIT', 'REFUSE']), reason: z.string().trim().min(1).max(500) });
export const QPayInvoiceIdQuery = z.object({ invoiceId: Id });
