import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { createMockServer } from '../../mocks/node';
import AuthPage from '../../src/player/auth/AuthPage';
import ResetPasswordPage from '../../src/player/auth/ResetPasswordPage';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderAuth(route: string, lng: 'en' | 'mn' = 'en') {
  return renderPlayer({
    route,
    lng,
    children: (
      <Routes>
        <Route path="/auth/*" element={<AuthPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/" element={<div>home</div>} />
      </Routes>
    ),
  });
}

const field = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;

/** Renders `route` and waits for its form; answers the user-event session to fill it. */
async function openForm(route: string, form: 'login' | 'register' | 'forgot', lng: 'en' | 'mn' = 'en') {
  const user = userEvent.setup();
  renderAuth(route, lng);
  await screen.findByTestId(`${form}-form`);
  return user;
}

/** Types a username and a password into the sign-in form at `route` and submits it. */
async function logIn(username: string, password: string, opts: { route?: string; lng?: 'en' | 'mn' } = {}) {
  const user = await openForm(opts.route ?? '/auth/login', 'login', opts.lng);
  await user.type(field('username'), username);
  await user.type(field('password'), password);
  await user.click(screen.getByTestId('login-submit'));
  return user;
}

describe('login', () => {
  it('signs in: "Successfully logged in", token stored, back to the lobby', async () => {
    await logIn('bataa', 'secret123');
    expect(await screen.findByText('Successfully logged in')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toMatch(/^mock-token-1/);
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('follows ?next= after signing in', async () => {
    await logIn('bataa', 'secret123', { route: '/auth/login?next=%2Fprofile' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/profile'));
  });

  it('fails: "Login failed" with the reason', async () => {
    await logIn('bataa', 'wrong-password1');
    const alert = await screen.findByTestId('auth-error');
    expect(alert.textContent).toBe('Login failed: Wrong username or password');
    expect(screen.getAllByText(/Login failed/).length).toBeGreaterThan(0);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('asks for the authentication code when the account has a second factor, then signs in with it', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    state.tokens.set('mock-token-2-otp', 2);
    server.use(
      mswHttp.post('*/api/v1/user/login', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.otp) return HttpResponse.json({ error: { code: 'OTP_REQUIRED', message: 'Enter the code from your authenticator app' } }, { status: 401 });
        if (body.otp !== '123456')
          return HttpResponse.json({ error: { code: 'OTP_INVALID', message: 'This code is wrong or was used already' } }, { status: 401 });
        return HttpResponse.json({ accessToken: 'mock-token-2-otp', user: state.users[1].me });
      }),
    );
    const user = await logIn('admin', 'admin1234');
    // Not a failure: the form asks for the code, keeping what was typed.
    expect((await screen.findByTestId('otp-prompt')).textContent).toContain('6-digit code');
    expect(screen.queryByTestId('auth-error')).toBeNull();
    expect(field('password').value).toBe('admin1234');
    await user.type(field('otp'), '000000');
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Login failed: The authentication code is wrong or was used already');
    await user.clear(field('otp'));
    await user.type(field('otp'), ' 123456 ');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Successfully logged in')).toBeTruthy();
    expect(bodies.map((b) => b.otp)).toEqual([undefined, '000000', '123456']);
    expect(localStorage.getItem('accessToken')).toBe('mock-token-2-otp');
  });

  it('a throttled sign-in says to wait', async () => {
    server.use(
      mswHttp.post('*/api/v1/user/login', () =>
        HttpResponse.json(
          { error: { code: 'LOGIN_THROTTLED', message: 'Too many failed sign-ins. Try again in 4 seconds.' } },
          { status: 429, headers: { 'retry-after': '4' } },
        ),
      ),
    );
    await logIn('bataa', 'secret123');
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Login failed: Too many failed attempts. Wait a little and try again');
  });

  it('fails in Mongolian too', async () => {
    await logIn('x', 'y', { lng: 'mn' });
    expect((await screen.findByTestId('auth-error')).textContent).toContain('Нэвтэрч чадсангүй');
  });
});

async function fillRegister(user: ReturnType<typeof userEvent.setup>, over: Record<string, string> = {}) {
  const v = { email: 'new@example.mn', username: 'newbie', password: 'abc12345', confirmPassword: 'abc12345', accountNumber: '123456789', ...over };
  await user.type(field('email'), v.email);
  await user.type(field('username'), v.username);
  await user.type(field('password'), v.password);
  await user.type(field('confirmPassword'), v.confirmPassword);
  fireEvent.mouseDown(within(screen.getByTestId('register-form')).getAllByRole('combobox')[0]);
  fireEvent.click(await screen.findByRole('option', { name: 'Golomt Bank' }));
  await user.type(field('accountNumber'), v.accountNumber);
  const adult = within(screen.getByTestId('register-form')).getByRole('checkbox', { name: 'I am 18 or older' }) as HTMLInputElement;
  if (!adult.checked) await user.click(adult);
}

/** Fills the registration form (valid, but for `over`) and submits it. */
async function register(over: Record<string, string> = {}) {
  const user = await openForm('/auth/register', 'register');
  await fillRegister(user, over);
  await user.click(screen.getByTestId('register-submit'));
}

describe('register', () => {
  it('checks fields with the contract rules before sending', async () => {
    const user = await openForm('/auth/register', 'register');
    await user.click(screen.getByTestId('register-submit'));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('3 to 20 letters, digits or underscores')).toBeTruthy();
    expect(screen.getByText('Choose your bank')).toBeTruthy();
    await fillRegister(user, { confirmPassword: 'different1' });
    await user.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
  });

  it('registers: "Registered successfully" and signed in', async () => {
    await register();
    expect(await screen.findByText('Registered successfully')).toBeTruthy();
    expect(state.users.some((u) => u.me.username === 'newbie' && u.me.bank === 'GOLOMT')).toBe(true);
    expect(localStorage.getItem('accessToken')).toBeTruthy();
  });

  it('server refusal: "Registration error: " + detail', async () => {
    await register({ username: 'bataa', email: 'other@example.mn' });
    expect((await screen.findByTestId('auth-error')).textContent).toBe('Registration error: This username is already taken');
  });

  it('no answer: "An error occurred during registration"', async () => {
    server.use(mswHttp.post('*/api/v1/user/register', () => HttpResponse.error()));
    await register({ username: 'someone', email: 'someone@example.mn' });
    expect((await screen.findByTestId('auth-error')).textContent).toBe('An error occurred during registration');
  });
});

describe('forgot and reset password', () => {
  it('asks for the e-mail and says what happens next', async () => {
    const user = await openForm('/auth/forgot-password', 'forgot');
    await user.type(field('email'), 'bataa@example.mn');
    await user.click(screen.getByTestId('forgot-submit'));
    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toContain('bataa@example.mn');
    expect(sent.textContent).toContain('server log');
  });

  it('sets a new password from the mailed link', async () => {
    const user = userEvent.setup();
    renderAuth('/reset-password?token=abcdefghijklmnop');
    await user.type(field('password'), 'newpass123');
    await user.type(field('confirmPassword'), 'newpass123');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByTestId('reset-done')).toBeTruthy();
  });

  it('says so when the link has no token', () => {
    renderAuth('/reset-password');
    expect(screen.getByText('This reset link is not valid. Ask for a new one.')).toBeTruthy();
  });
});
