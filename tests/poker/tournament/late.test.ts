// Late registration and re-entry in the pure core: a new entry takes the worst seat of the
// shortest table (or a new table when all are full), the pool and projected prizes grow, players
// knocked out meanwhile wait for their places, and closing fixes prizes and places from the bottom.
import { describe, expect, it } from 'vitest';
import {
  addEntry,
  beginHand,
  buyChips,
  closeRegistration,
  createTournament,
  handFinished,
  playerCount,
  registrationOpen,
  start,
  type TournamentState,
  type TournamentStructure,
} from '../../../src/poker/tournament/index';

const structure = (tableSize: 2 | 6 | 9): TournamentStructure => ({
  name: 'Late',
  startingStack: 1000,
  tableSize,
  levels: [{ level: 1, smallBlind: 10, bigBlind: 20, ante: 0, durationSec: 600 }],
});

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
}

function running(players: string[], tableSize: 2 | 6 | 9, guarantee = 0): TournamentState {
  const created = ok(
    createTournament({ structure: structure(tableSize), prizePool: players.length * 100, players, lateRegistration: { untilMs: 600_000, guarantee } }),
  );
  const seats: (string | null)[] = new Array<string | null>(tableSize).fill(null);
  players.forEach((p, i) => (seats[i] = p));
  return ok(start(created.state, { tables: [{ id: 1, seats, button: 0, handsDealt: 0 }] })).state;
}

/** Plays one hand at a table where `loser` loses everything to the first other player dealt in. */
function bust(state: TournamentState, tableId: number, loser: string): TournamentState {
  const begun = ok(beginHand(state, tableId));
  const ids = begun.hand.playerIds;
  const starts = begun.hand.config.startingStacks;
  const winner = ids.findIndex((p) => p !== loser);
  const after = starts.map((s, i) => (ids[i] === loser ? 0 : i === winner ? s + starts[ids.indexOf(loser)] : s));
  return ok(handFinished(begun.state, tableId, { stacksAfter: after, startingStacks: starts })).state;
}

describe('late registration and re-entry', () => {
  it('seats a late entry at the shortest table, grows the pool and the projected prizes', () => {
    const s0 = running(['a', 'b', 'c'], 6);
    expect(registrationOpen(s0)).toBe(true);
    const r = ok(addEntry(s0, 'd', 400));
    expect(r.state.entries.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(r.state.playersLeft).toBe(4);
    expect(playerCount(r.state.tables[0])).toBe(4);
    expect(r.state.entries[3].chips).toBe(1000);
    expect(r.state.prizes.reduce((x, y) => x + y, 0)).toBe(400);
    expect(r.events).toEqual([{ type: 'player-entered', playerId: 'd', tableId: 1, seat: r.state.tables[0].seats.indexOf('d'), entrants: 4 }]);
    // The same entry twice, or a pool that shrinks, are refused.
    expect(addEntry(r.state, 'd', 500)).toMatchObject({ ok: false, error: { code: 'INVALID_TOURNAMENT' } });
    expect(addEntry(r.state, 'e', 300)).toMatchObject({ ok: false, error: { code: 'INVALID_TOURNAMENT' } });
  });

  it('opens a new table only when every table is full', () => {
    const s0 = running(['a', 'b'], 2);
    expect(addEntry(s0, 'c', 300)).toMatchObject({ ok: false, error: { code: 'NEED_TABLE' } });
    const r = ok(addEntry(s0, 'c', 300, 7));
    expect(r.state.tables.map((t) => [t.id, t.seats])).toEqual([
      [1, ['a', 'b']],
      [7, ['c', null]],
    ]);
    expect(r.state.finalTable).toBe(false);
  });

  it('keeps knocked-out players unplaced while open, lets them re-enter, and places them from the bottom on closing', () => {
    let s = running(['a', 'b', 'c'], 6, 1000);
    s = bust(s, 1, 'a');
    const a = s.entries[s.entryIndex.a];
    expect(a).toMatchObject({ status: 'busted', place: null, prize: 0 });
    expect(s.lateReg?.busts).toEqual([[{ playerId: 'a', startingStack: 1000, tableId: 1 }]]);
    expect(s.handForHand).toBe(false);
    // Re-entry: a new entry id for the same player.
    s = ok(addEntry(s, 'a#2', 400)).state;
    s = bust(s, 1, 'b');
    const closed = ok(closeRegistration(s));
    const places = Object.fromEntries(closed.state.entries.map((e) => [e.id, e.place]));
    expect(places).toEqual({ a: 4, b: 3, c: null, 'a#2': null });
    // The guarantee (1,000) is above the buy-ins (400): the prizes come from it.
    expect(closed.state.prizePool).toBe(1000);
    expect(closed.state.prizes.reduce((x, y) => x + y, 0)).toBe(1000);
    expect(closed.state.lateReg).toBeNull();
    expect(closed.events[0]).toEqual({ type: 'registration-closed', entrants: 4, prizePool: 1000, paidPlaces: closed.state.prizes.length });
    expect(addEntry(closed.state, 'e', 1000)).toMatchObject({ ok: false, error: { code: 'REGISTRATION_CLOSED' } });
    expect(closeRegistration(closed.state).ok).toBe(false);
  });

  it('closes by itself when one player is left, and the winner is paid from the final pool', () => {
    let s = running(['a', 'b'], 2, 500);
    s = bust(s, 1, 'b');
    expect(s.phase).toBe('finished');
    expect(s.lateReg).toBeNull();
    const byId = Object.fromEntries(s.entries.map((e) => [e.id, [e.place, e.prize]]));
    expect(byId).toEqual({ a: [1, 500], b: [2, 0] });
  });

  it('rebuys: chips go on at once between hands, after the hand during one, and keep a player who lost it in', () => {
    let s = running(['a', 'b'], 2);
    const idle = ok(buyChips(s, 'a', 1000, 300));
    expect(idle.state.entries[0]).toMatchObject({ chips: 2000 });
    expect(idle.state.prizePool).toBe(300);
    expect(idle.events).toEqual([{ type: 'chips-bought', playerId: 'a', chips: 1000, pending: false }]);
    s = idle.state;
    const begun = ok(beginHand(s, 1));
    const during = ok(buyChips(begun.state, 'b', 1000, 400));
    expect(during.state.entries[1]).toMatchObject({ chips: 1000, pending: 1000 });
    // b loses everything in that hand, yet stays in with the 1,000 bought.
    const ids = begun.hand.playerIds;
    const starts = begun.hand.config.startingStacks;
    const after = ids.map((p, k) => (p === 'b' ? 0 : starts[k] + starts[ids.indexOf('b')]));
    const done = ok(handFinished(during.state, 1, { stacksAfter: after, startingStacks: starts }));
    expect(done.state.entries[1]).toEqual({ id: 'b', chips: 1000, status: 'playing', place: null, prize: 0 });
    expect(done.state.playersLeft).toBe(2);
    // Not for a player who is out, nor once registration has closed.
    expect(buyChips(bust(running(['a', 'b', 'c'], 6), 1, 'c'), 'c', 1000, 400)).toMatchObject({ ok: false, error: { code: 'NOT_PLAYING' } });
    expect(buyChips(ok(closeRegistration(done.state)).state, 'a', 1000, 500)).toMatchObject({ ok: false, error: { code: 'REGISTRATION_CLOSED' } });
  });
});
