// Payout details and e-mail: a bearer token alone cannot change where withdrawals are paid or
// where password resets go; the old address is told; withdrawals to new payout details wait for
// the cooling-off time (settings.payoutCoolingHours) before they can be approved.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, errCode, setupApp, type TestUser } from './helpers/app';

const ctx = setupApp();
const U = '/api/v1/user';
const A = '/api/v1/admin';
const HOUR = 3600_000;

const patchMe = (as: TestUser, payload: Record<string, unknown>) => ctx.call({ method: 'PATCH', url: `${U}/me`, as, payload });
const me = async (as: TestUser) => (await ctx.call({ method: 'GET', url: `${U}/me`, as })).json();
const withdraw = async (as: TestUser, amount: number) => {
  const res = await ctx.call({ method: 'POST', url: `${U}/withdrawal`, as, payload: { amount } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const approve = async (id: number) => ctx.call({ method: 'PUT', url: `${A}/withdrawal/approve?withdrawalId=${id}`, as: await ctx.admin() });
const mailsTo = (addr: string) => ctx.mails.filter((m) => m.to === addr);

async function setCooling(hours: number) {
  const admin = await ctx.admin();
  const s = (await ctx.call({ method: 'GET', url: `${A}/settings`, as: admin })).json();
  const res = await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, payoutCoolingHours: hours } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('changing payout details or e-mail', () => {
  it('with the bearer token alone is refused (403 WRONG_PASSWORD) and changes nothing', async () => {
    const p = await ctx.player({ balance: 100_000 });
    const before = ctx.mails.length;
    for (const payload of [
      { bank: 'GOLOMT', accountNumber: '99999999' }, // the attack of the issue
      { accountNumber: '99999999' },
      { bank: 'GOLOMT' },
      { email: `thief_${p.username}@example.mn` },
      { bank: 'GOLOMT', accountNumber: '99999999', currentPassword: 'not-the-password1' },
      { email: `thief_${p.username}@example.mn`, currentPassword: 'not-the-password1' },
    ]) {
      const res = await patchMe(p, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(403);
      expect(errCode(res)).toBe('WRONG_PASSWORD');
    }
    expect(await me(p)).toMatchObject({
      bank: 'KHAN',
      accountNumber: '1234567890',
      email: `${p.username.toLowerCase()}@example.mn`,
      payoutChangedAt: null,
      payoutHoldUntil: null,
    });
    // The next withdrawal still goes to the registered account, with no hold.
    const w = await withdraw(p, 20_000);
    expect(w).toMatchObject({ bank: 'KHAN', accountNumber: '1234567890', holdUntil: null });
    expect(ctx.mails.length).toBe(before);
  });

  it('sending the unchanged values needs no password and starts no hold', async () => {
    const p = await ctx.player();
    const res = await patchMe(p, { email: `${p.username.toLowerCase()}@example.mn`, bank: 'KHAN', accountNumber: '1234567890' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ payoutChangedAt: null, payoutHoldUntil: null });
  });

  it('with the current password: changed, the cooling-off starts, and the old address is told in English and Mongolian', async () => {
    const p = await ctx.player();
    const oldEmail = `${p.username.toLowerCase()}@example.mn`;
    const t0 = Date.now();
    const res = await patchMe(p, { bank: 'GOLOMT', accountNumber: '99999999', currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ bank: 'GOLOMT', accountNumber: '99999999' });
    expect(Date.parse(body.payoutChangedAt)).toBeGreaterThanOrEqual(t0 - 5_000);
    // Default cooling-off: 24 hours from the change.
    expect(Date.parse(body.payoutHoldUntil) - Date.parse(body.payoutChangedAt)).toBe(24 * HOUR);
    expect(await me(p)).toMatchObject({ payoutHoldUntil: body.payoutHoldUntil });

    const [mail] = mailsTo(oldEmail);
    expect(mail.subject).toContain('Таны бүртгэлийн мэдээлэл өөрчлөгдлөө');
    expect(mail.text).toContain(`Hello ${p.username}`);
    expect(mail.text).toContain('Golomt Bank, account …9999');
    expect(mail.text).toContain('Голомт банк');
    expect(mail.text).toContain('Withdrawals to the new bank account can be paid from');
    expect(mail.text).toContain('Шинэ данс руу мөнгө шилжүүлэх боломжтой болох хугацаа');
    expect(mail.text).toContain('/auth/forgot-password');
    expect(mail.text).not.toContain('99999999'); // only the last digits
  });

  it('a new e-mail address: the notice goes to the OLD address and names the new one', async () => {
    const p = await ctx.player();
    const oldEmail = `${p.username.toLowerCase()}@example.mn`;
    const newEmail = `moved_${p.username.toLowerCase()}@example.mn`;
    const res = await patchMe(p, { email: newEmail, currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ email: newEmail, payoutChangedAt: null, payoutHoldUntil: null });
    const notice = mailsTo(oldEmail).find((m) => m.subject.includes('account details were changed'));
    expect(notice?.text).toContain(`e-mail address: now ${newEmail}`);
    expect(notice?.text).toContain(`имэйл хаяг: одоо ${newEmail}`);
    // The new address is unconfirmed until its owner opens the link mailed to it.
    expect(res.json().emailConfirmed).toBe(false);
    await ctx.services.auth.settled();
    expect(mailsTo(newEmail).some((m) => m.text.includes('/confirm-email?token='))).toBe(true);
  });

  it('a password change needs the current password too, and is also told', async () => {
    const p = await ctx.player();
    const res = await patchMe(p, { password: 'brandNew123', currentPassword: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const notice = mailsTo(`${p.username.toLowerCase()}@example.mn`).find((m) => m.subject.includes('account details were changed'));
    expect(notice?.text).toContain('- password');
    expect(notice?.text).toContain('- нууц үг');
  });
});

describe('withdrawals to new payout details', () => {
  it('requested during the cooling-off: accepted, held, approval refused until the hold ends; rejection allowed', async () => {
    const p = await ctx.player({ balance: 200_000 });
    const changed = (await patchMe(p, { accountNumber: '55556666', currentPassword: TEST_PASSWORD })).json();
    const w = await withdraw(p, 50_000);
    expect(w).toMatchObject({ accountNumber: '55556666', status: 'NOT_APPROVED', holdUntil: changed.payoutHoldUntil });

    const early = await approve(w.id);
    expect(early.statusCode).toBe(409);
    expect(errCode(early)).toBe('PAYOUT_COOLING_OFF');
    expect(early.json().error.message).toContain(changed.payoutHoldUntil);
    expect(early.json().error.details).toEqual([{ path: 'holdUntil', message: changed.payoutHoldUntil }]);
    // Nothing moved: still pending, still locked.
    const admin = await ctx.admin();
    const listed = (await ctx.call({ method: 'GET', url: `${A}/withdrawal?userId=${p.userId}`, as: admin })).json();
    expect(listed.items[0]).toMatchObject({ id: w.id, status: 'NOT_APPROVED', holdUntil: changed.payoutHoldUntil });
    expect(await me(p)).toMatchObject({ balance: 150_000, locked: 50_000 });

    // Support may reject it at once (a change the player did not make).
    const w2 = await withdraw(p, 20_000);
    const rej = await ctx.call({
      method: 'PUT',
      url: `${A}/withdrawal/reject?withdrawalId=${w2.id}`,
      as: admin,
      payload: { reason: 'Account change not confirmed' },
    });
    expect(rej.statusCode, rej.body).toBe(200);

    // Once the hold is over, the same withdrawal is approved.
    await ctx.services.db.execute(sql`UPDATE withdrawals SET hold_until = now() - interval '1 second' WHERE id = ${w.id}`);
    const late = await approve(w.id);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ status: 'APPROVED' });
    expect(await me(p)).toMatchObject({ balance: 150_000, locked: 0 });
  });

  it('requested before the change: no hold (it goes to the old details it copied)', async () => {
    const p = await ctx.player({ balance: 100_000 });
    const w = await withdraw(p, 30_000);
    expect((await patchMe(p, { bank: 'TDB', currentPassword: TEST_PASSWORD })).statusCode).toBe(200);
    expect(w).toMatchObject({ bank: 'KHAN', holdUntil: null });
    const ok = await approve(w.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ bank: 'KHAN', accountNumber: '1234567890', status: 'APPROVED' });
  });

  it('requested after the cooling-off ended: no hold', async () => {
    const p = await ctx.player({ balance: 100_000 });
    await patchMe(p, { bank: 'TDB', currentPassword: TEST_PASSWORD });
    await ctx.services.db.execute(sql`UPDATE users SET payout_hold_until = now() - interval '1 minute' WHERE id = ${p.userId}`);
    ctx.services.users.meCache.invalidate(p.userId);
    const w = await withdraw(p, 30_000);
    expect(w.holdUntil).toBeNull();
    expect((await approve(w.id)).statusCode).toBe(200);
  });

  it('the cooling-off is a setting: 0 means no hold; other values take effect for later changes', async () => {
    const admin = await ctx.admin();
    const s = (await ctx.call({ method: 'GET', url: `${A}/settings`, as: admin })).json();
    expect(s.payoutCoolingHours).toBe(24);
    for (const bad of [-1, 721, 1.5, '24']) {
      const res = await ctx.call({ method: 'PUT', url: `${A}/settings`, as: admin, payload: { ...s, payoutCoolingHours: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
    }
    try {
      await setCooling(0);
      const p = await ctx.player({ balance: 100_000 });
      const changed = (await patchMe(p, { accountNumber: '77778888', currentPassword: TEST_PASSWORD })).json();
      expect(changed.payoutChangedAt).not.toBeNull();
      const w = await withdraw(p, 20_000);
      expect(w.holdUntil).toBeNull();
      expect((await approve(w.id)).statusCode).toBe(200);

      await setCooling(72);
      const q = await ctx.player();
      const c2 = (await patchMe(q, { bank: 'XAC', currentPassword: TEST_PASSWORD })).json();
      expect(Date.parse(c2.payoutHoldUntil) - Date.parse(c2.payoutChangedAt)).toBe(72 * HOUR);
    } finally {
      await setCooling(24);
    }
  });

  it('support sees when the payout details changed and the hold on the user page', async () => {
    const p = await ctx.player();
    const changed = (await patchMe(p, { bank: 'GOLOMT', currentPassword: TEST_PASSWORD })).json();
    const admin = await ctx.admin();
    const u = (await ctx.call({ method: 'GET', url: `${A}/user?userId=${p.userId}`, as: admin })).json();
    expect(u).toMatchObject({ bank: 'GOLOMT', payoutChangedAt: changed.payoutChangedAt, payoutHoldUntil: changed.payoutHoldUntil });
  });
});
