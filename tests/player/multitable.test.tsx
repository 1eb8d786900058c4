// @vitest-environment jsdom
// The multi-table view: its rules (order, swipes, where focus goes) and the view itself with two
// tables on one fake socket: the table waiting for the player first and focused, keys acting there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import {
  addTable,
  focusTarget,
  gridOf,
  MAX_TABLES,
  orderTables,
  parseTableIds,
  replaceTable,
  swipeTarget,
  SWIPE_MIN_PX,
  tileLayout,
  type Turns,
} from '../../src/player/multitable/multiTable';
import { MultiTableView } from '../../src/player/multitable/MultiTableView';
import { FOCUS_MOVED_AT } from '../../src/player/table/logic/shortcuts';
import { FakeConnection, legal, memorySettings, renderWith } from './table/helpers';
import { hand, seat, tableView } from '../support/table-fixtures';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const turn = (tableId: number, waiting: boolean, deadline: number | null = null) => ({ tableId, name: `T${tableId}`, waiting, deadline });

describe('multi-table rules', () => {
  it('reads the open tables from text: positive ids, once each, four at most', () => {
    expect(parseTableIds('12, 15,x,12,-3,0,7,9,11')).toEqual([12, 15, 7, 9]);
    expect(parseTableIds(null)).toEqual([]);
    // A fast-fold pool is a tile too: p<poolId>, beside tables of the same number.
    expect(parseTableIds('p3,3,p3,p0,px,7')).toEqual(['p3', 3, 7]);
    expect(addTable([3], 'p3')).toEqual([3, 'p3']);
    expect(orderTables([3, 'p3'], { p3: turn(40, true, 100) })).toEqual(['p3', 3]);
    expect(addTable([1, 2], 3)).toEqual([1, 2, 3]);
    expect(addTable([1, 2], 2)).toEqual([1, 2]);
    expect(addTable([1, 2, 3, 4], 5)).toBeNull();
    expect(MAX_TABLES).toBe(4);
    expect(replaceTable([1, 2, 3], 2, 8)).toEqual([1, 8, 3]);
    expect(replaceTable([1, 2, 3], 2, 3)).toEqual([1, 3]); // moved to a table already open
  });

  it('puts the tables waiting for the player first, the soonest deadline first, the rest as opened', () => {
    const turns: Turns = { 1: turn(1, false), 2: turn(2, true, 9_000), 3: turn(3, false), 4: turn(4, true, 5_000) };
    expect(orderTables([1, 2, 3, 4], turns)).toEqual([4, 2, 1, 3]);
    expect(orderTables([1, 2, 3], {})).toEqual([1, 2, 3]);
    expect(orderTables([1, 2], { 1: turn(1, true, null), 2: turn(2, true, 100) })).toEqual([2, 1]);
  });

  it('lays tiles out two by two and each for its own size', () => {
    expect(gridOf(1)).toEqual({ columns: 1, rows: 1 });
    expect(gridOf(2)).toEqual({ columns: 2, rows: 1 });
    expect(gridOf(4)).toEqual({ columns: 2, rows: 2 });
    expect(tileLayout(640, 400)).toEqual({ compact: true, portrait: false });
    expect(tileLayout(1200, 700)).toEqual({ compact: false, portrait: false });
  });

  it('a swipe left shows the next table, right the previous; short, vertical or past the end stays', () => {
    const ids = [5, 6, 7];
    expect(swipeTarget(ids, 6, -SWIPE_MIN_PX, 0)).toBe(7);
    expect(swipeTarget(ids, 6, SWIPE_MIN_PX + 10, 10)).toBe(5);
    expect(swipeTarget(ids, 6, -(SWIPE_MIN_PX - 1), 0)).toBe(6);
    expect(swipeTarget(ids, 6, -80, 70)).toBe(6); // more a scroll than a swipe
    expect(swipeTarget(ids, 7, -200, 0)).toBe(7);
    expect(swipeTarget(ids, 5, 200, 0)).toBe(5);
    expect(swipeTarget(ids, 99, -200, 0)).toBe(5); // a closed table: back to the first
  });

  it('focus goes to the first waiting table only from nowhere or from a table that is not waiting', () => {
    const turns: Turns = { 1: turn(1, false), 2: turn(2, true, 1) };
    expect(focusTarget([2, 1], turns, { table: null, onRoot: false, nothing: true })).toBe(2);
    expect(focusTarget([2, 1], turns, { table: 1, onRoot: true, nothing: false })).toBe(2);
    expect(focusTarget([2, 1], turns, { table: 1, onRoot: false, nothing: false })).toBeNull(); // a field or button at table 1
    expect(focusTarget([2, 1], turns, { table: null, onRoot: false, nothing: false })).toBeNull(); // the chat, the bar
    expect(focusTarget([2, 1], { 2: turn(2, true, 1), 1: turn(1, true, 5) }, { table: 1, onRoot: true, nothing: false })).toBeNull();
    expect(focusTarget([1, 2], { 1: turn(1, false) }, { table: null, onRoot: false, nothing: true })).toBeNull();
  });
});

