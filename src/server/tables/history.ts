// A player's own hand histories: the full PHH with everyone else's unshown hole cards hidden,
// exactly what that player could see at the table. The same goes for the fairness proof: openings
// of the board, of the hands shown and of the player's own cards; never the server seed while it
// would rebuild a card the player was not shown (src/poker/fair/commit.ts, docs/live-tables.md).
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CARD_TEXT_PATTERN, UNKNOWN_CARD_TEXT, combineEntropy, commitDeck, deckFromSeed, openCard, parseCard } from '../../poker';
import { gameDeck } from '../../poker/table';
import type { List } from '../../shared/api/common';
import type { HandsExportQuery, MyHandsQuery } from '../../shared/api/live';
import type { CardOpening, Hand } from '../../shared/api/user';
import { first, rows, type Executor } from '../db/client';
import type { HandRow } from '../db/rows';
import { pageSql } from '../core/paging';
import { toHand } from './table-service';

export type MyHandsFilter = z.output<typeof MyHandsQuery>;
type MyHand = Hand & { net: number };
interface SummaryPlayer {
  userId: number;
  seat: number;
  cards: string[];
  shown: boolean;
  startStack: number;
  endStack: number;
}
interface Summary {
  players?: SummaryPlayer[];
  board?: string[];
  /** Run it twice: the second board. */
  board2?: string[];
  seedPublic?: boolean;
}

/**
 * The openings this viewer may have: board, shown hands, own hole cards. Rebuilt from the stored
 * server seed and entropy (the record keeps everything); [] for hands without a commitment.
 */
export function openingsForViewer(hand: Hand, serverSeed: string | null, viewerId: number): CardOpening[] {
  const summary = hand.summary as Summary | null;
  if (!hand.cardsRoot || !serverSeed || !summary?.players) return [];
  try {
    const deckSeed = combineEntropy(serverSeed, hand.entropy ?? []);
    // The committed order: the full deck's, or short deck's (its 36 cards first, gameDeck).
    const commitment = [deckFromSeed(deckSeed), gameDeck('NS', deckFromSeed(deckSeed))]
      .map((deck) => commitDeck(deckSeed, deck))
      .find((c) => c.root === hand.cardsRoot);
    if (!commitment) return [];
    const visible = [...(summary.board ?? []), ...(summary.board2 ?? [])];
    for (const p of summary.players) if (p.shown || p.userId === viewerId) visible.push(...p.cards);
    const positions = new Set<number>();
    for (const code of visible) {
      if (code === UNKNOWN_CARD_TEXT) continue;
      const p = commitment.deck.indexOf(parseCard(code));
      if (p >= 0) positions.add(p);
    }
    return [...positions].sort((a, b) => a - b).map((p) => openCard(commitment, p));
  } catch {
    return [];
  }
}

/** A PHH deal-hole line: `"d dh pN CARDS"`, cards in the engine's notation or `??`. */
const UNKNOWN_PATTERN = UNKNOWN_CARD_TEXT.replace(/[?]/g, '\\?');
const DEAL_HOLE = new RegExp(`"d dh p(\\d+) (${CARD_TEXT_PATTERN}|${UNKNOWN_PATTERN})+"`, 'g');

/** Replaces `d dh pN CARDS` of players whose cards the viewer did not see with `????`. */
export function phhForViewer(phh: string, players: SummaryPlayer[], viewerId: number): string {
  return phh.replace(DEAL_HOLE, (line, n: string) => {
    const p = players[Number(n) - 1];
    if (!p || p.userId === viewerId || p.shown) return line;
    const count = p.cards.length || 2;
    return `"d dh p${n} ${UNKNOWN_CARD_TEXT.repeat(count)}"`;
  });
}

export function summaryForViewer(summary: unknown, viewerId: number): unknown {
  const s = summary as { players?: SummaryPlayer[] } | null;
  if (!s?.players) return summary;
  return { ...s, players: s.players.map((p) => (p.userId === viewerId || p.shown ? p : { ...p, cards: p.cards.map(() => UNKNOWN_CARD_TEXT) })) };
}

