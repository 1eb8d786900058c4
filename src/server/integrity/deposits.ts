// A new account's deposit passed on to another (docs/integrity.md): an account younger than
// NEW_ACCOUNT_DAYS whose deposits went mostly to one other account. Money moves between players
// only at the tables (the ledger has no player-to-player transfer; restitution is staff's), so
// "passed" is the pair's net cash flow the job already keeps; the account's youth is the "within days".
import { sql } from 'drizzle-orm';
import { type Executor, num, rows } from '../db/client';
import type { IntegrityPairRow } from '../db/rows';
import { emptyPair, type PairCounters } from './counters';
import type { Signal } from './signals';

/** Accounts younger than this are watched. */
export const NEW_ACCOUNT_DAYS = 14;
/** A flow this far from chance (z) is needed to flag: one lost all-in is luck, not a pattern. */
const MIN_Z = 2;

export interface NewAccount {
  userId: number;
  ageDays: number;
  /** Tugrik deposited (every deposit of a young account is one of its first). */
  deposited: number;
}

export interface PairFlow {
  a: number;
  b: number;
  counters: PairCounters;
}

const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Scores each new account by the share of its deposits that went to the one account it lost most
 * to, times that account's share of all it lost: 100 × passed share × concentration; below
 * MIN_Z the score stays under the flag (evidence only).
 */
export function depositPassing(accounts: readonly NewAccount[], pairs: readonly PairFlow[]): Signal[] {
  const out: Signal[] = [];
  const byUser = new Map<number, PairFlow[]>();
  for (const p of pairs)
    for (const u of [p.a, p.b]) {
      const list = byUser.get(u);
      if (list) list.push(p);
      else byUser.set(u, [p]);
    }
  for (const acc of accounts) {
    if (acc.deposited <= 0) continue;
    let top: { other: number; net: number; z: number; c: PairCounters } | null = null;
    let lost = 0;
    for (const p of byUser.get(acc.userId) ?? []) {
      const c = p.counters;
      const net = p.a === acc.userId ? c.aToB - c.bToA : c.bToA - c.aToB;
      if (net <= 0) continue;
      lost += net;
      const z = c.flowSq > 0 ? net / Math.sqrt(c.flowSq) : 0;
      if (!top || net > top.net) top = { other: p.a === acc.userId ? p.b : p.a, net, z, c };
    }
    if (!top) continue;
    const passedShare = Math.min(1, top.net / acc.deposited);
    const concentration = top.net / lost;
    const raw = Math.round(100 * passedShare * concentration);
    const score = top.z >= MIN_Z ? Math.min(100, raw) : Math.min(40, raw);
    out.push({
      kind: 'deposit_passing',
      key: `deposit_passing:${acc.userId}:${top.other}`,
      userIds: [acc.userId, top.other],
      score,
      evidence: {
        figures: {
          deposited: acc.deposited,
          passedToOne: Math.round(top.net),
          passedShare: round(passedShare),
          concentration: round(concentration),
          z: round(top.z),
          accountAgeDays: round(acc.ageDays, 1),
          handsTogether: top.c.together,
        },
        expected: { passedShareBar: 0.5, zBar: MIN_Z, accountAgeDaysBar: NEW_ACCOUNT_DAYS },
        hands: top.c.handIds,
        reasons: raw >= 50 && top.z >= MIN_Z ? ['deposit_passed_on'] : [],
      },
    });
  }
  return out;
}

/** The new accounts with a deposit and their pairs' flows, scored (a whole pass: few accounts are new). */
export async function scanNewAccounts(ex: Executor): Promise<Signal[]> {
  const accounts = (
    await rows<{ userId: number; ageDays: string; deposited: string }>(
      ex,
      sql`SELECT u.id AS "userId", extract(epoch FROM now() - u.created_at) / 86400 AS "ageDays",
            (SELECT coalesce(sum(t.amount), 0) FROM transfers t JOIN accounts a ON a.id = t.credit_account_id
              WHERE a.user_id = u.id AND a.kind = 'available' AND t.kind = 'DEPOSIT') AS deposited
          FROM users u
          WHERE NOT u.is_bot AND u.role = 'PLAYER' AND u.created_at > now() - make_interval(days => ${NEW_ACCOUNT_DAYS})`,
    )
  )
    .map((r) => ({ userId: r.userId, ageDays: num(r.ageDays), deposited: num(r.deposited) }))
    .filter((r) => r.deposited > 0);
  if (!accounts.length) return [];
  const ids = sql.join(
    accounts.map((a) => sql`${a.userId}::integer`),
    sql`, `,
  );
  const pairs = await rows<IntegrityPairRow>(ex, sql`SELECT * FROM integrity_pairs WHERE user_a IN (${ids}) OR user_b IN (${ids})`);
  return depositPassing(
    accounts,
    pairs.map((r) => ({ a: r.user_a, b: r.user_b, counters: { ...emptyPair(), ...(r.counters as PairCounters) } })),
  );
}
