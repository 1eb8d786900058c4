// Hole-card secrecy in a fast-fold pool (docs/fast-fold.md): twelve house bots play a 6-max pool,
// every player watching every table of the pool as a player's socket would (with their own seat's
// view wherever they sit). Players fold and are dealt elsewhere at once while the hand they left
// goes on; tables are emptied and filled again after each hand. Every frame is checked against
// what the database says each hand dealt: a viewer may hold only its own hole cards of a hand it
// was dealt, the board and the cards shown; a seat shows cards only of the player dealt in there.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import { textOf } from '../../src/server/core/frame';
import type { LastHandView, SeatView, ServerMessage } from '../../src/shared/protocol';
import { watchLive } from './helpers/actor';
import { setupApp } from './helpers/app';
import { waitFor } from './helpers/tournament';

const ctx = setupApp({ live: { fastBots: true, botDelayMs: 10, botIterations: 10, poolTickMs: 50, poolBetweenHands: 0, poolShortHandedAfterMs: 300 } });
const PLAYERS = 12;

const CARD_RUN = /(?<![0-9A-Za-z])(?:[2-9TJQKA][cdhs])+(?![0-9A-Za-z])/g;
const cardCodes = (text: string) => (text.match(CARD_RUN) ?? []).flatMap((run) => run.match(/../g) ?? []);

interface Frame {
  tableId: number;
  userId: number;
  /** The hand the table was on (its last HAND_STARTED) when the frame went out. */
  handId: number | null;
  text: string;
}
interface Summary {
  board: string[];
  players: Array<{ userId: number; cards: string[]; shown: boolean }>;
}

describe('hole-card secrecy in a fast-fold pool', () => {
  it('players who fold and move on, and those who sit where others just played, see nothing they should not', { timeout: 240_000 }, async () => {
    const admin = await ctx.admin();
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/pool',
      as: admin,
      payload: { name: 'Secrecy rush', variant: 'NT', smallBlind: 50, bigBlind: 100, minBuyIn: 2_000, maxBuyIn: 10_000, maxPlayers: 6 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().poolId as number;
    const bots = await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${id}/bots`, as: admin, payload: { count: PLAYERS } });
    expect(bots.json().players, bots.body).toBe(PLAYERS);
    const entrants = await rows<{ user_id: number }>(ctx.services.db, sql`SELECT user_id FROM fast_fold_players WHERE pool_id = ${id}`);
    expect(entrants).toHaveLength(PLAYERS);

    // Every player watches every table of the pool from its first moment: subscribed as soon as it exists.
    const frames: Frame[] = [];
    const watched = new Set<number>();
    const handOf = new Map<string, number | null>();
    const watchNewTables = async () => {
      const tables = await rows<{ id: number }>(ctx.services.db, sql`SELECT id FROM poker_tables WHERE pool_id = ${id}`);
      for (const { id: tableId } of tables) {
        if (!ctx.app.live.registry.get(tableId) || watched.has(tableId)) continue;
        watched.add(tableId);
        for (const { user_id: userId } of entrants) {
          const key = `${tableId}:${userId}`;
          handOf.set(key, null);
          void watchLive(ctx.app, tableId, userId, (payload) => {
            const text = textOf(payload);
            const m = JSON.parse(text) as ServerMessage;
            if (m.type === 'GAME' && m.action === 'TABLE_STATE') handOf.set(key, m.state.hand?.handId ?? null);
            if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'HAND_STARTED') handOf.set(key, m.event.handId);
            frames.push({ tableId, userId, handId: handOf.get(key)!, text });
          });
        }
      }
    };
    const settled = async () =>
      (await rows(ctx.services.db, sql`SELECT 1 FROM hands WHERE status = 'settled' AND table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${id})`))
        .length;
    await waitFor(
      async () => {
        await watchNewTables();
        // 60 hands, or the house bots busted each other down to one player.
        return (await settled()) >= 60 || (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${id}`)).length < 2;
      },
      120_000,
      5,
    );
    await ctx.call({ method: 'POST', url: `/api/v1/admin/pool/${id}/close`, as: admin });
    await waitFor(async () => (await rows(ctx.services.db, sql`SELECT 1 FROM fast_fold_players WHERE pool_id = ${id}`)).length === 0, 60_000, 50);

    // ---- what each hand dealt, and what each entrant may know of it ----
    const hands = await rows<{ id: number; summary: Summary | string }>(
      ctx.services.db,
      sql`SELECT id, summary FROM hands WHERE status = 'settled' AND table_id IN (SELECT id FROM poker_tables WHERE pool_id = ${id})`,
    );
    const summaries = new Map(hands.map((h) => [h.id, (typeof h.summary === 'string' ? JSON.parse(h.summary) : h.summary) as Summary]));
    const mayKnow = (handId: number, userId: number) => {
      const s = summaries.get(handId)!;
      return new Set([...s.board, ...s.players.filter((p) => p.shown || p.userId === userId).flatMap((p) => p.cards)]);
    };
    const violations: string[] = [];
    let checked = 0;
    for (const f of frames) {
      if (f.handId === null || !summaries.has(f.handId)) continue;
      checked++;
      const m = JSON.parse(f.text) as ServerMessage & { patch?: { lastHand?: LastHandView | null }; state?: { lastHand?: LastHandView | null } };
      // The last hand a frame carries is checked against that hand; the rest against the table's hand.
      const last = m.patch?.lastHand ?? m.state?.lastHand ?? null;
      if (m.patch?.lastHand) m.patch.lastHand = null;
      if (m.state?.lastHand) m.state.lastHand = null;
      // A seat shows cards only of the player dealt in there: its own, in the table's hand.
      const hand = summaries.get(f.handId)!;
      const seatViews = (
        m.type === 'GAME' && m.action === 'TABLE_STATE' ? m.state.seats : Object.values((m.patch as { seats?: object } | undefined)?.seats ?? {})
      ) as Array<SeatView | null>;
      for (const v of seatViews) {
        if (!v?.cards) continue;
        const dealt = hand.players.find((p) => p.userId === v.userId)?.cards.join() ?? 'nothing';
        if (v.cards.join() !== dealt && violations.length < 20)
          violations.push(
            `user ${f.userId} at table ${f.tableId}: seat ${v.seat} (user ${v.userId}) shows ${v.cards.join()}, dealt ${dealt} in hand ${f.handId}`,
          );
      }
      const parts: Array<[number, string]> = [[f.handId, JSON.stringify(m)]];
      if (last && summaries.has(last.handId)) parts.push([last.handId, JSON.stringify(last)]);
      for (const [handId, text] of parts) {
        const allowed = mayKnow(handId, f.userId);
        for (const c of cardCodes(text))
          if (!allowed.has(c) && violations.length < 20)
            violations.push(`user ${f.userId} at table ${f.tableId}: unseen ${c} of hand ${handId}: ${text.slice(0, 200)}`);
      }
    }
    expect(violations).toEqual([]);
    expect(watched.size).toBeGreaterThanOrEqual(2);
    expect(summaries.size).toBeGreaterThanOrEqual(25);
    expect(checked).toBeGreaterThan(summaries.size * 20);
  });
});