/** One hand as the player may see it; `withOpenings` adds the card proofs (single-hand answers). */
function forViewer(r: HandRow, viewerId: number, withOpenings: boolean): MyHand {
  const hand = toHand(r);
  const players = (hand.summary as Summary | null)?.players ?? [];
  const me = players.find((p) => p.userId === viewerId);
  // The server seed rebuilds the whole deck: a player gets it only for a hand with commitments
  // in which every dealt card (burns included) was shown. Hands from before commitments: never.
  const seedPublic = !!hand.cardsRoot && (hand.summary as Summary | null)?.seedPublic === true;
  return {
    ...hand,
    seed: seedPublic ? hand.seed : null,
    openings: withOpenings ? openingsForViewer(hand, hand.seed, viewerId) : undefined,
    phh: hand.phh === null ? null : phhForViewer(hand.phh, players, viewerId),
    summary: summaryForViewer(hand.summary, viewerId),
    net: me ? me.endStack - me.startStack : 0,
  };
}

/** One page of the settled hands the player sat in, newest first (only `id` may be asked as sort). */
export async function myHands(db: Executor, userId: number, query: MyHandsFilter): Promise<List<MyHand>> {
  const { tableId } = query;
  const { limit, offset } = pageSql(query, { id: sql`h.id` }, 'id');
  const tableCond = tableId === undefined ? sql`` : sql`AND h.table_id = ${tableId}`;
  const items = await rows<HandRow>(
    db,
    sql`SELECT h.* FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.status = 'settled' ${tableCond} ORDER BY h.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = await first<{ n: number }>(
    db,
    sql`SELECT count(*)::bigint AS n FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.status = 'settled' ${tableCond}`,
  );
  // Lists carry the commitments but not the proofs (rebuilding a hand's tree costs ~170 hashes):
  // GET /user/hand/:id has them.
  return { items: items.map((r) => forViewer(r, userId, false)), total: total?.n ?? 0 };
}

export async function myHand(db: Executor, userId: number, handId: number): Promise<MyHand | null> {
  const r = await first<HandRow>(
    db,
    sql`SELECT h.* FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.id = ${handId} AND h.status = 'settled'`,
  );
  return r ? forViewer(r, userId, true) : null;
}

export type HandsExportFilter = z.output<typeof HandsExportQuery>;
const EXPORT_BATCH = 500;

function exportRange(userId: number, f: HandsExportFilter) {
  const from = f.from ? sql`AND h.started_at >= ${`${f.from}T00:00:00Z`}::timestamptz` : sql``;
  const to = f.to ? sql`AND h.started_at < ${`${f.to}T00:00:00Z`}::timestamptz + interval '1 day'` : sql``;
  return sql`hp.user_id = ${userId} AND h.status = 'settled' ${from} ${to}`;
}

/** How many hands the player's export holds. */
export async function countMyHands(db: Executor, userId: number, f: HandsExportFilter): Promise<number> {
  const r = await first<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM hand_players hp JOIN hands h ON h.id = hp.hand_id WHERE ${exportRange(userId, f)}`,
  );
  return Number(r?.n ?? 0);
}

/**
 * The player's hands as one .phhs file, oldest first, as they saw them (phhForViewer), read in
 * batches by id so that a history of any length streams in constant memory.
 */
export function exportMyHands(db: Executor, userId: number, f: HandsExportFilter, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  return exportHands(db, userId, exportRange(userId, f), batchSize);
}

/** The hands of `hp.user_id = userId` that `where` (over `hp` and `h`) selects, as one .phhs file, oldest first. */
export async function* exportHands(db: Executor, userId: number, where: SQL, batchSize = EXPORT_BATCH): AsyncGenerator<string> {
  let after = 0;
  let n = 0;
  for (;;) {
    const batch = await rows<HandRow>(
      db,
      sql`SELECT h.* FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
        WHERE hp.user_id = ${userId} AND ${where} AND h.id > ${after} ORDER BY h.id LIMIT ${batchSize}`,
    );
    let text = '';
    for (const r of batch) {
      const hand = forViewer(r, userId, false);
      if (!hand.phh?.trim()) continue;
      text += `${n > 0 ? '\n' : ''}[${++n}]\n# hand ${hand.handId}, ${hand.startedAt}\n${hand.phh.trim()}\n`;
    }
    if (text) yield text;
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1].id;
  }
}
