// Money in by itself and matched by staff (issue 31), in real Chromium against the real server and
// its QPay simulator (tests/e2e/helpers/server.ts): a player on a phone deposits by QPay on the
// wallet's Deposit tab, pays on the simulator's page, and the balance moves without a reload; an
// administrator uploads the bank statement carrying the player's deposit code, confirms the line
// (credited once), makes the payout batch of an approved withdrawal and downloads its file, and
// the reconciliation shows the day matched.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ADMIN, api, adminToken, registerPlayer, PLAYER_PASSWORD } from './helpers/server';
import { money, muiSelect, screenshot, SIZES, sizeOptions } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();
const [desktop, phone] = SIZES;

async function signIn(browser: Browser, base: string, username: string, password: string, size = desktop): Promise<Page> {
  const context = await browser.newContext(sizeOptions(size));
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(base + '/auth/login');
  await page.getByTestId('login-form').waitFor();
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.getByTestId('login-submit').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
  return page;
}

/** Now in Ulaanbaatar (UTC+8) as the generic statement writes it, and the UTC day it falls on. */
function bookedNow(): { at: string; day: string } {
  const t = new Date(Date.now() - 5 * 60_000);
  const ub = new Date(t.getTime() + 8 * 3_600_000).toISOString();
  return { at: `${ub.slice(0, 10)} ${ub.slice(11, 16)}`, day: t.toISOString().slice(0, 10) };
}

describe('payments in the back office', () => {
  it('a QPay deposit on a phone, then a statement line matched, a payout batch exported and the day reconciled', async () => {
    const base = env.server.url;
    const name = `qp_${Date.now().toString(36).slice(-6)}`;
    const player = await registerPlayer(base, name);

    // ---- the player pays 50,000 ₮ by QPay: the invoice, the simulator's page, the balance by itself
    const page = await signIn(env.browser, base, name, PLAYER_PASSWORD, phone);
    await page.goto(base + '/profile');
    await page.getByTestId('qpay-form').waitFor();
    await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    await page.getByTestId('qpay-amount-input').fill('50000');
    await page.getByTestId('qpay-submit').click();
    await page.getByTestId('qpay-invoice').waitFor();
    expect(await page.getByTestId('qpay-status').textContent()).toBeTruthy();
    const payUrl = await page.getByTestId('qpay-page').getAttribute('href');
    expect(payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\//);
    const sim = await page.context().newPage();
    await sim.goto(payUrl!);
    await sim.getByTestId('sim-pay').click();
    await sim.waitForURL(/\/pay\//);
    await page.getByTestId('qpay-paid').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('wallet-balance').textContent(), { timeout: 10_000 }).toBe(money('50,000'));
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    await screenshot(page, 'payments-01-qpay-paid-phone');

    // ---- staff upload the bank statement with the player's deposit code and confirm the line
    const { at, day } = bookedNow();
    const csv = `date,amount,description,reference,counterparty\n${at},20000,poker ${player.depositCode},FT${Date.now()},5001112233\n`;
    const admin = await signIn(env.browser, base, ADMIN.username, ADMIN.password);
    await admin.goto(base + '/admin/statement/create');
    await muiSelect(admin, '.ra-input-bank', 'Khan Bank');
    await admin.getByTestId('statement-file').setInputFiles({ name: `khan-${name}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await admin.getByRole('button', { name: 'Upload a statement' }).click();
    await admin.waitForURL(/\/admin\/statement\/\d+\/show$/);
    const line = admin.locator('tr', { hasText: player.depositCode });
    await line.getByRole('button', { name: 'Confirm' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await admin.getByText(/^Line \d+ credited\.$/).waitFor();
    await line.getByText('Credited').waitFor();
    expect(await api(base, 'GET', '/api/v1/user/me', undefined, player.token)).toMatchObject({ balance: 70_000 });

    // ---- an approved withdrawal goes out in a payout batch: made for its bank, its file downloaded
    const token = await adminToken(base);
    const w = await api<{ id: number; code: string }>(base, 'POST', '/api/v1/user/withdrawal', { amount: 30_000 }, player.token);
    await api(base, 'PUT', `/api/v1/admin/withdrawal/approve?withdrawalId=${w.id}`, undefined, token);
    await admin.goto(base + '/admin/payoutBatch');
    await admin.getByTestId('create-batch-KHAN').click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Make a batch' }).click();
    await admin.waitForURL(/\/admin\/payoutBatch\/\d+\/show$/);
    await admin.getByTestId('batch-items').getByText(w.code).waitFor();
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('download-batch').click()]);
    expect(download.suggestedFilename()).toMatch(/^PB-[A-Z0-9]+-KHAN\.csv$/);
    const file = await download.createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      return text;
    });
    expect(file).toContain(`5012345678,${name},30000,MNT,${w.code} PB-`);

    // ---- the reconciliation shows the day, and this transfer matched: no difference names the player.
    // (Other files share this server and type deposits by hand, which are differences of the same
    // day and channel, so the day as a whole need not be matched.)
    await admin.goto(base + '/admin/reconciliation');
    const bankIn = admin.locator('tr', { hasText: day }).filter({ hasText: 'Bank in' });
    await bankIn.waitFor();
    await screenshot(admin, 'payments-02-reconciliation');
    const rows = await api<{ items: { id: string; status: string }[] }>(base, 'GET', `/api/v1/admin/reconciliation?from=${day}&to=${day}`, undefined, token);
    expect(rows.items.find((r) => r.id === `${day}:BANK_IN`)).toBeDefined();
    const diffs = await api<{ items: { userId: number | null; reference: string }[] }>(
      base,
      'GET',
      `/api/v1/admin/reconciliation/difference?day=${day}&channel=BANK_IN&perPage=100`,
      undefined,
      token,
    );
    expect(diffs.items.filter((d) => d.userId === player.userId || d.reference.includes(player.depositCode))).toEqual([]);
    await page.context().close();
    await admin.context().close();
  });
});
