// Test utilities of the back office: a test file's msw server and mock back end, a render of the
// whole app at a given /admin path, the fake socket, live-table views. The mock back end (msw
// handlers, state, fixtures) is mocks/admin-*.ts, the one `npm run dev:mock` runs.
import { configure, render } from '@testing-library/react';
import { setupServer, type SetupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { createAdminHandlers } from '../../mocks/admin-handlers';
import { createAdminState, table, type AdminMockState } from '../../mocks/admin-state';
import { createAuthProvider } from '../../src/admin/auth/authProvider';
import { createDataProvider } from '../../src/admin/dataProvider';
import { createI18nProvider } from '../../src/admin/i18n';
import { AdminRoot } from '../../src/admin/Root';
import { SocketClient } from '../../src/shared/socket/client';
import { FakeWebSocket } from '../support/fake-websocket';
import { hand, seat, tableView as baseTableView } from '../support/table-fixtures';
import type { SeatView, TableView } from '../../src/shared/protocol/table-view';

export const ORIGIN = 'http://localhost:3000';

// A whole react-admin app renders slowly under jsdom; wait for it (no speed is asserted).
configure({ asyncUtilTimeout: 10_000 });

/** The file's msw server: listening while its tests run, an unhandled request an error. */
export function mswServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * The mock back end (mocks/admin-*.ts) on the file's server. `use` gives a test a fresh state
 * (`defaults`, then `over`), `state` is that test's, `requests` what the app asked of it; a test
 * adds handlers of its own with `server.use`.
 */
export function adminMock(defaults: () => Partial<AdminMockState> = () => ({})) {
  const server = mswServer();
  let current: AdminMockState | undefined;
  const state = (): AdminMockState => {
    if (!current) throw new Error('adminMock: call use() first');
    return current;
  };
  return {
    server,
    get state() {
      return state();
    },
    use(over: Partial<AdminMockState> = {}) {
      current = createAdminState({ ...defaults(), ...over });
      server.resetHandlers(...createAdminHandlers(current));
    },
    requests: (method: string, pathEnd: string) => state().requests.filter((r) => r.method === method && r.path.endsWith(pathEnd)),
  };
}

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

export { FakeWebSocket };

export function fakeSocket(): SocketClient {
  return new SocketClient({
    url: 'ws://test/api/v1/socket',
    getToken: () => localStorage.getItem('accessToken'),
    WebSocket: FakeWebSocket,
    logger: { info() {}, warn() {}, error() {} },
  });
}

/** Renders the admin app at `path` against msw; `goHome` records the redirects to `/`. */
export async function renderAdmin(path: string, opts: { token?: string | null; lang?: 'en' | 'mn'; socket?: SocketClient } = {}) {
  const token = opts.token === undefined ? 'admin-token' : opts.token;
  if (token) localStorage.setItem('accessToken', token);
  const goHome = vi.fn();
  const authProvider = createAuthProvider({ baseUrl: ORIGIN, goHome });
  const dataProvider = createDataProvider({ baseUrl: ORIGIN });
  const i18nProvider = await createI18nProvider(opts.lang ?? 'en');
  const utils = render(
    <MemoryRouter initialEntries={[path]}>
      <AdminRoot
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
        socket={opts.socket ?? fakeSocket()}
      />
      <LocationProbe />
    </MemoryRouter>,
  );
  return { ...utils, goHome, authProvider, dataProvider };
}

/** A seat of user 7 (bataa, the mock's first user). */
export function seatView(over: Partial<SeatView> = {}): SeatView {
  return seat(0, { userId: 7, username: 'bataa', stack: 50_000, ...over });
}

/** The live view of the mock's table 3 as an administrator gets it: a hand on the flop, a bot and a player, no hole cards. */
export function tableView(over: Partial<TableView> = {}): TableView {
  const seats: Array<SeatView | null> = Array.from({ length: 6 }, () => null);
  seats[0] = seatView();
  seats[2] = seatView({ seat: 2, userId: 900, username: 'Bot Temuulen', isBot: true, stack: 61_500, bet: 2000 });
  const flop = hand({
    handId: 55,
    handNumber: 9,
    cardsRoot: 'ef'.repeat(32),
    street: 'FLOP',
    board: ['Ah', '7d', '2c'],
    pots: [{ amount: 4000, seats: [0, 2] }],
    button: 2,
    toAct: 0,
  });
  const { tableId, name, smallBlind, bigBlind, minBuyIn, maxBuyIn, rakeCap } = table();
  return baseTableView({ tableId, name, smallBlind, bigBlind, minBuyIn, maxBuyIn, rakeCap, simulation: true, seats, hand: flop, ...over });
}
