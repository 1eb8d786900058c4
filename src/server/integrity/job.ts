// The integrity job: every few seconds it reads the hands settled since its cursor, adds them to
// the running sums and re-scores the players and pairs they touched, all in one transaction with
// the cursor locked (one instance at a time; the others skip). The tables never wait for it.
import { sql } from 'drizzle-orm';
import { type Database, type Executor, first, rows } from '../db/client';
import type { IntegrityCursorRow, UserRow } from '../db/rows';
import type { Accumulator } from './accumulate';
import { addCounters, emptyActivity, emptyPlayer, type PlayerCounters } from './counters';
import { scanNewAccounts } from './deposits';
import { linkedAccounts, type LoginTrace, type PayoutTrace } from './links';
import { botLike, FLAG_SCORE, pairSignals, type PairContext, type Signal } from './signals';
import { loadState, pairsOf, saveState, settledHandsAfter } from './store';

/** A player's counters over every game and stake. */
export function overall(acc: Accumulator, userId: number): PlayerCounters {
  let sum = emptyPlayer();
  for (const [key, c] of acc.stats) if (key.startsWith(`${userId}|`)) sum = addCounters(sum, c);
  return sum;
}

/** A player's net (cash chips, or tournament big blinds) and opponents dealt in with them. */
function edgeOf(acc: Accumulator, userId: number, tournament: boolean): { net: number; opponents: number } {
  let net = 0;
  let opponents = 0;
  for (const [key, c] of acc.stats)
    if (key.startsWith(`${userId}|`) && key.includes('-tournament|') === tournament) {
      net += tournament ? c.netBb : c.net;
      opponents += c.opponents;
    }
  return { net, opponents };
}

/** What the pair detectors need, from an accumulator holding both players. */
export function pairContext(acc: Accumulator): PairContext {
  const cache = new Map<number, PlayerCounters>();
  const edges = new Map<string, { net: number; opponents: number }>();
  const of = (u: number) => {
    let c = cache.get(u);
    if (!c) cache.set(u, (c = overall(acc, u)));
    return c;
  };
  return {
    handsOf: (u) => acc.activity.get(u)?.hands ?? 0,
    flopsOf: (u) => {
      const c = of(u);
      return { flops: c.sawFlop, aggr: c.flopAggr, huFlops: c.huFlops, huAggr: c.huFlopAggr };
    },
    edgeOf: (u, tournament) => {
      const key = `${u}|${tournament}`;
      let e = edges.get(key);
      if (!e) edges.set(key, (e = edgeOf(acc, u, tournament)));
      return e;
    },
    squeezeOf: (u) => {
      const c = of(u);
      return { spots: c.sqzSpots, raises: c.sqzRaises };
    },
    totalHands: acc.totalHands,
  };
}

/** Every signal of the players and pairs the accumulator's batch touched. */
export function touchedSignals(acc: Accumulator): Signal[] {
  const ctx = pairContext(acc);
  const out: Signal[] = [];
  for (const key of acc.touchedPairs) out.push(...pairSignals(key, acc.pairs.get(key)!, ctx));
  for (const u of acc.touchedUsers) {
    const s = botLike(u, overall(acc, u), acc.activity.get(u) ?? emptyActivity());
    if (s) out.push(s);
  }
  return out;
}

/** Raises an alert at FLAG_SCORE; an existing one follows its signal's score and evidence. */
export async function upsertSignals(ex: Executor, signals: readonly Signal[]): Promise<void> {
  for (const s of signals) {
    const values = sql`${s.key}, ${s.kind}, ${JSON.stringify(s.userIds)}::jsonb, ${s.score}, ${JSON.stringify(s.evidence)}::jsonb`;
    if (s.score >= FLAG_SCORE)
      await ex.execute(
        sql`INSERT INTO integrity_alerts (signal_key, kind, user_ids, score, evidence) VALUES (${values})
            ON CONFLICT (signal_key) DO UPDATE SET user_ids = excluded.user_ids, score = excluded.score, evidence = excluded.evidence, updated_at = now()`,
      );
    else
      await ex.execute(
        sql`UPDATE integrity_alerts SET score = ${s.score}, evidence = ${JSON.stringify(s.evidence)}::jsonb, updated_at = now() WHERE signal_key = ${s.key}`,
      );
  }
}

export interface JobOptions {
  batchSize?: number;
}

export class IntegrityJob {
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly opts: JobOptions = {},
  ) {}

  /** One batch; the number of hands it counted (0: nothing new, or another instance is at it). */
  async runOnce(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const cursor = await first<IntegrityCursorRow>(tx, sql`SELECT * FROM integrity_cursor WHERE id = 1 FOR UPDATE SKIP LOCKED`);
      if (!cursor) return 0;
      const { records, lastId } = await settledHandsAfter(tx, Number(cursor.last_hand_id), this.opts.batchSize ?? 500);
      if (lastId === Number(cursor.last_hand_id)) return 0;
      const users = [...new Set(records.flatMap((h) => h.players.filter((p) => !p.isBot).map((p) => p.userId)))];
      const acc = await loadState(tx, users, pairsOf(records), Number(cursor.total_hands));
      for (const h of records) acc.add(h);
      await saveState(tx, acc);
      await upsertSignals(tx, touchedSignals(acc));
      await tx.execute(sql`UPDATE integrity_cursor SET last_hand_id = ${lastId}, total_hands = ${acc.totalHands}, updated_at = now() WHERE id = 1`);
      return records.length;
    });
  }

  /** Batches until the cursor catches up (tests, a first run over an old history). */
  async catchUp(): Promise<number> {
    let total = 0;
    for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
    return total + (await this.scanLinks());
  }

  /** Linked accounts from sign-in traces and payout accounts, and new accounts' deposits passed on: whole scans (small tables). */
  async scanLinks(): Promise<0> {
    const logins = await rows<LoginTrace>(
      this.db,
      sql`SELECT l.user_id AS "userId", nullif(l.ip, '') AS ip, nullif(l.device, '') AS device FROM integrity_logins l
          JOIN users u ON u.id = l.user_id WHERE NOT u.is_bot AND u.role = 'PLAYER'`,
    );
    const payouts = await rows<PayoutTrace & Pick<UserRow, 'id'>>(
      this.db,
      sql`SELECT id AS "userId", bank, account_number AS account FROM users WHERE NOT is_bot AND role = 'PLAYER' AND status = 'active'`,
    );
    await upsertSignals(this.db, linkedAccounts(logins, payouts));
    await upsertSignals(this.db, await scanNewAccounts(this.db));
    return 0;
  }

  /** Runs every `periodMs` (hands) and every tenth time the link scan; errors are logged, never thrown. */
  start(periodMs: number, onError: (e: unknown) => void): void {
    if (this.timer || periodMs <= 0) return;
    let ticks = 0;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = (async () => {
        await this.runOnce();
        if (ticks++ % 10 === 0) await this.scanLinks();
      })()
        .catch(onError)
        .finally(() => (this.running = null));
    }, periodMs);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
