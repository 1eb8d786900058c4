// The player app's accessibility sweep (docs/accessibility.md): axe-core (WCAG 2.0 A/AA, 2.1 AA)
// on every page and dialog, in light and dark, English and Mongolian (switched in place, see
// helpers/axe.ts), on a 1280×800 desktop and a 375×812 phone. Zero violations is the bar; the
// failure message lists each rule with its nodes and axe's summary.
// Covered: the lobby (guest and signed in, its chat with a message, the menu), sign in (with an
// error), register, forgot password (and sent), reset password, confirm email, info, not found,
// the wallet's tabs (deposit, withdraw with a request, history, chart, account) and the hand
// replayer of the history; at a table (watching, then heads up with a house bot): the buy-in
// dialog, the player seated in a hand in progress, the action bar on the player's turn, the table
// chat, the replayer, the information dialog (fair check), the settings and leave dialogs.
// It runs in the a11y project, after the rest of the suite (scripts/test.sh).
import { describe, it, type ExpectStatic } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { adminToken, api, createTable, registerPlayer } from './helpers/server';
import { SIZES, openFromToolbar, pressToolbar, sizeOptions, type Size } from './helpers/browser';
import { e2eFile } from './helpers/file';
import { PLAYER_KEYS, expectNoViolations, sweep, variantsFor, type Finding } from './helpers/axe';

const env = e2eFile();

/** Two themes × languages per size, every pair of size, theme and language in all (helpers/axe.ts). */
const variantsOf = (size: Size) => variantsFor(size.phone);

async function newContext(size: Size, token?: string): Promise<BrowserContext> {
  const context = await env.browser.newContext(sizeOptions(size));
  await context.addInitScript(
    ({ t }) => {
      // Layout shifts of the page, and every height the lobby's chat panel takes from its first
      // paint (it must not grow or shrink as it loads: what is below it would move).
      const w = window as unknown as { __shifts: number[]; __chatHeights: number[] };
      w.__shifts = [];
      w.__chatHeights = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!e.hadRecentInput) w.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
      let watched: Element | null = null;
      new MutationObserver(() => {
        const chat = document.querySelector('[data-testid="chat"]');
        if (!chat || chat === watched) return;
        watched = chat;
        new ResizeObserver((entries) => entries.forEach((e) => w.__chatHeights.push(Math.round(e.borderBoxSize[0].blockSize)))).observe(chat);
      }).observe(document, { childList: true, subtree: true });
      // The first visit starts in light English; later switches are the sweep's.
      if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', 'en');
      if (t && !localStorage.getItem('accessToken')) localStorage.setItem('accessToken', t);
    },
    { t: token ?? '' },
  );
  return context;
}

async function newPage(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
  return page;
}

async function player(size: Size): Promise<{ name: string; token: string }> {
  const name = `ax${size.name[0]}_${Date.now().toString(36).slice(-7)}`;
  const r = { accessToken: (await registerPlayer(env.server.url, name)).token };
  const admin = await adminToken(env.server.url);
  await api(env.server.url, 'POST', '/api/v1/admin/deposit', { username: name, amount: 500_000, note: 'a11y' }, admin);
  await api(env.server.url, 'POST', '/api/v1/user/withdrawal', { amount: 20_000 }, r.accessToken);
  return { name, token: r.accessToken };
}

/**
 * An idle table for four, its turns two minutes long (the clock never acts for the player while a
 * state is swept). The player sits first, in seat 0, then the house bots come: one (they leave two
 * seats free), heads up. At an idle table whoever sits is dealt into the first hand (no waiting for
 * the big blind), whose button is seat 0: heads up the button posts the small blind and acts first
 * before the flop. So the player's turn comes with the first hand, and their fold ends it: nothing
 * waits for a bot's move (1 to 4 s each) or for the bots to finish a hand.
 */
async function idleTable(size: Size): Promise<number> {
  const admin = await adminToken(env.server.url);
  const { tableId } = await createTable(env.server.url, admin, `A11y ${size.name} ${Date.now().toString(36).slice(-4)}`, { maxPlayers: 4, actionTime: 120 });
  return tableId;
}

