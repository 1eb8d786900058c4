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
import { LeaseStore } from '../cluster/leases';
import { Steward } from '../cluster/steward';
import { global } from './global';

export interface LiveOptions extends Record<string, unknown> {
  allowedOrigins: string[];
  clock?: Clock;
  /** Bots act at once (tests, benchmarks). */
  fastBots?: boolean;
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
      botIterations: opts.botIterations,
      onAction: opts.onAction,
    },
    (tableId) => void steward.stale(tableId),
  );
  const directory = new TableDirectory(bus, registry, {
    send: (conn, text) => hub.connections.get(conn)?.send(text),
    watchers: (tableId) => [...hub.connections.values()].filter((c) => c.tables.has(tableId)).map((c) => ({ instance, conn: c.id, userId: c.userId })),
    log: app.log,
  });
  const alone = !bus.shared;
  const leases = new LeaseStore(services.db, opts.leaseTtlMs ?? 10_000);
  const steward: Steward = new Steward(
    leases,
    {
      tableIds: () => registry.tableIds(),
      adopt: async (tableId, epoch) => {
        const adopted = await registry.adopt(tableId, epoch, alone ? 'server restarted' : 'table taken over by another server');
        if (adopted && (adopted.voided || adopted.returned))
          app.log.warn({ tableId, epoch, ...adopted }, 'took a table over: unsettled hand voided, chips of players no longer seated returned');
        return adopted !== null;
      },
      lost: (tableId) => registry.drop(tableId),
      drain: (tableId) => registry.drain(tableId).then(() => undefined),
      announce: (tableId, owner) => void bus.publish('owners', { tableId, owner }).catch((e) => app.log.error(e, 'owner announcement failed')),
      log: app.log,
    },
    { instanceId: instance, alone, tickMs: opts.leaseTickMs ?? 1000 },
  );
  const offOwners = bus.subscribe('owners', (m) => {
    const { tableId, owner } = m as { tableId: number; owner: string | null };
    directory.ownerChanged(tableId, owner);
    if (owner === null) void steward.tickNow();
  });
  // An administrator created or edited a table (on any instance): its owner applies it; a new one is taken.
  const applyTableChange = async (tableId: number) => {
    const r = await registry.sync(tableId);
    if (r === 'not-owned') await (alone ? steward.take(tableId, true) : steward.tickNow());
  };
  const offTables = bus.subscribe('tables', (m) => {
    const { tableId, from } = m as { tableId: number; from: string };
    if (from !== instance) void applyTableChange(tableId).catch((e) => app.log.error(e, `table ${tableId}: could not apply the change`));
  });
  const refreshOwners = async () => directory.refresh(...(await Promise.all([registry.tableIds(), leases.all()])));
  const ownersTimer = setInterval(() => void refreshOwners().catch((e) => app.log.warn({ err: String(e) }, 'table owners not refreshed')), opts.leaseTickMs ?? 1000);
  ownersTimer.unref();

  let draining = false;
  // For load balancers: 503 while draining, so no new connection lands here.
  app.get('/healthz', async (_req, reply) => reply.code(draining ? 503 : 200).send({ ok: !draining, instance, tables: registry.owned().length }));
  const drain = async () => {
    draining = true;
    await steward.drainAll();
    await steward.stop(true);
    for (const c of [...hub.connections.values()]) c.close(CLOSE_RESTARTING, 'server restarting');
  };
  app.decorate('live', { hub, registry, directory, steward, store, fanout, drain });

  const unbridge = bridgeSessions(services.users, bus, hub, app.log);
  services.stats.playersOnline = () => hub.onlineUsers();
  services.tables.isOccupied = (tableId) => (registry.get(tableId)?.playerCount() ?? 0) > 0;
  services.tables.onChanged = async (tableId) => {
    await applyTableChange(tableId);
    await bus.publish('tables', { tableId, from: instance });
  };

  await steward.start();
  await refreshOwners();
  app.addHook('onClose', async () => {
    clearInterval(ownersTimer);
    offOwners();
    offTables();
    unbridge();
    fanout.close();
    directory.close();
    await steward.stop(false);
    await registry.stop();
  });
  await app.register(socketRoutes, { hub, directory, allowedOrigins: opts.allowedOrigins });
});
