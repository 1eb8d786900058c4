// The simulator's memory: merchants' tokens, invoices, payments, and the knobs that make it
// misbehave. It plays QPay, so it imports nothing of the room (tests/arch checks).
import { randomBytes, randomInt, randomUUID } from 'node:crypto';

export interface SimKnobs {
  /** Callbacks wait this long before they are sent (late callbacks). */
  callbackDelayMs: number;
  /** Each callback is sent this many times (repeated callbacks). */
  callbackRepeat: number;
  /** No callback at all (missing callbacks). */
  dropCallbacks: boolean;
  /** How QPay calls the callback URL (both are seen in the wild). */
  callbackMethod: 'GET' | 'POST';
  /** The next n API calls answer 500. */
  failNext: number;
  /** Until this time (epoch ms) every API connection is cut and no callback goes out: QPay is down. */
  downUntil: number;
  /** Each API answer waits this long (timeouts). */
  latencyMs: number;
  /** Access token lifetime, seconds (the refresh token lives 6 times longer). */
  tokenTtlSec: number;
  /** Answer invoices with QPay's PNG of the QR code (off: an empty qr_image, for fast load runs). */
  qrImage: boolean;
}

export const DEFAULT_KNOBS: SimKnobs = {
  callbackDelayMs: 0,
  callbackRepeat: 1,
  dropCallbacks: false,
  callbackMethod: 'POST',
  failNext: 0,
  downUntil: 0,
  latencyMs: 0,
  tokenTtlSec: 600,
  qrImage: true,
};

export type InvoiceStatus = 'OPEN' | 'PAID' | 'CANCELLED';

export interface SimPayment {
  id: string;
  invoiceId: string;
  /** As QPay writes it: a decimal string ("50000.00"). */
  amount: string;
  status: 'PAID' | 'PARTIAL' | 'FAILED';
  currency: string;
  /** Ulaanbaatar local time without offset, as QPay answers. */
  date: string;
  at: number;
}

export interface SimInvoice {
  id: string;
  invoiceCode: string;
  senderInvoiceNo: string;
  description: string;
  amount: number;
  callbackUrl: string;
  qrText: string;
  status: InvoiceStatus;
  createdAt: number;
  payments: SimPayment[];
}

export interface SimCredentials {
  username: string;
  password: string;
  invoiceCode: string;
}

export const DEFAULT_CREDENTIALS: SimCredentials = { username: 'MONGOL_POKER', password: 'sandbox-secret', invoiceCode: 'MONGOL_POKER_INVOICE' };

/** Ulaanbaatar time (UTC+8, no daylight saving) as QPay prints it: 2026-02-26T10:00:00. */
export function qpayLocalTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19);
}

const money = (n: number) => `${n}.00`;

export class SimState {
  knobs: SimKnobs = { ...DEFAULT_KNOBS };
  readonly invoices = new Map<string, SimInvoice>();
  private readonly access = new Map<string, number>();
  private readonly refresh = new Map<string, number>();
  private paymentSeq = 0;
  /** Every callback sent or dropped, for the page and the tests. */
  readonly callbackLog: { invoiceId: string; paymentId: string; at: number; result: string }[] = [];
  /** API calls received, by "METHOD /route" (cut ones included). */
  readonly calls = new Map<string, number>();

  constructor(readonly credentials: SimCredentials) {}

  isDown(now = Date.now()): boolean {
    return now < this.knobs.downUntil;
  }

  issueToken(now = Date.now()) {
    const access = randomBytes(24).toString('base64url');
    const refresh = randomBytes(24).toString('base64url');
    const accessUntil = now + this.knobs.tokenTtlSec * 1000;
    const refreshUntil = now + this.knobs.tokenTtlSec * 6000;
    this.access.set(access, accessUntil);
    this.refresh.set(refresh, refreshUntil);
    return {
      token_type: 'bearer',
      access_token: access,
      expires_in: Math.floor(accessUntil / 1000),
      refresh_token: refresh,
      refresh_expires_in: Math.floor(refreshUntil / 1000),
      scope: 'get_token',
      'not-before-policy': '0',
      session_state: 'simulator',
    };
  }

  /** Every token issued so far stops working (QPay ending the merchant's sessions). */
  revokeTokens(): void {
    this.access.clear();
    this.refresh.clear();
  }

