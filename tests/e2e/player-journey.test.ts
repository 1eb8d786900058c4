// The player's journey in real Chromium against the real server (embedded PGlite):
// register, sign in, a deposit by the admin API seen live without a reload, a withdrawal moving
// money to locked, Mongolian, dark theme, sign out — on a desktop and on a 375 px phone.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api } from './helpers/server';
import { hasHorizontalScroll, muiSelect, screenshot, money } from './helpers/browser';
import { e2eFile } from './helpers/file';

const env = e2eFile();

interface Viewport {
  name: string;
  width: number;
  height: number;
  phone: boolean;
}

async function newPage(vp: Viewport): Promise<Page> {
  const context = await env.browser.newContext({
    viewport: { width: vp.width, height: vp.height },
    deviceScaleFactor: vp.phone ? 2 : 1,
    isMobile: vp.phone,
    hasTouch: vp.phone,
    locale: 'en-US',
  });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${vp.name}] page error:`, e.message));
  return page;
}

async function openMenu(page: Page) {
  await page.getByTestId('menu-button').click();
  await page.getByTestId('menu').waitFor();
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('menu').waitFor({ state: 'detached' });
}

async function journey(vp: Viewport) {
  const page = await newPage(vp);
  const base = env.server.url;
  const username = `e2e_${vp.name}_${Date.now().toString(36)}`.slice(0, 20);
  const password = 'Secret1234';
  const checkNoSideScroll = async (where: string) => expect(await hasHorizontalScroll(page), `horizontal scroll on ${where}`).toBe(false);

  // ---- lobby as a guest (the 500 ms loading screen is covered by the component tests)
  await page.goto(base + '/');
  await page.getByTestId('lobby').waitFor();
  await page.getByTestId('jackpot-amount').waitFor();
  await page.getByTestId(vp.phone ? 'table-cards' : 'table-list').waitFor();
  await checkNoSideScroll('lobby');
  await screenshot(page, `${vp.name}-01-lobby-guest`);

  // ---- register
  await page.getByTestId('topbar-signup').click();
  await page.getByTestId('register-form').waitFor();
  await checkNoSideScroll('register');
  await page.fill('input[name="email"]', `${username}@example.mn`);
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.fill('input[name="confirmPassword"]', password);
  await muiSelect(page, '[data-testid="register-form"]', 'Khan Bank');
  await page.fill('input[name="accountNumber"]', '5012345678');
  await page.check('input[name="adult"]');
  await screenshot(page, `${vp.name}-02-register`);
  await page.getByTestId('register-submit').click();
  await page.getByText('Registered successfully').waitFor();
  await page.getByTestId('lobby').waitFor();
  await expect.poll(() => page.getByTestId('topbar-balance').textContent()).toBe(money('0'));

  // ---- sign out and sign in again
  await openMenu(page);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('menu-logout').click()]);
  await page.getByTestId('topbar-login').click();
  await page.getByTestId('login-form').waitFor();
  await page.fill('input[name="username"]', username);
  await page.fill('input[name="password"]', password);
  await page.getByTestId('login-submit').click();
  await page.getByText('Successfully logged in').waitFor();
  await expect.poll(() => page.getByTestId('topbar-balance').textContent()).toBe(money('0'));

  // ---- wallet: deposit code, then a deposit by the admin API, seen live (no reload)
  await page.getByTestId('topbar-balance').click();
  await page.getByTestId('profile').waitFor();
  const depositCode = (await page.getByTestId('deposit-code').textContent())!.trim();
  expect(depositCode.length).toBeGreaterThan(3);
  await checkNoSideScroll('wallet / deposit');
  await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  const token = await adminToken(base);
  await api(base, 'POST', '/api/v1/admin/deposit', { depositCode, amount: 200_000, note: 'e2e transfer' }, token);
  await expect.poll(() => page.getByTestId('wallet-balance').textContent(), { timeout: 15_000 }).toBe(money('200,000'));
  await expect.poll(() => page.getByTestId('topbar-balance').textContent()).toBe(money('200,000'));
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await page.getByTestId('deposit-list').getByText('200,000').waitFor(); // the list follows the balance
  await screenshot(page, `${vp.name}-03-wallet-after-deposit`);

  // ---- withdrawal: locked goes up, balance down
  await page.getByTestId('tab-withdraw').click();
  await page.getByTestId('withdraw-form').waitFor();
  await page.getByTestId('withdraw-submit').click();
  await page.getByText('Please enter amount!').waitFor();
  await page.fill('[data-testid="withdraw-amount"]', '50000');
  await page.getByTestId('withdraw-submit').click();
  await page.getByText('Withdrawal created successfully').waitFor();
  await expect.poll(() => page.getByTestId('wallet-locked').textContent(), { timeout: 15_000 }).toBe(money('50,000'));
  await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(money('150,000'));
  await page.getByTestId('withdraw-list').getByText('Not approved').waitFor();
  await checkNoSideScroll('wallet / withdraw');
  await screenshot(page, `${vp.name}-04-withdraw`);

  // ---- game history tab
  await page.getByTestId('tab-history').click();
  await page.getByTestId('history-list').waitFor();
  await checkNoSideScroll('wallet / history');

  // ---- Mongolian and dark theme (on phones these live in the menu)
  if (vp.phone) await openMenu(page);
  await page.getByRole('button', { name: 'Монгол' }).first().click();
  await page.locator('[data-testid="theme-toggle"]:visible').first().click();
  if (vp.phone) await closeMenu(page);
  await page.getByText('Үлдэгдэл').first().waitFor();
  await page.getByText('Түгжигдсэн').first().waitFor();
  expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark');
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('mn');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('mn');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [r, g, b] = bg.match(/\d+/g)!.map(Number);
  expect(r + g + b, `dark body background, got ${bg}`).toBeLessThan(150);
  await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toBe(money('150\u00a0000'));
  await page.getByTestId('tab-withdraw').click();
  await page.getByTestId('withdraw-list').getByText('Батлагдаагүй').waitFor();
  await checkNoSideScroll('wallet in Mongolian');
  await screenshot(page, `${vp.name}-05-wallet-mn-dark`);

  // the lobby in Mongolian, dark
  await page.goto(base + '/');
  await page.getByTestId('lobby').waitFor();
  await page.getByText('Ширээ').first().waitFor();
  await page.getByTestId('tab-tournament').click();
  // The tournament list (or its empty state) in Mongolian.
  await page.locator('[data-testid="tournament-empty"], [data-testid="tournament-cards"], [data-testid="tournament-table"]').first().waitFor();
  await checkNoSideScroll('lobby in Mongolian');
  await screenshot(page, `${vp.name}-06-lobby-mn-dark-tournament`);

  // ---- sign out
  await openMenu(page);
  await Promise.all([page.waitForEvent('load'), page.getByTestId('menu-logout').click()]);
  await page.getByTestId('topbar-login').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('themeMode'))).toBe('dark'); // choices survive sign-out
  await screenshot(page, `${vp.name}-07-signed-out`);
  await page.context().close();
}

describe('player journey in Chromium', () => {
  it('desktop 1280×800', async () => {
    await journey({ name: 'desktop', width: 1280, height: 800, phone: false });
  });

  it('phone 375×812 (portrait)', async () => {
    await journey({ name: 'phone', width: 375, height: 812, phone: true });
  });
});
