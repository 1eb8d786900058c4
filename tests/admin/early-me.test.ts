// The gate's /me asked at start (src/admin/auth/earlyMe.ts, issue 32): the auth provider reads
// that answer instead of asking again, once, and only for the token it was asked with.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser } from '../../mocks/admin-state';
import { createAuthProvider } from '../../src/admin/auth/authProvider';
import { askMeEarly, takeEarlyMe } from '../../src/admin/auth/earlyMe';

const ORIGIN = 'http://localhost:3000';

function meServer(role: 'ADMIN' | 'PLAYER' = 'ADMIN') {
  return vi.fn(async (url: string | URL | Request) => {
    expect(String(url)).toBe(`${ORIGIN}/api/v1/user/me`);
    const me = { ...adminUser({ userId: 1, username: 'boss', role, isAdmin: role === 'ADMIN' }), emailConfirmed: true };
    return new Response(JSON.stringify(me), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

afterEach(() => {
  takeEarlyMe('');
  localStorage.clear();
});

describe('the /me asked at start', () => {
  it('is the answer the gate reads: one request, not two', async () => {
    localStorage.setItem('accessToken', 't1');
    const fetch = meServer();
    askMeEarly({ baseUrl: ORIGIN, fetch });
    const auth = createAuthProvider({ baseUrl: ORIGIN, fetch, goHome: vi.fn(), cacheMs: 0 });
    await expect(auth.ensureAdmin()).resolves.toMatchObject({ username: 'boss' });
    expect(fetch).toHaveBeenCalledTimes(1);
    // Read once: the next check asks the server again.
    await auth.ensureAdmin();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not used for another token (signed in again meanwhile)', async () => {
    localStorage.setItem('accessToken', 't1');
    const early = meServer('PLAYER');
    askMeEarly({ baseUrl: ORIGIN, fetch: early });
    localStorage.setItem('accessToken', 't2');
    const fetch = meServer('ADMIN');
    const auth = createAuthProvider({ baseUrl: ORIGIN, fetch, goHome: vi.fn() });
    await expect(auth.ensureAdmin()).resolves.toMatchObject({ role: 'ADMIN' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing without a stored token', () => {
    const fetch = meServer();
    askMeEarly({ baseUrl: ORIGIN, fetch });
    expect(fetch).not.toHaveBeenCalled();
    expect(takeEarlyMe('')).toBeNull();
  });
});
