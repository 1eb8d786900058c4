// Every metric of the room in one place (Prometheus's format through prom-client), with one small
// function per event, so that each part of the server reports without knowing prom-client:
// `metrics.handSettled(ms)`, `metrics.tableAction()`, `metrics.leaseTaken(tableId, epoch)`...
// One registry per app (tests build many apps in one process); the process's own figures
// (event-loop lag, garbage collection, memory, CPU: prom-client's defaults) are registered once
// per process and merged in at each scrape. Names: docs/operations.md. Gauges that describe the
// whole room (pending withdrawals, the jackpot, tournaments running) are read from the database
// at scrape time (`watchRoom`), at most every few seconds.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ConservationReport } from './ledger';

/** What the database says about the whole room, read at scrape time. */
export interface RoomFigures {
  pendingWithdrawals: number;
  pendingWithdrawalsAmount: number;
  depositsLastHour: number;
  depositsLastHourAmount: number;
  tournamentsRunning: number;
  jackpot: number;
  /** Tables with two players or more seated: where hands should be settling. */
  tablesWithPlayers: number;
}

/** What this instance holds, read at scrape time (plugins/live.ts). */
export interface InstanceFigures {
  dependencies: Record<'database' | 'redis', 'up' | 'down' | 'unused'>;
  draining: boolean;
  /** Table id -> the epoch this instance holds its lease at. */
  leases: Map<number, number>;
  /** Table id -> commands waiting in its actor, sampled at the scrape (nothing on the hot path). */
  queues?: Map<number, number>;
}

