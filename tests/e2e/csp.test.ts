// The Content-Security-Policy in real Chromium: the player app and the back office load, talk to the
// API and to the socket, draw charts, markdown and live tables, and not one thing is refused by the
// policy (securitypolicyviolation events and console reports are both collected).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { adminToken, api, registerPlayer } from './helpers/server';
import { e2eFile } from './helpers/file';

const env = e2eFile();

interface Watched {
  page: Page;
  violations: string[];
  sockets: string[];
}

async function watchedPage(token?: string): Promise<Watched> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  const violations: string[] = [];
  const sockets: string[] = [];
  // Reported by the page itself (every refused load, inline script or style, eval, connection).
  await page.exposeFunction('__cspViolation', (v: string) => violations.push(v));
  await page.addInitScript((t) => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
    if (t) localStorage.setItem('accessToken', t);
  }, token ?? null);
  // And as Chromium logs it.
  page.on('console', (m) => {
    if (/content security policy|refused to/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => violations.push(`page error: ${e.message}`));
  page.on('websocket', (ws) => sockets.push(ws.url()));
  return { page, violations, sockets };
}

describe('Content-Security-Policy in Chromium', () => {
  it('the player app runs without a single violation (lobby, wallet, chart, table, socket)', async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const token = (await registerPlayer(env.server.url, `csp_${Date.now().toString(36)}`.slice(0, 20))).token;
    const me = await api<{ userId: number; depositCode: string }>(base, 'GET', '/api/v1/user/me', undefined, token);
    await api(base, 'POST', '/api/v1/admin/deposit', { userId: me.userId, amount: 300_000 }, admin);
    const { page, violations, sockets } = await watchedPage(token);

    const res = await page.goto(base + '/');
    expect(res!.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('lobby').waitFor();
    await page.getByTestId('jackpot-amount').waitFor();
    await page.goto(base + '/profile');
    await page.getByTestId('profile').waitFor();
    await page.getByTestId('bank-details').waitFor(); // markdown content block
    await page.getByTestId('tab-withdraw').click();
    await page.getByTestId('withdraw-form').waitFor();
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-list').waitFor();
    const chartTab = page.getByTestId('tab-chart');
    if (await chartTab.count()) await chartTab.click();
    await page.getByTestId('tab-account').click();
    await page.getByTestId('account-form').waitFor();
    await page.goto(base + '/table/1');
    await page.getByTestId('table-page').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500); // socket frames, animations
    expect(sockets.some((u) => u.endsWith('/api/v1/socket'))).toBe(true);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('the back office runs without a single violation (lists, settings, content, live table)', async () => {
    const base = env.server.url;
    const token = await adminToken(base);
    const { page, violations } = await watchedPage(token);
    const res = await page.goto(base + '/admin');
    expect(res!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByText('Admin Panel').first().waitFor();
    for (const path of ['/admin/withdraw', '/admin/deposit', '/admin/settings', '/admin/data', '/admin/table', '/admin/table/1']) {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(1500);
    expect(violations).toEqual([]);
    await page.context().close();
  });

  it('an injected inline script is refused (the policy is really enforced)', async () => {
    const { page, violations } = await watchedPage();
    await page.goto(env.server.url + '/');
    await page.getByTestId('lobby').waitFor();
    const ran = await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.body.appendChild(s);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((v) => v.includes('script-src'))).toBe(true);
    await page.context().close();
  });
});