async function startBots(tableId: number): Promise<void> {
  const admin = await adminToken(env.server.url);
  await api(env.server.url, 'PUT', `/api/v1/admin/table/simulate?tableId=${tableId}`, undefined, admin);
}

async function stopBots(tableId: number): Promise<void> {
  const admin = await adminToken(env.server.url);
  await api(env.server.url, 'DELETE', `/api/v1/admin/table/simulate?tableId=${tableId}`, undefined, admin).catch(() => undefined);
}

async function guestPages(size: Size, out: Finding[]): Promise<void> {
  const context = await newContext(size);
  const page = await newPage(context, `${size.name} guest`);
  const base = env.server.url;
  const check = (where: string) => sweep(page, PLAYER_KEYS, `${size.name} ${where}`, out, { variants: variantsOf(size) });

  await page.goto(base + '/');
  await page.getByTestId('lobby').waitFor();
  await page.getByTestId(size.phone ? 'table-cards' : 'table-list').waitFor();
  await check('lobby (guest)');
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu').waitFor();
  await check('menu (guest)');
  await page.keyboard.press('Escape');
  await page.getByTestId('menu').waitFor({ state: 'detached' });

  await page.goto(base + '/auth/login');
  await page.getByTestId('login-form').waitFor();
  await page.fill('input[name="username"]', 'nobody_here');
  await page.fill('input[name="password"]', 'WrongPass123');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('auth-error').waitFor();
  await check('sign in (error)');

  await page.goto(base + '/auth/register');
  await page.getByTestId('register-form').waitFor();
  await page.getByTestId('register-submit').click(); // the fields' errors shown
  await check('register');

  await page.goto(base + '/auth/forgot-password');
  await page.getByTestId('forgot-form').waitFor();
  await check('forgot password');
  await page.fill('input[name="email"]', 'nobody@example.mn');
  await page.getByTestId('forgot-submit').click();
  await page.getByTestId('forgot-sent').waitFor();
  await check('forgot password (sent)');

  await page.goto(base + '/reset-password?token=not-a-real-token');
  await page.locator('input[type="password"]').first().waitFor();
  await check('reset password');

  await page.goto(base + '/confirm-email?token=not-a-real-token');
  await page.getByTestId('confirm-failed').waitFor();
  await check('confirm email');

  await page.goto(base + '/info');
  await page.locator('main h1, main h2').first().waitFor();
  await check('info');

  await page.goto(base + '/no/such/page');
  await page.locator('main h1').first().waitFor();
  await check('not found');
  await context.close();
}

