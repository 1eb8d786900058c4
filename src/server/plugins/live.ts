// The live room's face on HTTP: the one WebSocket endpoint and the health checks. The room itself
// is built by the composition root (compose.ts, live.ts); registered after it.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { sessionServices } from '../compose';
import { MAX_FRAME_BYTES, SOCKET_PATH, socketRoutes } from '../realtime/socket';
import { global } from './global';

export const livePlugin = global<{ allowedOrigins: string[] }>(async (app: FastifyInstance, opts) => {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Oversized or malformed frames are the client's fault: a warning, and the socket goes.
    errorHandler: (error, socket, req) => {
      req.log.warn({ err: error.message }, 'socket closed on a bad frame');
      socket.terminate();
    },
  });
  healthRoutes(app);
  await app.register(socketRoutes, {
    hub: app.live.hub,
    allowedOrigins: opts.allowedOrigins,
    services: sessionServices(app.services, app.live),
    metrics: app.metrics,
  });
});

/** For load balancers and orchestrators: alive (the process answers: `{ ok: true, status: 'up' }`) and ready (send it traffic:
 * 503 while draining or while the database or Redis is unreachable). */
function healthRoutes(app: FastifyInstance): void {
  const { readiness, registry, steward } = app.live;
  const instance = app.bus.instanceId;
  // What Prometheus reads of this instance at each scrape: dependencies, draining, leases held.
  app.metrics.watchInstance(() => {
    const { database, redis, draining } = readiness.report();
    const leases = new Map<number, number>();
    for (const id of registry.owned()) {
      const epoch = steward.epochOf(id);
      if (epoch !== undefined && epoch !== null) leases.set(id, epoch);
    }
    const queues = new Map<number, number>();
    for (const actor of registry.all()) queues.set(actor.config.tableId, actor.queueDepth());
    return { dependencies: { database, redis }, draining, leases, queues };
  });
  // Anyone: alive or not. The metrics token or METRICS_ALLOW's networks (plugins/metrics.ts) also
  // see which tables the instance owns and at which epoch: not for the public.
  app.get('/healthz', async (req) => {
    if (!app.metricsAllowed(req)) return { ok: true, status: 'up' };
    return {
      ok: true,
      status: 'up',
      instance,
      draining: readiness.report().draining,
      tables: registry.owned(),
      epochs: Object.fromEntries(registry.owned().map((id) => [id, steward.epochOf(id)])),
    };
  });
  app.get('/readyz', async (_req, reply) => {
    const report = readiness.report();
    return reply.code(report.ready ? 200 : 503).send({ ...report, instance });
  });
  // A draining instance takes no new socket: the balancer tries the next one.
  app.addHook('onRequest', async (req, reply) => {
    if (readiness.report().draining && req.url.startsWith(SOCKET_PATH))
      await reply
        .code(503)
        .header('retry-after', '1')
        .send({ error: { code: 'MAINTENANCE', message: 'This server is restarting; connect again' } });
  });
}
