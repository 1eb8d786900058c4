// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Drawer from '@mui/material/Drawer';
import userEvent from '@testing-library/user-event';
import { ActionBar } from '../../../src/player/table/components/ActionBar';
import { TableChat } from '../../../src/player/table/components/TableChat';
import { SettingsDialog } from '../../../src/player/table/dialogs/SettingsDialog';
import { createSettingsStore } from '../../../src/shared/settings/settingsStore';
import { clampAmount, presetAmount, raiseRange } from '../../../src/player/table/logic/betMath';
import type { GameCommand } from '../../../src/shared/socket/messages';
import type { LegalView } from '../../../src/shared/protocol/table-view';
import type { SettingsStore } from '../../../src/shared/settings/settingsStore';
import { FakeConnection, legal, memorySettings, renderWith, TABLE_ID, testI18n } from './helpers';

afterEach(cleanup);
// MUI under jsdom is slow on a busy machine; these are behaviour tests, not timing tests.
vi.setConfig({ testTimeout: 30_000 });

const ctx = { potTotal: 300, myBet: 0, callAmount: 200 };

function bar(l: LegalView, c = ctx, settings?: SettingsStore) {
  const onAct = vi.fn<(cmd: GameCommand) => void>();
  renderWith(<ActionBar tableId={TABLE_ID} legal={l} ctx={c} bigBlind={200} pending={false} compact={false} onAct={onAct} />, { settings });
  return onAct;
}

function withShortcuts(on = true): SettingsStore {
  const settings = memorySettings();
  settings.set({ keyboardShortcuts: on });
  return settings;
}

const sent = (onAct: ReturnType<typeof bar>) => onAct.mock.calls.map((c) => c[0]);
/** The big blind's option preflop: checking is free and a raise is open. */
const option = () => legal({ canCheck: true, callAmount: 0, canRaise: true, minRaiseTo: 400, maxRaiseTo: 10_000 });

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
    const onAct = bar(legal({ canCheck: true, callAmount: 0, canBet: true, canRaise: false, minRaiseTo: 200, maxRaiseTo: 5_000 }), {
      potTotal: 1000,
      myBet: 0,
      callAmount: 0,
    });
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

  it('disables every button while a request is pending', () => {
    const onAct = vi.fn();
    renderWith(<ActionBar tableId={TABLE_ID} legal={legal()} ctx={ctx} bigBlind={200} pending compact={false} onAct={onAct} />, { settings: withShortcuts() });
    for (const b of screen.getAllByRole('button')) expect((b as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'f' });
    expect(onAct).not.toHaveBeenCalled();
  });
});

