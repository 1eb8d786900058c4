import { describe, expect, it } from 'vitest';
import { applyTablePatch, parseClientMessage, type TableView } from '../../src/shared/protocol';

describe('parseClientMessage', () => {
  it('accepts the messages of DESIGN §6', () => {
    const frames = [
      { type: 'AUTH', token: 'abc' },
      { type: 'CHAT_MESSAGE', data: { text: ' hi ' } },
      { type: 'CHAT_MESSAGE', data: { text: 'gl', tableId: 3 } },
      { type: 'GAME', action: 'SUBSCRIBE', tableId: 1, requestId: 'r1' },
      { type: 'GAME', action: 'SIT', tableId: 1, requestId: 'r2', seat: 8, buyIn: 10_000 },
      { type: 'GAME', action: 'RAISE', tableId: 1, requestId: 'r3', amount: 400 },
      { type: 'GAME', action: 'SIT_IN', tableId: 1, requestId: 'r4', postBlind: true },
    ];
    for (const frame of frames) expect(parseClientMessage(JSON.stringify(frame)).ok).toBe(true);
    const chat = parseClientMessage(JSON.stringify(frames[1]));
    expect(chat.ok && chat.message.type === 'CHAT_MESSAGE' && chat.message.data.text).toBe('hi');
  });

  it('turns bad frames into values, keeping the request id', () => {
    expect(parseClientMessage('{nope')).toMatchObject({ ok: false, code: 'BAD_JSON' });
    const cases: unknown[] = [
      null,
      42,
      [],
      {},
      { type: 'AUTH' },
      { type: 'AUTH', token: '' },
      { type: 'CHAT_MESSAGE', data: { text: '   ' } },
      { type: 'CHAT_MESSAGE', data: { text: 'x'.repeat(301) } },
      { type: 'GAME', action: 'BET', tableId: 1, requestId: 'r', amount: 1.5 },
      { type: 'GAME', action: 'BET', tableId: 1, requestId: 'r', amount: -5 },
      { type: 'GAME', action: 'BET', tableId: 1, requestId: 'r', amount: '100' },
      { type: 'GAME', action: 'SIT', tableId: 1, requestId: 'r', seat: 9, buyIn: 100 },
      { type: 'GAME', action: 'FOLD', tableId: 0, requestId: 'r' },
      { type: 'GAME', action: 'FOLD', tableId: 1 },
      { type: 'GAME', action: 'SHUFFLE', tableId: 1, requestId: 'r' },
      { type: 'GAME', action: 'FOLD', tableId: 1, requestId: 'r', extra: 1 },
    ];
    for (const frame of cases) {
      const parsed = parseClientMessage(JSON.stringify(frame));
      expect(parsed.ok, JSON.stringify(frame)).toBe(false);
    }
    const bad = parseClientMessage(JSON.stringify({ type: 'GAME', action: 'BET', tableId: 1, requestId: 'q7', amount: 0 }));
    expect(bad).toMatchObject({ ok: false, code: 'BAD_MESSAGE', requestId: 'q7' });
  });
});

describe('applyTablePatch', () => {
  const seat = (n: number) => ({
    seat: n,
    userId: n + 1,
    username: `p${n}`,
    isBot: false,
    stack: 1000,
    bet: 0,
    state: 'PLAYING' as const,
    connected: true,
    hasCards: true,
    cards: null,
    timeBank: 30_000,
    missedBlind: false,
    leaving: false,
  });
  const view: TableView = {
    tableId: 1,
    name: 'T',
    variant: 'texas',
    smallBlind: 50,
    bigBlind: 100,
    minBuyIn: 2000,
    maxBuyIn: 10000,
    maxPlayers: 3,
    actionTime: 20,
    rakePercent: 5,
    rakeCap: 200,
    status: 'OPEN',
    simulation: false,
    seats: [seat(0), seat(1), null],
    hand: null,
    lastHand: null,
    mySeat: 0,
    nextSeedHash: null,
  };

  it('replaces only the patched seats and keeps the others identical', () => {
    const next = applyTablePatch(view, { seats: { 1: { ...seat(1), stack: 900, bet: 100 }, 2: seat(2) } });
    expect(next.seats[0]).toBe(view.seats[0]);
    expect(next.seats[1]?.stack).toBe(900);
    expect(next.seats[2]?.username).toBe('p2');
    expect(view.seats[2]).toBeNull();
  });

  it('ignores seat indexes outside the table', () => {
    const next = applyTablePatch(view, { seats: { 7: seat(7), [-1]: seat(0) } as never });
    expect(next.seats).toHaveLength(3);
  });
});
