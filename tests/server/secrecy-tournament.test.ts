// Hole-card secrecy where players move between tables: a multi-table tournament of house bots, every
// entrant watching every table as a player's socket would (with their own seat's view wherever they
// sit). The director moves players after each bust and breaks tables; a player seated between two
// hands must see nothing of the hand just played in that seat. Every frame is checked against what
// the database says each hand dealt: a viewer may hold only its own hole cards of a hand it was
// dealt, the board and the cards shown; a seat shows cards only of the player dealt in there.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../src/server/db/client';
import { textOf } from '../../src/server/core/frame';
import type { LastHandView, SeatView, ServerMessage } from '../../src/shared/protocol';
import { watchLive } from './helpers/actor';
import { setupApp } from './helpers/app';
import { blindLevels, FAST_BLINDS, waitFor } from './helpers/tournament';

const ctx = setupApp({ live: { fastBots: true, betweenHands: 0, botIterations: 10, tournamentTickMs: 100 } });
const ENTRANTS = 18;

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

describe('hole-card secrecy at tournament tables', () => {
  it('players moved between tables see nothing of the hands played in their new seats', { timeout: 240_000 }, async () => {
    const admin = await ctx.admin();
    const created = await ctx.call({
      method: 'POST',
      url: '/api/v1/admin/tournament',
      as: admin,
      payload: {
        name: 'Secrecy MTT',
        kind: 'mtt',
        buyIn: 1_000,
        fee: 100,
        startingStack: 2_000,
        tableSize: 6,
        minEntrants: 2,
        maxEntrants: ENTRANTS,
        startsAt: new Date(Date.now() + 3_600_000).toISOString(),
        structure: { levels: blindLevels([...FAST_BLINDS.slice(0, 3), [500, 1000, 100], [1000, 2000, 300]]) },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const bots = await ctx.call({ method: 'POST', url: `/api/v1/admin/tournament/${id}/bots`, as: admin, payload: { count: ENTRANTS } });
    expect(bots.json().entrants, bots.body).toBe(ENTRANTS);
    const entrants = await rows<{ user_id: number }>(ctx.services.db, sql`SELECT user_id FROM tournament_entries WHERE tournament_id = ${id}`);
    expect(entrants).toHaveLength(ENTRANTS);

    // Every entrant watches every table from its first moment: subscribed as soon as it exists.
    const frames: Frame[] = [];
    const watched = new Set<number>();
    const handOf = new Map<string, number | null>();
    /** Watches the tables that opened since; whether every table of the tournament is watched. */
    const watchNewTables = async () => {
      const tables = await rows<{ id: number }>(ctx.services.db, sql`SELECT id FROM poker_tables WHERE tournament_id = ${id}`);
      let all = true;
      for (const { id: tableId } of tables) {
        if (watched.has(tableId)) continue;
        if (!ctx.app.live.registry.get(tableId)) {
          all = false; // its actor is not up yet: the next poll takes it
          continue;
        }
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
      return all;
    };
    const start = await ctx.call({
      method: 'PATCH',
      url: `/api/v1/admin/tournament/${id}`,
      as: admin,
      payload: { startsAt: new Date(Date.now() + 500).toISOString() },
    });
    expect(start.statusCode, start.body).toBe(200);
    const status = async () => (await ctx.call({ method: 'GET', url: `/api/v1/user/tournament/${id}` })).json().status as string;
    await waitFor(
      async () => {
        // Every starting table watched, not just those whose actors were up at the first look.
        const all = await watchNewTables();
        return all && watched.size > 0 && (await status()) === 'running';
      },
      20_000,
      5,
    );
    await watchNewTables();
    await waitFor(async () => (await status()) === 'finished', 180_000, 100);

    // ---- what each hand dealt, and what each entrant may know of it ----
    const hands = await rows<{ id: number; summary: Summary | string }>(
      ctx.services.db,
      sql`SELECT id, summary FROM hands WHERE status = 'settled' AND table_id IN (SELECT id FROM poker_tables WHERE tournament_id = ${id})`,
    );
    const summaries = new Map(hands.map((h) => [h.id, (typeof h.summary === 'string' ? JSON.parse(h.summary) : h.summary) as Summary]));
    const mayKnow = (handId: number, userId: number) => {
      const s = summaries.get(handId)!;
      return new Set([...s.board, ...s.players.filter((p) => p.shown || p.userId === userId).flatMap((p) => p.cards)]);
    };
    const violations: string[] = [];
    let checked = 0;
    let movedIn = 0;
    for (const f of frames) {
      if (f.handId === null || !summaries.has(f.handId)) continue;
      checked++;
      const m = JSON.parse(f.text) as ServerMessage & { patch?: { lastHand?: LastHandView | null }; state?: { lastHand?: LastHandView | null } };
      // The last hand a frame carries is checked against that hand; the rest against the table's hand.
      const last = m.patch?.lastHand ?? m.state?.lastHand ?? null;
      if (m.patch?.lastHand) m.patch.lastHand = null;
      if (m.state?.lastHand) m.state.lastHand = null;
      const dealtIn = summaries.get(f.handId)!.players.some((p) => p.userId === f.userId);
      if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'PLAYER_SAT' && !dealtIn) movedIn++;
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
    expect(watched.size).toBeGreaterThanOrEqual(3);
    expect(summaries.size).toBeGreaterThan(30);
    expect(checked).toBeGreaterThan(summaries.size * 20);
    // Players were moved in between hands while the table still showed the hand before.
    expect(movedIn).toBeGreaterThan(0);
    // Every table closes (broken by the director or at the end), and its watchers are told.
    const closedFor = (tableId: number) => frames.some((f) => f.tableId === tableId && f.text.includes('"kind":"TABLE_CLOSED"'));
    await waitFor(async () => [...watched].every(closedFor), 10_000, 20);
  });
});
