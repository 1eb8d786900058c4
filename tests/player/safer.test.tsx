// The profile's Safer play tab (docs/safer-play.md) against the msw server: a lowered limit shows
// at once and a raised one as waiting; a self-exclusion asks for confirmation first; the identity
// upload checks the file before sending; the session reminder shows time and result; the
// registration form needs the age confirmation; the wallet sends a player without a verified
// identity to the tab.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp } from 'msw';
import { createMockServer } from '../../mocks/node';
import { errorResponse } from '../../mocks/handlers';
import { emptySafer } from '../../mocks/safer-handlers';
import SaferTab from '../../src/player/profile/safer/SaferTab';
import SessionReminder, { remindersDue } from '../../src/player/profile/safer/SessionReminder';
import WithdrawTab from '../../src/player/profile/WithdrawTab';
import { RegisterForm } from '../../src/player/auth/RegisterForm';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state.safer.clear();
});
afterAll(() => server.close());

async function renderTab(lng: 'en' | 'mn' = 'en') {
  localStorage.setItem('accessToken', 'mock-token-1');
  const utils = renderPlayer({ route: '/profile?tab=safer', lng, children: <SaferTab /> });
  await screen.findByTestId('safer-tab');
  return utils;
}

describe('Safer play tab', () => {
  it('sets a limit at once, shows a raise as waiting and removes it the same way', async () => {
    await renderTab();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('limit-DEPOSIT_DAY-input'), '50000');
    await user.click(screen.getByTestId('limit-DEPOSIT_DAY-save'));
    await waitFor(() => expect(screen.getByTestId('limit-DEPOSIT_DAY-amount').textContent).toMatch(/50,000/));
    expect(screen.queryByTestId('limit-DEPOSIT_DAY-pending')).toBeNull();
    await user.type(screen.getByTestId('limit-DEPOSIT_DAY-input'), '90000');
    await user.click(screen.getByTestId('limit-DEPOSIT_DAY-save'));
    expect((await screen.findByTestId('limit-DEPOSIT_DAY-pending')).textContent).toMatch(/90,000/);
    expect(screen.getByTestId('limit-DEPOSIT_DAY-amount').textContent).toMatch(/50,000/);
    expect(await screen.findByText('Saved: the higher limit applies in 24 hours')).toBeTruthy();
  });

  it('a self-exclusion starts only after the confirmation, then is all the card shows', async () => {
    await renderTab();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('break-SELF_EXCLUSION-start'));
    const dialog = await screen.findByTestId('break-confirm');
    expect(within(dialog).getByText(/6 months/)).toBeTruthy();
    expect(state.safer.get(1)?.exclusion ?? null).toBeNull();
    await user.click(within(dialog).getByTestId('break-confirm-yes'));
    expect((await screen.findByTestId('break-active')).textContent).toMatch(/Self-exclusion until/);
    expect(state.safer.get(1)?.exclusion?.kind).toBe('SELF_EXCLUSION');
    expect(screen.queryByTestId('break-COOL_OFF-start')).toBeNull();
  });

  it('refuses a file that is not an image before sending, then sends two images', async () => {
    await renderTab();
    const user = userEvent.setup();
    fireEvent.change(screen.getByTestId('identity-document'), { target: { files: [new File(['%PDF'], 'id.pdf', { type: 'application/pdf' })] } });
    fireEvent.change(screen.getByTestId('identity-second'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' })] },
    });
    await user.click(screen.getByTestId('identity-upload'));
    expect((await screen.findByTestId('identity-error')).textContent).toMatch(/JPEG, PNG or WebP/);
    fireEvent.change(screen.getByTestId('identity-document'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe1])], 'id.jpg', { type: 'image/jpeg' })] },
    });
    await user.click(screen.getByTestId('identity-upload'));
    expect((await screen.findByTestId('identity-status')).textContent).toBe('Waiting for review');
  });

  it('speaks Mongolian', async () => {
    await renderTab('mn');
    expect(screen.getByText('Хязгаарууд')).toBeTruthy();
    expect(screen.getByText('Өдрийн цэнэглэлт')).toBeTruthy();
  });
});

describe('session reminder', () => {
  it('counts the reminders a session has earned', () => {
    expect(remindersDue(59, 30)).toBe(1);
    expect(remindersDue(60, 30)).toBe(2);
    expect(remindersDue(100, 0)).toBe(0);
  });

  it('shows the time played and the session result', async () => {
    sessionStorage.clear();
    state.safer.set(1, { ...emptySafer(), reminderMinutes: 30, session: { startedAt: new Date().toISOString(), minutes: 45, result: -12_000 } });
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/', children: <SessionReminder /> });
    const dialog = await screen.findByTestId('session-reminder');
    expect(dialog.textContent).toMatch(/45 minutes/);
    expect(dialog.textContent).toMatch(/−12,000|-12,000/);
  });
});

describe('session limit reached', () => {
  it('tells the player once per session that they leave their cash tables', async () => {
    sessionStorage.clear();
    const startedAt = new Date().toISOString();
    const limits = emptySafer().limits.map((l) => (l.kind === 'SESSION_MINUTES' ? { ...l, amount: 60 } : l));
    state.safer.set(1, { ...emptySafer(), limits, reminderMinutes: 30, session: { startedAt, minutes: 61, result: 0 } });
    localStorage.setItem('accessToken', 'mock-token-1');
    const { unmount } = renderPlayer({ route: '/', children: <SessionReminder /> });
    const dialog = await screen.findByTestId('session-limit-reached');
    expect(dialog.textContent).toMatch(/61 minutes, your session limit/);
    expect(screen.queryByTestId('session-reminder')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('session-limit-ok'));
    await waitFor(() => expect(screen.queryByTestId('session-limit-reached')).toBeNull());
    unmount();
    expect(sessionStorage.getItem('saferLimitSeen')).toBe(startedAt);
  });
});

describe('age and identity elsewhere', () => {
  it('the registration form needs the age confirmation', async () => {
    renderPlayer({ route: '/auth/register', children: <RegisterForm /> });
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'new@example.mn');
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('You must be 18 or older to play')).toBeTruthy();
  });

  it('the wallet sends a player who needs an identity check to the tab', async () => {
    server.use(mswHttp.post('*/api/v1/user/withdrawal', () => errorResponse(403, 'IDENTITY_REQUIRED', 'Verify first')));
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/profile?tab=withdraw', children: <WithdrawTab /> });
    await waitFor(() => expect(screen.getByText(/Available: /)).toBeTruthy());
    const user = userEvent.setup();
    await user.type(screen.getByTestId('withdraw-amount'), '20000');
    await user.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-error')).textContent).toMatch(/verified identity/);
    await user.click(screen.getByTestId('withdraw-identity-link'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile?tab=safer'));
  });
});
