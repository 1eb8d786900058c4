// Fast fold in the browser on a phone (issue 29, docs/fast-fold.md): a player joins a pool from the
// lobby's Fast fold tab, is dealt at one of its tables (the table page inside the pool's page),
// presses Fold and go and is dealt at another table while the page follows, then leaves the pool
// and gets the chips back in the wallet. Then (issue 33) a pool as one of the tables of the
// multi-table view, beside a cash table: the pool's tile follows the player from table to table,
// and the keyboard acts at the table waiting for the player, the pool's or the cash one, never at
// the other (the commands the page sends name the table).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api, createTable, registerPlayer, startServer } from './helpers/server';
import { hasHorizontalScroll, screenshot, SIZES, sizeOptions } from './helpers/browser';
import { e2eFile } from './helpers/file';
import { SocketPlayer } from '../server/helpers/socket-player';

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

  it('a pool beside a cash table in one window: its tile follows the player, and a key acts at the table waiting for them', { timeout: 180_000 }, async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const name = `ffm_${Date.now().toString(36).slice(-6)}`;
    const alice = await registerPlayer(base, name);
    const bob = await registerPlayer(base, `${name}_b`);
    for (const u of [name, `${name}_b`]) await api(base, 'POST', '/api/v1/admin/deposit', { username: u, amount: 100_000, note: 'multi' }, admin);
    const pool = await api<{ poolId: number }>(
      base,
      'POST',
      '/api/v1/admin/pool',
      { name: `Rush multi ${name}`, variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6, actionTime: 60 },
      admin,
    );
    // Twelve players: two tables, so a fold may deal the player at the other one.
    await api(base, 'POST', `/api/v1/admin/pool/${pool.poolId}/bots`, { count: 11 }, admin);
    await api(base, 'POST', `/api/v1/user/pool/${pool.poolId}/join`, { buyIn: 5_000 }, alice.token);
    const poolTable = async () => (await api<{ tableId: number | null }>(base, 'GET', `/api/v1/user/pool/${pool.poolId}/seat`, undefined, alice.token)).tableId;
    const cash = (await createTable(base, admin, `Cash beside ${name}`, { actionTime: 90 })).tableId;

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript((token) => {
      localStorage.setItem('i18nextLng', 'en');
      localStorage.setItem('accessToken', token);
      localStorage.setItem('playerSettings', JSON.stringify({ keyboardShortcuts: true, sounds: false, animations: false }));
    }, alice.token);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[fast-fold multi] page error:', e.message));
    // Every check, call or fold the page sends, with the table it names.
    const sent: Array<{ action: string; tableId: number }> = [];
    page.on('websocket', (ws) =>
      ws.on('framesent', (f) => {
        const m = typeof f.payload === 'string' ? (JSON.parse(f.payload) as { type?: string; action?: string; tableId?: number }) : null;
        if (m?.type === 'GAME' && (m.action === 'CHECK' || m.action === 'CALL' || m.action === 'FOLD') && typeof m.tableId === 'number')
          sent.push({ action: m.action, tableId: m.tableId });
      }),
    );
    const bobAtCash = new SocketPlayer(bob.userId, bob.token, cash, 40_000);
    bobAtCash.passive = true;
    try {
      // The lobby's way in: the pool page's button adds the pool to the tables already open.
      await page.goto(`${base}/tables?ids=${cash}`);
      await page.locator(`[data-testid="tile-${cash}"] [data-testid="sit-0"]`).click();
      await page.getByTestId('buyin-dialog').waitFor();
      await page.getByTestId('buyin-confirm').click();
      await page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
      await page.goto(`${base}/pool/${pool.poolId}`);
      await page.getByTestId('pool-multi').click();
      await page.waitForURL((u) => u.pathname === '/tables' && u.searchParams.get('ids') === `${cash},p${pool.poolId}`);
      const poolTile = page.getByTestId(`tile-p${pool.poolId}`);
      await poolTile.locator('[data-table-root]').waitFor({ timeout: 30_000 });
      await bobAtCash.join(`${base.replace(/^http/, 'ws')}/api/v1/socket`, 3);

      // The tile shows the table the server seats the player at (none between two).
      const shownPoolTable = () =>
        poolTile
          .locator('[data-pool-table]')
          .getAttribute('data-pool-table', { timeout: 500 })
          .then(Number)
          .catch(() => null);
      const follows = async () => (await shownPoolTable()) === (await poolTable());
      await expect.poll(follows, { timeout: 20_000 }).toBe(true);

      // The keyboard acts at the table waiting for the player that has the focus, whichever it
      // is, and nowhere else: C checks or calls at the cash table; at the pool's F folds (when
      // there is a bet to fold to) and the pool deals the player a new hand at once, at one of its
      // two tables. Until they have acted at the cash table and at both of the pool's, the tile
      // following them from one to the other.
      const acted = { cash: 0, poolTables: new Set<number>() };
      for (let i = 0; i < 60 && (acted.cash === 0 || acted.poolTables.size < 2); i++) {
        const target = await waitingTarget(page);
        if (target === null) continue;
        await new Promise((r) => setTimeout(r, 700)); // past the grace after focus moved by itself
        const still = await waitingTarget(page);
        if (still?.tile !== target.tile || still.tableId !== target.tableId) continue; // the hand moved on meanwhile
        const atPool = target.tile !== String(cash);
        const canFold = (await page.locator(`[data-tile="${target.tile}"] [data-testid="act-fold"]`).count()) > 0;
        const before = sent.length;
        await page.keyboard.press(atPool && canFold ? 'KeyF' : 'KeyC');
        await expect.poll(() => sent.length, { timeout: 5_000 }).toBeGreaterThan(before);
        expect(sent.slice(before).map((m) => m.tableId)).toEqual([target.tableId]);
        if (atPool) acted.poolTables.add(target.tableId);
        else acted.cash += 1;
      }
      expect(acted.cash).toBeGreaterThan(0);
      expect(acted.poolTables.size).toBe(2);
      expect(acted.poolTables.has(cash)).toBe(false);
      await expect.poll(follows, { timeout: 20_000 }).toBe(true);
      await screenshot(page, 'fast-fold-multi-table');
    } catch (e) {
      await screenshot(page, 'fast-fold-multi-failure');
      throw e;
    } finally {
      bobAtCash.close();
      await context.close();
    }
  });
});

/**
 * The tile whose table has the focus, once it waits for the player: its tile id and the table its
 * root is (a pool's tile: the table it is dealt at now); null when none does within 15 s. The view
 * moves the focus to a table when its turn comes, and keeps it on one the player is on while that
 * one waits too; when nothing has the focus (the turn came while a button had it), the player puts
 * it on the first table waiting, as a click on that table would.
 */
async function waitingTarget(page: Page): Promise<{ tile: string; tableId: number } | null> {
  const handle = await page
    .waitForFunction(
      () => {
        const active = document.activeElement;
        if (!active || active === document.body) document.querySelector<HTMLElement>('[data-tile][data-waiting="true"] [data-table-root]')?.focus();
        const root = document.activeElement?.closest('[data-table-root]');
        const tile = root?.closest('[data-tile]');
        if (!root || !tile || tile.getAttribute('data-waiting') !== 'true') return null;
        return { tile: tile.getAttribute('data-tile')!, tableId: Number(root.getAttribute('data-table-root')) };
      },
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => null);
  return handle ? ((await handle.jsonValue()) as { tile: string; tableId: number }) : null;
}
