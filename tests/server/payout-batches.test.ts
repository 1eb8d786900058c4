// Payout batches (docs/payments.md): approved withdrawals (the two-person rule unchanged) in one
// bulk-transfer file per payee bank; each withdrawal in exactly one batch (racing staff make one
// batch); marked paid out with the bank's reference; a batch cancelled gives its withdrawals back;
// the status rules are guarded updates backed by the database's CHECKs.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pgCode } from '../../src/server/db/client';
import type { BankCode } from '../../src/shared/api/enums';
import { errCode, setupApp } from './helpers/app';

const ctx = setupApp();
const A = '/api/v1/admin';

/** An approved withdrawal of a new player whose account is at `bank`. */
async function approved(bank: BankCode, amount = 20_000) {
  const p = await ctx.player({ balance: amount });
  await ctx.services.db.execute(sql`UPDATE users SET bank = ${bank}, account_number = ${`${bank.length}0${p.userId}`.padEnd(10, '7')} WHERE id = ${p.userId}`);
  const w = await ctx.services.withdrawals.createWithdrawal(p.userId, amount);
  const staff = await ctx.staff();
  await ctx.services.payouts.resolve({ ...staff, role: 'SUPPORT', ip: null }, w.id, 'APPROVED');
  return w;
}
const call = async (method: string, url: string, payload?: object) => ctx.call({ method: method as 'GET', url: `${A}${url}`, as: await ctx.staff(), payload });
const withdrawal = async (id: number) => (await ctx.services.withdrawals.withdrawal(id))!;

