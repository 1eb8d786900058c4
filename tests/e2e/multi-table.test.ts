// Two tables in one window (issue 33), real Chromium against the real server: Alice opens both
// in the multi-table view, sits at each (Bob plays both over sockets, checking and calling), and
// acts with the keyboard shortcuts. The table waiting for her comes first and has the focus; C
// acts there and never at the other table (Bob's socket at the other table sees no move of hers),
// with the key's place read (a Cyrillic layout's key event acts the same). A note and colour tag
// set on Bob at one table shows on his seat at the other, and in a page opened afresh. ~35 s.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { screenshot } from './helpers/browser';
import { e2eFile } from './helpers/file';
import { SocketPlayer } from '../server/helpers/socket-player';

const env = e2eFile();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Acted {
  kind: string;
  seat?: number;
}

/** Alice's moves (seat 0) that Bob's socket at a table received. */
const aliceMoves = (bob: SocketPlayer) =>
  bob.frames
    .map((f) => JSON.parse(f.text) as { action: string; event?: Acted })
    .filter((m) => m.action === 'TABLE_EVENT' && m.event?.kind === 'ACTED' && m.event.seat === 0).length;

/** The table whose root holds the focus, and the tiles in page (and keyboard) order. */
const focusAndOrder = (page: Page) =>
  page.evaluate(() => ({
    focused: Number(document.activeElement?.closest('[data-table-root]')?.getAttribute('data-table-root') ?? 0),
    order: [...document.querySelectorAll('[data-testid^="tile-"]')].map((el) => Number(el.getAttribute('data-testid')!.slice(5))),
    waiting: [...document.querySelectorAll('[data-testid^="tile-"][data-waiting="true"]')].map((el) => Number(el.getAttribute('data-testid')!.slice(5))),
  }));

describe('several tables in one window', () => {
  it('the table waiting for the player is first and focused; a shortcut acts there and never at the other; a note set at one shows at the other', async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const suffix = Date.now().toString(36);
    const alice = await registerPlayer(base, `multi_a_${suffix}`);
    const bob = await registerPlayer(base, `multi_b_${suffix}`);
    for (const u of [alice, bob]) await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: u.depositCode, amount: 200_000, note: 'e2e' }, admin);
    const tables = [
      await createTable(base, admin, `Multi A ${suffix}`, { actionTime: 90 }),
      await createTable(base, admin, `Multi B ${suffix}`, { actionTime: 90 }),
    ].map((t) => t.tableId);

    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.addInitScript((token) => {
      localStorage.setItem('accessToken', token);
      localStorage.setItem('playerSettings', JSON.stringify({ keyboardShortcuts: true, sounds: false, animations: false }));
    }, alice.token);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('[multi] page error:', e.message));
    await page.goto(`${base}/tables?ids=${tables.join(',')}`);
    for (const id of tables) {
      await page.locator(`[data-table-root="${id}"]`).waitFor();
      await page.locator(`[data-testid="tile-${id}"] [data-testid="sit-0"]`).click();
      await page.getByTestId('buyin-dialog').waitFor();
      await page.getByTestId('buyin-confirm').click();
      await page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
    }
    const ws = `${base.replace(/^http/, 'ws')}/api/v1/socket`;
    const bobs = new Map<number, SocketPlayer>();
    for (const id of tables) {
      const b = new SocketPlayer(bob.userId, bob.token, id, 40_000);
      b.passive = true;
      await b.join(ws, 3);
      bobs.set(id, b);
    }

    try {
      // Two decisions by keyboard: C on a QWERTY layout, then the same key as a Cyrillic layout sends it.
      for (const key of ['qwerty', 'cyrillic'] as const) {
        await page.locator('[data-testid^="tile-"][data-waiting="true"]').first().waitFor({ timeout: 30_000 });
        await page.waitForFunction(() => document.activeElement?.closest('[data-table-root]') !== null);
        const before = await focusAndOrder(page);
        expect(before.order[0]).toBe(before.waiting[0]); // waiting first
        expect(before.focused).toBe(before.waiting[0]); // and focused
        const target = before.focused;
        const other = tables.find((t) => t !== target)!;
        const otherMoves = aliceMoves(bobs.get(other)!);
        const targetMoves = aliceMoves(bobs.get(target)!);
        await sleep(700); // past the grace after focus moved by itself
        if (key === 'qwerty') await page.keyboard.press('KeyC');
        else
          await page.evaluate(() =>
            document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'с', code: 'KeyC', bubbles: true, cancelable: true })),
          );
        await expect.poll(() => aliceMoves(bobs.get(target)!), { timeout: 10_000 }).toBe(targetMoves + 1);
        await sleep(500);
        expect(aliceMoves(bobs.get(other)!)).toBe(otherMoves);
      }
      await screenshot(page, 'multi-table-desktop');

      // A note on Bob set at one table shows on his seat at the other, and is the server's: a
      // page opened afresh at the other table reads it back.
      const bobName = `multi_b_${suffix}`;
      const [first, second] = tables;
      await page.locator(`[data-testid="tile-${first}"] [data-testid="note-${bobName}"]`).click();
      await page.getByTestId('note-edit').click();
      await page.getByTestId('note-dialog').waitFor();
      await page.getByTestId('note-tag-red').click();
      await page.getByTestId('note-input').fill('Calls every river');
      await page.getByTestId('note-save').click();
      await page.getByTestId('note-dialog').waitFor({ state: 'detached' });
      const atSecond = page.locator(`[data-testid="tile-${second}"] [data-testid="note-${bobName}"]`);
      await expect.poll(() => atSecond.getAttribute('data-tag')).toBe('red');
      const stored = await api<{ items: Array<{ userId: number; tag: string; note: string }> }>(base, 'GET', '/api/v1/user/notes', undefined, alice.token);
      expect(stored.items).toEqual([expect.objectContaining({ userId: bob.userId, tag: 'red', note: 'Calls every river' })]);
      const fresh = await context.newPage();
      await fresh.goto(`${base}/table/${second}`);
      const seatNote = fresh.locator(`[data-testid="note-${bobName}"]`).first();
      await expect.poll(() => seatNote.getAttribute('title'), { timeout: 15_000 }).toBe('Calls every river');
      expect(await seatNote.getAttribute('data-tag')).toBe('red');
      await fresh.close();
    } finally {
      for (const b of bobs.values()) b.close();
      await context.close();
    }
  });
});
