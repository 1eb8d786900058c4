// Reconciliation (docs/payments.md): per day and channel, what QPay (its own payment list, over
// HTTP from the simulator) and the bank statements say came in and went out against the ledger;
// every difference listed, the alert counting them, and each going away when staff act on it.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errCode, setupApp, type TestUser } from './helpers/app';
import { callback, listenForCallbacks, newInvoice, qpayHarness, qpayId } from './helpers/qpay';

const h = qpayHarness();
const ctx = setupApp({
  get qpay() {
    return h.options;
  },
});
listenForCallbacks(ctx, h);

const A = '/api/v1/admin';
const today = new Date().toISOString().slice(0, 10);
type Diff = { kind: string; reference: string; channel: string; amount: number };

const get = async (url: string) => (await ctx.call({ method: 'GET', url: `${A}${url}`, as: await ctx.admin() })).json();
const differences = async (): Promise<Diff[]> => (await get(`/reconciliation/difference?day=${today}&perPage=100`)).items;
const row = async (channel: string) => (await get(`/reconciliation?from=${today}&to=${today}&channel=${channel}`)).items[0];
const refresh = async () => ctx.call({ method: 'POST', url: `${A}/reconciliation/refresh`, as: await ctx.admin() });
const alerts = async () => {
  ctx.app.payments.reconciliation.invalidate();
  return (await get('/reconciliation/alerts')).differences;
};
const codeOf = async (p: TestUser) => (await ctx.services.userAdmin.adminUser(p.userId))!.depositCode;
/** A generic statement of today (Ulaanbaatar noon: the same UTC day), its first line `from` that day if given. */
const statement = async (lines: [number, string][], from?: string) =>
  ctx.call({
    method: 'POST',
    url: `${A}/statement`,
    as: await ctx.staff(),
    payload: {
      bank: 'KHAN',
      format: 'GENERIC',
      filename: `r${Math.random()}.csv`,
      content: [
        'date,amount,description,reference,counterparty',
        ...lines.map(([a, d], i) => `${i === 0 && from ? from : today} 12:${String(i).padStart(2, '0')},${a},${d},,`),
      ].join('\n'),
    },
  });

