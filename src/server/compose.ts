// The composition root: the services and the live room built in one place, in the order they
// need each other, each given its collaborators in its constructor (nothing is patched in after).
// The services the live room needs come first; then the live room; then the services that call
// on it (table administration, the tournament lobby, the dashboard).
import type { FastifyInstance } from 'fastify';
import type { Bus } from './cluster/bus';
import type { Metrics } from './core/metrics';
import type { DbHandle } from './db/client';
import { buildLive, type Live, type LiveOptions, type TurnAway } from './live';
import { PlayGate } from './integrity/play-gate';
import { bridgeSessions } from './realtime/sessions';
import type { SessionServices } from './realtime/socket-session';
import { seedOnce } from './seed';
import { createBaseServices, createServices, type ServiceOptions, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    live: Live;
    /** Into play and out of it: standing, safer play, the table's leave (integrity/play-gate.ts). */
    playGate: PlayGate;
  }
}

export interface ComposeOptions {
  handle: DbHandle;
  bus: Bus;
  services: Omit<ServiceOptions, 'log'>;
  live: LiveOptions;
  /** Seed settings, demo tables and content on the first start. */
  seed: boolean;
  admin: { username?: string; password?: string } | false;
  onAdminCreated?: (info: { username: string; password?: string }) => void;
  /** Told of the ledger's transfers at each commit. */
  metrics?: Metrics;
  /** The integrity job's period in ms (docs/integrity.md); 0 or absent: not run here. */
  integrityJobMs?: number;
  /** How often players over their session limit are stood up, ms (docs/safer-play.md); 0 or absent: not here. */
  saferSweepMs?: number;
}

/** Builds the room on the app (app.services, app.live), seeds a first start and takes this instance's tables. */
export async function composeRoom(app: FastifyInstance, opts: ComposeOptions): Promise<void> {
  const log = app.log;
  const { metrics } = opts;
  const base = createBaseServices(opts.handle, {
    ...opts.services,
    log: { info: (m) => log.info(m), error: (o, m) => log.error(o, m) },
    onTransfers: metrics && ((kinds) => metrics.ledgerTransfers(kinds)),
    clock: opts.live.clock,
  });
  // Web push (when set up): told after the fact, never awaited by a table or a director.
  const push = base.push;
  const notices = push.enabled
    ? { turnAway: (turn: TurnAway) => void push.yourTurn(turn), tournamentStarted: (id: number) => void push.tournamentStarted(id) }
    : undefined;
  const live = buildLive({ db: base.db, ledger: base.ledger, bus: opts.bus, log, metrics, notices }, opts.live);
  const services = createServices(base, {
    tables: {
      isOccupied: (tableId) => (live.registry.get(tableId)?.playerCount() ?? 0) > 0,
      changed: (tableId) => live.ownership.tableChanged(tableId),
    },
    tournamentFull: () => void live.tournaments.tickNow(),
    playersOnline: () => live.playersOnline(),
  });
  app.decorate('services', services);
  app.decorate('live', live);
  app.decorate(
    'playGate',
    new PlayGate({
      db: services.db,
      guard: services.integrity.guard,
      safer: services.safer,
      tournaments: services.tournaments,
      leave: (tableId, userId) => live.tables.call(tableId, { kind: 'leave', userId }),
      pools: { of: (userId) => services.pools.poolsOf(userId), leave: (poolId, userId) => live.poolRouter.leave(poolId, userId) },
      warn: (m, err) => log.warn({ err }, m),
    }),
  );
  if (opts.seed) await seedOnce(opts.handle.db);
  // TOTP secrets written before encryption, or under an older key: sealed under the current one.
  await services.auth.twoFactor.sealSecrets();
  if (opts.admin) {
    const r = await services.userAdmin.ensureAdmin(opts.admin.username, opts.admin.password);
    if (r.created && r.username) {
      if (opts.onAdminCreated) opts.onAdminCreated({ username: r.username, password: r.password });
      else log.warn(`first administrator created: ${r.username}${r.password ? ' (its generated password is shown to onAdminCreated only)' : ''}`);
    }
  }
  const unbridge = bridgeSessions(services.users, opts.bus, live.hub, log);
  await live.start();
  services.integrity.job.start(opts.integrityJobMs ?? 0, (e) => log.error(e, 'integrity job failed'));
  const stopSweep = startSessionSweep(app, opts.saferSweepMs ?? 0);
  app.addHook('onClose', async () => {
    await stopSweep();
    unbridge();
    await services.integrity.job.stop();
    await live.close();
    push.close();
  });
}

/** Every `periodMs` the players over their session limit leave their cash seats; one pass at a time. */
function startSessionSweep(app: FastifyInstance, periodMs: number): () => Promise<void> {
  if (periodMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= app.playGate
      .standUpOverSessionLimit()
      .catch((e: unknown) => app.log.error(e, 'session limit sweep failed'))
      .finally(() => (running = null));
  }, periodMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/** What a socket's conversation needs of the room. */
export function sessionServices(services: Services, live: Live): SessionServices {
  return {
    authenticate: (token) => services.users.authenticate(token),
    avatarOf: (userId) => services.profiles.avatarOf(userId),
    playClosed: (role) => services.maintenance.check('play', role),
    // An integrity standing first (restricted, frozen, closed), then safer play's limits and breaks.
    playRefused: async (userId, amount) => {
      const standing = await services.integrity.guard.refusal(userId, 'play');
      if (standing) return standing;
      const refusal = await services.safer.mayPlay(userId, amount);
      if (!refusal) await services.safer.touchSession(userId);
      return refusal;
    },
    postChat: (userId, text, tableId) => services.chat.post(userId, text, tableId),
    pushAll: (m) => live.fanout.all(m),
    pushTable: (tableId, m) => live.fanout.table(tableId, m),
    tables: live.tables,
  };
}
