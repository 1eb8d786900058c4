// This instance's tournament directors (docs/tournaments.md, Server). A loop starts what is due
// (a full sit & go, a scheduled tournament at its time: started, or cancelled and refunded when
// too few registered), takes running tournaments nobody directs (leases.ts: one director per
// tournament, fenced by its epoch), renews its leases and stops a director whose lease is lost.
import { sql } from 'drizzle-orm';
import type { RandomInt } from '../../poker/fair/shuffle';
import { first, rows, type Database } from '../db/client';
import type { TournamentRow } from '../db/rows';
import type { Ledger } from '../core/ledger';
import type { Clock } from '../core/clock';
import type { TableRegistry } from '../tables/registry';
import type { ActorDeps } from '../tables/deps';
import { TournamentDirector } from './director';
import { TournamentLeases } from './leases';
import { Ticker } from '../cluster/ticker';
import { registerBots, startTournament, type StartOutcome } from './start';

export interface TournamentRoomOptions {
  instanceId: string;
  /** One instance alone: at start it takes every running tournament, whatever old leases say. */
  alone: boolean;
  tickMs: number;
  leaseTtlMs: number;
  /** Seconds to act at tournament tables. */
  actionTime: number;
  /** A tournament started here (web push to its players); must not block. */
  onStarted?(tournamentId: number): void;
}

interface Log {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export class TournamentRoom {
  private readonly directors = new Map<number, TournamentDirector>();
  private readonly leases: TournamentLeases;
  private readonly ticker: Ticker;
  private draining = false;
  private first = true;

  constructor(
    private readonly db: Database,
    private readonly ledger: Ledger,
    private readonly registry: TableRegistry,
    private readonly actorDeps: Omit<ActorDeps, 'store' | 'tournament'>,
    private readonly clock: Clock,
    private readonly randomInt: RandomInt,
    private readonly botUsers: (n: number) => Promise<Array<{ userId: number; username: string }>>,
    private readonly log: Log,
    private readonly opts: TournamentRoomOptions,
  ) {
    this.leases = new TournamentLeases(db, opts.leaseTtlMs);
    this.ticker = new Ticker(
      () => this.tick(),
      opts.tickMs,
      (e) => log.error(e, 'tournaments: tick failed'),
    );
  }

  director(id: number): TournamentDirector | undefined {
    return this.directors.get(id);
  }

  async start(): Promise<void> {
    await this.tickNow();
    this.ticker.start();
  }

  /** One pass now (a registration filled a sit & go); passes never overlap. */
  tickNow(): Promise<void> {
    return this.ticker.now();
  }

  private async tick(): Promise<void> {
    if (this.ticker.isStopped || this.draining) return;
    const held = new Map([...this.directors].map(([id, d]) => [id, d.epoch]));
    const renewed = await this.leases.renew(this.opts.instanceId, held);
    for (const id of held.keys()) if (!renewed.has(id)) await this.lose(id, 'lease not renewed');
    type Due = Pick<TournamentRow, 'id' | 'status'>;
    const due = await rows<Due>(
      this.db,
      sql`SELECT t.id, t.status FROM tournaments t
          WHERE (t.status = 'registering' AND ((t.kind = 'mtt' AND t.starts_at <= now()) OR (t.kind = 'sng' AND t.max_entrants <=
                  (SELECT count(*) FROM tournament_entries e WHERE e.tournament_id = t.id AND e.status = 'registered'))))
             OR t.status = 'running'
          ORDER BY t.id`,
    );
    // Several instances: each takes directors up to its share of the running tournaments (as the
    // steward does tables), so they spread; an instance over its share keeps what it has.
    const share = this.opts.alone ? Infinity : Math.ceil(due.length / Math.max(1, await this.liveInstances()));
    for (const t of due) {
      if (this.ticker.isStopped) return;
      if (t.status === 'registering') {
        const outcome = await this.startOne(t.id);
        if (outcome !== 'started') continue;
      }
      if (!this.directors.has(t.id) && this.directors.size < share) await this.take(t.id, this.first && this.opts.alone);
    }
    this.first = false;
  }

  private async startOne(id: number): Promise<StartOutcome> {
    try {
      const outcome = await startTournament(this.ledger, id, this.randomInt, this.opts.actionTime);
      if (outcome === 'started') this.opts.onStarted?.(id);
      if (outcome === 'cancelled') this.log.warn({ tournamentId: id }, 'tournament cancelled at its start time: too few players; everyone refunded');
      return outcome;
    } catch (e) {
      this.log.error(e, `tournament ${id}: could not start`);
      return 'waiting';
    }
  }

  /** Takes a running tournament nobody directs (`force`: a lone instance at start) and resumes it. */
  private async take(id: number, force: boolean): Promise<void> {
    const epoch = await this.leases.acquire(id, this.opts.instanceId, force);
    if (epoch === null) return;
    const director = new TournamentDirector(id, epoch, {
      db: this.db,
      ledger: this.ledger,
      clock: this.clock,
      registry: this.registry,
      actorDeps: this.actorDeps,
      tickMs: Math.min(this.opts.tickMs, 1000),
      actionTime: this.opts.actionTime,
      log: this.log,
      onDone: (tid) => void this.done(tid),
    });
    this.directors.set(id, director);
    let ok = false;
    try {
      ok = await director.open();
    } catch (e) {
      this.log.error(e, `tournament ${id}: could not resume`);
    }
    if (!ok) {
      this.directors.delete(id);
      await director.stop();
      await this.leases.release(id, this.opts.instanceId, epoch);
    }
  }

  /** Instances alive and not draining (their heartbeats, cluster/leases.ts). */
  private async liveInstances(): Promise<number> {
    const r = await first<{ n: number }>(
      this.db,
      sql`SELECT count(*)::int AS n FROM instances WHERE seen_at > now() - make_interval(secs => ${this.opts.leaseTtlMs / 1000}::double precision) AND NOT draining`,
    );
    return r?.n ?? 1;
  }

  private async done(id: number): Promise<void> {
    const d = this.directors.get(id);
    if (!d) return;
    this.directors.delete(id);
    await this.leases.release(id, this.opts.instanceId, d.epoch).catch((e) => this.log.error(e, `tournament ${id}: lease not released`));
  }

  private async lose(id: number, why: string): Promise<void> {
    const d = this.directors.get(id);
    this.directors.delete(id);
    this.log.warn({ tournamentId: id, why }, 'tournament director lost its lease');
    await d?.stop();
  }

  /** House bots take up to `count` free places of a tournament still registering; a full sit & go starts. */
  async addBots(id: number, count: number, inTx?: Parameters<typeof registerBots>[5]): Promise<number> {
    const added = await registerBots(this.db, this.ledger, id, count, this.botUsers, inTx);
    await this.tickNow();
    return added;
  }

  /** Deploy: every tournament hand in play finishes and is written, then the leases go. */
  async drain(): Promise<void> {
    this.draining = true;
    await this.ticker.idle();
    await Promise.all(
      [...this.directors].map(async ([id, d]) => {
        await d.drain();
        this.directors.delete(id);
        await this.leases.release(id, this.opts.instanceId, d.epoch);
      }),
    );
  }

  async close(): Promise<void> {
    await this.ticker.stop();
    await Promise.all([...this.directors.values()].map((d) => d.stop()));
    this.directors.clear();
  }
}
