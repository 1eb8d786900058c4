// A player's own hand histories: the full PHH with everyone else's unshown hole cards hidden,
// exactly what that player could see at the table.
import { sql } from 'drizzle-orm';
import { first, rows, type Executor } from '../db/client';
import { toHand } from './tables';
import type { Hand } from '../../shared/api/user';

type Row = Record<string, unknown>;
interface SummaryPlayer { userId: number; seat: number; cards: string[]; shown: boolean; startStack: number; endStack: number }

/** Replaces `d dh pN CARDS` of players whose cards the viewer did not see with `????`. */
export function phhForViewer(phh: string, players: SummaryPlayer[], viewerId: number): string {
  return phh.replace(/"d dh p(\d+) ([2-9TJQKA][cdhs]|\?\?)+"/g, (line, n: string) => {
    const p = players[Number(n) - 1];
    if (!p || p.userId === viewerId || p.shown) return line;
    const count = p.cards.length || 2;
    return `"d dh p${n} ${'??'.repeat(count)}"`;
  });
}

export function summaryForViewer(summary: unknown, viewerId: number): unknown {
  const s = summary as { players?: SummaryPlayer[] } | null;
  if (!s?.players) return summary;
  return { ...s, players: s.players.map((p) => (p.userId === viewerId || p.shown ? p : { ...p, cards: p.cards.map(() => '??') })) };
}

function forViewer(r: Row, viewerId: number): Hand & { net: number } {
  const hand = toHand(r);
  const players = ((hand.summary as { players?: SummaryPlayer[] } | null)?.players ?? []);
  const me = players.find((p) => p.userId === viewerId);
  return {
    ...hand,
    phh: hand.phh === null ? null : phhForViewer(hand.phh, players, viewerId),
    summary: summaryForViewer(hand.summary, viewerId),
    net: me ? me.endStack - me.startStack : 0,
  };
}

export async function myHands(db: Executor, userId: number, tableId: number | undefined, limit: number, offset: number) {
  const tableCond = tableId === undefined ? sql`` : sql`AND h.table_id = ${tableId}`;
  const items = await rows<Row>(db, sql`SELECT h.* FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.status = 'settled' ${tableCond} ORDER BY h.id DESC LIMIT ${limit} OFFSET ${offset}`);
  const total = await first<Row>(db, sql`SELECT count(*)::bigint AS n FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.status = 'settled' ${tableCond}`);
  return { items: items.map((r) => forViewer(r, userId)), total: Number(total?.n ?? 0) };
}

export async function myHand(db: Executor, userId: number, handId: number) {
  const r = await first<Row>(db, sql`SELECT h.* FROM hand_players hp JOIN hands h ON h.id = hp.hand_id
    WHERE hp.user_id = ${userId} AND h.id = ${handId} AND h.status = 'settled'`);
  return r ? forViewer(r, userId) : null;
}