describe('reconciliation', () => {
  it('QPay: its own list against the ledger; held, refused and unrecorded payments are differences until staff act', async () => {
    h.sim.setKnobs({ dropCallbacks: true });
    const p = await ctx.player();
    const [ok, over, missed, usd] = [
      await newInvoice(ctx, p, 10_000),
      await newInvoice(ctx, p, 20_000),
      await newInvoice(ctx, p, 30_000),
      await newInvoice(ctx, p, 5_000),
    ];
    h.sim.pay(qpayId(h, ok));
    h.sim.pay(qpayId(h, over));
    h.sim.pay(qpayId(h, over), { amount: 20_000, force: true });
    h.sim.pay(qpayId(h, missed)); // the room never hears of it
    h.sim.pay(qpayId(h, usd), { currency: 'USD' });
    for (const inv of [ok, over, usd]) await callback(h, inv);
    expect((await refresh()).json().fetched).toBeGreaterThanOrEqual(5);

    const kinds = (await differences()).filter((d) => d.channel === 'QPAY_IN').map((d) => [d.kind, d.amount]);
    expect(kinds.sort()).toEqual(
      [
        ['qpay_held', 20_000],
        ['qpay_not_recorded', 30_000],
        ['qpay_refused', 5_000],
      ].sort(),
    );
    const q = await row('QPAY_IN');
    expect(q).toMatchObject({ status: 'DIFFERENCES', differences: 3 });
    expect(q.external - q.ledger).toBe(q.difference);
    expect(await alerts()).toBeGreaterThanOrEqual(3);

    // Staff act: the held one credited, the refused one noted as returned, QPay asked about the missed invoice.
    const payments = (await get(`/qpay/payment?userId=${p.userId}&perPage=50`)).items as { id: string; decision: string }[];
    const held = payments.find((x) => x.decision === 'HELD')!;
    const refused = payments.find((x) => x.decision === 'REFUSED')!;
    const staff = await ctx.staff();
    const review = (id: string, decision: string) =>
      ctx.call({ method: 'PUT', url: `${A}/qpay/payment/review?paymentId=${id}`, as: staff, payload: { decision, reason: 'Done' } });
    expect(errCode(await review(refused.id, 'CREDIT'))).toBe('CONFLICT');
    expect((await review(refused.id, 'REFUSE')).statusCode).toBe(200);
    expect((await review(held.id, 'CREDIT')).statusCode).toBe(200);
    const missedRow = (await get(`/qpay/invoice?ref=${missed.ref}`)).items[0];
    await ctx.call({ method: 'PUT', url: `${A}/qpay/invoice/check?invoiceId=${missedRow.id}`, as: staff });
    expect((await differences()).filter((d) => d.channel === 'QPAY_IN')).toEqual([]);
    expect(await row('QPAY_IN')).toMatchObject({ status: 'OK', differences: 0 });
  });

  it('bank: lines not credited, money out nobody explains, hand-typed deposits without a line; each cleared by staff', async () => {
    const p = await ctx.player();
    const q = await ctx.player();
    const admin = await ctx.admin();
    const manual = await ctx.services.wallet.createDeposit(admin.userId, { userId: q.userId, amount: 77_000 });
    const st = (
      await statement([
        [55_000, `poker ${await codeOf(p)}`],
        [77_000, `from q ${await codeOf(q)}`],
        [-1_500, 'Bank fee'],
      ])
    ).json();
    const lines = (await get(`/statement-line?statementId=${st.id}&sort=lineNo&order=ASC`)).items as { id: number }[];
    const mine = (await differences()).filter(
      (d) =>
        d.reference === `line-${lines[0].id}` || d.reference === `line-${lines[1].id}` || d.reference === `line-${lines[2].id}` || d.reference === manual.code,
    );
    expect(mine.map((d) => d.kind).sort()).toEqual(['bank_not_credited', 'bank_not_credited', 'bank_out_unexplained', 'deposit_without_line']);
    expect((await row('BANK_IN')).status).toBe('DIFFERENCES');

    const act = (what: string, id: number, payload: object) => ctx.call({ method: 'PUT', url: `${A}/statement-line/${what}?lineId=${id}`, as: admin, payload });
    await act('confirm', lines[0].id, {});
    await act('link', lines[1].id, { depositId: manual.id });
    await act('ignore', lines[2].id, { reason: 'Monthly bank fee' });
    const left = (await differences()).filter((d) => [`line-${lines[0].id}`, `line-${lines[1].id}`, `line-${lines[2].id}`, manual.code].includes(d.reference));
    expect(left).toEqual([]);
  });

  it('payouts: a paid batch the statements do not show, a payout of another amount; matched by the codes in the bank line', async () => {
    const p = await ctx.player({ balance: 60_000 });
    const w = await ctx.services.withdrawals.createWithdrawal(p.userId, 40_000);
    const admin = { ...(await ctx.admin()), role: 'ADMIN' as const, ip: null };
    await ctx.services.payouts.resolve({ ...(await ctx.staff()), role: 'SUPPORT', ip: null }, w.id, 'APPROVED');
    const b = await ctx.app.payments.payoutBatches.create(admin, 'KHAN', [w.id]);
    await ctx.app.payments.payoutBatches.markPaid(admin, b.id, 'KHAN-BULK-1');
    // Paid out three days ago; today's statement does not show it.
    await ctx.services.db.execute(sql`UPDATE withdrawals SET paid_out_at = now() - interval '3 days' WHERE id = ${w.id}`);
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await statement(
      [
        [10, 'interest'],
        [11, 'interest'],
      ],
      threeDaysAgo,
    ); // the statements now cover three days
    const old = async () => (await get(`/reconciliation/difference?from=${threeDaysAgo}&to=${today}&perPage=100`)).items as Diff[];
    expect((await old()).find((d) => d.reference === w.code)).toMatchObject({ kind: 'payout_not_on_statement', amount: 40_000 });
    // The bank's line names the batch, with another amount; then the right one.
    const wrong = (await statement([[-39_000, `${b.code} bulk`]])).json();
    expect((await old()).find((d) => d.kind === 'bank_out_amount')).toMatchObject({ amount: -1_000 });
    const wrongLine = (await get(`/statement-line?statementId=${wrong.id}`)).items[0];
    await ctx.call({ method: 'PUT', url: `${A}/statement-line/ignore?lineId=${wrongLine.id}`, as: await ctx.admin(), payload: { reason: 'Bank reversed it' } });
    await statement([[-40_000, `${w.code} payout`]]);
    const after = await old();
    expect(after.find((d) => d.reference === w.code)).toBeUndefined();
    expect(after.find((d) => d.kind === 'bank_out_amount')).toBeUndefined();
  });

  it('rejects a range the wrong way round; days without outside records are NO_DATA', async () => {
    expect((await ctx.call({ method: 'GET', url: `${A}/reconciliation?from=2026-02-02&to=2026-02-01`, as: await ctx.admin() })).statusCode).toBe(400);
    const rows = (await get('/reconciliation?from=2020-01-01&to=2020-01-02')).items;
    expect(rows).toHaveLength(6);
    expect(rows.every((r: { status: string; external: number | null }) => r.status === 'NO_DATA' && r.external === null)).toBe(true);
  });
});