describe('ActionBar keyboard: keys act on the focused control', () => {
  it('Enter on the focused Check button sends CHECK, not the raise in the amount field', async () => {
    // The reported hand: keyboard only, the amount field holds 800, Tab to Check, Enter.
    for (const settings of [withShortcuts(true), withShortcuts(false)]) {
      const user = userEvent.setup();
      const onAct = bar(option(), ctx, settings);
      const input = screen.getByRole('textbox', { name: 'Bet amount' });
      await user.clear(input);
      await user.type(input, '800');
      await user.tab(); // Fold
      await user.tab(); // Check
      const check = screen.getByRole('button', { name: 'Check' });
      expect(document.activeElement).toBe(check);
      await user.keyboard('{Enter}');
      expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'CHECK' }]);
      cleanup();
    }
  });

  it('Space on the focused Call button sends CALL, once', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal(), ctx, withShortcuts());
    screen.getByRole('button', { name: 'Call 200' }).focus();
    await user.keyboard(' ');
    expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'CALL' }]);
  });

  it('Enter or Space on a focused Fold button folds, and no shortcut letter changes that', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal(), ctx, withShortcuts());
    screen.getByRole('button', { name: 'Fold' }).focus();
    await user.keyboard('c'); // a shortcut key while a button has focus: nothing
    await user.keyboard('r');
    expect(onAct).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'FOLD' }]);
  });

  it('Enter in the amount field confirms the raise with that amount, once', async () => {
    for (const settings of [withShortcuts(true), withShortcuts(false)]) {
      const user = userEvent.setup();
      const onAct = bar(legal(), ctx, settings);
      const input = screen.getByRole('textbox', { name: 'Bet amount' });
      await user.clear(input);
      await user.type(input, '800{Enter}');
      expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 800 }]);
      cleanup();
    }
  });

  it('Enter on the slider confirms the amount it shows', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal());
    screen.getByRole('slider', { name: 'Bet amount' }).focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 401 }]);
  });

  it('with shortcuts on and focus on the page: F folds, C checks/calls, R goes to the amount, arrows size it; Enter sends nothing', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal(), ctx, withShortcuts());
    expect(screen.getByRole('button', { name: 'Call 200' }).getAttribute('aria-keyshortcuts')).toBe('C');
    await user.keyboard('c');
    await user.keyboard('f');
    expect(sent(onAct)).toEqual([
      { type: 'GAME', tableId: TABLE_ID, action: 'CALL' },
      { type: 'GAME', tableId: TABLE_ID, action: 'FOLD' },
    ]);
    onAct.mockClear();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    expect((screen.getByRole('textbox', { name: 'Bet amount' }) as HTMLInputElement).value).toBe('600');
    await user.keyboard('{Enter}'); // Enter on the page is not a raise
    expect(onAct).not.toHaveBeenCalled();
    await user.keyboard('r');
    const input = screen.getByRole('textbox', { name: 'Bet amount' });
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Enter}'); // now in the amount field: confirms
    expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'RAISE', amount: 600 }]);
  });

  it('R moves focus to the all-in button when that is the only raise left', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal({ minRaiseTo: 650, maxRaiseTo: 650 }), ctx, withShortcuts());
    await user.keyboard('r');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'All-in 650' }));
    expect(onAct).not.toHaveBeenCalled();
  });

  it('with shortcuts off (the default) F, C, R and the arrows do nothing', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal()); // default settings
    expect(screen.getByRole('button', { name: 'Call 200' }).hasAttribute('aria-keyshortcuts')).toBe(false);
    await user.keyboard('fcr{ArrowUp}{Enter}');
    fireEvent.keyDown(window, { key: 'c' });
    expect(onAct).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(document.body);
    expect((screen.getByRole('textbox', { name: 'Bet amount' }) as HTMLInputElement).value).toBe('400');
  });

  it('turning shortcuts off takes effect at once', async () => {
    const user = userEvent.setup();
    const settings = withShortcuts();
    const onAct = bar(legal(), ctx, settings);
    await user.keyboard('c');
    expect(onAct).toHaveBeenCalledTimes(1);
    act(() => settings.set({ keyboardShortcuts: false }));
    await user.keyboard('fc');
    expect(onAct).toHaveBeenCalledTimes(1);
  });

  it('does nothing while focus is in the chat input', async () => {
    const user = userEvent.setup();
    const settings = withShortcuts();
    const onAct = vi.fn<(cmd: GameCommand) => void>();
    const conn = new FakeConnection();
    renderWith(
      <>
        <ActionBar tableId={TABLE_ID} legal={legal()} ctx={ctx} bigBlind={200} pending={false} compact={false} onAct={onAct} />
        <TableChat conn={conn} tableId={TABLE_ID} canSend />
      </>,
      { settings },
    );
    const chat = screen.getByRole('textbox', { name: 'Write a message…' });
    await user.click(chat);
    await user.keyboard('call for raise{ArrowUp}{Enter}');
    expect(onAct).not.toHaveBeenCalled();
    expect(conn.chats).toEqual([{ text: 'call for raise', tableId: TABLE_ID }]);
    expect((screen.getByRole('textbox', { name: 'Bet amount' }) as HTMLInputElement).value).toBe('400');
  });

  it('ignores modifier keys, an open dialog, a focused slider or link, and events already handled', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal(), ctx, withShortcuts());
    await user.keyboard('{Control>}c{/Control}{Alt>}f{/Alt}{Meta>}c{/Meta}');
    screen.getByRole('slider', { name: 'Bet amount' }).focus();
    await user.keyboard('cf');
    const link = document.createElement('a');
    link.href = '#x';
    link.textContent = 'x';
    document.body.appendChild(link);
    link.focus();
    await user.keyboard('cf');
    link.remove();
    const handled = new KeyboardEvent('keydown', { key: 'c', bubbles: true, cancelable: true });
    handled.preventDefault();
    document.body.dispatchEvent(handled);
    expect(onAct).not.toHaveBeenCalled();

    renderWith(
      <Dialog open>
        <DialogTitle>Settings</DialogTitle>
        <button type="button">ok</button>
      </Dialog>,
    );
    fireEvent.keyDown(document.body, { key: 'c' });
    await user.keyboard('f');
    expect(onAct).not.toHaveBeenCalled();
  });

  it('the phone drawer blocks shortcuts while open, not while closed (kept mounted)', async () => {
    const user = userEvent.setup();
    const onAct = bar(legal(), ctx, withShortcuts());
    const drawer = (open: boolean) => (
      <Drawer anchor="bottom" open={open} keepMounted>
        <button type="button">chat</button>
      </Drawer>
    );
    const { rerender } = renderWith(drawer(true));
    fireEvent.keyDown(document.body, { key: 'c' });
    expect(onAct).not.toHaveBeenCalled();
    rerender(drawer(false));
    await waitFor(() => expect(document.querySelector('[role="dialog"]')?.closest('[aria-hidden="true"]')).toBeTruthy());
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('c');
    expect(sent(onAct)).toEqual([{ type: 'GAME', tableId: TABLE_ID, action: 'CALL' }]);
  });
});

describe('Keyboard shortcuts setting', () => {
  it('is off by default, documented in the settings dialog, and kept when switched on', async () => {
    const user = userEvent.setup();
    const settings = memorySettings();
    expect(settings.get().keyboardShortcuts).toBe(false);
    renderWith(<SettingsDialog open onClose={() => {}} account={null} onLogout={null} />, { settings });
    const toggle = screen.getByRole('switch', { name: 'Keyboard shortcuts' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    const help = screen.getByTestId('keyboard-help');
    expect(help.textContent).toContain('F fold · C check/call · R go to the bet amount');
    expect(help.textContent).toContain('Enter or Space always presses the focused button');
    expect(toggle.getAttribute('aria-describedby')).toBe(help.id);
    await user.click(toggle);
    expect(settings.get().keyboardShortcuts).toBe(true);
  });

  it('reads the stored value back and has Mongolian strings', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    createSettingsStore(storage).set({ keyboardShortcuts: true });
    expect(JSON.parse(data.get('playerSettings')!)).toMatchObject({ keyboardShortcuts: true });
    expect(createSettingsStore(storage).get().keyboardShortcuts).toBe(true);

    renderWith(<SettingsDialog open onClose={() => {}} account={null} onLogout={null} />, { i18n: testI18n('mn') });
    expect(screen.getByRole('switch', { name: 'Шуурхай товчлуурууд' })).toBeTruthy();
    expect(screen.getByTestId('keyboard-help').textContent).toContain('F хаях');
  });
});
