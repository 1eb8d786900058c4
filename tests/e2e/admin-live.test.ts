// The back office's live tables in real Chromium against the real server the e2e files share
// (embedded PGlite, live tables on, hands 1 s apart, bots at human pace): an administrator starts simulation on a
// table and watches the bots play on the table page (BOT seats, a hand in progress, no hole cards),
// then stops it; a player sits down (over the socket, as the player app does) and the
// administrator kicks them from the table page; the chips are back in the player's wallet.
// Screenshots go to test-artifacts/admin-live-*.png.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import WebSocket from 'ws';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();
let admin: string;

beforeAll(async () => {
  admin = await adminToken(env.server.url);
});

interface TableRow {
  tableId: number;
  name: string;
}

const newTable = (name: string) => createTable<TableRow>(env.server.url, admin, name);

async function adminPage(path: string): Promise<Page> {
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' });
  await context.addInitScript((t) => localStorage.setItem('accessToken', t), admin);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(env.server.url + path);
  return page;
}

/** A player's socket: AUTH, then GAME commands answered by ACK or ERROR. */
async function playerSocket(token: string) {
  const ws = new WebSocket(env.server.url.replace('http', 'ws') + '/api/v1/socket');
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let n = 0;
  const request = (cmd: Record<string, unknown>) =>
    new Promise<void>((resolve, reject) => {
      const requestId = `t${++n}`;
      const onMessage = (raw: WebSocket.RawData) => {
        const m = JSON.parse(String(raw)) as { type: string; requestId?: string; code?: string; message?: string };
        if (m.requestId !== requestId) return;
        ws.off('message', onMessage);
        if (m.type === 'ACK') resolve();
        else reject(new Error(`${m.code}: ${m.message}`));
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ type: 'GAME', ...cmd, requestId }));
    });
  ws.send(JSON.stringify({ type: 'AUTH', token, requestId: 'auth' }));
  await new Promise<void>((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      if ((JSON.parse(String(raw)) as { requestId?: string }).requestId === 'auth') {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
  });
  return { ws, request };
}

describe('admin live tables', () => {
  it('an administrator starts simulation and watches the bots play, then stops it', async () => {
    const t = await newTable(`Bots ${Date.now().toString(36).slice(-5)}`);
    const page = await adminPage(`/admin/table/${t.tableId}`);
    await page.getByTestId('live-table').waitFor();
    expect(await page.getByTestId('live-simulation').getAttribute('data-simulation')).toBe('off');
    const start = page.getByRole('button', { name: 'start simulation' });
    const stop = page.getByRole('button', { name: 'stop simulation' });
    expect(await stop.isDisabled()).toBe(true);
    await start.click();
    await page.getByText(/Simulation started on .*: \d+ bots seated/).waitFor();

    // Bots take the seats (two stay free for people) and a hand is dealt.
    await expect.poll(() => page.locator('[data-bot="true"]').count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.getByTestId('live-hand').getAttribute('data-hand'), { timeout: 20_000 }).not.toBe('');
    await expect.poll(() => page.getByTestId('live-simulation').getAttribute('data-simulation')).toBe('on');
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByTestId('seat-bot').count()).toBeGreaterThanOrEqual(2);
    // Someone is to act, and no face-up hole cards: the only faces are the board's. Read in one
    // go (a later read could be of the next street or of the showdown).
    const snapshot = () =>
      page.evaluate(() => {
        const table = document.querySelector('[data-testid="live-table"]');
        const board = document.querySelector('[data-testid="live-board"]');
        return {
          toAct: document.querySelectorAll('[data-to-act="true"]').length,
          faces: table?.querySelectorAll('[data-card]:not([data-card="back"])').length ?? -1,
          board: board?.querySelectorAll('[data-card]').length ?? -2,
        };
      });
    let midHand = await snapshot();
    await expect.poll(async () => (midHand = await snapshot()).toAct, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    expect(midHand.faces).toBe(midHand.board);
    await screenshot(page, 'admin-live-01-bots-playing');

    // The bots play on: the hand moves (a new hand or a new street / actor) within a few seconds.
    const before = await page.getByTestId('live-hand').textContent();
    await expect.poll(() => page.getByTestId('live-hand').textContent(), { timeout: 30_000 }).not.toBe(before);

    await stop.click();
    await page.getByText(/Simulation stopping on/).waitFor();
    await expect.poll(() => page.getByTestId('live-simulation').getAttribute('data-simulation')).toBe('off');
    expect(await stop.isDisabled()).toBe(true);
    expect(await start.isDisabled()).toBe(false);
    // The bots leave once their hand ends.
    await expect.poll(() => page.locator('[data-bot="true"]').count(), { timeout: 90_000, interval: 1000 }).toBe(0);
    await screenshot(page, 'admin-live-02-simulation-stopped');
    await page.context().close();
  }, 240_000);

  it('an administrator kicks a seated player from the table page; the chips go back to the wallet', async () => {
    const t = await newTable(`Kick ${Date.now().toString(36).slice(-5)}`);
    const name = `kp_${Date.now().toString(36).slice(-6)}`;
    const { token } = await registerPlayer(env.server.url, name);
    await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: name, amount: 100_000, note: 'e2e' }, admin);

    const player = await playerSocket(token);
    await player.request({ action: 'SIT', tableId: t.tableId, seat: 3, buyIn: 60_000 });
    await expect
      .poll(async () => api<{ balance: number; locked: number }>(env.server.url, 'GET', '/api/v1/user/me', undefined, token))
      .toMatchObject({ balance: 40_000, locked: 60_000 });

    const page = await adminPage(`/admin/table/${t.tableId}`);
    const seat = page.getByTestId('live-seat-3');
    await expect.poll(() => seat.getAttribute('data-user')).toBe(name);
    expect(await seat.getByTestId('seat-stack').textContent()).toContain('60,000');
    await screenshot(page, 'admin-live-03-player-seated');

    await page.getByRole('button', { name: `Kick ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Kick ${name} from ${t.name}?`);
    await screenshot(page, 'admin-live-04-kick-confirm');
    await dialog.getByRole('button', { name: 'Kick from the table' }).click();
    await page.getByText(`${name} removed from ${t.name}`).waitFor();
    await expect.poll(() => seat.getAttribute('data-empty')).toBe('true');
    await screenshot(page, 'admin-live-05-kicked');

    await expect
      .poll(async () => api<{ balance: number; locked: number }>(env.server.url, 'GET', '/api/v1/user/me', undefined, token))
      .toMatchObject({ balance: 100_000, locked: 0 });
    player.ws.close();
    await page.context().close();
  }, 120_000);
});
