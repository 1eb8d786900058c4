import { describe, expect, it } from 'vitest';
import { routes } from '../../src/shared/api';
import { paths, CHAT_HISTORY_LIMIT } from '../../src/player/api/paths';

describe('player call paths', () => {
  it('are the route table paths (no drift from the contract)', () => {
    for (const [name, path] of Object.entries(paths)) {
      const route = routes[name as keyof typeof routes];
      expect(route, `route ${name} in src/shared/api`).toBeDefined();
      expect(path, name).toBe(route.path);
    }
  });
  it('asks for 50 chat messages', () => {
    expect(CHAT_HISTORY_LIMIT).toBe(50);
  });
});
