// Safer play in real Chromium against the real server (docs/safer-play.md), on a 375 px phone:
// a player sits at a table, sets a daily deposit limit on the profile's Safer play tab, then takes
// a cool-off after its confirmation; their seat is cashed out at once and sitting is refused.
import { describe, expect, it } from 'vitest';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { hasHorizontalScroll, screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();
const DEPOSIT = 100_000;
const BUY_IN = 30_000;

describe('safer play in Chromium', () => {
  it('a player sets a limit and takes a break; their seat is cashed out', async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const suffix = Date.now().toString(36).slice(-5);
    const table = await createTable(base, admin, `Safer ${suffix}`);
    const p = await registerPlayer(base, `safe_${suffix}`);
    await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: p.depositCode, amount: DEPOSIT, note: 'e2e' }, admin);
    const me = () => api<{ balance: number; locked: number }>(base, 'GET', '/api/v1/user/me', undefined, p.token);

    const context = await env.browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    await context.addInitScript((t) => localStorage.setItem('accessToken', t), p.token);
    const page = await context.newPage();
    try {
      // ---- sit through the buy-in dialog
      await page.goto(`${base}/table/${table.tableId}`);
      await page.getByTestId('sit-0').click();
      await page.getByTestId('buyin-amount').fill(String(BUY_IN));
      await page.getByTestId('buyin-confirm').click();
      await page.locator('[data-testid="seat-0"][data-seat-state]').waitFor();
      await expect.poll(async () => (await me()).locked).toBe(BUY_IN);

      // ---- a daily deposit limit: set at once
      await page.goto(`${base}/profile?tab=safer`);
      await page.getByTestId('safer-tab').waitFor();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await page.getByTestId('limit-DEPOSIT_DAY-input').fill('50000');
      await page.getByTestId('limit-DEPOSIT_DAY-save').click();
      await expect.poll(() => page.getByTestId('limit-DEPOSIT_DAY-amount').textContent()).toMatch(/50,000/);
      await screenshot(page, 'safer-phone-limit');

      // ---- a cool-off of two days, after its confirmation
      await page.getByTestId('break-COOL_OFF-n').fill('2');
      await page.getByTestId('break-COOL_OFF-start').click();
      await page.getByTestId('break-confirm-yes').click();
      await page.getByTestId('break-active').waitFor();
      await screenshot(page, 'safer-phone-break');

      // ---- the seat is cashed out: everything back in the wallet; no new seat, no QPay invoice
      await expect.poll(async () => me()).toEqual(expect.objectContaining({ balance: DEPOSIT, locked: 0 }));
      const qpay = await fetch(`${base}/api/v1/user/qpay/invoice`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${p.token}` },
        body: JSON.stringify({ amount: 10_000 }),
      });
      expect(qpay.status).toBeGreaterThanOrEqual(400);
      const reg = await fetch(`${base}/api/v1/user/safer-play`, { headers: { authorization: `Bearer ${p.token}` } });
      expect((await reg.json()).exclusion).toMatchObject({ kind: 'COOL_OFF' });
    } catch (e) {
      await screenshot(page, 'safer-phone-zz-failure').catch(() => {});
      throw e;
    } finally {
      await context.close();
    }
  });
});
