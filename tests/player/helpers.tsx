import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Providers, Shell } from '../../src/player/App';
import { createPlayerI18n } from '../../src/player/i18n';
import { createSwrConfig } from '../../src/player/swr';
import { SocketClient, type WebSocketLike } from '../../src/shared/socket';

/** A WebSocket stand-in: tests open, close and push frames by hand. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    return FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
  }
  readyState = 0;
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  sent: string[] = [];
  constructor(public url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  // test controls
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(msg: unknown) {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
  sentJson(): Array<Record<string, unknown>> {
    return this.sent.map((s) => JSON.parse(s));
  }
}

export const quietLogger = { info() {}, warn() {}, error() {} };

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
    <Providers i18n={i18n} socket={socket} swr={createSwrConfig({ dedupingInterval: 0 })} reload={reload}>
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
