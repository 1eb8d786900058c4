import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, http, onUnauthenticated, setToken, TOKEN_KEY } from '../../src/shared/http';

const seen: Array<string | null> = [];
const server = setupServer(
  mswHttp.get('*/api/v1/user/me', ({ request }) => {
    seen.push(request.headers.get('authorization'));
    return HttpResponse.json({ ok: true });
  }),
  mswHttp.get('*/api/v1/admin/withdrawal', () => HttpResponse.json({ error: { code: 'UNAUTHORIZED', message: 'Token expired' } }, { status: 401 })),
  mswHttp.post('*/api/v1/user/withdrawal', () => HttpResponse.json({ error: { code: 'INSUFFICIENT_BALANCE', message: 'Not enough' } }, { status: 409 })),
  mswHttp.get('*/api/v1/user/broken', () => new HttpResponse('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' })),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('shared http client', () => {
  it('stores the token under accessToken and sends it as a bearer header on every call', async () => {
    await http.get('/api/v1/user/me');
    setToken('t-123');
    expect(localStorage.getItem(TOKEN_KEY)).toBe('t-123');
    await http.get('/api/v1/user/me');
    expect(seen).toEqual([null, 'Bearer t-123']);
  });

  it('turns {error:{code,message}} into an ApiError', async () => {
    const e = await http.post('/api/v1/user/withdrawal', { amount: 5 }).catch((x) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 409, code: 'INSUFFICIENT_BALANCE', message: 'Not enough' });
  });

  it('keeps non-JSON errors typed', async () => {
    const e = await http.get('/api/v1/user/broken').catch((x) => x);
    expect(e).toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('broadcasts any 401, from the admin API too', async () => {
    const listener = vi.fn();
    const off = onUnauthenticated(listener);
    const e = await http.get('/api/v1/admin/withdrawal').catch((x) => x);
    expect(e).toMatchObject({ status: 401, message: 'Token expired' });
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await http.get('/api/v1/admin/withdrawal').catch(() => {});
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reports network failures as status 0', async () => {
    server.use(mswHttp.get('*/api/v1/user/me', () => HttpResponse.error()));
    const e = await http.get('/api/v1/user/me').catch((x) => x);
    expect(e).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
