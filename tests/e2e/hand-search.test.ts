// The hand history's search (issue 33), real Chromium against the real server: Alice and Bob play
// a few hands over sockets; on her profile's hands tab, a filter by her exact hole cards of one
// hand finds that hand (and only hands with those cards), and its replayer opens. ~20 s.
import { describe, expect, it } from 'vitest';
import type { HandSearchRow } from '../../src/shared/api/regulars';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { e2eFile } from './helpers/file';
import { SocketPlayer } from '../server/helpers/socket-player';

const env = e2eFile();

describe('the hand history search', () => {
  it('finds a hand by its hole cards and opens it', async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const suffix = Date.now().toString(36);
    const alice = await registerPlayer(base, `search_a_${suffix}`);
    const bob = await registerPlayer(base, `search_b_${suffix}`);
    for (const u of [alice, bob]) await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: u.depositCode, amount: 200_000, note: 'e2e' }, admin);
    const { tableId } = await createTable(base, admin, `Search ${suffix}`);
    const ws = `${base.replace(/^http/, 'ws')}/api/v1/socket`;
    const players = [new SocketPlayer(alice.userId, alice.token, tableId, 40_000), new SocketPlayer(bob.userId, bob.token, tableId, 40_000)];
    const found = () => api<{ items: HandSearchRow[]; total: number }>(base, 'GET', '/api/v1/user/hand/search?perPage=100', undefined, alice.token);
    try {
      for (const [i, p] of players.entries()) {
        p.passive = true;
        await p.join(ws, i);
      }
      await expect.poll(async () => (await found()).total, { timeout: 60_000, interval: 500 }).toBeGreaterThanOrEqual(2);
    } finally {
      for (const p of players) p.close();
    }
    const all = (await found()).items;
    const hand = all[all.length - 1];
    const cards = hand.holeCards!.join('');
    const same = all.filter((h) => h.holeCards!.join('') === cards || h.holeCards!.slice().reverse().join('') === cards);

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript((token) => localStorage.setItem('accessToken', token), alice.token);
    const page = await context.newPage();
    try {
      await page.goto(`${base}/profile?tab=hands`);
      await page.getByTestId('hand-filters').waitFor();
      await page.getByTestId('filter-cards').fill(cards);
      await page.getByTestId('filter-search').click();
      await page.getByTestId(`hand-replay-${hand.handId}`).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.locator('[data-testid^="hand-replay-"]').count()).toBe(same.length);
      await page.getByTestId(`hand-replay-${hand.handId}`).click();
      await page.getByRole('dialog').waitFor();
    } finally {
      await context.close();
    }
  });
});
