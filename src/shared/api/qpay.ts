// QPay's merchant API v2 as it answers (https://merchant.qpay.mn/v2): the wire format of an
// outside service, not routes of ours. The room's client (src/server/wallet/qpay) reads every
// answer through these schemas, so a surprise from QPay is a clear error, never a wrong credit.
// Sources: QPay's published Postman collection and OpenAPI captures of the sandbox, and the open
// SDKs (docs/payments.md). Amounts come as numbers or decimal strings ("50000.00").
import { z } from 'zod';

/** A QPay amount: a JSON number or a decimal string. */
export const QPayDecimal = z.union([z.number().finite(), z.string().regex(/^-?\d{1,15}(\.\d{1,4})?$/)]);
export type QPayDecimal = z.infer<typeof QPayDecimal>;

/** Whole tugrik of a QPay amount, or null when it has a fraction (never rounded: money is exact). */
export function wholeTugrik(v: QPayDecimal): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  const m = /^(-?\d+)(?:\.(\d+))?$/.exec(v);
  if (!m || (m[2] !== undefined && /[^0]/.test(m[2]))) return null;
  const n = Number(m[1]);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * POST /v2/auth/token (Basic client_id:client_secret) and POST /v2/auth/refresh (Bearer
 * refresh_token). The sandbox answers absolute epoch seconds in `expires_in` and
 * `refresh_expires_in`; some documents say relative seconds: the client accepts both.
 */
export const QPayToken = z.object({
  token_type: z.string().max(40),
  access_token: z.string().min(1).max(8192),
  expires_in: z.number(),
  refresh_token: z.string().min(1).max(8192),
  refresh_expires_in: z.number(),
});
export type QPayToken = z.infer<typeof QPayToken>;

/** A bank app's deep link of an invoice. */
export const QPayDeepLink = z.object({
  name: z.string().max(200),
  description: z.string().max(500).optional().default(''),
  logo: z.string().max(2000).optional().default(''),
  link: z.string().max(8192),
});
export type QPayDeepLink = z.infer<typeof QPayDeepLink>;

/** POST /v2/invoice. */
export const QPayInvoiceCreated = z.object({
  invoice_id: z.string().min(1).max(100),
  qr_text: z.string().max(8192),
  qr_image: z.string().optional(),
  qPay_shortUrl: z.string().max(2000).optional(),
  urls: z.array(QPayDeepLink).max(100).default([]),
});
export type QPayInvoiceCreated = z.infer<typeof QPayInvoiceCreated>;

/** GET /v2/invoice/{id}: only the fields the room reads; QPay sends many more. */
export const QPayInvoiceInfo = z.object({
  invoice_id: z.string().max(100),
  invoice_status: z.string().max(40),
  sender_invoice_no: z.string().max(100).optional(),
  total_amount: QPayDecimal.optional(),
});
export type QPayInvoiceInfo = z.infer<typeof QPayInvoiceInfo>;

/** Payment statuses: NEW, FAILED, PAID, PARTIAL, REFUND (others are kept as text). */
export const QPayPaymentRow = z.object({
  payment_id: z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(100)),
  payment_status: z.string().max(40),
  payment_amount: QPayDecimal,
  payment_currency: z.string().max(10).optional().default('MNT'),
  payment_date: z.string().max(60).optional(),
  payment_type: z.string().max(40).optional(),
});
export type QPayPaymentRow = z.infer<typeof QPayPaymentRow>;

/** POST /v2/payment/check {object_type: 'INVOICE', object_id, offset}. */
export const QPayPaymentCheck = z.object({
  count: z.number().int().min(0),
  paid_amount: QPayDecimal.nullable().optional(),
  rows: z.array(QPayPaymentRow).max(1000),
});
export type QPayPaymentCheck = z.infer<typeof QPayPaymentCheck>;

/** POST /v2/payment/list: the merchant's payments between two dates (reconciliation). */
export const QPayPaymentListRow = QPayPaymentRow.extend({ object_type: z.string().max(40).optional(), object_id: z.string().max(100).optional() });
export type QPayPaymentListRow = z.infer<typeof QPayPaymentListRow>;
export const QPayPaymentList = z.object({ count: z.number().int().min(0), rows: z.array(QPayPaymentListRow).max(1000) });

/** QPay's error answer: `{error, message}` (some answers say `error_code`). */
export const QPayErrorBody = z.object({
  error: z.string().max(200).optional(),
  error_code: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
});
