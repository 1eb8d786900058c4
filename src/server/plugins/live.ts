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
import { MAX_FRAME_BYTES, SOCKET_PATH, socketRoutes } from '../realtime/socket';
import { bridgeSessions } from '../realtime/sessions';
import { systemClock, type Clock } from '../core/clock';
import { TableRegistry } from '../tables/registry';
import { DbTableStore } from '../tables/store-db';
import { TableDirectory } from '../cluster/directory';
import { Fanout } from '../cluster/fanout';
import { Presence } from '../cluster/presence';
import { Readiness } from '../cluster/readiness';
import { Room } from '../tables/ownership';
import type { Steward } from '../cluster/steward';
import { global } from './global';
import type { ActorDeps } from '../tables/types';
import { TournamentRoom } from '../tournaments/room';

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
  /** Tournament scheduler and lease period, ms (default: leaseTickMs, else 1 s). */
  tournamentTickMs?: number;
  /** Seconds to act at tournament tables (default 20; 5 to 120 like any table). */
  tournamentActionTime?: number;
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
  /** This instance's tournament directors and the tournament scheduler. */
  tournaments: TournamentRoom;
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
  const readiness = new Readiness(app.log, bus.shared, () => registry.resumeDealing());
  bus.onHealth?.((ok, e) => readiness.set('redis', ok, e));
  const actorDeps: Omit<ActorDeps, 'store'> = {
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
    canDeal: () => readiness.dependenciesUp,
    reload: (tableId) => void room.steward.reload(tableId).catch((e) => app.log.error(e, `table ${tableId}: reload failed`)),
  };
  const registry: TableRegistry = new TableRegistry(services.db, store, actorDeps, (tableId) => void room.steward.stale(tableId));
  const directory = new TableDirectory(bus, registry, {
    send: (conn, payload) => hub.connections.get(conn)?.send(payload),
    watchers: (tableId) => [...hub.watchers(tableId)].map((c) => ({ instance, conn: c.id, userId: c.userId })),
    log: app.log,
  });
  const room: Room = new Room(services.db, bus, registry, directory, app.log, {
    leaseTtlMs: opts.leaseTtlMs,
    leaseTickMs: opts.leaseTickMs,
    onDatabase: (ok, e) => readiness.set('database', ok, e),
  });
  const steward = room.steward;
  const tournaments = tournamentRoom(app, opts, registry, store, actorDeps);

  healthRoutes(app, instance, readiness, registry, steward);
  const drain = async () => {
    readiness.drain();
    await Promise.all([room.drain(), tournaments.drain()]);
    for (const c of [...hub.connections.values()]) c.close(CLOSE_RESTARTING, 'server restarting');
  };
  app.decorate('live', { hub, registry, directory, steward, store, fanout, tournaments, drain });

  const unbridge = bridgeSessions(services.users, bus, hub, app.log);
  const presence = await countPlayersOnline(app, hub, opts.redis);
  services.tables.isOccupied = (tableId) => (registry.get(tableId)?.playerCount() ?? 0) > 0;
  services.tables.onChanged = (tableId) => room.tableChanged(tableId);

  services.tournaments.onFull = () => void tournaments.tickNow();
  await room.start();
  await tournaments.start();
  app.addHook('onClose', async () => {
    unbridge();
    fanout.close();
    directory.close();
    await tournaments.close();
    await room.close();
    await registry.stop();
    await presence?.stop();
  });
  await app.register(socketRoutes, { hub, directory, allowedOrigins: opts.allowedOrigins });
});

/** This instance's tournament directors: their tables' actors share the cash tables' dependencies. */
function tournamentRoom(
  app: FastifyInstance,
  opts: LiveOptions,
  registry: TableRegistry,
  store: DbTableStore,
  actorDeps: Omit<ActorDeps, 'store'>,
): TournamentRoom {
  const { services, bus } = app;
  return new TournamentRoom(
    services.db,
    services.ledger,
    registry,
    // No reload on a write of unknown outcome: the director's next opening resumes the tournament.
    { ...actorDeps, reload: undefined },
    opts.clock ?? systemClock,
    (n) => (n <= 1 ? 0 : randomInt(n)),
    (n) => store.botUsers(n),
    app.log,
    {
      instanceId: bus.instanceId,
      alone: !bus.shared,
      tickMs: opts.tournamentTickMs ?? opts.leaseTickMs ?? 1000,
      leaseTtlMs: opts.leaseTtlMs ?? 10_000,
      // A table's action time is 5..120 s (the database's CHECK); a start outside it would fail at every tick.
      actionTime: Math.min(120, Math.max(5, Math.round(opts.tournamentActionTime ?? 20))),
    },
  );
}

/** For load balancers and orchestrators: alive (the process answers) and ready (send it traffic:
 * 503 while draining or while the database or Redis is unreachable). */
function healthRoutes(app: FastifyInstance, instance: string, readiness: Readiness, registry: TableRegistry, steward: Steward): void {
  // What Prometheus reads of this instance at each scrape: dependencies, draining, leases held.
  app.metrics.watchInstance(() => {
    const { database, redis, draining } = readiness.report();
    const leases = new Map<number, number>();
    for (const id of registry.owned()) {
      const epoch = steward.epochOf(id);
      if (epoch !== undefined && epoch !== null) leases.set(id, epoch);
    }
    return { dependencies: { database, redis }, draining, leases };
  });
  app.get('/healthz', async () => ({
    ok: true,
    instance,
    draining: readiness.report().draining,
    tables: registry.owned(),
    epochs: Object.fromEntries(registry.owned().map((id) => [id, steward.epochOf(id)])),
  }));
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

/** Players online: distinct users over every instance (Redis), or this one's. */
async function countPlayersOnline(app: FastifyInstance, hub: Hub, redis: LiveOptions['redis']): Promise<Presence | null> {
  const presence = redis
    ? new Presence(redis.url, { prefix: redis.prefix, instanceId: app.bus.instanceId, onlineUserIds: () => hub.onlineUserIds(), log: app.log })
    : null;
  if (presence) {
    await presence.start();
    app.services.stats.playersOnline = () => presence.count();
  } else app.services.stats.playersOnline = () => hub.onlineUsers();
  return presence;
}
