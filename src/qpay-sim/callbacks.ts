// QPay calling the merchant's callback URL after a payment, with the payment id appended as
// `qpay_payment_id` (GET, or POST with {invoice_id, payment_id}). The knobs make callbacks late,
// repeated or missing; while the simulator is down none goes out.
import type { SimInvoice, SimPayment, SimState } from './state';

export class Callbacks {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly sim: SimState) {}

  /** After a payment: as the knobs say. */
  afterPayment(inv: SimInvoice, p: SimPayment): void {
    const k = this.sim.knobs;
    if (k.dropCallbacks || this.sim.isDown()) {
      this.sim.callbackLog.push({ invoiceId: inv.id, paymentId: p.id, at: Date.now(), result: k.dropCallbacks ? 'dropped' : 'down' });
      return;
    }
    const fire = () => {
      for (let i = 0; i < Math.max(1, k.callbackRepeat); i++) this.send(inv, p);
    };
    if (k.callbackDelayMs > 0) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (!this.sim.isDown()) fire();
      }, k.callbackDelayMs);
      this.timers.add(t);
    } else fire();
  }

  /** One callback now, whatever the knobs (the page's "call back again" and the tests). */
  send(inv: SimInvoice, p: SimPayment): Promise<void> {
    const url = new URL(inv.callbackUrl);
    url.searchParams.set('qpay_payment_id', p.id);
    const post = this.sim.knobs.callbackMethod === 'POST';
    const job = fetch(url, {
      method: post ? 'POST' : 'GET',
      headers: post ? { 'content-type': 'application/json' } : {},
      body: post ? JSON.stringify({ invoice_id: inv.id, payment_id: p.id }) : undefined,
      signal: AbortSignal.timeout(30_000),
    })
      .then(async (res) => {
        await res.arrayBuffer().catch(() => undefined);
        this.sim.callbackLog.push({ invoiceId: inv.id, paymentId: p.id, at: Date.now(), result: String(res.status) });
      })
      .catch((e: unknown) => {
        this.sim.callbackLog.push({ invoiceId: inv.id, paymentId: p.id, at: Date.now(), result: `failed: ${(e as Error).message}` });
      })
      .finally(() => this.inflight.delete(job));
    this.inflight.add(job);
    return job;
  }

  /** Callbacks still on their way (tests wait for them). */
  async settled(): Promise<void> {
    while (this.inflight.size > 0) await Promise.all([...this.inflight]);
  }

  close(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