describe('payout batches', () => {
  it('one file per payee bank of the approved withdrawals only; a second batch finds nothing; racing staff make one', async () => {
    const k1 = await approved('KHAN', 20_000);
    const k2 = await approved('KHAN', 35_000);
    const g1 = await approved('GOLOMT', 15_000);
    const pending = await ctx.services.withdrawals.createWithdrawal((await ctx.player({ balance: 50_000 })).userId, 30_000);
    const due = (await call('GET', '/payout-batch/due')).json().banks;
    expect(due.find((b: { bank: string }) => b.bank === 'GOLOMT')).toMatchObject({ count: expect.any(Number) });

    const [r1, r2] = await Promise.all([call('POST', '/payout-batch', { bank: 'KHAN' }), call('POST', '/payout-batch', { bank: 'KHAN' })]);
    const made = [r1, r2].filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    expect(errCode([r1, r2].find((r) => r.statusCode !== 201)!)).toBe('NOTHING_TO_PAY');
    const batch = made[0].json();
    expect(batch.code).toMatch(/^PB-/);
    const mine = batch.items.filter((i: { withdrawalId: number }) => [k1.id, k2.id].includes(i.withdrawalId));
    expect(mine.map((i: { amount: number }) => i.amount).sort()).toEqual([20_000, 35_000]);
    expect(batch.items.some((i: { withdrawalId: number }) => i.withdrawalId === g1.id || i.withdrawalId === pending.id)).toBe(false);
    expect((await withdrawal(k1.id)).payoutBatch).toBe(batch.code);

    const file = (await call('GET', `/payout-batch/${batch.id}/file`)).json();
    expect(file.filename).toBe(`${batch.code}-KHAN.csv`);
    const rows = file.content.trim().split('\r\n');
    expect(rows[0]).toBe('payee_account,payee_name,amount,currency,description');
    expect(rows.find((r: string) => r.includes(k2.code))).toMatch(new RegExp(`^\\d+,[^,]+,35000,MNT,${k2.code} ${batch.code} Mongol Poker payout$`));
    expect((await call('GET', `/payout-batch/${batch.id}`)).json().exportedAt).not.toBeNull();
  });

  it('a withdrawal of an account held or frozen since its approval waits outside every batch', async () => {
    const held = await approved('CAPITRON', 21_000);
    const frozen = await approved('CAPITRON', 22_000);
    const free = await approved('CAPITRON', 23_000);
    const admin = await ctx.admin();
    await ctx.services.db.execute(sql`UPDATE users SET hold_reason = 'review', hold_since = now(), hold_by = ${admin.userId} WHERE id = ${held.userId}`);
    await ctx.services.db.execute(
      sql`INSERT INTO integrity_standing (user_id, standing, reason, set_by) VALUES (${frozen.userId}, 'frozen', 'case', ${admin.userId})`,
    );
    const b = (await call('POST', '/payout-batch', { bank: 'CAPITRON' })).json();
    const ids = b.items.map((i: { withdrawalId: number }) => i.withdrawalId);
    expect(ids).toContain(free.id);
    expect(ids).not.toContain(held.id);
    expect(ids).not.toContain(frozen.id);
    const chosen = await call('POST', '/payout-batch', { bank: 'CAPITRON', withdrawalIds: [frozen.id] });
    expect(errCode(chosen)).toBe('NOTHING_TO_PAY');
  });

  it('marked paid with the bank reference: its withdrawals are paid out; then it can be neither paid nor cancelled again', async () => {
    const w = await approved('XAC');
    const b = (await call('POST', '/payout-batch', { bank: 'XAC', withdrawalIds: [w.id] })).json();
    const paid = await call('POST', `/payout-batch/${b.id}/paid`, { bankReference: 'XAC-BULK-2026-1128-01' });
    expect(paid.json()).toMatchObject({ status: 'PAID', bankReference: 'XAC-BULK-2026-1128-01', paidBy: expect.any(String) });
    expect(await withdrawal(w.id)).toMatchObject({ payoutBatch: b.code, paidOutReference: 'XAC-BULK-2026-1128-01', paidOutAt: expect.any(String) });
    expect(errCode(await call('POST', `/payout-batch/${b.id}/paid`, { bankReference: 'again' }))).toBe('ALREADY_RESOLVED');
    expect(errCode(await call('POST', `/payout-batch/${b.id}/cancel`, { reason: 'late' }))).toBe('ALREADY_RESOLVED');
    // Paid out: in no later batch.
    expect(errCode(await call('POST', '/payout-batch', { bank: 'XAC', withdrawalIds: [w.id] }))).toBe('NOTHING_TO_PAY');
    const audit = (await ctx.call({ method: 'GET', url: `${A}/audit?action=payout_batch.paid&objectId=${b.code}`, as: await ctx.admin() })).json();
    expect(audit.total).toBe(1);
  });

  it('a cancelled batch gives its withdrawals back to approved; the next batch takes them; its file is gone', async () => {
    const w = await approved('TDB');
    const first = (await call('POST', '/payout-batch', { bank: 'TDB', withdrawalIds: [w.id] })).json();
    const cancelled = await call('POST', `/payout-batch/${first.id}/cancel`, { reason: 'The bank refused the file' });
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', cancelReason: 'The bank refused the file' });
    expect((await withdrawal(w.id)).payoutBatch).toBeNull();
    expect((await call('GET', `/payout-batch/${first.id}/file`)).statusCode).toBe(409);
    const second = (await call('POST', '/payout-batch', { bank: 'TDB', withdrawalIds: [w.id] })).json();
    expect((await withdrawal(w.id)).payoutBatch).toBe(second.code);
    expect((await call('GET', `/payout-batch/${first.id}`)).json().items).toEqual([expect.objectContaining({ withdrawalId: w.id, active: false })]);
  });

  it('only approved withdrawals: a large one with one approval of two waits; one not approved cannot be listed', async () => {
    const threshold = await ctx.services.withdrawals.threshold();
    const p = await ctx.player({ balance: threshold + 10_000 });
    await ctx.services.db.execute(sql`UPDATE users SET bank = 'STATE' WHERE id = ${p.userId}`);
    const big = await ctx.services.withdrawals.createWithdrawal(p.userId, threshold + 10_000);
    await ctx.services.payouts.resolve({ ...(await ctx.staff()), role: 'SUPPORT', ip: null }, big.id, 'APPROVED'); // first of two
    expect((await call('POST', '/payout-batch', { bank: 'STATE', withdrawalIds: [big.id] })).statusCode).toBe(409);
    expect((await ctx.services.withdrawals.withdrawal(big.id))!.payoutBatch).toBeNull();
  });

  it('the database refuses what the rules forbid', async () => {
    const w = await approved('BOGD');
    const b = (await call('POST', '/payout-batch', { bank: 'BOGD' })).json();
    const refuse = async (q: ReturnType<typeof sql>) =>
      pgCode(
        await ctx.services.db.execute(q).then(
          () => null,
          (e: unknown) => e,
        ),
      );
    expect(await refuse(sql`UPDATE payout_batches SET status = 'PAID' WHERE id = ${b.id}`)).toBe('23514'); // no reference
    expect(await refuse(sql`UPDATE payout_batches SET status = 'CANCELLED' WHERE id = ${b.id}`)).toBe('23514'); // no reason
    const pending = await ctx.services.withdrawals.createWithdrawal((await ctx.player({ balance: 30_000 })).userId, 20_000);
    expect(await refuse(sql`UPDATE withdrawals SET payout_batch_id = ${b.id} WHERE id = ${pending.id}`)).toBe('23514');
    expect(await refuse(sql`UPDATE withdrawals SET paid_out_at = now() WHERE id = ${w.id}`)).toBe('23514'); // without a reference
    const other = await ctx.services.db.execute(
      sql`INSERT INTO payout_batches (code, bank, item_count, total, created_by) VALUES ('PB-TESTTEST', 'BOGD', 1, 1, ${(await ctx.admin()).userId}) RETURNING id`,
    );
    const otherId = (other.rows[0] as { id: number }).id;
    expect(await refuse(sql`INSERT INTO payout_batch_items (batch_id, withdrawal_id, amount, account_number) VALUES (${otherId}, ${w.id}, 1, '1')`)).toBe(
      '23505',
    );
  });
});
