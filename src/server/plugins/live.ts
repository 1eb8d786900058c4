// The live game: the socket hub, one actor per table this instance owns (leases: cluster/steward.ts),
// commands and views across instances (cluster/directory.ts), pushes to users and to everyone
// over the bus (cluster/fanout.ts). Registered after the database and bus plugins; takes its
// tables (recovering any hand left open) before taking connections.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { deckFromSeed } from '../../poker';
import { CLOSE_RESTARTING, Hub } from '../realtime/hub';
import type { RateLimitsConfig } from '../realtime/rate';
import { MAX_FRAME_BYTES, socketRoutes } from '../realtime/socket';
import { bridgeSessions } from '../realtime/sessions';
import { systemClock, type Clock } from '../tables/clock';
import { TableRegistry } from '../tables/registry';
import { DbTableStore } from '../tables/store-db';
import { TableDirectory } from '../cluster/directory';
import { Fanout } from '../cluster/fanout';
import { Presence } from '../cluster/presence';
import { Room } from '../cluster/room';
import type { Steward } from '../cluster/steward';
import { global } from './global';

export interface LiveOptions extends Record<string, unknown> {
  allowedOrigins: string[];
  clock?: Clock;
  /** Bots act at once (tests, benchmarks). */
  fastBots?: boolean;
  /** With fastBots: each bot move takes this long (benchmarks). */
  botDelayMs?: number;
  /** Pause between hands in ms (default 3000). */
  betweenHands?: number;
  socketLimits?: RateLimitsConfig;
  botIterations?: number;
  /** Benchmarks only: see ActorDeps.onAction. */
  onAction?: (tableId: number, version: number, appliedAt: number) => void;
  /** A table lease's lifetime without renewal (default 10 s): how long a dead owner's tables wait. */
  leaseTtlMs?: number;
  /** Lease renewal and table spreading period (default 1 s). */
  leaseTickMs?: number;
  /** Redis shared by the instances (app.ts passes it with REDIS_URL): who is online, room-wide. */
  redis?: { url: string; prefix: string };
}

export interface Live {
  hub: Hub;
  /** This instance's table actors. */
  registry: TableRegistry;
  /** Every table, wherever its owner runs. */
  directory: TableDirectory;
  steward: Steward;
  store: DbTableStore;
  fanout: Fanout;
  /** Deploy: finish every hand in play, hand every table over, then tell the sockets to reconnect elsewhere. */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: Live;
  }
}

export const livePlugin = global<LiveOptions>(async (app: FastifyInstance, opts) => {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Oversized or malformed frames are the client's fault: a warning, and the socket goes.
    errorHandler: (error, socket, req) => {
      req.log.warn({ err: error.message }, 'socket closed on a bad frame');
      socket.terminate();
    },
  });
  const { services, bus } = app;
  const instance = bus.instanceId;
  const hub = new Hub(opts.socketLimits);
  const store = new DbTableStore(services.db, services.ledger);
  const fanout = new Fanout(bus, hub, services);
  const lobbyCounts = new Map<number, number>();
  const registry: TableRegistry = new TableRegistry(
    services.db,
    store,
    {
      clock: opts.clock ?? systemClock,
      newSeed: () => randomBytes(32).toString('hex'),
      seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
      deckFromSeed,
      randomInt: (n) => (n <= 1 ? 0 : randomInt(n)),
      onJackpot: (amount) => fanout.jackpot(amount),
      onLobbyChange: (tableId) => {
        const players = registry.get(tableId)?.playerCount() ?? 0;
        if (lobbyCounts.get(tableId) === players) return;
        lobbyCounts.set(tableId, players);
        fanout.all({ type: 'GAME', action: 'LOBBY_UPDATE', tableId, players });
      },
      log: { error: (o, m) => app.log.error(o, m) },
      betweenHands: opts.betweenHands ?? 3000,
      fastBots: opts.fastBots ?? false,
      botDelayMs: opts.botDelayMs,
      botIterations: opts.botIterations,
      onAction: opts.onAction,
    },
    (tableId) => void room.steward.stale(tableId),
  );
  const directory = new TableDirectory(bus, registry, {
    send: (conn, text) => hub.connections.get(conn)?.send(text),
    watchers: (tableId) => [...hub.connections.values()].filter((c) => c.tables.has(tableId)).map((c) => ({ instance, conn: c.id, userId: c.userId })),
    log: app.log,
  });
  const room: Room = new Room(services.db, bus, registry, directory, app.log, { leaseTtlMs: opts.leaseTtlMs, leaseTickMs: opts.leaseTickMs });
  const steward = room.steward;

  let draining = false;
  // For load balancers: 503 while draining, so no new connection lands here.
  app.get('/healthz', async (_req, reply) =>
    reply
      .code(draining ? 503 : 200)
      .send({ ok: !draining, instance, tables: registry.owned(), epochs: Object.fromEntries(registry.owned().map((id) => [id, steward.epochOf(id)])) }),
  );
  const drain = async () => {
    draining = true;
    await room.drain();
    for (const c of [...hub.connections.values()]) c.close(CLOSE_RESTARTING, 'server restarting');
  };
  app.decorate('live', { hub, registry, directory, steward, store, fanout, drain });

  const unbridge = bridgeSessions(services.users, bus, hub, app.log);
  // Players online: distinct users over every instance (Redis), or this one's.
  const presence = opts.redis
    ? new Presence(opts.redis.url, { prefix: opts.redis.prefix, instanceId: instance, onlineUserIds: () => hub.onlineUserIds(), log: app.log })
    : null;
  if (presence) {
    await presence.start();
    services.stats.playersOnline = () => presence.count();
  } else services.stats.playersOnline = () => hub.onlineUsers();
  services.tables.isOccupied = (tableId) => (registry.get(tableId)?.playerCount() ?? 0) > 0;
  services.tables.onChanged = (tableId) => room.tableChanged(tableId);

  await room.start();
  app.addHook('onClose', async () => {
    unbridge();
    fanout.close();
    directory.close();
    await room.close();
    await registry.stop();
    await presence?.stop();
  });
  await app.register(socketRoutes, { hub, directory, allowedOrigins: opts.allowedOrigins });
});
