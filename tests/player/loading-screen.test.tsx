import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { createMockServer } from '../../mocks/node';
import { LOADING_SIZES } from '../../src/player/components/LoadingScreen';
import { LOADING_SCREEN_MS } from '../../src/player/hooks/useLoadingGate';
import { Route, Routes } from 'react-router-dom';
import AuthPage from '../../src/player/auth/AuthPage';
import { renderPlayer } from './helpers';

const { server } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'bypass' }));
afterAll(() => server.close());

function setWidth(w: number) {
  Object.defineProperty(window, 'innerWidth', { value: w, configurable: true, writable: true });
}

afterEach(() => {
  vi.useRealTimers();
  setWidth(1024);
});

describe('loading screen', () => {
  it('shows for 500 ms on / before the lobby', () => {
    expect(LOADING_SCREEN_MS).toBe(500);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderPlayer({ route: '/' });
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    expect(screen.queryByTestId('lobby')).toBeNull();
    act(() => vi.advanceTimersByTime(499));
    expect(screen.getByTestId('loading-screen')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('loading-screen')).toBeNull();
    expect(screen.getByTestId('lobby')).toBeTruthy();
  });

  for (const mode of ['login', 'register', 'forgot-password']) {
    it(`shows for 500 ms on /auth/${mode}`, () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      // AuthPage itself (in the app it is a lazy chunk behind Suspense)
      renderPlayer({
        route: `/auth/${mode}`,
        children: (
          <Routes>
            <Route path="/auth/*" element={<AuthPage />} />
          </Routes>
        ),
      });
      expect(screen.getByTestId('loading-screen')).toBeTruthy();
      act(() => vi.advanceTimersByTime(499));
      expect(screen.queryByTestId('auth-title')).toBeNull();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByTestId('auth-title')).toBeTruthy();
    });
  }

  it('uses the large sizes above 768 px', () => {
    setWidth(1280);
    renderPlayer({ route: '/' });
    const el = screen.getByTestId('loading-screen');
    expect(el.getAttribute('data-size')).toBe('large');
    const spinner = el.querySelector('.MuiCircularProgress-root') as HTMLElement;
    expect(spinner.style.width).toBe(`${LOADING_SIZES.large.spinner}px`);
    expect(el.querySelector('svg')!.getAttribute('width')).toBe(String(LOADING_SIZES.large.logo));
  });

  it('uses smaller sizes at 768 px and below', () => {
    for (const w of [768, 375]) {
      setWidth(w);
      const { unmount } = renderPlayer({ route: '/' });
      const el = screen.getByTestId('loading-screen');
      expect(el.getAttribute('data-size')).toBe('small');
      const spinner = el.querySelector('.MuiCircularProgress-root') as HTMLElement;
      expect(spinner.style.width).toBe(`${LOADING_SIZES.small.spinner}px`);
      expect(el.querySelector('svg')!.getAttribute('width')).toBe(String(LOADING_SIZES.small.logo));
      expect(LOADING_SIZES.small.logo).toBeLessThan(LOADING_SIZES.large.logo);
      unmount();
    }
  });
});
