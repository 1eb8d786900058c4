// @vitest-environment jsdom
// Keyboard shortcuts by the key's place (event.code) and for the table that has focus only.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent } from '@testing-library/react';
import { ActionBar } from '../../../src/player/table/components/ActionBar';
import { FOCUS_GRACE_MS, FOCUS_MOVED_AT, shortcutOf, tableOfKey, TABLE_ROOT } from '../../../src/player/table/logic/shortcuts';
import type { GameCommand } from '../../../src/shared/socket/messages';
import { legal, memorySettings, renderWith } from './helpers';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const ctx = { potTotal: 300, myBet: 0, callAmount: 200 };

function shortcutsOn() {
  const settings = memorySettings();
  settings.set({ keyboardShortcuts: true });
  return settings;
}

/** Two tables in one window, each a focusable root with its action bar (the player's turn at both). */
function twoTables() {
  const acts = { 7: vi.fn<(cmd: GameCommand) => void>(), 9: vi.fn<(cmd: GameCommand) => void>() };
  renderWith(
    <>
      {([7, 9] as const).map((id) => (
        <div key={id} {...{ [TABLE_ROOT]: id }} tabIndex={0} data-testid={`root-${id}`}>
          <ActionBar tableId={id} legal={legal()} ctx={ctx} bigBlind={200} pending={false} compact={false} onAct={acts[id]} />
        </div>
      ))}
    </>,
    { settings: shortcutsOn() },
  );
  const root = (id: 7 | 9) => document.querySelector(`[data-testid="root-${id}"]`) as HTMLElement;
  const sent = (id: 7 | 9) => acts[id].mock.calls.map((c) => c[0]);
  return { root, sent };
}

describe('shortcut keys', () => {
  it('are read from the key’s place, whatever the layout types there', () => {
    expect(shortcutOf({ code: 'KeyF' })).toBe('fold');
    expect(shortcutOf({ code: 'KeyC' })).toBe('checkOrCall');
    expect(shortcutOf({ code: 'KeyR' })).toBe('amount');
    expect(shortcutOf({ code: 'ArrowRight' })).toBe('up');
    expect(shortcutOf({ code: 'ArrowLeft' })).toBe('down');
    expect(shortcutOf({ code: 'KeyY' })).toBeNull();
  });

  it('fold and call work on a Mongolian (Cyrillic) layout, and a typed "f" elsewhere on the keyboard does nothing', () => {
    const onAct = vi.fn<(cmd: GameCommand) => void>();
    renderWith(<ActionBar tableId={5} legal={legal()} ctx={ctx} bigBlind={200} pending={false} compact={false} onAct={onAct} />, { settings: shortcutsOn() });
    // Dvorak's F sits where QWERTY has Y: the character is "f", the place is not.
    fireEvent.keyDown(document.body, { key: 'f', code: 'KeyY' });
    expect(onAct).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: 'ё', code: 'KeyC' });
    fireEvent.keyDown(document.body, { key: 'ф', code: 'KeyF' });
    expect(onAct.mock.calls.map((c) => c[0].action)).toEqual(['CALL', 'FOLD']);
  });
});

describe('several tables in one window', () => {
  it('a key acts on the table that has focus, never on the other', () => {
    const { root, sent } = twoTables();
    root(9).focus();
    fireEvent.keyDown(root(9), { key: 'c', code: 'KeyC' });
    expect(sent(9)).toEqual([{ type: 'GAME', tableId: 9, action: 'CALL' }]);
    expect(sent(7)).toEqual([]);
    root(7).focus();
    fireEvent.keyDown(root(7), { key: 'f', code: 'KeyF' });
    expect(sent(7)).toEqual([{ type: 'GAME', tableId: 7, action: 'FOLD' }]);
    expect(sent(9)).toHaveLength(1);
  });

  it('with nothing focused and two tables, a key acts on neither', () => {
    const { sent } = twoTables();
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'c', code: 'KeyC' });
    expect(sent(7)).toEqual([]);
    expect(sent(9)).toEqual([]);
  });

  it('a key right after focus moved to a table by itself is not read there; later it is', () => {
    const { root, sent } = twoTables();
    const now = Date.now();
    root(7).setAttribute(FOCUS_MOVED_AT, String(now));
    root(7).focus();
    const key = new KeyboardEvent('keydown', { key: 'c', code: 'KeyC', bubbles: true, cancelable: true });
    Object.defineProperty(key, 'target', { value: root(7) });
    expect(tableOfKey(key, now + FOCUS_GRACE_MS - 1)).toBeNull();
    expect(tableOfKey(key, now + FOCUS_GRACE_MS)).toBe(7);
    root(7).setAttribute(FOCUS_MOVED_AT, String(now - FOCUS_GRACE_MS));
    fireEvent.keyDown(root(7), { key: 'c', code: 'KeyC' });
    expect(sent(7)).toEqual([{ type: 'GAME', tableId: 7, action: 'CALL' }]);
  });

  it('a button focused at one table keeps its keys: no shortcut goes to either table', () => {
    const { root, sent } = twoTables();
    const fold = root(7).querySelector('[data-testid="act-fold"]') as HTMLElement;
    fold.focus();
    fireEvent.keyDown(fold, { key: 'c', code: 'KeyC' });
    expect(sent(7)).toEqual([]);
    expect(sent(9)).toEqual([]);
  });
});
