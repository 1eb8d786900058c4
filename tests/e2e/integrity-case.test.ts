// An analyst works an integrity case to restitution, in real Chromium against the real server
// (docs/integrity.md): an administrator opened the case on two players; the analyst (another
// administrator) writes a note, restricts the offender, proposes restitution, is refused paying
// their own proposal; the first administrator pays it; the page then shows it paid and the money
// has moved exactly.
import { describe, expect, it } from 'vitest';
import { ADMIN, adminToken, api, registerPlayer, PLAYER_PASSWORD } from './helpers/server';
import { screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();

interface Restitution {
  id: number;
  status: string;
}

describe('an integrity case', () => {
  it('goes from a note and a restriction to restitution paid by a second administrator', async () => {
    const base = env.server.url;
    const stamp = Date.now().toString(36).slice(-6);
    const admin = await adminToken(base);
    const analyst = `ana_${stamp}`;
    const a = await registerPlayer(base, analyst);
    await api(base, 'PATCH', `/api/v1/admin/user/role?userId=${a.userId}`, { role: 'ADMIN' }, admin);
    const offender = await registerPlayer(base, `dump_${stamp}`);
    const victim = await registerPlayer(base, `vic_${stamp}`);
    await api(base, 'POST', '/api/v1/admin/deposit', { username: `dump_${stamp}`, amount: 500_000 }, admin);
    const kase = await api<{ id: number }>(
      base,
      'POST',
      '/api/v1/admin/integrity/case',
      { title: `Dump ${stamp}`, userIds: [offender.userId, victim.userId] },
      admin,
    );

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(base + '/auth/login');
    await page.getByTestId('login-form').waitFor();
    await page.fill('input[name="username"]', analyst);
    await page.fill('input[name="password"]', PLAYER_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();

    await page.goto(`${base}/admin/integrityCase/${kase.id}/show`);
    await page.getByTestId('standing-form').waitFor();
    await page.getByLabel('New note').fill('Folds big hands to vic');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Folds big hands to vic').waitFor();

    const form = page.getByTestId('standing-form');
    await form.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Restricted (no tables, no withdrawals)' }).click();
    await form.getByLabel('Reason').fill('Chip dumping');
    await form.getByTestId('apply-standing').click();
    await page.getByText(`dump_${stamp} (restricted)`).waitFor();
    const refused = await fetch(`${base}/api/v1/user/withdrawal`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${offender.token}` },
      body: JSON.stringify({ amount: 10_000 }),
    });
    expect(refused.status).toBe(403);

    const propose = page.getByTestId('propose-restitution');
    await propose.getByTestId(`pay-${victim.userId}`).fill('123456');
    await propose.getByLabel('Reason').fill('Dumped chips');
    await propose.getByTestId('propose').click();
    const proposed = page.locator('[data-testid^="restitution-"]').first();
    await proposed.waitFor();
    expect(await proposed.textContent()).toContain('Proposed');
    await proposed.getByTestId('pay-restitution').click();
    await page.getByText(/A second administrator must decide/).waitFor();
    await screenshot(page, 'integrity-case-01-proposed');

    const detail = await api<{ restitutions: Restitution[] }>(base, 'GET', `/api/v1/admin/integrity/case/${kase.id}`, undefined, admin);
    const r = detail.restitutions[0];
    expect(r.status).toBe('proposed');
    expect(await api<Restitution>(base, 'PUT', `/api/v1/admin/integrity/restitution/${r.id}/approve`, undefined, admin)).toMatchObject({
      status: 'paid',
    });
    await page.reload();
    await expect.poll(async () => (await page.locator('[data-testid^="restitution-"]').first().textContent()) ?? '').toContain('Paid');
    expect(await page.locator('[data-testid^="restitution-"]').first().textContent()).toContain(`${analyst} → ${ADMIN.username}`);
    expect(await api(base, 'GET', '/api/v1/user/me', undefined, victim.token)).toMatchObject({ balance: 123_456 });
    expect(await api(base, 'GET', '/api/v1/user/me', undefined, offender.token)).toMatchObject({ balance: 500_000 - 123_456 });
    await screenshot(page, 'integrity-case-02-paid');
    await context.close();
  });
});
