// The live room of this instance, built from its parts: the socket hub and the pushes, one actor
// per table it owns (leases: tables/ownership.ts), commands and views across instances
// (tables/router.ts over cluster/directory.ts), the tournament directors, readiness and presence.
// Part of the composition root (compose.ts): every part gets its collaborators here.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { deckFromSeed } from '../poker';
import type { Bus } from './cluster/bus';
import { Presence } from './cluster/presence';
import { Readiness } from './cluster/readiness';
import type { Steward } from './cluster/steward';
import { systemClock, type Clock } from './core/clock';
import type { Ledger } from './core/ledger';
import type { Metrics } from './core/metrics';
import type { Database } from './db/client';
import { Fanout } from './realtime/fanout';
import { CLOSE_RESTARTING, Hub } from './realtime/hub';
import type { RateLimitsConfig } from './realtime/rate';
import type { ActorDeps } from './tables/deps';
import { Room } from './tables/ownership';
import { TableRegistry } from './tables/registry';
import { TableRouter } from './tables/router';
import { DbTableStore } from './tables/store-db';
import { TournamentRoom, type TournamentRoomOptions } from './tournaments/room';
import { PoolRoom } from './pools/room';
import { PoolRouter } from './pools/router';

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
  /** Fast-fold pools: their tick (default 250 ms), pause between a table's hands (default 500 ms) and wait before a short-handed deal (default 2000 ms). */
  poolTickMs?: number;
  poolBetweenHands?: number;
  poolShortHandedAfterMs?: number;
  /** The longest wait for a fuller pool table when players in hands elsewhere could fill one (default 3x the short-handed wait). */
  poolFullerTableAfterMs?: number;
  /** Redis shared by the instances (app.ts passes it with REDIS_URL): who is online, room-wide. */
  redis?: { url: string; prefix: string };
}

