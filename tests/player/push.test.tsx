// Web push, the browser's side, against the regulars' routes (msw) with the browser's push objects
// faked (jsdom has none): permission asked from a switch only, the subscription made with the
// server's key and stored with its kinds and language, dropped when no kind is left.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { MOCK_VAPID_KEY } from '../../mocks/regulars';
import { keyBytes, PUSH_KINDS_KEY } from '../../src/player/pwa/push';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  // The fakes go with this file (the player project's files share a worker).
  for (const [obj, key] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const)
    Reflect.deleteProperty(obj, key);
});

const ENDPOINT = 'https://push.example.test/send/abc123';
let requestPermission: ReturnType<typeof vi.fn>;
let subscribe: ReturnType<typeof vi.fn>;
let unsubscribe: ReturnType<typeof vi.fn>;
let current: PushSubscription | null;

/** The browser's push objects, as Chromium has them once the service worker is ready. */
function fakeBrowser(answer: NotificationPermission = 'granted') {
  current = null;
  unsubscribe = vi.fn(async () => {
    current = null;
    return true;
  });
  subscribe = vi.fn(async (opts: PushSubscriptionOptionsInit) => {
    current = {
      endpoint: ENDPOINT,
      options: { applicationServerKey: (opts.applicationServerKey as Uint8Array).buffer, userVisibleOnly: true },
      unsubscribe,
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
    } as unknown as PushSubscription;
    return current;
  });
  const registration = { pushManager: { getSubscription: async () => current, subscribe } };
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn() };
  requestPermission = notification.requestPermission;
  requestPermission.mockImplementation(async () => (notification.permission = answer));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: function PushManager() {} });
  Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
}

beforeEach(() => {
  localStorage.removeItem(PUSH_KINDS_KEY);
  state.regulars.pushSubscriptions = [];
  state.regulars.vapidPublicKey = MOCK_VAPID_KEY;
});

describe('push notifications', () => {
  it('the VAPID key is read as the 65 bytes of a public key', () => {
    const bytes = keyBytes(MOCK_VAPID_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4); // an uncompressed P-256 point
  });

  it('nothing asks for permission when pages load; a switch does, then subscribes and stores the kinds', async () => {
    fakeBrowser();
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    await screen.findByTestId('push-settings');
    expect(requestPermission).not.toHaveBeenCalled();

    await user.click(screen.getByTestId('push-yourTurn'));
    await waitFor(() => expect(state.regulars.pushSubscriptions).toHaveLength(1));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes(MOCK_VAPID_KEY) });
    expect(state.regulars.pushSubscriptions[0]).toMatchObject({ userId: 1, endpoint: ENDPOINT, kinds: ['yourTurn'], language: 'en' });

    await user.click(screen.getByTestId('push-cashier'));
    await waitFor(() => expect(state.regulars.pushSubscriptions[0]?.kinds).toEqual(['yourTurn', 'cashier']));
    expect(subscribe).toHaveBeenCalledTimes(1); // the same subscription, its kinds changed
    expect(state.regulars.pushSubscriptions).toHaveLength(1);

    await user.click(screen.getByTestId('push-yourTurn'));
    await user.click(screen.getByTestId('push-cashier'));
    await waitFor(() => expect(state.regulars.pushSubscriptions).toEqual([]));
    expect(unsubscribe).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(PUSH_KINDS_KEY)!)).toEqual([]);
  });

  it('a refused permission stores nothing and says how to allow it', async () => {
    fakeBrowser('denied');
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account', lng: 'mn' });
    await user.click(await screen.findByTestId('push-tournamentStart'));
    expect((await screen.findByTestId('push-problem')).textContent).toContain('зөвшөөрөөд');
    expect(subscribe).not.toHaveBeenCalled();
    expect(state.regulars.pushSubscriptions).toEqual([]);
  });

  it('a server without VAPID keys: not available yet, nothing stored', async () => {
    fakeBrowser();
    state.regulars.vapidPublicKey = null;
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    await user.click(await screen.findByTestId('push-cashier'));
    expect((await screen.findByTestId('push-problem')).textContent).toBe('Notifications are not available yet.');
    expect(state.regulars.pushSubscriptions).toEqual([]);
    expect((screen.getByTestId('push-cashier') as HTMLInputElement).checked).toBe(false);
  });
});
