// A support agent's day on a 1280×800 laptop, in real Chromium against the real server: a large
// withdrawal (above the two-person threshold) that an administrator approved first is paid by a
// SUPPORT user; Approve and Reject are on screen without sideways scrolling, both names are shown,
// the user list fits, the user page labels its figures, and what support may not do is not offered.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, adminToken, api, registerPlayer, PLAYER_PASSWORD } from './helpers/server';
import { hasHorizontalScroll, screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();

const WIDTH = 1280;
const HEIGHT = 800;

interface Withdrawal {
  id: number;
  code: string;
  status: string;
  approvedBy: string | null;
  firstApprovedBy?: string | null;
}

/** Fully inside the 1280×800 window: nothing to scroll to, sideways or down. */
async function onScreen(l: Locator): Promise<void> {
  await l.scrollIntoViewIfNeeded();
  const box = await l.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  // Half a pixel of sub-pixel layout (fractional widths round) is not an edge out of sight.
  expect(box!.x).toBeGreaterThanOrEqual(-0.5);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
  expect(box!.y + box!.height).toBeLessThanOrEqual(HEIGHT + 0.5);
}

/** The page and its main area cannot scroll sideways. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .filter((e) => ![...e.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 1))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} "${(e.textContent ?? '').slice(0, 40)}" right=${Math.round(e.getBoundingClientRect().right)}`),
  );
  expect(await hasHorizontalScroll(page), overflowing.join('; ')).toBe(false);
  const wider = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.RaList-main, .MuiTableContainer-root, .RaDatagrid-tableWrapper, main')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => {
        const columns = [...e.querySelectorAll('thead th')].map((th) => `${(th.textContent ?? '').trim()} ${Math.round(th.getBoundingClientRect().width)}`);
        return `${e.className} ${e.scrollWidth}>${e.clientWidth}${columns.length ? ` (${columns.join(', ')})` : ''}`;
      }),
  );
  expect(wider).toEqual([]);
}

const row = (page: Page, text: string) => page.locator('tr', { hasText: text });

describe('support on a laptop', () => {
  it('a SUPPORT user pays a large withdrawal that an ADMIN approved first, every button on screen', async () => {
    const base = env.server.url;
    const stamp = Date.now().toString(36).slice(-6);
    const admin = await adminToken(base);
    const support = `sup_${stamp}`;
    const supportUser = await registerPlayer(env.server.url, support);
    await api(base, 'PATCH', `/api/v1/admin/user/role?userId=${supportUser.userId}`, { role: 'SUPPORT' }, admin);
    const player = `big_${stamp}`;
    const p = await registerPlayer(env.server.url, player);
    const settings = await api<{ twoPersonThreshold: number }>(base, 'GET', '/api/v1/admin/settings', undefined, admin);
    const amount = settings.twoPersonThreshold + 500_000;
    await api(base, 'POST', '/api/v1/admin/deposit', { username: player, amount: amount + 100_000 }, admin);
    const w = await api<Withdrawal>(base, 'POST', '/api/v1/user/withdrawal', { amount }, p.token);
    const first = await api<Withdrawal>(base, 'PUT', `/api/v1/admin/withdrawal/approve?withdrawalId=${w.id}`, undefined, admin);
    // Another one in the queue with everything a row can show: a payout hold after a bank change.
    const q = await registerPlayer(env.server.url, `held_${stamp}`);
    await api(base, 'POST', '/api/v1/admin/deposit', { username: `held_${stamp}`, amount: 300_000 }, admin);
    await api(base, 'PATCH', '/api/v1/user/me', { bank: 'GOLOMT', accountNumber: '99887766554433221100', currentPassword: PLAYER_PASSWORD }, q.token);
    const held = await api<Withdrawal & { holdUntil: string | null }>(base, 'POST', '/api/v1/user/withdrawal', { amount: 250_000 }, q.token);
    expect(held.holdUntil).not.toBeNull();
    expect(first).toMatchObject({ status: 'NOT_APPROVED', firstApprovedBy: ADMIN.username });
    // The widest a user row gets: a 20-letter username of wide letters, its e-mail, a balance in hundreds of millions.
    const wide = `${'w'.repeat(13)}_${stamp}`;
    await registerPlayer(env.server.url, wide);
    await api(base, 'POST', '/api/v1/admin/deposit', { username: wide, amount: 987_654_321 }, admin);

    // ---- the support agent signs in on the player app and opens the queue
    const context = await env.browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, locale: 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(base + '/auth/login');
    await page.getByTestId('login-form').waitFor();
    await page.fill('input[name="username"]', support);
    await page.fill('input[name="password"]', PLAYER_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    // ---- the users list fits, "Registered" and the pagination included, the widest row too (cut)
    await page.goto(base + '/admin');
    await page.waitForURL(/\/admin\/user$/);
    await row(page, player).waitFor();
    await row(page, wide).waitFor();
    await onScreen(page.getByRole('columnheader', { name: 'Registered' }));
    await onScreen(page.locator('.MuiTablePagination-root').first());
    await noSidewaysScroll(page);
    expect(await row(page, wide).getByTitle(wide, { exact: true }).count(), 'the cut username, whole in its tooltip').toBe(1);
    // Support sees no settings, content, audit or reports in the menu.
    for (const name of ['Settings', 'Content', 'Audit trail', 'Reports', 'Dashboard']) expect(await page.getByRole('menuitem', { name }).count()).toBe(0);
    await screenshot(page, 'admin-support-01-users-1280');

    // ---- the queue: the row shows the first approval; Approve (2 of 2) and Reject are on screen
    await page.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await page.waitForURL(/\/admin\/withdraw/);
    const r = row(page, w.code);
    await r.waitFor();
    expect(await r.getByTestId('withdrawal-approvals').textContent()).toContain(`1. ${ADMIN.username}`);
    const approve = r.getByRole('button', { name: 'Approve 2/2' });
    const reject = r.getByRole('button', { name: 'Reject' });
    await onScreen(approve);
    await onScreen(reject);
    const heldRow = row(page, held.code);
    await heldRow.getByTestId('withdrawal-hold').waitFor();
    await onScreen(heldRow.getByRole('button', { name: 'Approve' }));
    await onScreen(heldRow.getByRole('button', { name: 'Reject' }));
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-02-queue-1280');

    await approve.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`${ADMIN.username} gave the first approval`);
    const confirm = dialog.getByRole('button', { name: 'Approve' });
    await onScreen(confirm);
    await onScreen(dialog.getByRole('button', { name: 'Cancel' }));
    await screenshot(page, 'admin-support-03-confirm-1280');
    await confirm.click();
    await page.getByText(`Withdrawal ${w.code} approved`).waitFor();
    await row(page, w.code).waitFor({ state: 'detached' });

    const paid = (await api<{ items: Withdrawal[] }>(base, 'GET', `/api/v1/admin/withdrawal?username=${player}`, undefined, admin)).items[0];
    expect(paid).toMatchObject({ status: 'APPROVED', firstApprovedBy: ADMIN.username, approvedBy: support });
    expect(await api(base, 'GET', '/api/v1/user/me', undefined, p.token)).toMatchObject({ balance: 100_000, locked: 0 });

    // ---- in Mongolian the longer words fit too (the held request is still waiting)
    await page.goto(base + '/admin/withdraw?lng=mn');
    const mnRow = row(page, held.code);
    await mnRow.waitFor();
    await onScreen(mnRow.getByRole('button', { name: 'Зөвшөөрөх' }));
    await onScreen(mnRow.getByRole('button', { name: 'Татгалзах' }));
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-03b-queue-mn-1280');
    await page.goto(base + '/admin/withdraw?lng=en');
    await page.getByRole('menuitem', { name: 'Withdrawals' }).waitFor();

    // ---- resolved: both names on the row
    await page.goto(base + '/admin/withdraw?filter=%7B%7D');
    const done = row(page, w.code);
    await done.waitFor();
    const names = await done.getByTestId('withdrawal-approvals').textContent();
    expect(names).toContain(`1. ${ADMIN.username}`);
    expect(names).toContain(`2. ${support}`);
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-04-resolved-1280');

    // ---- the player's page: labelled figures, the trail of both approvals, no role or delete buttons
    await page.goto(`${base}/admin/user/${p.userId}/show`);
    await page.getByTestId('user-balance').waitFor();
    const labels = await page.locator('.RaLabeled-label').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Balance', 'Locked']));
    await onScreen(page.getByTestId('user-balance'));
    await onScreen(page.getByTestId('user-locked'));
    await onScreen(page.getByTestId('hold-button'));
    expect(await page.getByRole('button', { name: /make administrator/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-05-user-1280');
    await page.getByRole('tab', { name: 'Audit trail' }).click();
    await page.getByText('Withdrawal: first approval').waitFor();
    await page.getByText('Withdrawal approved (paid)').waitFor();
    await screenshot(page, 'admin-support-06-user-trail-1280');
    await context.close();
  });

  it('an ADMIN reads the reports (chart, CSV) and the audit trail (filter, CSV) at 1280×800', async () => {
    const base = env.server.url;
    const token = await adminToken(base);
    // Its own money moves: a deposit and the first approval of a large withdrawal.
    const name = `rep_${Date.now().toString(36).slice(-6)}`;
    const p = await registerPlayer(env.server.url, name);
    const { twoPersonThreshold } = await api<{ twoPersonThreshold: number }>(base, 'GET', '/api/v1/admin/settings', undefined, token);
    await api(base, 'POST', '/api/v1/admin/deposit', { username: name, amount: twoPersonThreshold + 10_000 }, token);
    const w = await api<Withdrawal>(base, 'POST', '/api/v1/user/withdrawal', { amount: twoPersonThreshold + 10_000 }, p.token);
    await api(base, 'PUT', `/api/v1/admin/withdrawal/approve?withdrawalId=${w.id}`, undefined, token);
    const context = await env.browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(base + '/');
    await page.evaluate((t) => localStorage.setItem('accessToken', t), token);

    const csv = async () => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      const chunks: Buffer[] = [];
      for await (const c of await download.createReadStream()) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    };

    await page.goto(base + '/admin/report');
    const today = new Date().toISOString().slice(0, 10);
    await row(page, today).waitFor();
    await page.getByTestId('report-chart').locator('svg').first().waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-07-reports-1280');
    const reportCsv = await csv();
    expect(reportCsv.split('\n')[0]).toContain('deposits');
    expect(reportCsv).toContain(today);

    await page.goto(base + '/admin/audit');
    await page.getByText('Withdrawal: first approval').first().waitFor();
    await noSidewaysScroll(page);
    await screenshot(page, 'admin-support-08-audit-1280');
    const auditCsv = await csv();
    expect(auditCsv.split('\n')[0]).toContain('actor');
    expect(auditCsv).toContain('withdrawal.first_approval');
    // Filtered by action: only first approvals (the URL keeps react-admin's filter).
    await page.goto(`${base}/admin/audit?filter=${encodeURIComponent(JSON.stringify({ action: 'withdrawal.first_approval' }))}`);
    await page.getByRole('cell', { name: 'Withdrawal: first approval' }).first().waitFor();
    expect(await page.getByRole('cell', { name: 'Deposit credited' }).count()).toBe(0);
    await context.close();
  });
});
