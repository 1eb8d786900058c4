// QPay's merchant API v2 (docs/payments.md): token and refresh, invoice create / get / cancel,
// payment check and list. Every call has a timeout; network errors, timeouts, 429 and 5xx are
// retried with exponential back-off and jitter; a 401 gets one fresh token and one more try.
// Answers are read through the shared schemas (shared/api/qpay.ts). Secrets (client secret,
// tokens) never reach a log line or an error message: only method, path, status and QPay's code.
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  QPayErrorBody,
  QPayInvoiceCreated,
  QPayInvoiceInfo,
  QPayPaymentCheck,
  QPayPaymentList,
  type QPayPaymentListRow,
  type QPayPaymentRow,
  QPayToken,
} from '../../../shared/api/qpay';

export interface QPayConfig {
  /** Base URL without /v2: https://merchant.qpay.mn, https://merchant-sandbox.qpay.mn or the simulator. */
  baseUrl: string;
  username: string;
  password: string;
  invoiceCode: string;
  /** One HTTP attempt's limit (default 10 s). */
  timeoutMs?: number;
  /** Attempts after the first (default 4). */
  retries?: number;
  /** First back-off (default 250 ms), doubled each time up to maxBackoffMs (default 4 s). */
  backoffMs?: number;
  maxBackoffMs?: number;
}

export interface QPayLog {
  warn(msg: string): void;
}

/** A refusal or failure of QPay. `retryable`: worth asking again later (down, timeout, 5xx). */
export class QPayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'QPayError';
  }
}

export interface CreateInvoiceInput {
  /** Our reference (sender_invoice_no): unique, also in the callback URL. */
  senderInvoiceNo: string;
  description: string;
  amount: number;
  callbackUrl: string;
}

/** Leeway before a token's end at which it is renewed. */
const TOKEN_LEEWAY_MS = 30_000;
const PAGE = 100;

type Token = { access: string; accessUntil: number; refresh: string; refreshUntil: number };

/** QPay's expiry fields: epoch seconds in the sandbox's answers, relative seconds in some documents. */
function expiryMs(v: number, now: number): number {
  return v > 1e9 ? v * 1000 : now + v * 1000;
}

export class QPayClient {
  private token: Token | null = null;
  private pendingToken: Promise<Token> | null = null;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;

