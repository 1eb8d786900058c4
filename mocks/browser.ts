import { setupWorker } from 'msw/browser';
import { createHandlers } from './handlers';
import { createSocketHandler } from './socket';
import { createMockState } from './state';

/** Starts msw in the browser for `npm run dev:mock`. Sign in as bataa / secret123 or admin / admin1234. */
export async function startMockWorker(): Promise<void> {
  const state = createMockState();
  const worker = setupWorker(...createHandlers(state), createSocketHandler(state));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: false });
}
