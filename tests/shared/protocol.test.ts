import { describe, expect, it } from 'vitest';
import { applyTablePatch, parseClientMessage } from '../../src/shared/protocol';
import { seat, tableView } from '../support/table-fixtures';

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
  // Three seats, the last one empty.
  const view = tableView({ maxPlayers: 3, seats: [seat(0), seat(1), null] });

  it('replaces only the patched seats and keeps the others identical', () => {
    const next = applyTablePatch(view, { seats: { 1: { ...seat(1), stack: 900, bet: 100 }, 2: seat(2) } });
    expect(next.seats[0]).toBe(view.seats[0]);
    expect(next.seats[1]?.stack).toBe(900);
    expect(next.seats[2]?.username).toBe('player2');
    expect(view.seats[2]).toBeNull();
  });

  it('ignores seat indexes outside the table', () => {
    const next = applyTablePatch(view, { seats: { 7: seat(7), [-1]: seat(0) } as never });
    expect(next.seats).toHaveLength(3);
  });
});
