// No frame to any viewer carries a hole card it is not entitled to: thousands of random hands
// with seated players, spectators and an administrator watching, every frame captured and
// checked against what the database says was dealt and shown.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { ManualClock } from '../../src/server/tables/clock';
import { setupApp, type TestUser } from './helpers/app';

// Thousands on PostgreSQL; fewer on the embedded database, which is slower per transaction.
const HANDS = Number(process.env.SECRECY_HANDS ?? (process.env.TEST_DB === 'pg' ? 2000 : 400));
const clock = new ManualClock();
const ctx = setupApp({ live: { clock, betweenHands: 0 } });

// Seeded choices keep a failure reproducible.
let seed = 0x9e3779b9;
const rand = () => { seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0; return seed / 2 ** 32; };

interface Captured { text: string; handId: number | null }
interface SummaryPlayer { userId: number; seat: number; cards: string[]; shown: boolean }

describe('hole-card secrecy', () => {
  it(`${HANDS} random hands: nobody ever receives a card that is not theirs or shown, nor the seed before the end`, async () => {
    const admin = await ctx.admin();
    const res = await ctx.call({ method: 'POST', url: '/api/v1/admin/table', as: admin, payload: { name: 'Secrecy', variant: rand() < 0.5 ? 'texas' : 'omaha', smallBlind: 10, bigBlind: 20, minBuyIn: 400, maxBuyIn: 4000, maxPlayers: 6, rakePercent: 5, rakeCap: 100, jackpotPercent: 1 } });
    const tableId = res.json().tableId as number;
    const actor = ctx.app.live.registry.get(tableId)!;
    const players: TestUser[] = [];
    for (let i = 0; i < 4; i++) players.push(await ctx.player({ balance: 10_000_000 }));
    const spectators = [null, null, admin.userId];
    const streams = new Map<string, { userId: number | null; frames: Captured[] }>();
    const watchers = [...players.map((p) => p.userId), ...spectators];
    watchers.forEach((userId, k) => {
      const stream = { userId, frames: [] as Captured[] };
      let handId: number | null = null;
      streams.set(`w${k}`, stream);
      void actor.subscribe({
        key: `w${k}`, userId,
        send: (text) => {
          const m = JSON.parse(text) as ServerMessage;
          if (m.type === 'GAME' && m.action === 'TABLE_STATE') handId = m.state.hand?.handId ?? null;
          if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'HAND_STARTED') handId = m.event.handId;
          stream.frames.push({ text, handId });
        },
      });
    });
    for (let i = 0; i < players.length; i++) expect(await actor.sit({ userId: players[i].userId, username: players[i].username }, i + (i > 1 ? 1 : 0), 400 + Math.floor(rand() * 3600))).toEqual({ ok: true });

    let ended = 0;
    void actor.subscribe({ key: 'counter', userId: null, send: (text) => { if (text.includes('"kind":"HAND_ENDED"')) ended++; } });
    let guard = 0;
    while (ended < HANDS && guard++ < HANDS * 60) {
      const view = actor.viewFor(null);
      const toAct = actor.handRunning() ? view.hand?.toAct ?? null : null;
      if (toAct === null) {
        // Between hands: reload anyone who went broke, then let the next hand start.
        for (const p of players) {
          const seat = actor.seatOf(p.userId);
          if (seat && seat.stack === 0) { await actor.addChips(p.userId, 400 + Math.floor(rand() * 1000)); }
        }
        clock.advance(1);
        await actor.idle();
        continue;
      }
      const user = players.find((p) => p.userId === view.seats[toAct]!.userId)!;
      const legal = actor.viewFor(user.userId).hand!.legal!;
      const r = rand();
      const move = r < 0.12 && !legal.canCheck ? { kind: 'FOLD' as const }
        : r < 0.7 || legal.minRaiseTo === null ? (legal.canCheck ? { kind: 'CHECK' as const } : { kind: 'CALL' as const })
          : { kind: (legal.canBet ? 'BET' : 'RAISE') as 'BET' | 'RAISE', amount: rand() < 0.2 ? legal.maxRaiseTo! : legal.minRaiseTo + Math.floor(rand() * (legal.maxRaiseTo! - legal.minRaiseTo)) };
      expect(await actor.act(user.userId, move)).toEqual({ ok: true });
    }
    await actor.idle();

    const hands = (await ctx.services.db.execute(sql`SELECT id, seed, summary FROM hands WHERE table_id = ${tableId} AND status = 'settled'`)).rows as Array<{ id: number; seed: string; summary: unknown }>;
    expect(hands.length).toBeGreaterThanOrEqual(HANDS);
    const byId = new Map(hands.map((h) => [Number(h.id), { seed: h.seed, players: ((typeof h.summary === 'string' ? JSON.parse(h.summary) : h.summary) as { players: SummaryPlayer[] }).players }]));

    let checked = 0;
    let showdowns = 0;
    const violations: string[] = [];
    for (const [key, stream] of streams) {
      const showedSeats = new Map<number, Set<number>>();
      let seedSeen = false;
      for (const f of stream.frames) {
        if (f.handId === null) continue;
        const hand = byId.get(f.handId);
        if (!hand) continue;
        checked++;
        if (f.text.includes('"kind":"HAND_STARTED"')) seedSeen = false;
        const m = JSON.parse(f.text) as ServerMessage;
        if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'SHOWED') {
          const set = showedSeats.get(f.handId) ?? new Set();
          set.add(m.event.seat);
          showedSeats.set(f.handId, set);
          showdowns++;
        }
        if (m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'HAND_ENDED') seedSeen = true;
        if (!seedSeen && f.text.includes(hand.seed) && !(m.type === 'GAME' && m.action === 'TABLE_EVENT' && m.event.kind === 'HAND_ENDED')) {
          violations.push(`${key}: seed of hand ${f.handId} before its end`);
        }
        for (const p of hand.players) {
          if (p.userId === stream.userId) continue;
          const revealed = p.shown && (showedSeats.get(f.handId)?.has(p.seat) ?? false);
          if (revealed) continue;
          for (const c of p.cards) if (f.text.includes(`"${c}"`)) violations.push(`${key}: ${c} of seat ${p.seat} in hand ${f.handId}: ${f.text.slice(0, 200)}`);
        }
      }
    }
    expect(violations.slice(0, 5)).toEqual([]);
    expect(checked).toBeGreaterThan(HANDS * 10);
    expect(showdowns).toBeGreaterThan(HANDS / 10);
    for (const p of players) await actor.leave(p.userId);
    await actor.idle();
  }, 600_000);
});
