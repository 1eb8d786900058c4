// @vitest-environment jsdom
// The table page for every game (issue 29): five and six hole cards, hi and lo winners apart, two
// boards for run it twice, the run-it-twice question, a bomb pot announced.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TablePage, type TableAccount } from '../../../src/player/table/TablePage';
import { InfoDialog } from '../../../src/player/table/dialogs/InfoDialog';
import { FakeConnection, hand, legal, renderWith, seat, TABLE_ID, tableView, testI18n } from './helpers';

afterEach(cleanup);
vi.setConfig({ testTimeout: 30_000 });

const account: TableAccount = { userId: 102, username: 'player1', balance: 15_000 };

function mount(lng: 'en' | 'mn' = 'en') {
  const conn = new FakeConnection();
  renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={account} onLobby={vi.fn()} fairTools={null} />, { i18n: testI18n(lng) });
  return conn;
}

describe('the table page for every game', () => {
  it('shows all six hole cards of PLO6, each face readable', () => {
    const conn = mount();
    const six = ['Ah', 'Kd', 'Qs', 'Jc', 'Th', '9d'];
    act(() => conn.state(tableView({ variant: 'PO6', mySeat: 1, seats: [seat(0), seat(1, { cards: six }), null, seat(3), null, null] }), 1));
    const cards = screen.getByTestId('seat-cards-1');
    expect(cards.children).toHaveLength(6);
    // Each card overlaps the next by less than half its width: the corner index stays in sight.
    for (const child of Array.from(cards.children).slice(1)) expect(Math.abs(parseFloat((child as HTMLElement).style.marginLeft))).toBeLessThan(30);
    expect(screen.getByText(/Omaha 6|Pot-limit Omaha, 6 cards/)).toBeTruthy();
  });

  it('announces a bomb pot and shows both boards of run it twice', () => {
    const conn = mount();
    act(() =>
      conn.state(
        tableView({
          variant: 'PO5',
          hand: hand({ board: ['2c', '7d', '9h', 'Ks', '3c'], board2: ['2c', '7d', '9h', 'As', 'Qc'], bombPot: true }),
        }),
        1,
      ),
    );
    expect(screen.getByTestId('bomb-pot').textContent).toBe('Bomb pot!');
    const second = screen.getByTestId('board-2');
    expect(second.children).toHaveLength(5);
    expect(screen.getByTestId('board').children).toHaveLength(5);
  });

  it('shows the high and the low winners apart, per board when run twice', () => {
    const conn = mount();
    act(() => conn.state(tableView({ variant: 'PO/8', hand: hand({ board: ['2c', '4d', '8h', 'Ks', 'Kc'] }) }), 1));
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        {
          kind: 'POT_AWARDED',
          potIndex: 0,
          amount: 1200,
          rake: 0,
          winners: [
            { seat: 0, amount: 600 },
            { seat: 3, amount: 600 },
          ],
          description: null,
          parts: [
            { board: 1, half: 'high', amount: 600, winners: [{ seat: 0, amount: 600 }] },
            { board: 1, half: 'low', amount: 600, winners: [{ seat: 3, amount: 600 }] },
          ],
        },
        {},
      ),
    );
    expect(screen.getByTestId('winner-banner').textContent).toBe('High: player0 600 · Low: player3 600');
  });

  it('names each board when run twice, in Mongolian too', () => {
    const conn = mount('mn');
    act(() => conn.state(tableView({ variant: 'PO', hand: hand({ board: ['2c', '4d', '8h', 'Ks', 'Kc'] }) }), 1));
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        {
          kind: 'POT_AWARDED',
          potIndex: 0,
          amount: 1000,
          rake: 0,
          winners: [{ seat: 0, amount: 1000 }],
          description: null,
          parts: [
            { board: 1, half: 'high', amount: 500, winners: [{ seat: 0, amount: 500 }] },
            { board: 2, half: 'high', amount: 500, winners: [{ seat: 0, amount: 500 }] },
          ],
        },
        {},
      ),
    );
    expect(screen.getByTestId('winner-banner').textContent).toBe('1-р тараалт, өндөр: player0 500 · 2-р тараалт, өндөр: player0 500');
  });

  it('asks to run it twice and sends the answer', async () => {
    const conn = mount();
    act(() =>
      conn.state(
        tableView({
          mySeat: 1,
          seats: [seat(0, { state: 'ALL_IN' }), seat(1, { cards: ['Ah', 'Kh'], state: 'ALL_IN' }), null, seat(3), null, null],
          hand: hand({ toAct: 1, legal: legal({ runout: true, canFold: false, canRaise: false, minRaiseTo: null, maxRaiseTo: null }) }),
        }),
        1,
      ),
    );
    const bar = screen.getByTestId('runout-bar');
    expect(within(bar).getByText('All in: run it twice?')).toBeTruthy();
    expect(screen.queryByTestId('act-fold')).toBeNull();
    await userEvent.click(within(bar).getByTestId('run-twice'));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'RUN_IT', tableId: TABLE_ID, count: 2 });
  });

  it("states the table's game, rules and options in the info dialog", () => {
    renderWith(<InfoDialog open view={tableView({ variant: 'FO/8', ante: 25, straddle: 'utg', runItTwice: true, bombPotEvery: 10 })} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Fixed-limit Omaha hi-lo');
    expect(dialog.textContent).toContain('half to the best low');
    expect(dialog.textContent).toContain('400, under the gun');
    expect(dialog.textContent).toContain('Every 10 hands: everyone antes 400');
    expect(dialog.textContent).toContain('Offered when everyone is all-in before the river');
  });

  it('lets a seated player choose to straddle at a straddle table', async () => {
    const conn = mount();
    act(() => conn.state(tableView({ straddle: 'utg', mySeat: 1, seats: [seat(0), seat(1, { cards: ['Ah', 'Kh'] }), null, seat(3), null, null] }), 1));
    const toggle = screen.getByTestId('straddle-toggle');
    expect(toggle.textContent).toBe('Straddle 400 when under the gun');
    await userEvent.click(within(toggle).getByRole('checkbox'));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'STRADDLE', tableId: TABLE_ID, on: true });
  });
});
