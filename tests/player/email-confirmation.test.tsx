// The confirmation link's page (/confirm-email?token=...) and the "not confirmed" notice in the
// profile, with its button that mails a new link.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { createMockServer } from '../../mocks/node';
import ConfirmEmailPage from '../../src/player/auth/ConfirmEmailPage';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.clear();
});
afterAll(() => server.close());

const renderConfirm = (route: string, lng: 'en' | 'mn' = 'en') =>
  renderPlayer({
    route,
    lng,
    children: (
      <Routes>
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
      </Routes>
    ),
  });

describe('confirm-email page', () => {
  it('sends the token once and says the address is confirmed', async () => {
    const tokens: string[] = [];
    server.use(
      mswHttp.post('*/api/v1/user/confirm-email', async ({ request }) => {
        tokens.push(((await request.json()) as { token: string }).token);
        return HttpResponse.json({ ok: true });
      }),
    );
    renderConfirm('/confirm-email?token=abcdefghijklmnop');
    expect((await screen.findByTestId('confirm-done')).textContent).toBe('Your e-mail address is confirmed.');
    expect(tokens).toEqual(['abcdefghijklmnop']);
  });

  it('an expired or used link says to ask for a new one (in Mongolian too)', async () => {
    renderConfirm('/confirm-email?token=expired-token-000', 'mn');
    expect((await screen.findByTestId('confirm-failed')).textContent).toContain('хүчингүй');
  });

  it('a link without a token fails without asking the server', async () => {
    renderConfirm('/confirm-email');
    expect((await screen.findByTestId('confirm-failed')).textContent).toContain('not valid');
  });
});

describe('profile: unconfirmed address', () => {
  it('shows "not confirmed yet" and mails a new link on request', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].me = { ...state.users[0].me, emailConfirmed: false };
    let resent = 0;
    server.use(mswHttp.post('*/api/v1/user/confirm-email/resend', () => (resent++, HttpResponse.json({ ok: true }))));
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    const notice = await screen.findByTestId('email-unconfirmed');
    expect(notice.textContent).toContain('Not confirmed yet');
    await user.click(screen.getByTestId('email-resend'));
    await waitFor(() => expect(screen.getByTestId('email-resend').textContent).toBe('A new link is on its way'));
    expect(resent).toBe(1);
    expect((screen.getByTestId('email-resend') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows nothing for a confirmed address', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].me = { ...state.users[0].me, emailConfirmed: true };
    renderPlayer({ route: '/profile?tab=account' });
    await screen.findByTestId('account-form');
    expect(screen.queryByTestId('email-unconfirmed')).toBeNull();
  });
});