  constructor(
    private readonly cfg: QPayConfig,
    private readonly log: QPayLog = { warn: () => {} },
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {
    this.timeoutMs = cfg.timeoutMs ?? 10_000;
    this.retries = cfg.retries ?? 4;
    this.backoffMs = cfg.backoffMs ?? 250;
    this.maxBackoffMs = cfg.maxBackoffMs ?? 4000;
  }

  get invoiceCode(): string {
    return this.cfg.invoiceCode;
  }

  async createInvoice(input: CreateInvoiceInput): Promise<QPayInvoiceCreated> {
    const body = {
      invoice_code: this.cfg.invoiceCode,
      sender_invoice_no: input.senderInvoiceNo,
      invoice_receiver_code: 'terminal',
      invoice_description: input.description,
      sender_branch_code: 'ONLINE',
      amount: input.amount,
      callback_url: input.callbackUrl,
    };
    return this.api('POST', '/v2/invoice', QPayInvoiceCreated, body);
  }

  getInvoice(invoiceId: string): Promise<QPayInvoiceInfo> {
    return this.api('GET', `/v2/invoice/${encodeURIComponent(invoiceId)}`, QPayInvoiceInfo);
  }

  /** Cancels an unpaid invoice; one cancelled already counts as done. */
  async cancelInvoice(invoiceId: string): Promise<void> {
    try {
      await this.api('DELETE', `/v2/invoice/${encodeURIComponent(invoiceId)}`, null);
    } catch (e) {
      if (e instanceof QPayError && e.code === 'INVOICE_ALREADY_CANCELED') return;
      throw e;
    }
  }

  /** Every payment QPay holds for an invoice (all pages). */
  async checkPayment(invoiceId: string): Promise<QPayPaymentRow[]> {
    const out: QPayPaymentRow[] = [];
    for (let page = 1; page <= 50; page++) {
      const body = { object_type: 'INVOICE', object_id: invoiceId, offset: { page_number: page, page_limit: PAGE } };
      const r = await this.api('POST', '/v2/payment/check', QPayPaymentCheck, body);
      out.push(...r.rows);
      if (r.rows.length < PAGE || out.length >= r.count) break;
    }
    return out;
  }

  /** The merchant's payments between two days (YYYY-MM-DD, inclusive), all pages. */
  async listPayments(startDate: string, endDate: string): Promise<QPayPaymentListRow[]> {
    const out: QPayPaymentListRow[] = [];
    for (let page = 1; page <= 200; page++) {
      const body = {
        object_type: 'INVOICE',
        object_id: this.cfg.invoiceCode,
        start_date: startDate,
        end_date: endDate,
        offset: { page_number: page, page_limit: PAGE },
      };
      const r = await this.api('POST', '/v2/payment/list', QPayPaymentList, body);
      out.push(...r.rows);
      if (r.rows.length < PAGE || out.length >= r.count) break;
    }
    return out;
  }

  // ---- tokens ----

  private async accessToken(): Promise<string> {
    const t = this.token;
    if (t && Date.now() < t.accessUntil - TOKEN_LEEWAY_MS) return t.access;
    // One renewal at a time: concurrent calls wait for it.
    this.pendingToken ??= this.renew().finally(() => (this.pendingToken = null));
    return (await this.pendingToken).access;
  }

  /** Refresh while the refresh token lives, else (or when QPay refuses it) a new token with the credentials. */
  private async renew(): Promise<Token> {
    const t = this.token;
    if (t && Date.now() < t.refreshUntil - TOKEN_LEEWAY_MS) {
      try {
        return this.keep(await this.send('POST', '/v2/auth/refresh', QPayToken, undefined, `Bearer ${t.refresh}`));
      } catch (e) {
        if (!(e instanceof QPayError) || e.retryable) throw e;
      }
    }
    const basic = Buffer.from(`${this.cfg.username}:${this.cfg.password}`).toString('base64');
    return this.keep(await this.send('POST', '/v2/auth/token', QPayToken, undefined, `Basic ${basic}`));
  }

  private keep(r: QPayToken): Token {
    const now = Date.now();
    this.token = {
      access: r.access_token,
      accessUntil: expiryMs(r.expires_in, now),
      refresh: r.refresh_token,
      refreshUntil: expiryMs(r.refresh_expires_in, now),
    };
    return this.token;
  }

  // ---- HTTP ----

  /** An API call with the access token; a 401 drops the token and tries once more with a new one. */
  private async api<T>(method: string, path: string, schema: z.ZodType<T> | null, body?: unknown): Promise<T> {
    const token = await this.accessToken();
    try {
      return await this.send(method, path, schema, body, `Bearer ${token}`);
    } catch (e) {
      if (!(e instanceof QPayError) || e.status !== 401) throw e;
      this.token = this.token && { ...this.token, accessUntil: 0 };
      return this.send(method, path, schema, body, `Bearer ${await this.accessToken()}`);
    }
  }

  /** One request with retries: network errors, timeouts, 429 and 5xx are tried again after a back-off. */
  private async send<T>(method: string, path: string, schema: z.ZodType<T> | null, body: unknown, authorization: string): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(method, path, schema, body, authorization);
      } catch (e) {
        const err = e instanceof QPayError ? e : new QPayError(0, 'NETWORK', `QPay did not answer ${method} ${path}`, true);
        if (!err.retryable) throw err;
        if (attempt >= this.retries) {
          this.log.warn(`QPay ${method} ${path}: ${err.code} (${err.status || 'no answer'}), gave up after ${attempt + 1} attempts`);
          throw err;
        }
        const wait = Math.min(this.maxBackoffMs, this.backoffMs * 2 ** attempt) + randomInt(Math.max(1, Math.floor(this.backoffMs / 2)));
        this.log.warn(`QPay ${method} ${path}: ${err.code} (${err.status || 'no answer'}), attempt ${attempt + 1} of ${this.retries + 1}, again in ${wait} ms`);
        await this.sleep(wait);
      }
    }
  }

  private async once<T>(method: string, path: string, schema: z.ZodType<T> | null, body: unknown, authorization: string): Promise<T> {
    const res = await fetch(`${this.cfg.baseUrl}${path}`, {
      method,
      headers: { authorization, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const text = await res.text();
    if (!res.ok) throw errorOf(res.status, text, method, path);
    if (!schema) return undefined as T;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new QPayError(res.status, 'BAD_ANSWER', `QPay answered ${method} ${path} with something other than JSON`, true);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new QPayError(res.status, 'BAD_ANSWER', `QPay's answer to ${method} ${path} is not as documented: ${parsed.error.issues[0]?.message}`, false);
    return parsed.data;
  }
}

function errorOf(status: number, text: string, method: string, path: string): QPayError {
  let code = `HTTP_${status}`;
  let message = '';
  try {
    const b = QPayErrorBody.safeParse(JSON.parse(text));
    if (b.success) {
      code = b.data.error ?? b.data.error_code ?? b.data.message ?? code;
      message = b.data.message ?? '';
    }
  } catch {
    /* not JSON: the status says enough */
  }
  const retryable = status >= 500 || status === 429 || status === 408;
  return new QPayError(status, code, `QPay refused ${method} ${path} (${status} ${code}${message && message !== code ? `: ${message}` : ''})`, retryable);
}
