// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ActionBar } from '../../../src/player/table/components/ActionBar';
import { clampAmount, presetAmount, raiseRange } from '../../../src/player/table/logic/betMath';
import type { GameCommand } from '../../../src/shared/socket/messages';
import type { LegalView } from '../../../src/shared/protocol/table-view';
import { legal, renderWith, TABLE_ID } from './helpers';

afterEach(cleanup);
// MUI under jsdom is slow on a busy machine; these are behaviour tests, not timing tests.
vi.setConfig({ testTimeout: 30_000 });

const ctx = { potTotal: 300, myBet: 0, callAmount: 200 };

function bar(l: LegalView, c = ctx) {
  const onAct = vi.fn<(cmd: GameCommand) => void>();
  renderWith(<ActionBar tableId={TABLE_ID} legal={l} ctx={c} bigBlind={200} pending={false} compact={false} onAct={onAct} />);
  return onAct;
}

describe('bet maths', () => {
  it('clamps to [minRaiseTo, maxRaiseTo] and rounds down to whole chips', () => {
    const r = raiseRange(legal())!;
    expect(clampAmount(10, r)).toBe(400);
    expect(clampAmount(50_000, r)).toBe(10_000);
    expect(clampAmount(1234.9, r)).toBe(1234);
    expect(clampAmount(Number.NaN, r)).toBe(400);
  });

  it('sizes presets as pot-sized raises after the call', () => {
    const r = raiseRange(legal())!;
    // facing 200 into 300: pot after the call is 500; pot raise = 200 + 500 = 700
    expect(presetAmount('pot', ctx, r)).toBe(700);
    expect(presetAmount('half', ctx, r)).toBe(450);
    expect(presetAmount('threeQuarters', ctx, r)).toBe(575);
    expect(presetAmount('allIn', ctx, r)).toBe(10_000);
    // a preset below the minimum is lifted to it
    expect(presetAmount('half', { potTotal: 100, myBet: 0, callAmount: 0 }, r)).toBe(400);
  });

  it('reports all-in-only when the stack is below a full raise', () => {
    expect(raiseRange(legal({ minRaiseTo: 900, maxRaiseTo: 650 }))).toEqual({ kind: 'RAISE', min: 650, max: 650, allInOnly: true });
    expect(raiseRange(legal({ canRaise: false, minRaiseTo: null, maxRaiseTo: null }))).toBeNull();
  });
});

describe('ActionBar', () => {
  it('offers Check when checking is free and Call with the amount otherwise', () => {
    bar(legal({ canCheck: true, callAmount: 0, canBet: true, canRaise: false, minRaiseTo: 200, maxRaiseTo: 5_000 }));
    expect(screen.getByRole('button', { name: 'Check' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Bet 200' })).toBeTruthy();
    cleanup();
    bar(legal());
    expect(screen.getByRole('button', { name: 'Call 200' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Raise to 400' })).toBeTruthy();
  });

  it('sends CHECK, CALL and FOLD with the table id', async () => {
    const onAct = bar(legal());
    await userEvent.click(screen.getByRole('button', { name: 'Call 200' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fold' }));
    expect(onAct.mock.calls.map((c) => c[0])).toEqual([
      { type: 'GAME', tableId: TABLE_ID, action: 'CALL' },
      { type: 'GAME', tableId: TABLE_ID, action: 'FOLD' },
    ]);
  });

  it('never sends an amount outside the legal range, whatever is typed', async () => {
    const onAct = bar(legal());
    const input = screen.getByRole('textbox', { name: 'Bet amount' });
    await userEvent.clear(input);
    await userEvent.type(input, '999999{Enter}');
    expect(onAct).toHaveBeenLastCalledWith({ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 10_000 });
    await userEvent.clear(input);
    await userEvent.type(input, '5{Enter}');
    expect(onAct).toHaveBeenLastCalledWith({ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 400 });
    await userEvent.clear(input);
    await userEvent.type(input, '1,2a50');
    expect((input as HTMLInputElement).value).toBe('1250');
    await userEvent.click(screen.getByRole('button', { name: 'Raise to 1,250' }));
    expect(onAct).toHaveBeenLastCalledWith({ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 1_250 });
  });

  it('fills the amount from the presets', async () => {
    const onAct = bar(legal());
    await userEvent.click(screen.getByRole('button', { name: 'Pot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Raise to 700' }));
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'RAISE', amount: 700 }));
    await userEvent.click(screen.getByRole('button', { name: '½ pot' }));
    expect(screen.getByRole('button', { name: 'Raise to 450' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'All-in' }));
    await userEvent.click(screen.getByRole('button', { name: 'All-in 10,000' }));
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'RAISE', amount: 10_000 }));
  });

  it('uses BET when nobody has bet yet', async () => {
    const onAct = bar(legal({ canCheck: true, callAmount: 0, canBet: true, canRaise: false, minRaiseTo: 200, maxRaiseTo: 5_000 }), { potTotal: 1000, myBet: 0, callAmount: 0 });
    await userEvent.click(screen.getByRole('button', { name: '¾ pot' }));
    await userEvent.click(screen.getByRole('button', { name: 'Bet 750' }));
    expect(onAct).toHaveBeenLastCalledWith({ type: 'GAME', tableId: TABLE_ID, action: 'BET', amount: 750 });
  });

  it('shows only the all-in button when that is the only raise left', async () => {
    const onAct = bar(legal({ minRaiseTo: 650, maxRaiseTo: 650 }));
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pot' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'All-in 650' }));
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'RAISE', amount: 650 }));
  });

  it('offers only call (all-in) and fold when the call takes the whole stack', () => {
    bar(legal({ callAmount: 800, callIsAllIn: true, canRaise: false, minRaiseTo: null, maxRaiseTo: null }));
    expect(screen.getByRole('button', { name: 'Call 800 (all-in)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Raise/ })).toBeNull();
    expect(screen.getAllByRole('button').length).toBe(2);
  });

  it('answers F, C, R, the arrows and Enter, but not while typing in a field', async () => {
    const onAct = bar(legal());
    fireEvent.keyDown(window, { key: 'c' });
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'CALL' }));
    fireEvent.keyDown(window, { key: 'f' });
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'FOLD' }));
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onAct).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'RAISE', amount: 600 }));
    fireEvent.keyDown(window, { key: 'r' });
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Bet amount' }));

    onAct.mockClear();
    const chat = document.createElement('input');
    document.body.appendChild(chat);
    fireEvent.keyDown(chat, { key: 'f' });
    fireEvent.keyDown(chat, { key: 'c' });
    fireEvent.keyDown(window, { key: 'c', ctrlKey: true });
    expect(onAct).not.toHaveBeenCalled();
    chat.remove();
  });

  it('disables every button while a request is pending', () => {
    const onAct = vi.fn();
    renderWith(<ActionBar tableId={TABLE_ID} legal={legal()} ctx={ctx} bigBlind={200} pending compact={false} onAct={onAct} />);
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'f' });
    expect(onAct).not.toHaveBeenCalled();
  });
});
