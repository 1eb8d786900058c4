import { setupServer } from 'msw/node';
import { createHandlers } from './handlers';
import { createMockState, type MockState } from './state';

/** An msw server for component tests, with its own state. */
export function createMockServer(state: MockState = createMockState()) {
  return { server: setupServer(...createHandlers(state)), state };
}
