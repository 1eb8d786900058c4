import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { http as mswHttp, HttpResponse } from 'msw';
import { useAuth } from '../../src/player/auth/AuthContext';
import { initialAuthState } from '../../src/player/auth/AuthContext';
import { http } from '../../src/shared/http';
import { createMockServer } from '../../mocks/node';
import { FakeWebSocket, makeSocket, renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let latest: ReturnType<typeof useAuth> | null = null;
function Probe() {
  const a = useAuth();
  latest = a;
  return (
    <div data-testid="auth">
      {JSON.stringify({ isAuthenticated: a.isAuthenticated, checkedAuth: a.checkedAuth, user: a.userInfo?.username ?? null, balance: a.userBalance })}
    </div>
  );
}
const read = () => JSON.parse(screen.getByTestId('auth').textContent!);

describe('auth state', () => {
  it('starts with exactly the four spec fields and their spec values', () => {
    expect(initialAuthState).toEqual({ isAuthenticated: false, checkedAuth: false, userInfo: null, userBalance: 0 });
  });

  it('without a token: checked, not authenticated, no request to /me', async () => {
    const me = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/me')) me();
    });
    renderPlayer({ children: <Probe /> });
    await waitFor(() => expect(read().checkedAuth).toBe(true));
    expect(read()).toEqual({ isAuthenticated: false, checkedAuth: true, user: null, balance: 0 });
    expect(me).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('with a valid token: the current-user query marks authenticated and stores user info and balance', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ children: <Probe /> });
    await waitFor(() => expect(read().isAuthenticated).toBe(true));
    expect(read()).toEqual({ isAuthenticated: true, checkedAuth: true, user: 'bataa', balance: 1_250_000 });
  });

  it('any 401, from either API, marks the session unauthenticated and drops the token', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    server.use(mswHttp.get('*/api/v1/admin/stats', () => HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'expired' } }, { status: 401 })));
    renderPlayer({ children: <Probe /> });
    await waitFor(() => expect(read().isAuthenticated).toBe(true));
    await act(async () => {
      await http.get('/api/v1/admin/stats').catch(() => {});
    });
    await waitFor(() => expect(read().isAuthenticated).toBe(false));
    expect(read()).toEqual({ isAuthenticated: false, checkedAuth: true, user: null, balance: 0 });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a stale token: /me answers 401 and the session ends checked and unauthenticated', async () => {
    localStorage.setItem('accessToken', 'revoked');
    renderPlayer({ children: <Probe /> });
    await waitFor(() => expect(read().checkedAuth).toBe(true));
    expect(read().isAuthenticated).toBe(false);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('signing in stores the token and refetches the current user', async () => {
    renderPlayer({ children: <Probe /> });
    await waitFor(() => expect(read().checkedAuth).toBe(true));
    let meCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/v1/user/me')) meCalls++;
    });
    const user = { ...state.users[0].me, balance: 1 }; // stale copy in the login answer
    act(() => latest!.signIn({ accessToken: 'mock-token-1', user }));
    expect(localStorage.getItem('accessToken')).toBe('mock-token-1');
    expect(read().isAuthenticated).toBe(true);
    await waitFor(() => expect(read().balance).toBe(1_250_000)); // refreshed from /me
    expect(meCalls).toBeGreaterThan(0);
    server.events.removeAllListeners();
  });

  it('logout clears the balance and the token, then reloads the page', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const reload = vi.fn();
    renderPlayer({ children: <Probe />, reload });
    await waitFor(() => expect(read().isAuthenticated).toBe(true));
    act(() => latest!.logout());
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(read().balance).toBe(0);
    expect(read().isAuthenticated).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the socket connects once the user is known, sends AUTH, and applies BALANCE_UPDATE only for this user', async () => {
    FakeWebSocket.instances = [];
    localStorage.setItem('accessToken', 'mock-token-1');
    const socket = makeSocket();
    renderPlayer({ children: <Probe />, socket });
    expect(FakeWebSocket.instances).toHaveLength(0); // not before the user is known
    await waitFor(() => expect(read().isAuthenticated).toBe(true));
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    act(() => ws.open());
    expect(ws.sentJson()[0]).toEqual({ type: 'AUTH', token: 'mock-token-1' });
    act(() => ws.push({ type: 'BALANCE_UPDATE', data: { userId: 999, balance: 5, locked: 0 } }));
    expect(read().balance).toBe(1_250_000);
    act(() => ws.push({ type: 'BALANCE_UPDATE', data: { userId: 1, balance: 2_000_000, locked: 300_000 } }));
    expect(read().balance).toBe(2_000_000);
    expect(latest!.userLocked).toBe(300_000);
  });

  it('a guest (no session) gets a socket of its own once that is known, with no AUTH: tables and the jackpot can be watched', async () => {
    FakeWebSocket.instances = [];
    localStorage.removeItem('accessToken');
    const socket = makeSocket();
    renderPlayer({ children: <Probe />, socket });
    await waitFor(() => expect(read().checkedAuth).toBe(true));
    expect(read().isAuthenticated).toBe(false);
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1));
    const ws = FakeWebSocket.last();
    act(() => ws.open());
    expect(ws.sentJson()).toEqual([]);
    expect(socket.status).toBe('open');
  });
});
