// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TablePage, type TableAccount } from '../../../src/player/table/TablePage';
import { FakeConnection, hand, legal, renderWith, seat, TABLE_ID, tableView, testI18n } from './helpers';

afterEach(cleanup);
// MUI under jsdom is slow on a busy machine; these are behaviour tests, not timing tests.
vi.setConfig({ testTimeout: 30_000 });

const account: TableAccount = { userId: 1, username: 'bold', balance: 15_000 };

function mount(conn = new FakeConnection(), acc: TableAccount | null = account) {
  const onLobby = vi.fn();
  renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={acc} onLobby={onLobby} fairTools={null} />);
  return { conn, onLobby };
}

describe('TablePage', () => {
  it('subscribes on mount and draws the table from TABLE_STATE', () => {
    const { conn } = mount();
    expect(conn.sent[0].cmd).toMatchObject({ type: 'GAME', action: 'SUBSCRIBE', tableId: TABLE_ID });
    expect(screen.getByTestId('table-loading')).toBeTruthy();
    act(() => conn.state(tableView(), 1));
    expect(screen.getByText('Khangai')).toBeTruthy();
    expect(screen.getByText('player0')).toBeTruthy();
  });

  it("names the shown and winning hands in the player's language", async () => {
    const conn = new FakeConnection();
    renderWith(<TablePage tableId={TABLE_ID} connection={conn} account={account} onLobby={vi.fn()} fairTools={null} />, { i18n: testI18n('mn') });
    act(() => conn.state(tableView(), 1));
    act(() => conn.event(TABLE_ID, 2, { kind: 'SHOWED', seat: 0, cards: ['Th', 'Td'], description: 'Full house, tens over fours' }, {}));
    act(() =>
      conn.event(
        TABLE_ID,
        3,
        { kind: 'POT_AWARDED', potIndex: 0, amount: 1200, rake: 0, winners: [{ seat: 0, amount: 1200 }], description: 'Full house, tens over fours' },
        {},
      ),
    );
    expect(within(screen.getByTestId('seat-0')).getByText('Фулл хаус: гурван арав, хоёр дөрөв')).toBeTruthy();
    // The hand log mounts just after the table (its own transition).
    expect((await screen.findByTestId('hand-log')).textContent).toContain('Фулл хаус: гурван арав, хоёр дөрөв');
    expect(document.body.textContent).not.toContain('Full house');
  });

  it('raises and lights the five cards that won: the hole cards and the board cards of the best hand', async () => {
    const { conn } = mount();
    const board = ['Tc', '4h', '4d', '2s', '9c'];
    act(() => conn.state(tableView({ seats: [seat(0, { cards: ['Th', 'Td'] }), seat(1), null, seat(3), null, null], hand: hand({ board }) }), 1));
    act(() =>
      conn.event(
        TABLE_ID,
        2,
        { kind: 'POT_AWARDED', potIndex: 0, amount: 1200, rake: 0, winners: [{ seat: 0, amount: 1200 }], description: 'Full house, tens over fours' },
        {},
      ),
    );
    const best = () => [...document.querySelectorAll('[data-best]')].map((el) => el.querySelector('[role="img"]')?.getAttribute('aria-label'));
    await waitFor(() => expect(best()).toHaveLength(5));
    // Three tens and two fours: the deuce and the nine on the board stay down.
    expect(best().sort()).toEqual(['10♣', '10♥', '10♦', '4♥', '4♦'].sort());
  });

  it('shows spectators no hole cards and a Sit here button on every free seat', () => {
    const { conn } = mount();
    act(() => conn.state(tableView(), 1));
    expect(screen.queryAllByRole('img', { name: /[♠♥♦♣]/ })).toHaveLength(0);
    expect(screen.getAllByRole('img', { name: 'card back' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: 'Sit here' })).toHaveLength(3);
    expect(within(screen.getByTestId('seat-2')).getByRole('button', { name: 'Sit here' })).toBeTruthy();
  });

  it('shows a seated player their own cards and no Sit here buttons', () => {
    const { conn } = mount();
    act(() => conn.state(tableView({ mySeat: 1, seats: [seat(0), seat(1, { cards: ['As', 'Kd'] }), null, seat(3), null, null] }), 1));
    expect(within(screen.getByTestId('seat-1')).getByRole('img', { name: 'A♠' })).toBeTruthy();
    expect(within(screen.getByTestId('seat-1')).getByRole('img', { name: 'K♦' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sit here' })).toBeNull();
  });

  it('opens the buy-in dialog with min, max and balance, validates it and sends SIT', async () => {
    const { conn } = mount();
    act(() => conn.state(tableView(), 1));
    await userEvent.click(within(screen.getByTestId('seat-4')).getByRole('button', { name: 'Sit here' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('buyin-min').textContent).toBe('4,000\u00a0₮');
    expect(within(dialog).getByTestId('buyin-max').textContent).toBe('20,000\u00a0₮');
    expect(within(dialog).getByTestId('buyin-balance').textContent).toBe('15,000\u00a0₮');
    const field = within(dialog).getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    expect(field.value).toBe('15000'); // the most the player can afford
    const sit = within(dialog).getByRole('button', { name: 'Sit down' }) as HTMLButtonElement;

    await userEvent.clear(field);
    await userEvent.type(field, '3999');
    expect(within(dialog).getByText('Too low: the minimum is 4,000 ₮')).toBeTruthy();
    expect(sit.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, '16000');
    expect(within(dialog).getByText('More than your balance')).toBeTruthy();
    expect(sit.disabled).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, '8000');
    expect(sit.disabled).toBe(false);
    await userEvent.click(sit);
    expect(conn.last()).toEqual({ type: 'GAME', action: 'SIT', tableId: TABLE_ID, seat: 4, buyIn: 8_000 });
  });

  it('keeps the buy-in dialog open with the server error when SIT is refused', async () => {
    const conn = new FakeConnection();
    mount(conn);
    act(() => conn.state(tableView(), 1));
    await userEvent.click(within(screen.getByTestId('seat-2')).getByRole('button', { name: 'Sit here' }));
    conn.autoAck = false;
    await userEvent.click(screen.getByRole('button', { name: 'Sit down' }));
    await act(async () => conn.sent.at(-1)!.reject('SEAT_TAKEN'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('That seat was just taken')).toBeTruthy();
  });

  it('warns when the balance is below the minimum buy-in', async () => {
    const { conn } = mount(new FakeConnection(), { ...account, balance: 1_000 });
    act(() => conn.state(tableView(), 1));
    await userEvent.click(within(screen.getByTestId('seat-2')).getByRole('button', { name: 'Sit here' }));
    expect(screen.getByText(/below the minimum buy-in/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Sit down' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends actions with the pending state until the ACK and shows errors in a snackbar', async () => {
    const conn = new FakeConnection();
    mount(conn);
    act(() => conn.state(tableView({ mySeat: 1, hand: hand({ toAct: 1, legal: legal(), actionDeadline: Date.now() + 20_000 }) }), 1));
    conn.autoAck = false;
    await userEvent.click(screen.getByRole('button', { name: 'Call 200' }));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'CALL', tableId: TABLE_ID });
    expect((screen.getByRole('button', { name: 'Fold' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => conn.sent.at(-1)!.reject('NOT_YOUR_TURN'));
    expect(screen.getByRole('alert').textContent).toContain('It is not your turn');
    expect((screen.getByRole('button', { name: 'Fold' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers sit-in with the missed-blind choice', async () => {
    const conn = new FakeConnection();
    mount(conn);
    act(() =>
      conn.state(
        tableView({
          mySeat: 1,
          hand: null,
          seats: [seat(0), seat(1, { state: 'SITTING_OUT', hasCards: false, missedBlind: true }), null, seat(3), null, null],
        }),
        1,
      ),
    );
    await userEvent.click(screen.getAllByRole('button', { name: 'Sit in' })[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Wait for the big blind' }));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'SIT_IN', tableId: TABLE_ID, postBlind: false });
    await userEvent.click((await screen.findAllByRole('button', { name: 'Sit in' }))[0]);
    await userEvent.click(screen.getByRole('button', { name: 'Post 200 now' }));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'SIT_IN', tableId: TABLE_ID, postBlind: true });
  });

  it('says the player leaves after the hand when leaving mid-hand', async () => {
    const conn = new FakeConnection();
    mount(conn);
    act(() => conn.state(tableView({ mySeat: 1, seats: [seat(0), seat(1, { cards: ['As', 'Kd'] }), null, seat(3), null, null] }), 1));
    await userEvent.click(screen.getByRole('button', { name: 'Leave table' }));
    expect(screen.getByText(/You will leave when it ends/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'LEAVE', tableId: TABLE_ID });
    act(() => conn.event(TABLE_ID, 2, { kind: 'TURN', seat: 0 }, { seats: { 1: seat(1, { cards: ['As', 'Kd'], leaving: true }) } }));
    expect(screen.getAllByText('Leaving after this hand').length).toBeGreaterThan(0);
  });

  it('adds chips between hands up to the maximum', async () => {
    const conn = new FakeConnection();
    mount(conn);
    act(() =>
      conn.state(
        tableView({ mySeat: 1, hand: null, seats: [seat(0), seat(1, { stack: 12_000, hasCards: false, state: 'WAITING' }), null, seat(3), null, null] }),
        1,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add chips' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('buyin-max').textContent).toBe('8,000\u00a0₮');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add chips' }));
    expect(conn.last()).toEqual({ type: 'GAME', action: 'ADD_CHIPS', tableId: TABLE_ID, amount: 8_000 });
  });

  it('once a hand is settled the player is between hands, even when no next hand comes (alone at the table)', async () => {
    const conn = new FakeConnection();
    mount(conn);
    const me = seat(1, { stack: 12_000, cards: ['As', 'Kd'], hasCards: true, state: 'PLAYING' });
    const view = tableView({
      mySeat: 1,
      hand: hand({ handId: 9, street: 'SHOWDOWN' }),
      seats: [seat(0, { state: 'SITTING_OUT', stack: 0 }), me, null, null, null, null],
    });
    act(() => conn.state(view, 1));
    const addChips = () => screen.getByRole('button', { name: 'Add chips' }) as HTMLButtonElement;
    expect(addChips().disabled).toBe(true); // the hand is still being played out
    const settled = {
      handId: 9,
      handNumber: 9,
      seedHash: 'ab'.repeat(32),
      cardsRoot: 'cd'.repeat(32),
      entropy: [],
      seed: null,
      openings: [],
      mine: [],
      winners: [],
    };
    act(() =>
      conn.event(TABLE_ID, 2, { kind: 'HAND_ENDED', handId: 9, seed: null, seedHash: 'ab'.repeat(32), cardsRoot: 'cd'.repeat(32) }, { lastHand: settled }),
    );
    expect(addChips().disabled).toBe(false);
    await userEvent.click(addChips());
    expect(within(screen.getByRole('dialog')).getByTestId('buyin-max').textContent).toBe('8,000\u00a0₮');
  });
});