/** Tables 7 and 9 on one fake socket, the player (userId 101) seated at seat 1 of each. */
function renderTwoTables(phone = false) {
  const conn = new FakeConnection();
  const settings = memorySettings();
  settings.set({ keyboardShortcuts: true, animations: false, sounds: false });
  const shell = {
    connection: conn,
    account: { userId: 101, username: 'player1', balance: 50_000 },
    onLogout: () => {},
    onDark: () => {},
    api: null,
  };
  const set = vi.fn();
  renderWith(
    <MemoryRouter>
      <MultiTableView ids={[7, 9]} set={set} full={false} setFull={() => {}} shell={shell} phone={phone} onLobby={() => {}} />
    </MemoryRouter>,
    { settings },
  );
  const view = (tableId: number, myTurn: boolean) =>
    tableView({
      tableId,
      name: `Table ${tableId}`,
      mySeat: 1,
      seats: [seat(0), seat(1, { cards: ['Ah', 'Kh'] }), null, seat(3), null, null],
      hand: hand(myTurn ? { toAct: 1, actionDeadline: Date.now() + 20_000, legal: legal() } : { toAct: 3, actionDeadline: Date.now() + 20_000 }),
    });
  return { conn, view, set };
}

const order = () => [...document.querySelectorAll('[data-testid^="tile-"]')].map((el) => el.getAttribute('data-testid'));

describe('the multi-table view', () => {
  it('shows the table waiting for the player first, highlighted and focused; a key acts there only', async () => {
    const { conn, view } = renderTwoTables();
    act(() => {
      conn.state(view(7, false), 1);
      conn.state(view(9, true), 1);
    });
    await waitFor(() => expect(order()).toEqual(['tile-9', 'tile-7']));
    expect(screen.getByTestId('tile-9').getAttribute('data-waiting')).toBe('true');
    expect(screen.getByTestId('tile-7').getAttribute('data-waiting')).toBe('false');
    const root9 = document.querySelector('[data-table-root="9"]') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(root9));
    expect(Number(root9.getAttribute(FOCUS_MOVED_AT))).toBeGreaterThan(0);
    root9.setAttribute(FOCUS_MOVED_AT, '1'); // long ago: the grace is over
    const before = conn.sent.length;
    fireEvent.keyDown(root9, { key: 'с', code: 'KeyC' });
    expect(conn.sent.slice(before).map((s) => s.cmd)).toEqual([{ type: 'GAME', action: 'CALL', tableId: 9 }]);
  });

  it('on a phone: one table at a time in the order opened, a badge on the one waiting, a swipe shows the next', async () => {
    const { conn, view } = renderTwoTables(true);
    act(() => {
      conn.state(view(7, false), 1);
      conn.state(view(9, true), 1);
    });
    await screen.findByTestId('table-badge-9');
    expect(screen.queryByTestId('table-badge-7')).toBeNull();
    expect(order()).toEqual(['tile-7', 'tile-9']);
    expect(screen.getByTestId('tile-7').style.display).toBe('block');
    expect(screen.getByTestId('tile-9').style.display).toBe('none');
    expect(screen.getByTestId('table-tab-7').getAttribute('aria-selected')).toBe('true');
    const area = screen.getByTestId('tile-7').parentElement!;
    fireEvent.touchStart(area, { touches: [{ clientX: 300, clientY: 400 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 100, clientY: 410 }] });
    await waitFor(() => expect(screen.getByTestId('tile-9').style.display).toBe('block'));
    expect(screen.getByTestId('tile-7').style.display).toBe('none');
    expect(screen.getByTestId('table-tab-9').getAttribute('aria-selected')).toBe('true');
  });
});
