// Every game at the tables in real Chromium (issue 29), on a 375 px phone: a player sits at a
// pot-limit five-card Omaha table with house bots and reads each of their five cards; a spectator
// of an Omaha hi-lo table sees a pot split between a high and a low winner in the banner.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminToken, api, createTable, registerPlayer, startServer } from './helpers/server';
import { screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

// Its own server: bots play fast, so hands (and hi-lo showdowns) come in seconds.
const env = e2eFile(() => startServer({ live: { fastBots: true, botDelayMs: 60, betweenHands: 300 } }));

async function phonePage(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-US' });
  await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`${env.server.url}${path}`);
  await page.getByTestId('table-page').waitFor();
  return page;
}

describe('every game on a phone', () => {
  it('PLO5: the player reads all five of their cards on a 375 px screen', { timeout: 120_000 }, async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const { tableId } = await createTable(base, admin, 'E2E PLO5', { variant: 'PO5', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 10_000 });
    await api(base, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, undefined, admin);
    const me = await registerPlayer(base, 'plofive');
    await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: me.depositCode, amount: 50_000, note: 'e2e' }, admin);
    const page = await phonePage(env.browser, me.token, `/table/${tableId}`);
    // The bots leave two seats free: take the first one offered. The seats change while the bots
    // come and go, and a loaded machine can lose a click: a free seat is looked for again then.
    await expect.poll(() => page.locator('[data-testid^="seat-"][data-seat-state]').count(), { timeout: 30_000 }).toBeGreaterThan(1);
    let seat = -1;
    for (let attempt = 1; seat < 0; attempt++) {
      let free = -1;
      for (let i = 0; i < 6 && free < 0; i++) if ((await page.getByTestId(`sit-${i}`).count()) > 0) free = i;
      expect(free).toBeGreaterThanOrEqual(0);
      const opened = await page
        .getByTestId(`sit-${free}`)
        .click({ timeout: 10_000 })
        .then(() => page.getByTestId('buyin-dialog').waitFor({ timeout: 10_000 }))
        .then(
          () => true,
          () => false,
        );
      // A dialog that came late is the last click's.
      if (opened || (await page.getByTestId('buyin-dialog').count()) > 0) seat = free;
      else if (attempt === 3) throw new Error('no buy-in dialog after 3 clicks on a free seat');
    }
    await page.getByTestId('buyin-amount').fill('5000');
    await page.getByTestId('buyin-confirm').click();
    await page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
    const cards = page.locator(`[data-testid="seat-cards-${seat}"] > div`);
    await expect.poll(() => cards.count(), { timeout: 60_000 }).toBe(5);
    await page.waitForTimeout(800); // the deal animation lands
    const boxes = await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, w: r.width, h: r.height })));
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.w).toBeLessThanOrEqual(375);
    }
    // Each card shows at least a quarter of its width beside the next: its corner index is readable.
    for (let i = 1; i < boxes.length; i++) expect(boxes[i].x - boxes[i - 1].x).toBeGreaterThanOrEqual(boxes[i].w * 0.25);
    await screenshot(page, 'games-plo5-phone');
  });

  it('Omaha hi-lo: a split pot names the high and the low winner apart', { timeout: 150_000 }, async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const { tableId } = await createTable(base, admin, 'E2E hi-lo', { variant: 'PO/8', smallBlind: 50, bigBlind: 100, minBuyIn: 2000, maxBuyIn: 10_000 });
    await api(base, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, undefined, admin);
    const page = await phonePage(env.browser, admin, `/table/${tableId}`);
    const banner = page.getByTestId('winner-banner');
    // The banner the poll read is the one judged: with 300 ms between hands, reading it again
    // could find the next hand's (a loaded CI run did).
    let shown = '';
    await expect
      .poll(async () => (shown = (await banner.count()) ? ((await banner.textContent()) ?? '') : ''), { timeout: 140_000, interval: 100 })
      .toMatch(/Low: /);
    expect(shown).toMatch(/High: .+ · Low: /);
    await screenshot(page, 'games-hilo-phone');
  });
});
