// Fast fold in the browser on a phone (issue 29, docs/fast-fold.md): a player joins a pool from the
// lobby's Fast fold tab, is dealt at one of its tables (the table page inside the pool's page),
// presses Fold and go and is dealt at another table while the page follows, then leaves the pool
// and gets the chips back in the wallet.
import { describe, expect, it } from 'vitest';
import { adminToken, api, registerPlayer, startServer } from './helpers/server';
import { hasHorizontalScroll, screenshot, SIZES, sizeOptions } from './helpers/browser';
import { e2eFile } from './helpers/file';

// Its own server: bots at a quick pace, pool tables dealt as soon as their players sit.
const env = e2eFile(() =>
  startServer({ live: { fastBots: true, botDelayMs: 150, betweenHands: 300, poolTickMs: 100, poolBetweenHands: 200, poolShortHandedAfterMs: 500 } }),
);

const phone = SIZES.find((s) => s.phone)!;

describe('fast fold in the browser', () => {
  it('joins a pool on a phone, folds and goes to another table, and leaves with the chips', { timeout: 180_000 }, async () => {
    const admin = await adminToken(env.server.url);
    const name = `ff_${Date.now().toString(36).slice(-6)}`;
    const accessToken = (await registerPlayer(env.server.url, name)).token;
    await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: name, amount: 100_000, note: 'rush' }, admin);
    const pool = await api<{ poolId: number }>(
      env.server.url,
      'POST',
      '/api/v1/admin/pool',
      { name: `Rush ${name}`, variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 },
      admin,
    );
    await api(env.server.url, 'POST', `/api/v1/admin/pool/${pool.poolId}/bots`, { count: 11 }, admin);
    const seat = () => api<{ inPool: boolean; tableId: number | null }>(env.server.url, 'GET', `/api/v1/user/pool/${pool.poolId}/seat`, undefined, accessToken);

    const context = await env.browser.newContext(sizeOptions(phone));
    await context.addInitScript((t) => {
      localStorage.setItem('i18nextLng', 'en');
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    }, accessToken);
    const page = await context.newPage();
    try {
      // ---- join from the lobby's Fast fold tab
      await page.goto(env.server.url + '/');
      await page.getByTestId('tab-pools').click();
      await page.getByTestId(`pool-join-${pool.poolId}`).click();
      await page.getByTestId('pool-buy-in').fill('5000');
      await page.getByTestId('pool-join-confirm').click();
      await page.waitForURL(`**/pool/${pool.poolId}`);
      await page.getByTestId('pool-page').waitFor({ state: 'attached' });
      await page.locator('[data-testid="table-page"]').waitFor({ timeout: 30_000 });
      expect(await hasHorizontalScroll(page)).toBe(false);
      await expect.poll(async () => (await seat()).tableId, { timeout: 20_000 }).not.toBeNull();
      const from = (await seat()).tableId!;
      expect(await page.locator(`[data-table-root="${from}"]`).count()).toBe(1);
      await screenshot(page, 'fast-fold-phone');

      // ---- fold and go: the page follows to another table (a hand that ends before the action
      // reaches the player, a walk in the big blind, may deal them again where they were: again)
      let to = from;
      for (let i = 0; i < 10 && to === from; i++) {
        await page.getByTestId('pool-fold-and-go').click();
        await expect
          .poll(
            async () => {
              const now = (await seat()).tableId;
              return now !== null && now !== from;
            },
            { timeout: 8_000 },
          )
          .toBe(true)
          .catch(() => undefined);
        to = (await seat()).tableId ?? from;
      }
      expect(to).not.toBe(from);
      await page.locator(`[data-table-root="${to}"]`).waitFor({ timeout: 20_000 });
      expect(await hasHorizontalScroll(page)).toBe(false);

      // ---- leave: after the hand in play, the pool account back in the wallet
      await page.getByTestId('pool-leave').click();
      await page.getByTestId('lobby').waitFor();
      await expect.poll(async () => (await seat()).inPool, { timeout: 60_000 }).toBe(false);
      const me = await api<{ balance: number; locked: number }>(env.server.url, 'GET', '/api/v1/user/me', undefined, accessToken);
      expect(me.locked).toBe(0);
      expect(me.balance).toBeGreaterThan(100_000 - 5_000);
    } catch (e) {
      await screenshot(page, 'fast-fold-failure');
      throw e;
    } finally {
      await context.close();
    }
  });
});