export interface Live {
  hub: Hub;
  /** This instance's table actors. */
  registry: TableRegistry;
  /** Every table, wherever its owner runs: commands go to its owner. */
  tables: TableRouter;
  steward: Steward;
  /** This instance's leases, the owners' announcements and the administrators' table changes. */
  ownership: Room;
  store: DbTableStore;
  fanout: Fanout;
  readiness: Readiness;
  /** This instance's tournament directors and the tournament scheduler. */
  tournaments: TournamentRoom;
  /** This instance's fast-fold pool directors (docs/fast-fold.md). */
  pools: PoolRoom;
  /** Every pool, wherever its director runs: joining, leaving and the rest go to its instance. */
  poolRouter: PoolRouter;
  /** Players connected now, room-wide (Redis) or on this instance. */
  playersOnline(): number | Promise<number>;
  /** Takes this instance's tables and tournaments (recovering any hand left open). */
  start(): Promise<void>;
  /** Deploy: finish every hand in play, hand every table over, then tell the sockets to reconnect elsewhere. */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export type TurnAway = Parameters<NonNullable<ActorDeps['onTurnAway']>>[0];

export interface LiveParts {
  db: Database;
  ledger: Ledger;
  bus: Bus;
  /** The instance's metrics: tables, leases, sockets and frames. */
  metrics?: Metrics;
  log: {
    warn(obj: unknown, msg?: string): void;
    error(obj: unknown, msg?: string): void;
    info(obj: unknown, msg?: string): void;
    /** Each socket command at its table's owner, with its request id (tables/router.ts). */
    debug?(obj: unknown, msg?: string): void;
    isLevelEnabled?(level: string): boolean;
  };
  /** Told (web push) of a turn nobody is looking at and of a tournament started; must not block. */
  notices?: { turnAway(turn: TurnAway): void; tournamentStarted(tournamentId: number): void };
}

/** The live room's objects, wired; nothing runs until `start`. */
export function buildLive({ db, ledger, bus, log, metrics, notices }: LiveParts, opts: LiveOptions): Live {
  const instance = bus.instanceId;
  const hub = new Hub(opts.socketLimits);
  const store = new DbTableStore(db, ledger);
  const fanout = new Fanout(bus, hub, {
    balances: (userId) => ledger.balances(db, userId),
    onBalanceChanged: (listener) => ledger.onBalanceChanged(listener),
  });
  const readiness = new Readiness(log, bus.shared, () => registry.resumeDealing());
  bus.onHealth?.((ok, e) => readiness.set('redis', ok, e));
  const actorDeps = tableDeps(opts, log, {
    metrics,
    fanout,
    readiness,
    sink: (viewer) => router.sink(viewer),
    players: (tableId) => registry.get(tableId)?.playerCount() ?? 0,
    reload: (tableId) => void room.steward.reload(tableId).catch((e) => log.error(e, `table ${tableId}: reload failed`)),
    onTurnAway: notices?.turnAway,
  });
  const registry: TableRegistry = new TableRegistry(db, store, actorDeps, (tableId) => void room.steward.stale(tableId));
  const router = new TableRouter(bus, registry, {
    send: (conn, payload) => hub.connections.get(conn)?.send(payload),
    watchers: (tableId) => [...hub.watchers(tableId)].map((c) => ({ instance, conn: c.id, userId: c.userId })),
    log,
  });
  const room: Room = new Room(db, bus, registry, router, log, {
    leaseTtlMs: opts.leaseTtlMs,
    leaseTickMs: opts.leaseTickMs,
    onDatabase: (ok, e) => readiness.set('database', ok, e),
    metrics,
  });
  const tournaments = new TournamentRoom(
    db,
    ledger,
    registry,
    // No reload on a write of unknown outcome: the director's next opening resumes the tournament.
    { ...actorDeps, reload: undefined },
    opts.clock ?? systemClock,
    (n) => (n <= 1 ? 0 : randomInt(n)),
    (n) => store.botUsers(n),
    log,
    tournamentOptions(opts, instance, !bus.shared, notices?.tournamentStarted),
  );
  const { pools, poolRouter } = poolParts({ db, ledger, bus, log }, opts, store, registry, { ...actorDeps, reload: undefined }, fanout);
  // Players online: distinct users over every instance (Redis), or this one's.
  const presence = opts.redis ? presenceOn(opts.redis, instance, hub, log, metrics) : null;
  return {
    hub,
    registry,
    tables: router,
    steward: room.steward,
    ownership: room,
    store,
    fanout,
    readiness,
    tournaments,
    pools,
    poolRouter,
    playersOnline: () => (presence ? presence.count() : hub.onlineUsers()),
    async start() {
      await presence?.start();
      await room.start();
      await tournaments.start();
      await pools.start();
    },
    async drain() {
      readiness.drain();
      await Promise.all([room.drain(), tournaments.drain(), pools.drain()]);
      for (const c of [...hub.connections.values()]) c.close(CLOSE_RESTARTING, 'server restarting');
    },
    async close() {
      fanout.close();
      router.close();
      poolRouter.stop();
      await tournaments.close();
      await pools.stop();
      await room.close();
      await registry.stop();
      await presence?.stop();
    },
  };
}

/**
 * The fast-fold pools' directors and their router (docs/fast-fold.md): a seated player is told
 * their table over the socket, and a pool's commands reach its director, from any instance.
 */
function poolParts(
  { db, ledger, bus, log }: Pick<LiveParts, 'db' | 'ledger' | 'bus' | 'log'>,
  opts: LiveOptions,
  store: DbTableStore,
  registry: TableRegistry,
  actorDeps: Omit<ActorDeps, 'store'>,
  fanout: Fanout,
): { pools: PoolRoom; poolRouter: PoolRouter } {
  const pools = new PoolRoom(
    db,
    ledger,
    store,
    registry,
    actorDeps,
    (n) => (n <= 1 ? 0 : randomInt(n)),
    (userId, poolId, tableId) => fanout.user(userId, { type: 'GAME', action: 'POOL_SEATED', poolId, tableId }),
    // As the steward announces a cash table (tables/ownership.ts): sockets elsewhere reach it at once.
    (tableId, owner) => void bus.publish('owners', { tableId, owner }).catch((e) => log.error(e, 'owner announcement failed')),
    log,
    {
      instanceId: bus.instanceId,
      alone: !bus.shared,
      tickMs: opts.poolTickMs ?? 250,
      leaseTtlMs: opts.leaseTtlMs ?? 10_000,
      betweenHands: opts.poolBetweenHands ?? 500,
      shortHandedAfterMs: opts.poolShortHandedAfterMs ?? 2000,
      fullerTableAfterMs: opts.poolFullerTableAfterMs ?? 3 * (opts.poolShortHandedAfterMs ?? 2000),
    },
  );
  return { pools, poolRouter: new PoolRouter(bus, db, pools, log) };
}

/** Who is online room-wide: this instance's users in Redis, counted over every instance. */
function presenceOn(redis: { url: string; prefix: string }, instance: string, hub: Hub, log: LiveParts['log'], metrics?: Metrics): Presence {
  return new Presence(redis.url, {
    prefix: redis.prefix,
    instanceId: instance,
    onlineUserIds: () => hub.onlineUserIds(),
    log,
    onError: () => metrics?.redisError('presence'),
  });
}

/** What every table actor of this instance shares (the store is each one's own, fenced). */
function tournamentOptions(opts: LiveOptions, instanceId: string, alone: boolean, onStarted?: (id: number) => void): TournamentRoomOptions {
  return {
    instanceId,
    alone,
    tickMs: opts.tournamentTickMs ?? opts.leaseTickMs ?? 1000,
    leaseTtlMs: opts.leaseTtlMs ?? 10_000,
    // A table's action time is 5..120 s (the database's CHECK); a start outside it would fail at every tick.
    actionTime: Math.min(120, Math.max(5, Math.round(opts.tournamentActionTime ?? 20))),
    onStarted,
  };
}

function tableDeps(
  opts: LiveOptions,
  log: LiveParts['log'],
  parts: {
    metrics?: Metrics;
    fanout: Fanout;
    readiness: Readiness;
    sink: ActorDeps['sink'];
    players(tableId: number): number;
    reload(tableId: number): void;
    onTurnAway?: ActorDeps['onTurnAway'];
  },
): Omit<ActorDeps, 'store'> {
  const lobbyCounts = new Map<number, number>();
  return {
    clock: opts.clock ?? systemClock,
    newSeed: () => randomBytes(32).toString('hex'),
    seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    deckFromSeed,
    randomInt: (n) => (n <= 1 ? 0 : randomInt(n)),
    onJackpot: (amount) => parts.fanout.jackpot(amount),
    sink: parts.sink,
    onLobbyChange: (tableId) => {
      const players = parts.players(tableId);
      if (lobbyCounts.get(tableId) === players) return;
      lobbyCounts.set(tableId, players);
      parts.fanout.all({ type: 'GAME', action: 'LOBBY_UPDATE', tableId, players });
    },
    log: { error: (o, m) => log.error(o, m) },
    betweenHands: opts.betweenHands ?? 3000,
    fastBots: opts.fastBots ?? false,
    botDelayMs: opts.botDelayMs,
    botIterations: opts.botIterations,
    onAction: opts.onAction,
    canDeal: () => parts.readiness.dependenciesUp,
    reload: parts.reload,
    metrics: parts.metrics,
    onTurnAway: parts.onTurnAway,
  };
}
