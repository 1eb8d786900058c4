// Web push end to end (issue 33), real Chromium against a server of this file's own with VAPID
// keys: the player turns on "deposit or withdrawal done" in the account tab, the app sends the
// browser's subscription to the server, and a deposit by the administrator reaches a local HTTPS
// push service as web-push's encrypted request, which decrypts to the app's message. The browser's
// PushManager is stubbed to subscribe at that local service (headless Chromium has no push
// service of its own offline); everything after it is real. ~10 s.
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, registerPlayer, SHARED_SERVER_OPTIONS, startServer } from './helpers/server';
import { e2eFile } from './helpers/file';
import { TestPushService } from '../server/helpers/push-service';
import { createPgDatabase } from '../server/helpers/db';

const service = new TestPushService();
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@example.mn' };
// A server of its own (VAPID keys, the push service's agent) on PostgreSQL: up in seconds.
const env = e2eFile(async () => {
  const pg = await createPgDatabase();
  const server = await startServer({ ...SHARED_SERVER_OPTIONS, databaseUrl: pg.url, push: { vapid, agent: service.agent } });
  return { url: server.url, close: () => server.close().then(pg.drop) };
});

beforeAll(() => service.start());
afterAll(() => service.stop());

describe('web push', () => {
  it('a subscription made in the app is stored and a deposit message delivered to it', async () => {
    const base = env.server.url;
    const admin = await adminToken(base);
    const player = await registerPlayer(base, `push_${Date.now().toString(36)}`);
    const browser = service.browser('/e2e');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await context.grantPermissions(['notifications'], { origin: base });
    await context.addInitScript(
      ({ token, endpoint, keys }) => {
        localStorage.setItem('accessToken', token);
        const fake = {
          endpoint,
          expirationTime: null,
          options: { applicationServerKey: null },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: async () => true,
        };
        let current: typeof fake | null = null;
        PushManager.prototype.subscribe = async function () {
          current = fake;
          return fake as unknown as PushSubscription;
        };
        PushManager.prototype.getSubscription = async function () {
          return current as unknown as PushSubscription | null;
        };
      },
      { token: player.token, endpoint: browser.endpoint, keys: browser.keys },
    );
    const page = await context.newPage();
    try {
      await page.goto(`${base}/profile?tab=account`);
      await page.getByTestId('push-settings').waitFor();
      // The switch turns on once the subscription is stored (it waits for the server).
      await page.getByTestId('push-cashier').click();
      await expect
        .poll(
          async () =>
            (await page.getByTestId('push-problem').count()) > 0
              ? await page.getByTestId('push-problem').textContent()
              : await page.evaluate(() => localStorage.getItem('pushKinds')),
          { timeout: 10_000 },
        )
        .toBe('["cashier"]');
      await expect.poll(() => page.getByTestId('push-cashier').isChecked()).toBe(true);
      await api(base, 'POST', '/api/v1/admin/deposit', { depositCode: player.depositCode, amount: 50_000, note: 'e2e' }, admin);
      await expect.poll(() => service.requests.filter((r) => r.path === '/e2e').length, { timeout: 10_000 }).toBe(1);
      const [req] = service.requests;
      expect(req.headers['content-encoding']).toBe('aes128gcm');
      expect(browser.read(req.body)).toEqual({ kind: 'cashier', url: '/profile?tab=deposit', title: 'Deposit credited', body: '50,000 ₮ is in your balance.' });
    } finally {
      await context.close();
    }
  });
});
