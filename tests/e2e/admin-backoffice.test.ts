// The back office in real Chromium against the real server (embedded PGlite, built dist/; the
// server and browser the e2e files share):
// an administrator signs in on the player app's login page, opens /admin, credits a deposit,
// approves one withdrawal and rejects another, creates a table that then shows in the lobby;
// a player who opens /admin lands on `/`.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, api, registerPlayer } from './helpers/server';
import { screenshot, money } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();

interface Withdrawal {
  id: number;
  code: string;
  status: string;
  amount: number;
}

async function newPage(): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  return page;
}

/** The row of a list (react-admin Datagrid) that contains `text`. */
const row = (page: Page, text: string) => page.locator('tr', { hasText: text });

describe('admin back office', () => {
  it('an administrator credits, pays out, refuses and opens a table', async () => {
    const base = env.server.url;
    const stamp = Date.now().toString(36).slice(-6);
    const player = `pl_${stamp}`;
    const playerToken = (await registerPlayer(env.server.url, player, 'Secret1234')).token;
    const page = await newPage();

    // ---- sign in on the player app, then open the back office
    await page.goto(base + '/auth/login');
    await page.getByTestId('login-form').waitFor();
    await page.fill('input[name="username"]', ADMIN.username);
    await page.fill('input[name="password"]', ADMIN.password);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    await page.goto(base + '/admin');
    await page.waitForURL(/\/admin\/user$/);
    await page.getByTestId('admin-title').waitFor();
    expect(await page.getByTestId('admin-title').textContent()).toBe('Admin Panel');
    await row(page, player).waitFor();
    await screenshot(page, 'admin-01-users');

    // ---- credit a deposit by username; the user's page shows the new balance
    await page.goto(base + '/admin/deposit/create');
    await page.fill('input[name="who"]', player);
    await page.getByTestId('deposit-recipient').waitFor();
    await page.fill('input[name="amount"]', '200000');
    await page.fill('textarea[name="note"]', 'Khan Bank transfer 2026-01-05');
    await screenshot(page, 'admin-02-deposit-form');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/user\/\d+\/show/);
    await page.getByText(`New balance: ${money('200,000')}`).waitFor();
    await expect.poll(() => page.getByTestId('user-balance').textContent()).toBe(money('200,000'));
    await screenshot(page, 'admin-03-user-after-deposit');
    const me = await api<{ balance: number }>(base, 'GET', '/api/v1/user/me', undefined, playerToken);
    expect(me.balance).toBe(200_000);

    // ---- two withdrawal requests from the player
    const w1 = await api<Withdrawal>(base, 'POST', '/api/v1/user/withdrawal', { amount: 50_000 }, playerToken);
    const w2 = await api<Withdrawal>(base, 'POST', '/api/v1/user/withdrawal', { amount: 30_000 }, playerToken);

    // ---- the queue: approve the first, reject the second with a reason
    // Through the menu: its links stay under /admin and the entry lights up.
    await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await page.waitForURL(/\/admin\/withdraw/);
    // react-router 7 navigates inside startTransition: the URL changes before React commits the
    // new page (and the highlight), so on a busy machine the class arrives later: poll for it.
    await expect.poll(() => page.getByRole('menuitem', { name: 'Withdrawals' }).getAttribute('class')).toContain('RaMenuItemLink-active');
    await row(page, w1.code).waitFor();
    await row(page, w2.code).waitFor();
    expect(await row(page, w1.code).textContent()).toContain('5012345678'); // pay-to account beside the row
    await screenshot(page, 'admin-04-withdrawal-queue');

    await row(page, w1.code).getByRole('button', { name: 'Approve' }).click();
    const approveDialog = page.getByRole('dialog');
    await approveDialog.waitFor();
    expect(await approveDialog.textContent()).toContain(money('50,000'));
    await screenshot(page, 'admin-05-approve-confirm');
    await approveDialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Withdrawal ${w1.code} approved`).waitFor();
    // The default filter shows waiting requests only: the approved one leaves the queue.
    await row(page, w1.code).waitFor({ state: 'detached' });

    await row(page, w2.code).getByRole('button', { name: 'Reject' }).click();
    const rejectDialog = page.getByRole('dialog');
    await rejectDialog.waitFor();
    await rejectDialog.getByLabel('Reason').fill('Account name does not match');
    await screenshot(page, 'admin-06-reject-reason');
    await rejectDialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText(`Withdrawal ${w2.code} rejected`).waitFor();
    await row(page, w2.code).waitFor({ state: 'detached' });

    const mine = await api<{ items: Withdrawal[] }>(base, 'GET', '/api/v1/user/withdrawal', undefined, playerToken);
    const status = Object.fromEntries(mine.items.map((w) => [w.code, w.status]));
    expect(status[w1.code]).toBe('APPROVED');
    expect(status[w2.code]).toBe('REJECTED');
    const after = await api<{ balance: number; locked: number }>(base, 'GET', '/api/v1/user/me', undefined, playerToken);
    expect(after).toMatchObject({ balance: 150_000, locked: 0 });

    // ---- all resolved requests, with who resolved them
    await page.goto(base + '/admin/withdraw?filter=%7B%7D');
    await row(page, w1.code).waitFor();
    expect(await row(page, w1.code).textContent()).toContain(ADMIN.username);
    expect(await row(page, w2.code).textContent()).toContain('Account name does not match');
    await screenshot(page, 'admin-07-withdrawals-resolved');

    // ---- a new table, then seen in the lobby
    const tableName = `E2E Omaha ${stamp}`;
    await page.goto(base + '/admin/table/create');
    await page.fill('input[name="name"]', tableName);
    await page.locator('.ra-input-variant [role="combobox"]').click();
    await page.getByRole('option', { name: 'Pot-limit Omaha', exact: true }).click();
    await page.fill('input[name="maxPlayers"]', '6');
    // A wrong order of blinds is refused in the form.
    await page.fill('input[name="smallBlind"]', '2000');
    await page.fill('input[name="bigBlind"]', '1000');
    await page.fill('input[name="minBuyIn"]', '40000');
    await page.fill('input[name="maxBuyIn"]', '200000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The small blind must be below the big blind').waitFor();
    await screenshot(page, 'admin-08-table-form-invalid');
    await page.fill('input[name="smallBlind"]', '500');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/table$/);
    await row(page, tableName).waitFor();
    await screenshot(page, 'admin-09-tables');
    const lobby = await api<{ items: { name: string; variant: string; maxPlayers: number }[] }>(base, 'GET', '/api/v1/user/table?perPage=100');
    expect(lobby.items.find((t) => t.name === tableName)).toMatchObject({ variant: 'PO', maxPlayers: 6 });

    // ---- the table's page (its finished hands; none yet)
    await row(page, tableName).click();
    await page.waitForURL(/\/admin\/table\/\d+$/);
    await page.getByRole('heading', { name: 'Finished hands' }).waitFor();
    await screenshot(page, 'admin-10-table-page');

    // ---- the dashboard
    await page.goto(base + '/admin/dashboard');
    await page.getByTestId('tile-pending').waitFor();
    await screenshot(page, 'admin-11-dashboard');

    // ---- Mongolian
    await page.goto(base + '/admin/withdraw?lng=mn');
    await page.getByText('Мөнгө татах').first().waitFor();
    await screenshot(page, 'admin-12-withdrawals-mn');
    await page.context().close();
  });

  it('a player who opens /admin lands on the home page', async () => {
    const base = env.server.url;
    const token = (await registerPlayer(env.server.url, `pp_${Date.now().toString(36).slice(-6)}`, 'Secret1234')).token;
    const page = await newPage();
    await page.goto(base + '/');
    await page.evaluate((t) => localStorage.setItem('accessToken', t), token);
    await page.goto(base + '/admin/withdraw');
    await page.waitForURL((u) => u.pathname === '/');
    // Still signed in as a player: the admin page did not take the token away.
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBe(token);
    await screenshot(page, 'admin-13-player-sent-home');

    // And nobody signed in at all.
    await page.evaluate(() => localStorage.removeItem('accessToken'));
    await page.goto(base + '/admin');
    await page.waitForURL((u) => u.pathname === '/');
    await page.context().close();
  });
});