let processRegistry: Registry | null = null;
/** The process's own figures, once per process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ROOM_CACHE_MS = 5000;

export class Metrics {
  readonly registry = new Registry();
  private roomSource: (() => Promise<RoomFigures>) | null = null;
  private roomRead: { at: number; figures: Promise<RoomFigures> } | null = null;
  private instanceSource: (() => InstanceFigures) | null = null;

  private readonly c = (name: string, help: string, labelNames: string[] = []) => new Counter({ name, help, labelNames, registers: [this.registry] });
  private readonly g = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [this.registry] });
  private readonly h = (name: string, help: string, labelNames: string[] = [], buckets = SECONDS) =>
    new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });

  // HTTP
  private readonly httpRequests = this.c('poker_http_requests_total', 'HTTP requests answered, by route and status', ['method', 'route', 'status']);
  private readonly httpSeconds = this.h('poker_http_request_duration_seconds', 'Time to answer an HTTP request', ['method', 'route', 'status']);
  // Sockets (realtime/)
  private readonly socketsOpen = this.g('poker_sockets_open', 'WebSockets open on this instance');
  private readonly socketsClosed = this.c('poker_sockets_closed_total', 'WebSockets closed, by close code or reason', ['reason']);
  private readonly framesSent: Counter = new Counter({
    name: 'poker_socket_frames_sent_total',
    help: 'Frames written to sockets',
    registers: [this.registry],
    collect: () => this.readFrames(),
  });
  private readonly bytesSent = this.c('poker_socket_bytes_sent_total', 'Bytes written to sockets');
  private readonly socketWrites = this.c('poker_socket_writes_total', 'Writes to sockets (the frames of one turn of the event loop leave a socket in one)');
  /** The sockets' own tally (core/frame.ts), and how much of it the counters have. */
  private frameSource: (() => { frames: number; bytes: number; writes?: number }) | null = null;
  private framesCounted = { frames: 0, bytes: 0, writes: 0 };
  // Tables (tables/)
  private readonly tableActions = this.c('poker_table_actions_total', 'Player and bot actions applied at tables this instance owns');
  private readonly handsStarted = this.c('poker_hands_started_total', 'Hands dealt');
  private readonly handsSettled = this.c('poker_hands_settled_total', 'Hands settled (written to the ledger)');
  private readonly handsVoided = this.c('poker_hands_voided_total', 'Hands voided, by reason', ['reason']);
  private readonly settlementFailures = this.c('poker_settlement_failures_total', 'Settlements that failed to commit, by reason', ['reason']);
  private readonly settlementSeconds = this.h('poker_settlement_duration_seconds', 'From the last action of a hand to its settlement committed');
  private readonly queueDepths: Gauge = new Gauge({
    name: 'poker_table_queue_depth',
    help: 'Commands waiting in a table actor',
    labelNames: ['table'],
    registers: [this.registry],
    collect: () => {
      const queues = this.instanceSource?.().queues;
      if (queues) for (const [tableId, n] of queues) this.queueDepth(tableId, n);
    },
  });
  // Leases (cluster/): what the instance holds is read at each scrape (watchInstance)
  private readonly leasesHeld: Gauge = new Gauge({
    name: 'poker_leases_held',
    help: 'Table leases this instance holds',
    registers: [this.registry],
    collect: () => this.readLeases(),
  });
  private readonly leaseEpochs = this.g('poker_lease_epoch', 'The epoch this instance holds a table at', ['table']);
  private readonly dependencyUp: Gauge = new Gauge({
    name: 'poker_dependency_up',
    help: '1 when the dependency answers, 0 when it does not (absent: not used)',
    labelNames: ['dependency'],
    registers: [this.registry],
    collect: () => {
      this.dependencyUp.reset();
      const deps = this.instanceSource?.().dependencies ?? {};
      for (const [dep, state] of Object.entries(deps)) if (state !== 'unused') this.dependencyUp.set({ dependency: dep }, state === 'up' ? 1 : 0);
    },
  });
  private readonly draining: Gauge = new Gauge({
    name: 'poker_draining',
    help: '1 while this instance drains for a deploy',
    registers: [this.registry],
    collect: () => this.draining.set(this.instanceSource?.().draining ? 1 : 0),
  });
  private readonly leasesTaken = this.c('poker_leases_taken_total', 'Table leases taken (free, expired or handed over)');
  private readonly leasesLost = this.c('poker_leases_lost_total', 'Table leases lost (not renewed in time, or refused as stale), by reason', ['reason']);
  private readonly leasesReleased = this.c('poker_leases_released_total', 'Table leases given up (hand-over, drain)');
  // Ledger (core/ledger.ts, and the periodic check)
  private readonly transfers = this.c('poker_ledger_transfers_total', 'Ledger transfers committed, by kind', ['kind']);
  private readonly ledgerOk = this.g(
    'poker_ledger_check_ok',
    '1 when the last ledger check passed (sums to zero, no negative user account, balances match transfers)',
  );
  private readonly ledgerSum = this.g('poker_ledger_sum', 'Sum of every account balance at the last check (must be 0)');
  private readonly ledgerNegatives = this.g('poker_ledger_negative_accounts', 'Non-bank accounts below zero at the last check');
  private readonly ledgerMismatches = this.g('poker_ledger_mismatched_accounts', 'Accounts whose balance differs from their transfers at the last check');
  private readonly ledgerCheckedAt = this.g('poker_ledger_check_timestamp_seconds', 'When the last ledger check ran (Unix time)');
  private readonly ledgerCheckSeconds = this.g('poker_ledger_check_duration_seconds', 'How long the last ledger check took');
  // Dependencies
  private readonly dbErrors = this.c('poker_db_errors_total', 'PostgreSQL connections lost or refused');
  private poolSource: (() => { total: number; idle: number; waiting: number }) | null = null;
  private readonly dbPool: Gauge = new Gauge({
    name: 'poker_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and callers waiting for one (waiting)',
    labelNames: ['state'],
    registers: [this.registry],
    collect: () => {
      const p = this.poolSource?.();
      if (p) for (const state of ['total', 'idle', 'waiting'] as const) this.dbPool.set({ state }, p[state]);
    },
  });
  private readonly redisErrors = this.c('poker_redis_errors_total', 'Redis connection errors, by client', ['client']);

  /** `roomCacheMs`: how long the room's figures are reused between scrapes (default 5 s). */
  constructor(private readonly opts: { roomCacheMs?: number } = {}) {
    processMetrics();
    this.registerRoomGauges();
    // Counters the alerts read with increase(): a labelled series that first appears at 1 has no 0
    // before it, and Prometheus sees no increase (one settlement failure would never alert).
    for (const reason of ['error', 'stale_epoch']) this.settlementFailures.inc({ reason }, 0);
    for (const reason of ['expired', 'stale']) this.leasesLost.inc({ reason }, 0);
    for (const reason of ['start', 'settlement', 'takeover', 'restart', 'reload']) this.handsVoided.inc({ reason }, 0);
  }

  // --- HTTP (plugins/metrics.ts) ---
  httpRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpSeconds.observe(labels, seconds);
  }

  // --- Sockets ---
  socketOpened(): void {
    this.socketsOpen.inc();
  }
  /** `reason`: the close code (1000, 1001, 4008, 4012...) or a word (error, timeout). */
  socketClosed(reason: string | number): void {
    this.socketsOpen.dec();
    this.socketsClosed.inc({ reason: String(reason) });
  }
  framesWritten(frames: number, bytes: number): void {
    this.framesSent.inc(frames);
    this.bytesSent.inc(bytes);
  }

  // --- Tables ---
  tableAction(n = 1): void {
    this.tableActions.inc(n);
  }
  handStarted(): void {
    this.handsStarted.inc();
  }
  /** `ms`: from the hand's last action to its settlement committed. */
  handSettled(ms: number): void {
    this.handsSettled.inc();
    this.settlementSeconds.observe(ms / 1000);
  }
  handVoided(reason = 'crash'): void {
    this.handsVoided.inc({ reason });
  }
  settlementFailed(reason = 'error'): void {
    this.settlementFailures.inc({ reason });
  }
  queueDepth(tableId: number, n: number): void {
    this.queueDepths.set({ table: String(tableId) }, n);
  }
  /** The table's actor stopped here (closed, handed over): its per-table series go. */
  tableGone(tableId: number): void {
    this.queueDepths.remove({ table: String(tableId) });
  }

  // --- Leases (the lease gauges themselves are read from the instance at scrape time) ---
  leaseTaken(): void {
    this.leasesTaken.inc();
  }
  leaseLost(reason = 'expired'): void {
    this.leasesLost.inc({ reason });
  }
  leaseReleased(): void {
    this.leasesReleased.inc();
  }

  // --- Ledger ---
  ledgerTransfers(kinds: readonly string[]): void {
    for (const kind of kinds) this.transfers.inc({ kind });
  }
  ledgerChecked(report: ConservationReport, ms: number, at = Date.now()): void {
    this.ledgerOk.set(report.ok ? 1 : 0);
    this.ledgerSum.set(report.total);
    this.ledgerNegatives.set(report.negatives.length);
    this.ledgerMismatches.set(report.mismatches.length);
    this.ledgerCheckedAt.set(Math.floor(at / 1000));
    this.ledgerCheckSeconds.set(ms / 1000);
  }

  // --- Dependencies ---
  dbError(): void {
    this.dbErrors.inc();
  }
  redisError(client: string): void {
    this.redisErrors.inc({ client });
  }

  /** The frames and bytes the sockets wrote, as they add them up (realtime/socket.ts): read at each scrape. */
  watchFrames(read: () => { frames: number; bytes: number; writes?: number }): void {
    this.frameSource = read;
  }
  private readFrames(): void {
    const now = this.frameSource?.();
    if (!now) return;
    const frames = now.frames - this.framesCounted.frames;
    const bytes = now.bytes - this.framesCounted.bytes;
    const writes = (now.writes ?? 0) - this.framesCounted.writes;
    this.framesCounted = { frames: now.frames, bytes: now.bytes, writes: now.writes ?? 0 };
    if (frames > 0) this.framesWritten(frames, bytes);
    if (writes > 0) this.socketWrites.inc(writes);
  }

  /** PostgreSQL's pool (db/client.ts); PGlite has none. */
  watchPool(read: () => { total: number; idle: number; waiting: number }): void {
    this.poolSource = read;
  }
  /** The whole room's figures, from the database (read at most every 5 s, whatever the scrapers). */
  watchRoom(read: () => Promise<RoomFigures>): void {
    this.roomSource = read;
  }
  /** This instance's dependencies and leases (plugins/live.ts). */
  watchInstance(read: () => InstanceFigures): void {
    this.instanceSource = read;
  }

  /** The text Prometheus scrapes: this app's metrics and the process's. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    const merged = Registry.merge([this.registry, processMetrics()]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }

  private room(): Promise<RoomFigures> | null {
    if (!this.roomSource) return null;
    const now = Date.now();
    if (!this.roomRead || now - this.roomRead.at >= (this.opts.roomCacheMs ?? ROOM_CACHE_MS)) {
      const figures = this.roomSource();
      this.roomRead = { at: now, figures };
      figures.catch(() => (this.roomRead = null));
    }
    return this.roomRead.figures;
  }

  private registerRoomGauges(): void {
    const room = (name: string, help: string, pick: (f: RoomFigures) => number) => {
      const gauge: Gauge = new Gauge({
        name,
        help,
        registers: [this.registry],
        collect: async () => {
          const figures = await this.room()?.catch(() => null);
          if (figures) gauge.set(pick(figures));
        },
      });
    };
    room('poker_withdrawals_pending', 'Withdrawals waiting for approval (room-wide)', (f) => f.pendingWithdrawals);
    room('poker_withdrawals_pending_amount', 'Tugrik held for withdrawals waiting for approval (room-wide)', (f) => f.pendingWithdrawalsAmount);
    room('poker_deposits_last_hour', 'Deposits recorded in the last hour (room-wide)', (f) => f.depositsLastHour);
    room('poker_deposits_last_hour_amount', 'Tugrik deposited in the last hour (room-wide)', (f) => f.depositsLastHourAmount);
    room('poker_tournaments_running', 'Tournaments running (room-wide)', (f) => f.tournamentsRunning);
    room('poker_jackpot', 'The bad-beat jackpot, in tugrik', (f) => f.jackpot);
    room('poker_tables_with_players', 'Tables with two players or more seated (room-wide)', (f) => f.tablesWithPlayers);
  }

  private readLeases(): void {
    const leases = this.instanceSource?.().leases;
    if (!leases) return;
    this.leasesHeld.set(leases.size);
    this.leaseEpochs.reset();
    for (const [table, epoch] of leases) this.leaseEpochs.set({ table: String(table) }, epoch);
  }
}
