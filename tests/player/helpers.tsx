import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers, Shell } from '../../src/player/App';
import { createPlayerI18n, loadAllPlayerLanguages } from '../../src/player/i18n';
import { createSwrConfig } from '../../src/player/swr';
import { SocketClient } from '../../src/shared/socket';
import { FakeWebSocket } from '../support/fake-websocket';

export { FakeWebSocket };

// The app fetches a language's strings when it is first used; tests render in either at once.
await loadAllPlayerLanguages();

export const quietLogger = { info() {}, warn() {}, error() {} };

/**
 * The app's SWR set-up without deduping or retries. A retry asks whether the page is visible
 * (`document`), and a request still in flight when a file's last test ends fails after jsdom has
 * gone: SWR's retry then threw "document is not defined" outside any test (a CI run failed on it).
 */
export function testSwrConfig() {
  return createSwrConfig({ dedupingInterval: 0, shouldRetryOnError: false });
}

export function makeSocket() {
  return new SocketClient({
    url: 'ws://test/api/v1/socket',
    getToken: () => localStorage.getItem('accessToken'),
    WebSocket: FakeWebSocket,
    logger: quietLogger,
  });
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export interface RenderOptions {
  route?: string;
  lng?: 'en' | 'mn';
  socket?: SocketClient;
  reload?: () => void;
  children?: ReactNode;
}

/** The whole player shell (or `children`) at a route, with fresh i18n, SWR cache and socket. */
export function renderPlayer(opts: RenderOptions = {}) {
  const i18n = createPlayerI18n({ lng: opts.lng ?? 'en', detect: false });
  const socket = opts.socket ?? makeSocket();
  const reload = opts.reload ?? (() => {});
  const utils = render(
    <Providers i18n={i18n} socket={socket} swr={testSwrConfig()} reload={reload}>
      <MemoryRouter initialEntries={[opts.route ?? '/']}>
        {opts.children ?? <Shell />}
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
  return { ...utils, i18n, socket };
}
