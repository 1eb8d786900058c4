// QPay's settings (README, docs/payments.md): read from the environment by server.ts, given to
// buildApp. Without them QPay deposits are off (the deposit page shows the bank transfer only).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { QPayConfig } from './client';

export interface QPayOptions {
  client: QPayConfig;
  /** The room's public callback URL (QPAY_CALLBACK_URL): QPay calls it when an invoice is paid. */
  callbackUrl: string;
  /** Key of the callback URL's signature (default: derived from the JWT secret). */
  callbackSecret: string;
  /** How long a player has to pay an invoice (QPAY_INVOICE_TTL_MS, default 15 min). */
  invoiceTtlMs?: number;
  /** The job's period (QPAY_POLL_MS, default 15 s): unpaid invoices without a callback are asked about, old ones expired. */
  pollMs?: number;
  /** An open invoice is asked about again after this long without news (QPAY_CHECK_MS, default 30 s). */
  checkMs?: number;
  /** How often QPay's payment list of yesterday and today is fetched for the reconciliation (QPAY_RECONCILE_MS, default 1 h). */
  reconcileMs?: number;
}

export const DEFAULT_INVOICE_TTL_MS = 15 * 60_000;
export const DEFAULT_POLL_MS = 15_000;
export const DEFAULT_CHECK_MS = 30_000;
export const DEFAULT_RECONCILE_MS = 3_600_000;

/** The callback URL's signature of a reference: proves the reference came from us. */
export function signRef(secret: string, ref: string): string {
  return createHmac('sha256', secret).update(`qpay-callback:${ref}`).digest('base64url').slice(0, 32);
}

export function verifyRef(secret: string, ref: string, sig: string): boolean {
  const want = Buffer.from(signRef(secret, ref));
  const got = Buffer.from(sig);
  return want.length === got.length && timingSafeEqual(want, got);
}

export function callbackUrlFor(opts: QPayOptions, ref: string): string {
  const url = new URL(opts.callbackUrl);
  url.searchParams.set('ref', ref);
  url.searchParams.set('sig', signRef(opts.callbackSecret, ref));
  return url.toString();
}
