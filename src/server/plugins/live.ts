// The live game: the socket hub, one actor per table, balance and jackpot pushes. Registered
// after the database plugin; recovers any hand a crash left open before taking connections.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { deckFromSeed } from '../../poker';
import { Hub } from '../realtime/hub';
import type { RateLimitsConfig } from '../realtime/rate';
import { MAX_FRAME_BYTES, socketRoutes } from '../realtime/socket';
import { bridgeSessions } from '../realtime/sessions';
import { systemClock, type Clock } from '../tables/clock';
import { TableRegistry } from '../tables/registry';
import { DbTableStore } from '../tables/store-db';
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
}

const JACKPOT_PUSH_MS = 250;

export interface Live {
  hub: Hub;
  registry: TableRegistry;
  store: DbTableStore;
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
  const { services } = app;
  const hub = new Hub(opts.socketLimits);
  const store = new DbTableStore(services.db, services.ledger);
  const lobbyCounts = new Map<number, number>();
  // The jackpot moves with nearly every raked pot of every table: every socket hears of it at
  // once, then at most every JACKPOT_PUSH_MS with the latest amount.
  let jackpotAmount = 0;
  let jackpotLastPush = 0;
  let jackpotTimer: ReturnType<typeof setTimeout> | null = null;
  const pushJackpot = () => {
    jackpotTimer = null;
    jackpotLastPush = Date.now();
    hub.broadcast({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: jackpotAmount });
  };
  const registry = new TableRegistry(services.db, store, {
    clock: opts.clock ?? systemClock,
    newSeed: () => randomBytes(32).toString('hex'),
    seedHash: (seed) => createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex'),
    deckFromSeed,
    randomInt: (n) => (n <= 1 ? 0 : randomInt(n)),
    onJackpot: (amount) => {
      jackpotAmount = amount;
      if (jackpotTimer) return;
      const wait = jackpotLastPush + JACKPOT_PUSH_MS - Date.now();
      if (wait <= 0) pushJackpot();
      else jackpotTimer = setTimeout(pushJackpot, wait);
    },
    onLobbyChange: (tableId) => {
      const players = registry.get(tableId)?.playerCount() ?? 0;
      if (lobbyCounts.get(tableId) === players) return;
      lobbyCounts.set(tableId, players);
      hub.broadcast({ type: 'GAME', action: 'LOBBY_UPDATE', tableId, players });
    },
    log: { error: (o, m) => app.log.error(o, m) },
    betweenHands: opts.betweenHands ?? 3000,
    fastBots: opts.fastBots ?? false,
    botIterations: opts.botIterations,
    onAction: opts.onAction,
  });
  app.decorate('live', { hub, registry, store });

  // Every change to a player's money reaches all of that player's tabs.
  const unsubscribe = services.ledger.onBalanceChanged((userId) => {
    if (!hub.isOnline(userId)) return;
    void services.ledger
      .balances(services.db, userId)
      .then((b) => {
        hub.sendToUser(userId, { type: 'BALANCE_UPDATE', data: { userId, balance: b.available, locked: b.locked } });
      })
      .catch((e) => app.log.error(e, 'balance push failed'));
  });

  const unbridge = bridgeSessions(services.users, app.bus, hub, app.log);

  services.stats.playersOnline = () => hub.onlineUsers();
  services.tables.isOccupied = (tableId) => (registry.get(tableId)?.playerCount() ?? 0) > 0;
  services.tables.onChanged = (tableId) => registry.sync(tableId);

  const recovered = await registry.start();
  if (recovered.voided || recovered.returned)
    app.log.warn(`recovered from an unclean stop: ${recovered.voided} hand(s) voided, chips returned from ${recovered.returned} seat(s)`);
  app.addHook('onClose', async () => {
    unsubscribe();
    unbridge();
    if (jackpotTimer) clearTimeout(jackpotTimer);
    await registry.stop();
  });
  await app.register(socketRoutes, { hub, registry, allowedOrigins: opts.allowedOrigins });
});
