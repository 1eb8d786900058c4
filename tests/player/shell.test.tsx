import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setWidth(w: number) {
  Object.defineProperty(window, 'innerWidth', { value: w, configurable: true, writable: true });
}

async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('menu-button'));
  return screen.findByTestId('menu');
}

describe('top bar and menu', () => {
  it('guests: login, sign up, register, forgot password, info; no profile, admin or logout', async () => {
    const user = userEvent.setup();
    renderPlayer({ route: '/info' });
    expect(await screen.findByTestId('topbar-login')).toBeTruthy();
    expect(screen.getByTestId('topbar-signup')).toBeTruthy();
    const menu = await openMenu(user);
    for (const id of ['menu-login', 'menu-signup', 'menu-register', 'menu-forgot', 'menu-info']) expect(within(menu).getByTestId(id)).toBeTruthy();
    for (const id of ['menu-profile', 'menu-admin', 'menu-logout']) expect(within(menu).queryByTestId(id)).toBeNull();
  });

  it('players: balance (₮) and username, profile, info, logout; no admin menu', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    setWidth(1280);
    const user = userEvent.setup();
    renderPlayer({ route: '/info' });
    expect((await screen.findByTestId('topbar-balance')).textContent).toBe('1,250,000\u00a0₮');
    expect(screen.getByTestId('topbar-username').textContent).toBe('bataa');
    const menu = await openMenu(user);
    expect(within(menu).getByTestId('menu-profile')).toBeTruthy();
    expect(within(menu).getByTestId('menu-logout')).toBeTruthy();
    expect(within(menu).queryByTestId('menu-admin')).toBeNull();
    expect(within(menu).queryByTestId('menu-login')).toBeNull();
  });

  it('administrators get the admin menu: a full navigation to /admin', async () => {
    state.tokens.set('mock-token-admin', 2);
    localStorage.setItem('accessToken', 'mock-token-admin');
    const user = userEvent.setup();
    renderPlayer({ route: '/info' });
    await screen.findByTestId('topbar-balance');
    const menu = await openMenu(user);
    const admin = within(menu).getByTestId('menu-admin');
    expect(admin.tagName).toBe('A');
    expect(admin.getAttribute('href')).toBe('/admin');
  });

  it('logout from the menu clears token and balance and reloads', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const reload = vi.fn();
    const user = userEvent.setup();
    renderPlayer({ route: '/info', reload });
    await screen.findByTestId('topbar-balance');
    const menu = await openMenu(user);
    await user.click(within(menu).getByTestId('menu-logout'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('theme: light by default, toggled to dark and saved under themeMode', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    renderPlayer({ route: '/info' });
    expect(localStorage.getItem('themeMode')).toBeNull();
    const toggle = screen.getAllByTestId('theme-toggle')[0];
    expect(toggle.getAttribute('aria-label')).toBe('Dark theme');
    await user.click(toggle);
    expect(localStorage.getItem('themeMode')).toBe('dark');
    expect(screen.getAllByTestId('theme-toggle')[0].getAttribute('aria-label')).toBe('Light theme');
  });

  it('a saved dark theme is used on the next visit', () => {
    localStorage.setItem('themeMode', 'dark');
    setWidth(1280);
    renderPlayer({ route: '/info' });
    expect(screen.getAllByTestId('theme-toggle')[0].getAttribute('aria-label')).toBe('Light theme');
  });

  it('switches to Mongolian from the bar', async () => {
    setWidth(1280);
    const user = userEvent.setup();
    const { i18n } = renderPlayer({ route: '/info' });
    await user.click(screen.getAllByRole('button', { name: /Монгол/ })[0]);
    expect(i18n.language).toBe('mn');
    expect((await screen.findAllByText('Нэвтрэх')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Бүртгүүлэх').length).toBeGreaterThan(0);
  });

  it('info page renders the info block as sanitised markdown in the current language', async () => {
    state.blocks.set('info', { name: 'info', content: { en: '# Hello\n\n<img src=x onerror="alert(1)">ok', mn: '# Сайн уу' } });
    const { i18n } = renderPlayer({ route: '/info' });
    expect(await screen.findByRole('heading', { name: 'Hello' })).toBeTruthy();
    expect(document.querySelector('img[onerror]')).toBeNull();
    await act(async () => {
      await i18n.changeLanguage('mn');
    });
    expect(await screen.findByRole('heading', { name: 'Сайн уу' })).toBeTruthy();
  });
});

describe('routes', () => {
  it('/profile sends guests to the login page with next=/profile', async () => {
    renderPlayer({ route: '/profile' });
    // The profile page is a lazy chunk: give its first import time on a busy machine.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth/login?next=%2Fprofile'));
  });

  it('unknown paths get a not-found page with a way back to the lobby', async () => {
    renderPlayer({ route: '/no/such/page' });
    expect(await screen.findByText('This page does not exist.')).toBeTruthy();
    const back = screen.getAllByRole('link', { name: 'Lobby' });
    expect(back.some((a) => a.textContent === 'Lobby' && a.getAttribute('href') === '/')).toBe(true);
  });
});
