import { setupWorker } from 'msw/browser';
import { createAdminHandlers } from './admin-handlers';
import { createAdminState } from './admin-state';
import { createHandlers } from './handlers';
import { createSocketHandler } from './socket';
import { createMockState } from './state';
import { twoFactorHandlers, twoFactorMock } from './two-factor';

/**
 * Starts msw in the browser for `npm run dev:mock`. Player page: sign in as bataa / secret123 or
 * admin / admin1234. Back office page: any stored token is the mock administrator, on the same
 * administrator handlers the back office's component tests use.
 */
export async function startMockWorker(app: 'player' | 'admin' = 'player'): Promise<void> {
  const state = createMockState();
  const handlers =
    app === 'admin'
      ? [...createAdminHandlers(createAdminState(seedAdmin())), ...twoFactorHandlers(twoFactorMock()), ...createHandlers(state)]
      : createHandlers(state);
  const worker = setupWorker(...handlers, createSocketHandler(state));
  await worker.start({ onUnhandledFrame: 'bypass', quiet: false });
}

/** Something to look at in the back office: the player mock's tables and a finished hand on one. */
function seedAdmin() {
  const { tables, hands, tournaments } = createMockState();
  return {
    tables,
    tournaments,
    sessions: hands.map(({ net: _net, ...h }) => h),
  };
}
