// Marks a plugin as non-encapsulated (what fastify-plugin does), so its decorators and hooks
// apply to the whole app.
import type { FastifyPluginAsync } from 'fastify';

export function global<T extends Record<string, unknown>>(fn: FastifyPluginAsync<T>): FastifyPluginAsync<T> {
  (fn as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return fn;
}
