// A heads-up sit & go in the browser (issue 15): a player registers from the lobby's Tournament tab
// (the confirmation names the amounts), a house bot fills the seat, the player opens their table
// from the tournament page, reads the level on the table's strip, plays all-in until one of them
// is out, and sees the place and the prize on the strip, the tournament page and the game history.
import { describe, expect, it } from 'vitest';
import { adminToken, api, registerPlayer, startServer } from './helpers/server';
import { screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

// Its own server: bots act at once, hands follow each other quickly, 5 s to act (the least a table allows).
const env = e2eFile(() => startServer({ live: { fastBots: true, botDelayMs: 100, betweenHands: 300, tournamentTickMs: 200, tournamentActionTime: 5 } }));

const BUY_IN = 20_000;
const FEE = 2_000;
// Both places paid, so whoever wins the hands the player has a prize to see: 60% and 40%.
const PAYOUTS = [
  { maxEntrants: 1, percents: [10_000] },
  { maxEntrants: 2, percents: [6000, 4000] },
];
const LEVELS = [
  { level: 1, smallBlind: 50, bigBlind: 100, ante: 0, durationSec: 60 },
  { level: 2, smallBlind: 200, bigBlind: 400, ante: 0, durationSec: 60 },
];

describe('a sit & go in the browser', () => {
  it('registers, plays, goes out or wins, and sees the place and the prize', { timeout: 240_000 }, async () => {
    const admin = await adminToken(env.server.url);
    const name = `sng_${Date.now().toString(36).slice(-6)}`;
    const accessToken = (await registerPlayer(env.server.url, name)).token;
    await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: name, amount: 100_000, note: 'sng' }, admin);
    const { id } = await api<{ id: number }>(
      env.server.url,
      'POST',
      '/api/v1/admin/tournament',
      {
        name: `Heads-up ${name}`,
        kind: 'sng',
        buyIn: BUY_IN,
        fee: FEE,
        startingStack: 1500,
        tableSize: 2,
        minEntrants: 2,
        maxEntrants: 2,
        structure: { levels: LEVELS },
        payoutTable: PAYOUTS,
      },
      admin,
    );

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript((t) => {
      localStorage.setItem('i18nextLng', 'en');
      if (!localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    }, accessToken);
    const page = await context.newPage();
    try {
      // ---- register from the lobby
      await page.goto(env.server.url + '/');
      await page.getByTestId('tab-tournament').click();
      await page.getByTestId(`tournament-register-${id}`).click();
      await expect.poll(() => page.getByTestId('tournament-dialog-text').textContent()).toContain('22,000');
      await page.getByTestId('tournament-dialog-confirm').click();
      await page.getByTestId(`tournament-registered-${id}`).waitFor();

      // ---- a house bot takes the other seat: it starts
      await api(env.server.url, 'POST', `/api/v1/admin/tournament/${id}/bots`, { count: 1 }, admin);
      await page.getByTestId(`tournament-link-${id}`).click();
      await page.getByTestId('tournament-page').waitFor();
      await page
        .getByTestId('tournament-my-table')
        .click({ timeout: 30_000 })
        .catch(async (e) => {
          console.log(JSON.stringify(await api(env.server.url, 'GET', `/api/v1/user/tournament/${id}`, undefined, accessToken)).slice(0, 3000));
          await screenshot(page, 'tournament-page');
          throw e;
        });
      await page.getByTestId('table-page').waitFor();
      await expect.poll(() => page.getByTestId('hud-level').textContent(), { timeout: 15_000 }).toMatch(/^Level [12]$/);
      expect(await page.getByTestId('hud-left').textContent()).toBe('Players left: 2/2');

      // ---- all in whenever it is the player's turn, until the strip shows a result
      const result = page.getByTestId('hud-result');
      const until = Date.now() + 180_000;
      while (!(await result.count())) {
        if (Date.now() > until) throw new Error('the sit & go did not finish');
        const raise = page.locator('[data-testid="act-raise"]:not([disabled])');
        const call = page.locator('[data-testid="act-call"]:not([disabled])');
        if (await raise.count()) {
          await page
            .getByTestId('preset-allIn')
            .click({ timeout: 2000 })
            .catch(() => undefined);
          await raise.click({ timeout: 2000 }).catch(() => undefined);
        } else if (await call.count()) {
          await call.click({ timeout: 2000 }).catch(() => undefined);
        }
        await page.waitForTimeout(250);
      }
      const text = (await result.textContent()) ?? '';
      const place = Number(/place (\d)/.exec(text)?.[1]);
      expect([1, 2]).toContain(place);
      const prize = place === 1 ? 24_000 : 16_000; // 60% / 40% of the 40,000 pool
      expect(text).toContain(`won ${prize.toLocaleString('en')}`);
      await screenshot(page, 'tournament-result');
      // The runner-up watches the final table until the tournament ends; then it closes (TABLE_CLOSED).
      if (place === 2) expect(await page.getByTestId('player-panel').textContent()).toMatch(/watching this tournament table|This table is closed/);

      // ---- the tournament page and the wallet's history say the same
      await page.goto(`${env.server.url}/tournament/${id}`);
      await expect.poll(() => page.getByTestId('tournament-status').textContent()).toBe('Finished');
      expect(await page.getByTestId('tournament-me').textContent()).toContain(`place ${place}`);
      await page.goto(`${env.server.url}/profile?tab=history`);
      const history = page.getByTestId('history-list');
      await history.getByText('Tournament prize').first().waitFor();
      await history.getByText('Tournament buy-in').first().waitFor();
      const me = await api<{ balance: number }>(env.server.url, 'GET', '/api/v1/user/me', undefined, accessToken);
      expect(me.balance).toBe(100_000 - BUY_IN - FEE + prize);
    } finally {
      await context.close();
    }
  });
});
