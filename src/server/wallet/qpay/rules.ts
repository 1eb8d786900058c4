// The written rules for a payment QPay reports (docs/payments.md, "Rules"). Pure: the invoice as
// it stands, the payment as QPay reports it, and whether the deposit guard allows it now.
import type { QPayDecision, QPayRule } from '../../../shared/api/payments';

export interface RuleInvoice {
  amount: number;
  /** Paid before this payment (credited or held), whole tugrik. */
  paidBefore: number;
  status: string;
  /** epoch ms */
  expiresAt: number;
}

export interface RulePayment {
  /** Whole tugrik, or null when QPay's amount had a fraction (or was not positive). */
  amount: number | null;
  currency: string;
  /** QPay's payment time, epoch ms, when it gave one. */
  paidAt: number | null;
}

export interface RuleDecision {
  decision: QPayDecision;
  rule: QPayRule;
  reason: string;
}

/** Statuses that carry money; NEW, FAILED, REFUND... are not recorded. */
export const MONEY_STATUSES = new Set(['PAID', 'PARTIAL']);
/** A payment up to this long after the invoice's end still counts as on time (clocks differ). */
export const EXPIRY_GRACE_MS = 60_000;

/**
 * 1. Not in tugrik: refused (the room's wallet is tugrik only). 2. Not a whole positive amount:
 * refused. 3. Paid after the invoice ended (by QPay's time, else by the invoice's state):
 * credited if the deposit guard allows it now, else held. 4. Taking the invoice above its amount:
 * held for review. 5. Below what is left: credited (partial). 6. Otherwise: credited.
 */
export function decide(inv: RuleInvoice, p: RulePayment, guardAllows: boolean): RuleDecision {
  if (p.currency !== 'MNT') return { decision: 'REFUSED', rule: 'currency', reason: `Paid in ${p.currency}, not in tugrik` };
  if (p.amount === null || p.amount <= 0) return { decision: 'REFUSED', rule: 'amount', reason: 'Not a whole amount of tugrik' };
  const late = p.paidAt !== null ? p.paidAt > inv.expiresAt + EXPIRY_GRACE_MS : inv.status === 'EXPIRED' || inv.status === 'CANCELLED';
  if (late)
    return guardAllows
      ? { decision: 'CREDITED', rule: 'after_expiry', reason: 'Paid after the invoice ended' }
      : { decision: 'HELD', rule: 'guard', reason: 'Paid after the invoice ended; the deposit limits refuse it now' };
  if (inv.paidBefore + p.amount > inv.amount)
    return { decision: 'HELD', rule: 'over', reason: `Takes the invoice to ${inv.paidBefore + p.amount} of ${inv.amount}` };
  if (inv.paidBefore + p.amount < inv.amount)
    return { decision: 'CREDITED', rule: 'partial', reason: `Part payment: ${inv.paidBefore + p.amount} of ${inv.amount}` };
  return { decision: 'CREDITED', rule: 'exact', reason: 'Paid in full' };
}

/** QPay's payment_date: Ulaanbaatar time (UTC+8) when it has no offset. */
export function qpayTime(v: string | undefined): number | null {
  if (!v) return null;
  const withZone = /(Z|[+-]\d\d:?\d\d)$/.test(v) ? v : `${v.replace(' ', 'T')}+08:00`;
  const t = Date.parse(withZone);
  return Number.isFinite(t) ? t : null;
}