async function signedInPages(size: Size, out: Finding[], expect: ExpectStatic): Promise<void> {
  const [me, tableId] = await Promise.all([player(size), idleTable(size)]);
  const context = await newContext(size, me.token);
  const page = await newPage(context, `${size.name} ${me.name}`);
  const base = env.server.url;
  const check = (where: string) => sweep(page, PLAYER_KEYS, `${size.name} ${where}`, out, { variants: variantsOf(size) });
  try {
    // ---- the table first: the history needs a hand played
    await page.goto(`${base}/table/${tableId}`);
    await page.getByTestId('table-page').waitFor();
    // Seat 0: the first hand's button (the first seat after the last one), see idleTable().
    const seat = 0;
    await page.getByTestId(`sit-${seat}`).waitFor();
    await check('table (watching)');
    await page.getByTestId(`sit-${seat}`).click();
    await page.getByTestId('buyin-dialog').waitFor();
    await check('buy-in dialog');
    await page.getByTestId('buyin-confirm').click();
    await page.getByTestId('buyin-dialog').waitFor({ state: 'detached' });
    await page.locator(`[data-testid="seat-${seat}"][data-seat-state]`).waitFor();
    // Then the bot: the first hand is dealt a second later, my cards in it and my turn first.
    await startBots(tableId);
    await page.locator(`[data-testid="seat-cards-${seat}"] [data-card]`).first().waitFor();
    await check('table (seated, hand in progress)');
    // Names and stacks legible on a phone too (at least 12 px; Lighthouse counts smaller as illegible).
    const sizes = await page.evaluate(() =>
      [...document.querySelectorAll('[data-testid^="seat-plate-"] > div')].map((e) => parseFloat(getComputedStyle(e).fontSize)),
    );
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.min(...sizes), 'seat names and stacks, px').toBeGreaterThanOrEqual(12);
    // My turn: the action bar with the bet sizer.
    await page.locator('[data-testid="act-call"]:not([disabled])').waitFor();
    await check('table (my turn)');
    // Heads up, my fold ends the hand: a finished hand for the replayers, at once.
    const fold = page.locator('[data-testid="act-fold"]:not([disabled])');
    expect(await fold.count(), 'on the button, facing the big blind, the player can fold').toBe(1);
    await fold.click();

    const toolbar = (key: string) => pressToolbar(page, size.phone, key);
    if (size.phone) {
      await page.getByTestId('toolbar-more').click();
      await page.getByRole('menu').waitFor();
      await check('table toolbar menu');
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      await page.getByTestId('toolbar-chat').click();
    } else {
      await page.getByRole('tab', { name: /^(chat|чат)$/i }).click();
    }
    await page.getByTestId('table-chat').waitFor();
    await page.getByTestId('table-chat').locator('input').fill('gl all');
    await page.getByTestId('table-chat').locator('input').press('Enter');
    await page.getByTestId('table-chat').getByText('gl all').waitFor();
    await check('table chat');
    if (size.phone) await page.keyboard.press('Escape');

    // A finished hand for the replayer and the fair check.
    const dialog = page.getByRole('dialog');
    // On a loaded machine a toolbar click that lands while the table re-renders can be lost (seen
    // in CI for the settings and the information): click again if no dialog came.
    const openDialog = (key: string) => openFromToolbar(page, size.phone, key, dialog, `a11y-${size.name}`);
    await openDialog('replay');
    await page.getByTestId('replay-dialog').waitFor();
    await page.getByTestId('replay-pick').waitFor();
    await check('table replayer');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await openDialog('info');
    // If it does not come, say what the dialog showed (no dialog, or no finished hand in the view).
    await page
      .getByTestId('fair-check')
      .waitFor()
      .catch(async (e: Error) => {
        const shown = await dialog.innerText({ timeout: 1_000 }).catch(() => '(no dialog)');
        throw new Error(`${e.message}\nthe dialog showed: ${shown}`);
      });
    await check('table information (fair check)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await openDialog('settings');
    await page.getByTestId('keyboard-help').or(page.getByTestId('account-info')).first().waitFor({ timeout: 60_000 });
    await check('table settings');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await toolbar('leave');
    await page.getByTestId('leave-confirm').waitFor();
    await check('leave dialog');
    await page.getByTestId('leave-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await stopBots(tableId);

    // ---- the lobby, its chat and the menu, signed in
    await page.goto(base + '/');
    await page.getByTestId('lobby').waitFor();
    const chatInput = page.getByTestId('chat').locator('input');
    await chatInput.and(page.locator(':not([disabled])')).waitFor();
    // Each size its own words: both sizes run side by side in the one lobby chat.
    const greeting = `Сайн байна уу, hello ${size.name}`;
    await chatInput.fill(greeting);
    await chatInput.press('Enter');
    await page.getByTestId('chat-messages').getByText(greeting).waitFor();
    await check('lobby (signed in, chat)');
    // A fresh load of the lobby: no layout shift as the sign-in, the tables and the chat come in.
    await page.reload();
    await page.getByTestId('lobby').waitFor();
    await page.getByTestId('chat-messages').getByText(greeting).waitFor({ timeout: 60_000 });
    await page.getByTestId(size.phone ? 'table-cards' : 'table-list').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const { cls, heights } = await page.evaluate(() => {
      const w = window as unknown as { __shifts: number[]; __chatHeights: number[] };
      return { cls: w.__shifts.reduce((a, b) => a + b, 0), heights: w.__chatHeights };
    });
    if (process.env.TEST_TIMINGS) console.log(`[a11y] ${size.name} lobby CLS ${cls.toFixed(4)}, chat panel heights ${heights.join(', ')}`);
    expect(heights.length, 'the chat panel was measured').toBeGreaterThan(0);
    expect(new Set(heights).size, `the chat panel's height from its first paint: ${heights.join(' → ')}`).toBe(1);
    await page.getByTestId('tab-tournament').click();
    await page.getByTestId('tournament').waitFor();
    await check('lobby (tournaments)');
    await page.getByTestId('tab-pools').click();
    await page.getByTestId('pools').waitFor();
    await check('lobby (fast fold)');
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu').waitFor();
    await check('menu (signed in)');
    await page.keyboard.press('Escape');

    // ---- the wallet's tabs
    for (const [tab, ready] of [
      ['deposit', 'deposit-code'],
      ['withdraw', 'withdraw-form'],
      ['history', 'history-list'],
      ['chart', 'balance-chart'],
      ['hands', 'hand-filters'],
      ['stats', 'stats'],
      ['account', 'account-form'],
      ['safer', 'safer-tab'],
    ] as const) {
      await page.goto(`${base}/profile?tab=${tab}`);
      // The statistics show once the integrity job has counted hands; before, the tab says so.
      await (tab === 'stats' ? page.locator('[data-testid="stats"], .MuiAlert-root').first() : page.getByTestId(ready)).waitFor();
      if (tab === 'withdraw') await page.getByTestId('withdraw-list').waitFor();
      if (tab === 'deposit') await page.getByTestId('deposit-list').waitFor();
      await check(`profile: ${tab}`);
    }
    // Several tables in one window (issue 33): the table watched, tiled on a desktop, tabs on a phone.
    await page.goto(`${base}/tables?ids=${tableId}`);
    await page.locator(`[data-table-root="${tableId}"]`).waitFor();
    await check('several tables');
    await page.goto(`${base}/profile?tab=history`);
    await page.locator('[data-testid^="replay-"]').first().click();
    await page.getByTestId('hand-replay').waitFor();
    await page.getByTestId('hand-replay').locator('[data-card]').first().waitFor();
    await check('hand replayer (history)');
    // A note and a colour tag on the opponent (issue 33), from the replayer: the menu, the dialog.
    // (Seats of house bots carry no note button; the replayer's names all do but the hero's.)
    await page.getByTestId('hand-replay').locator('button[aria-haspopup="menu"][data-testid^="note-"]').first().click();
    await page.getByTestId('note-edit').click();
    await page.getByTestId('note-save').waitFor();
    await check('note dialog');
    // A fast-fold pool (issue 29) alone and as a tile among the several tables: nobody else is in
    // it, so the player waits for a hand (the pool's buttons, the waiting message).
    const admin = await adminToken(env.server.url);
    const pool = (await api(
      env.server.url,
      'POST',
      '/api/v1/admin/pool',
      {
        name: `A11y ${size.name} ${Date.now().toString(36).slice(-4)}`,
        variant: 'PO5',
        smallBlind: 50,
        bigBlind: 100,
        minBuyIn: 2_000,
        maxBuyIn: 10_000,
        maxPlayers: 6,
        rakePercent: 5,
        rakeCap: 300,
      },
      admin,
    )) as { poolId: number };
    await api(env.server.url, 'POST', `/api/v1/user/pool/${pool.poolId}/join`, { buyIn: 5_000 }, me.token);
    await page.keyboard.press('Escape');
    await page.goto(`${base}/pool/${pool.poolId}`);
    await page.getByTestId('pool-waiting').waitFor();
    await check('fast-fold pool (waiting for a hand)');
    await page.goto(`${base}/tables?ids=${tableId},p${pool.poolId}`);
    await page.locator(`[data-table-root="${tableId}"]`).waitFor();
    // On a phone the tiles are tabs: the pool's is there, not shown.
    await page.getByTestId('pool-waiting').waitFor({ state: 'attached' });
    await check('several tables with a pool');
    await api(env.server.url, 'POST', `/api/v1/user/pool/${pool.poolId}/leave`, undefined, me.token);
  } finally {
    await stopBots(tableId);
    await context.close();
  }
}

describe('accessibility of the player app (axe, WCAG 2.1 AA)', () => {
  for (const size of SIZES) {
    // One size after the other, its guest and signed-in pages side by side: with the back office's
    // sweep beside them, the two cores are busy (more at once only slows each step).
    it(`${size.name} ${size.width}×${size.height}: every page and dialog, light and dark, English and Mongolian`, async ({ expect }) => {
      const findings: Finding[] = [];
      await Promise.all([guestPages(size, findings), signedInPages(size, findings, expect)]);
      expectNoViolations(expect, findings);
    });
  }
});
