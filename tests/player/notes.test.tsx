// Notes and colour tags on opponents, against the regulars' routes of issue 33 (msw mocks): shown
// on the opponent's seat at every table and in the replayer, set from the seat's menu or the
// replayer, and a note set at one table shows at the other at once.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { TablePage } from '../../src/player/table/TablePage';
import { ensureTableStrings } from '../../src/player/components/tableStrings';
import { renderPlayer } from './helpers';
import { FakeConnection as TableConnection } from './table/helpers';
import { hand, seat, tableView } from '../support/table-fixtures';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
vi.setConfig({ testTimeout: 30_000 });

/** Tables 7 and 9, each with tsetsgee (user 3) in seat 3 and bataa (the signed-in player) in seat 1. */
function twoTables() {
  const conns = [new TableConnection(), new TableConnection()];
  const account = { userId: 1, username: 'bataa', balance: 1_250_000 };
  const utils = renderPlayer({
    route: '/tables',
    children: (
      <>
        <div data-testid="at-7">
          <TablePage tableId={7} connection={conns[0]} account={account} onLobby={() => {}} />
        </div>
        <div data-testid="at-9">
          <TablePage tableId={9} connection={conns[1]} account={account} onLobby={() => {}} />
        </div>
      </>
    ),
  });
  ensureTableStrings(utils.i18n);
  act(() => {
    [7, 9].forEach((tableId, i) =>
      conns[i].state(
        tableView({
          tableId,
          mySeat: 1,
          seats: [
            null,
            seat(1, { userId: 1, username: 'bataa' }),
            null,
            seat(3, { userId: 3, username: 'tsetsgee' }),
            seat(4, { userId: 4, username: 'temuujin' }),
            null,
          ],
          hand: hand({ toAct: 3 }),
        }),
        1,
      ),
    );
  });
  return utils;
}

const noteAt = (table: number, name: string) => within(screen.getByTestId(`at-${table}`)).findByTestId(`note-${name}`);

describe('notes and tags on opponents', () => {
  it('show on the opponent’s seat at every table, never on the player’s own', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    twoTables();
    for (const table of [7, 9]) {
      const mark = await noteAt(table, 'tsetsgee');
      await waitFor(() => expect(mark.getAttribute('data-tag')).toBe('red'));
      expect(mark.getAttribute('aria-label')).toBe('tsetsgee: Red tag, note: Calls every river bet');
      expect(within(screen.getByTestId(`at-${table}`)).queryByTestId('note-bataa')).toBeNull();
    }
    // An opponent without a note offers one.
    expect((await noteAt(7, 'temuujin')).getAttribute('aria-label')).toBe('Add a note or tag on temuujin');
  });

  it('a note and tag set from the seat’s menu at one table show at the other at once, and are kept on the server', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    twoTables();
    await user.click(await noteAt(7, 'temuujin'));
    await user.click(await screen.findByTestId('note-edit'));
    const dialog = await screen.findByTestId('note-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Blue' }));
    await user.type(within(dialog).getByTestId('note-input'), 'Limps with small pairs');
    await user.click(within(dialog).getByTestId('note-save'));
    await waitFor(() => expect(screen.queryByTestId('note-dialog')).toBeNull());
    const other = await noteAt(9, 'temuujin');
    await waitFor(() => expect(other.getAttribute('data-tag')).toBe('blue'));
    expect(other.getAttribute('title')).toBe('Limps with small pairs');
    expect(state.regulars.notes.get(1)?.get(4)).toMatchObject({ tag: 'blue', note: 'Limps with small pairs', username: 'temuujin' });
    // Removed from the other table's menu: gone from both.
    await user.click(other);
    await user.click(await screen.findByTestId('note-remove'));
    await waitFor(() => expect(screen.getAllByTestId('note-temuujin').every((b) => b.getAttribute('data-tag') === null)).toBe(true));
    expect(state.regulars.notes.get(1)?.has(4)).toBe(false);
  });

  it('show in the history’s replayer, and one set there on a player the record names only is found by name', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.regulars.notes.get(1)?.clear();
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=history' });
    const list = await screen.findByTestId('history-list');
    await user.click(within(list).getByTestId('replay-17'));
    const dialog = await screen.findByTestId('hand-replay');
    const mark = await within(dialog).findByTestId('note-tsetsgee');
    expect(within(dialog).queryByTestId('note-bataa')).toBeNull(); // the hero
    await user.click(mark);
    await user.click(await screen.findByTestId('note-edit'));
    const noteDialog = await screen.findByTestId('note-dialog');
    await user.click(within(noteDialog).getByRole('radio', { name: 'Green' }));
    await user.click(within(noteDialog).getByTestId('note-save'));
    await waitFor(() => expect(within(dialog).getByTestId('note-tsetsgee').getAttribute('data-tag')).toBe('green'));
    expect(state.regulars.notes.get(1)?.get(3)).toMatchObject({ tag: 'green', note: '' });
  });
});