  accessValid(token: string, now = Date.now()): boolean {
    return (this.access.get(token) ?? 0) > now;
  }

  /** A refresh token works once: the old pair is dropped. */
  useRefresh(token: string, now = Date.now()): boolean {
    const until = this.refresh.get(token) ?? 0;
    this.refresh.delete(token);
    return until > now;
  }

  createInvoice(input: Omit<SimInvoice, 'id' | 'qrText' | 'status' | 'createdAt' | 'payments'>): SimInvoice {
    const id = randomUUID();
    const inv: SimInvoice = { ...input, id, qrText: `SIMQR${randomBytes(18).toString('hex')}`, status: 'OPEN', createdAt: Date.now(), payments: [] };
    this.invoices.set(id, inv);
    return inv;
  }

  paidTotal(inv: SimInvoice): number {
    return inv.payments.filter((p) => p.status !== 'FAILED').reduce((s, p) => s + Number(p.amount), 0);
  }

  /**
   * A payer pays `amount` (default: what is left). A payment below what is left is PARTIAL
   * unless stated; once the total reaches the amount the invoice is PAID. `force` pays a
   * cancelled invoice too (a payment that raced the merchant's cancel).
   */
  pay(invoiceId: string, opts: { amount?: number; status?: SimPayment['status']; currency?: string; force?: boolean } = {}): SimPayment {
    const inv = this.invoices.get(invoiceId);
    if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
    if (inv.status === 'CANCELLED' && !opts.force) throw new SimError(400, 'INVOICE_ALREADY_CANCELED');
    if (inv.status === 'PAID' && !opts.force) throw new SimError(400, 'INVOICE_PAID');
    const left = Math.max(0, inv.amount - this.paidTotal(inv));
    const amount = opts.amount ?? (left || inv.amount);
    if (!(amount > 0)) throw new SimError(400, 'INVALID_AMOUNT');
    const status = opts.status ?? (amount < left ? 'PARTIAL' : 'PAID');
    const now = Date.now();
    const payment: SimPayment = {
      id: String(700_000_000_000 + ++this.paymentSeq * 7919 + randomInt(7000)),
      invoiceId,
      amount: Number.isInteger(amount) ? money(amount) : amount.toFixed(2),
      status,
      currency: opts.currency ?? 'MNT',
      date: qpayLocalTime(now),
      at: now,
    };
    inv.payments.push(payment);
    if (inv.status === 'OPEN' && this.paidTotal(inv) >= inv.amount) inv.status = 'PAID';
    return payment;
  }

  cancel(invoiceId: string): void {
    const inv = this.invoices.get(invoiceId);
    if (!inv) throw new SimError(404, 'INVOICE_NOTFOUND');
    if (inv.status === 'CANCELLED') throw new SimError(400, 'INVOICE_ALREADY_CANCELED');
    if (inv.status === 'PAID') throw new SimError(400, 'INVOICE_PAID');
    inv.status = 'CANCELLED';
  }

  paymentRow(p: SimPayment) {
    return {
      payment_id: p.id,
      payment_status: p.status,
      payment_amount: p.amount,
      trx_fee: '0.00',
      payment_currency: p.currency,
      payment_wallet: 'simulator',
      payment_type: 'P2P',
      payment_date: p.date,
      next_payment_date: null,
      next_payment_datetime: null,
      card_transactions: [],
      p2p_transactions: [
        {
          transaction_bank_code: '050000',
          account_bank_code: '050000',
          account_bank_name: 'Khan Bank',
          account_number: '5012345678',
          status: 'SUCCESS',
          amount: p.amount,
          currency: p.currency,
          settlement_status: 'SETTLED',
        },
      ],
    };
  }

  findPayment(id: string): SimPayment | undefined {
    for (const inv of this.invoices.values()) {
      const p = inv.payments.find((x) => x.id === id);
      if (p) return p;
    }
    return undefined;
  }

  reset(): void {
    this.knobs = { ...DEFAULT_KNOBS };
    this.invoices.clear();
    this.callbackLog.length = 0;
    this.calls.clear();
  }
}

/** An answer of QPay's error shape: `{error, message}`. */
export class SimError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}
