// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { keepPreAction, resolvePreAction } from '../../../src/player/table/logic/preActions';
import { hand, legal, renderSeatedAt1, seat, TABLE_ID } from './helpers';

afterEach(cleanup);

// Seat 1 is the viewer; seat 3 acts first and has bet 200 (the big blind is the price).
const start = () => renderSeatedAt1({ bet: 200 });
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('pre-actions', () => {
  it('offers check/fold, call X, call any and fold to any bet while waiting', () => {
    start();
    expect(screen.getAllByRole('checkbox').map((c) => c.closest('label')!.textContent)).toEqual(['Check/Fold', 'Call 200', 'Call any', 'Fold to any bet']);
  });

  it('clears "Call 200" when a raise changes the price, keeps "Call any"', async () => {
    const conn = start();
    await userEvent.click(box('Call 200'));
    expect(box('Call 200').checked).toBe(true);
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        { kind: 'ACTED', seat: 3, action: 'RAISE', amount: 800, allIn: false, timedOut: false },
        {
          seats: { 3: seat(3, { bet: 800, stack: 9_200 }) },
          hand: hand({ toAct: 0, actionDeadline: Date.now() + 20_000 }),
        },
      ),
    );
    expect(box('Call 800').checked).toBe(false);

    await userEvent.click(box('Call any'));
    act(() =>
      conn.event(
        TABLE_ID,
        3,
        { kind: 'ACTED', seat: 0, action: 'RAISE', amount: 2_000, allIn: false, timedOut: false },
        {
          seats: { 0: seat(0, { bet: 2_000, stack: 8_000 }) },
          hand: hand({ toAct: 1, actionDeadline: Date.now() + 20_000, legal: legal({ callAmount: 2_000, minRaiseTo: 3_200 }) }),
        },
      ),
    );
    // the turn came with "Call any" ticked: CALL went out at once
    expect(conn.last()).toEqual({ type: 'GAME', action: 'CALL', tableId: TABLE_ID });
  });

  it('clears at a new street', async () => {
    const conn = start();
    await userEvent.click(box('Check/Fold'));
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        { kind: 'STREET', street: 'FLOP', cards: ['2c', '7d', 'Ts'] },
        {
          seats: { 0: seat(0), 1: seat(1, { cards: ['Ah', 'Kh'] }) },
          hand: hand({ street: 'FLOP', board: ['2c', '7d', 'Ts'], pots: [{ amount: 600, seats: [0, 1, 3] }], toAct: 3, actionDeadline: Date.now() + 20_000 }),
        },
      ),
    );
    expect(box('Check/Fold').checked).toBe(false);
  });

  it('check/fold folds when facing a bet and checks when free', () => {
    const facing = legal({ callAmount: 200 });
    const free = legal({ canCheck: true, callAmount: 0 });
    const pre = { kind: 'checkFold' as const, price: 0, key: 'k' };
    expect(resolvePreAction(pre, facing, 1)).toEqual({ type: 'GAME', tableId: 1, action: 'FOLD' });
    expect(resolvePreAction(pre, free, 1)).toEqual({ type: 'GAME', tableId: 1, action: 'CHECK' });
    expect(resolvePreAction({ kind: 'foldToBet', price: 0, key: 'k' }, free, 1)).toBeNull();
    expect(resolvePreAction({ kind: 'call', price: 200, key: 'k' }, legal({ callAmount: 600 }), 1)).toBeNull();
    expect(keepPreAction({ kind: 'check', price: 0, key: 'k' }, 'k', 200)).toBeNull();
    expect(keepPreAction({ kind: 'foldToBet', price: 0, key: 'k' }, 'k', 200)).not.toBeNull();
  });

  it('acts check/fold the moment the turn arrives facing a bet', async () => {
    const conn = start();
    await userEvent.click(box('Check/Fold'));
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        { kind: 'ACTED', seat: 3, action: 'CALL', amount: 200, allIn: false, timedOut: false },
        {
          seats: { 3: seat(3, { bet: 200, stack: 9_800 }) },
          hand: hand({ toAct: 1, actionDeadline: Date.now() + 20_000, legal: legal() }),
        },
      ),
    );
    expect(conn.last()).toEqual({ type: 'GAME', action: 'FOLD', tableId: TABLE_ID });
  });
});
