// Component tests of the back office against msw: the gate, the withdrawal queue (approve and
// reject behind confirmations, once only), role change, delete refused with 409, table form rules.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_SAMPLE_PHH, hand, table } from '../../mocks/admin-state';
import { FakeWebSocket, adminMock, renderAdmin, seatView, tableView } from './helpers';

const mock = adminMock();
const { use, requests } = mock;

const row = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('the gate', () => {
  it('sends a signed-in player to / and never renders the admin', async () => {
    use({ role: 'PLAYER' });
    const { goHome } = await renderAdmin('/admin/withdraw');
    await waitFor(() => expect(goHome).toHaveBeenCalled());
    expect(screen.queryByText('Admin Panel')).toBeNull();
    expect(requests('GET', '/admin/withdrawal')).toHaveLength(0);
    // The player's token is theirs to keep.
    expect(localStorage.getItem('accessToken')).toBe('admin-token');
  });

  it('sends someone without a token to / without asking the server', async () => {
    use();
    const { goHome } = await renderAdmin('/admin', { token: null });
    await waitFor(() => expect(goHome).toHaveBeenCalled());
    expect(mock.state.requests).toHaveLength(0);
  });

  it('lets an administrator in: /admin lands on the user list', async () => {
    use();
    const { goHome } = await renderAdmin('/admin');
    await screen.findByText('Admin Panel');
    await screen.findByText('saraa');
    expect(screen.getByTestId('location').textContent).toBe('/admin/user');
    expect(goHome).not.toHaveBeenCalled();
    // The menu links carry the /admin prefix and the current entry is highlighted.
    const users = screen.getAllByRole('menuitem').find((m) => m.textContent === 'Users')!;
    expect(users.getAttribute('href')).toBe('/admin/user');
    expect(users.className).toContain('RaMenuItemLink-active');
    const withdrawals = screen.getAllByRole('menuitem').find((m) => m.textContent === 'Withdrawals')!;
    expect(withdrawals.className).not.toContain('RaMenuItemLink-active');
  });
});

describe('withdrawal queue', () => {
  it('shows waiting requests first with the pay-to account, and approves one after confirmation, once', async () => {
    use({ mutationDelay: 150 });
    await renderAdmin('/admin/withdraw');
    await screen.findByText('WDR-AAA111');
    expect(requests('GET', '/admin/withdrawal')[0].query).toMatchObject({ status: 'NOT_APPROVED', sort: 'requestDate', order: 'ASC' });
    expect(row('WDR-AAA111').textContent).toContain('5012345678');
    expect(row('WDR-BBB222').textContent).toContain('Golomt Bank');

    fireEvent.click(within(row('WDR-AAA111')).getByRole('button', { name: /approve/i }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('50,000');
    expect(dialog.textContent).toContain('5012345678');
    expect(requests('PUT', '/withdrawal/approve')).toHaveLength(0); // nothing before confirming
    const confirm = within(dialog).getByRole('button', { name: /approve/i });
    fireEvent.click(confirm);
    fireEvent.click(confirm); // an impatient second click
    await screen.findByText('Withdrawal WDR-AAA111 approved: 50,000 ₮ to bataa');
    expect(requests('PUT', '/withdrawal/approve')).toHaveLength(1);
    expect(requests('PUT', '/withdrawal/approve')[0].query).toEqual({ withdrawalId: '1' });
    await waitFor(() => expect(screen.queryByText('WDR-AAA111')).toBeNull()); // left the waiting queue
    expect(screen.getByText('WDR-BBB222')).toBeTruthy();
  });

  it('rejects with a reason (required) after confirmation', async () => {
    use();
    await renderAdmin('/admin/withdraw');
    await screen.findByText('WDR-BBB222');
    fireEvent.click(within(row('WDR-BBB222')).getByRole('button', { name: /reject/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /reject/i }));
    await within(dialog).findByText('Give a reason (1 to 500 characters).');
    expect(requests('PUT', '/withdrawal/reject')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Account name does not match' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /reject/i }));
    await screen.findByText('Withdrawal WDR-BBB222 rejected; 30,000 ₮ returned to saraa');
    expect(requests('PUT', '/withdrawal/reject')[0]).toMatchObject({ query: { withdrawalId: '2' }, body: { reason: 'Account name does not match' } });
  });

  it('says plainly when a colleague resolved it first', async () => {
    use();
    await renderAdmin('/admin/withdraw');
    await screen.findByText('WDR-AAA111');
    mock.state.withdrawals[0].status = 'APPROVED'; // someone else, meanwhile
    fireEvent.click(within(row('WDR-AAA111')).getByRole('button', { name: /approve/i }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /approve/i }));
    await screen.findByText(/already been resolved/);
    await waitFor(() => expect(screen.queryByText('WDR-AAA111')).toBeNull());
  });

  it('shows the hold after a bank account change: approve is disabled until its end, reject is not', async () => {
    use();
    const until = new Date(Date.now() + 20 * 3600_000).toISOString();
    mock.state.withdrawals[0].holdUntil = until;
    await renderAdmin('/admin/withdraw');
    await screen.findByText('WDR-AAA111');
    const held = within(row('WDR-AAA111')).getByTestId('withdrawal-hold');
    expect(held.textContent).toMatch(/^Held until /);
    expect((within(row('WDR-AAA111')).getByRole('button', { name: /approve/i }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('WDR-AAA111')).getByRole('button', { name: /reject/i }) as HTMLButtonElement).disabled).toBe(false);
    // The other request has no hold.
    expect(within(row('WDR-BBB222')).queryByTestId('withdrawal-hold')).toBeNull();
    expect((within(row('WDR-BBB222')).getByRole('button', { name: /approve/i }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says from when it can be approved when the server refuses for the hold (409 PAYOUT_COOLING_OFF)', async () => {
    use();
    await renderAdmin('/admin/withdraw');
    await screen.findByText('WDR-AAA111');
    mock.state.withdrawals[0].holdUntil = new Date(Date.now() + 3600_000).toISOString(); // the list was older
    fireEvent.click(within(row('WDR-AAA111')).getByRole('button', { name: /approve/i }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /approve/i }));
    await screen.findByText(/^Withdrawal WDR-AAA111 can be approved from .+: the bank account was changed recently$/);
    expect(mock.state.withdrawals[0].status).toBe('NOT_APPROVED');
  });
});

describe('users', () => {
  it('changes a role after confirmation', async () => {
    use();
    await renderAdmin('/admin/user/7/show');
    fireEvent.click(await screen.findByRole('button', { name: /make administrator/i }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('bataa will become: Administrator');
    fireEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await screen.findByText('bataa is now: Administrator');
    expect(requests('PATCH', '/user/role')[0]).toMatchObject({ query: { userId: '7' }, body: { role: 'ADMIN' } });
    await screen.findByRole('button', { name: /make player/i });
  });

  it('shows the 409 of deleting a user who holds money in plain words', async () => {
    use();
    mock.state.users[0].locked = 20_000;
    await renderAdmin('/admin/user/7/show');
    await screen.findByText('bataa@example.mn');
    fireEvent.click(screen.getByRole('button', { name: /delete/i }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await screen.findByText('User still holds chips or a pending withdrawal, so the account cannot be deleted.');
    expect(requests('DELETE', '/admin/user')[0].query).toEqual({ userId: '7' });
    expect(mock.state.users).toHaveLength(2);
  });

  it('shows when the bank account was last changed and the withdrawal hold it started', async () => {
    use();
    mock.state.users[0].payoutChangedAt = new Date(Date.now() - 3600_000).toISOString();
    mock.state.users[0].payoutHoldUntil = new Date(Date.now() + 23 * 3600_000).toISOString();
    await renderAdmin('/admin/user/7/show');
    await screen.findByText('bataa@example.mn');
    expect(screen.getByText('Bank account last changed')).toBeTruthy();
    expect(screen.getByText('Withdrawals held until')).toBeTruthy();
    expect(screen.getByTestId('user-payout-hold').textContent).not.toBe('—');
  });

  it('searches by username, e-mail or deposit code', async () => {
    use();
    await renderAdmin('/admin/user');
    await screen.findByText('saraa');
    fireEvent.change(screen.getByPlaceholderText('Username, e-mail or deposit code'), { target: { value: 'S8P3M1' } });
    await waitFor(() => expect(screen.queryByText('bataa')).toBeNull());
    expect(requests('GET', '/user/search').at(-1)!.query).toMatchObject({ q: 'S8P3M1' });
  });
});

describe('tables', () => {
  const fill = (name: string, value: string) => {
    const input = document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    fireEvent.change(input, { target: { value } });
  };

  it('refuses wrong stakes in the form, then creates the table', async () => {
    use();
    await renderAdmin('/admin/table/create');
    await screen.findByText('Stakes');
    fill('name', 'Khuree');
    fill('smallBlind', '2000');
    fill('bigBlind', '1000');
    fill('minBuyIn', '500');
    fill('maxBuyIn', '400');
    fill('maxPlayers', '12');
    fill('actionTime', '3');
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await screen.findByText('The small blind must be below the big blind');
    expect(screen.getByText('The minimum buy-in must be at least the big blind')).toBeTruthy();
    expect(screen.getByText('The maximum buy-in must be at least the minimum')).toBeTruthy();
    expect(screen.getByText('2 to 9 seats')).toBeTruthy();
    expect(screen.getByText('Between 5 and 120')).toBeTruthy();
    expect(requests('POST', '/admin/table')).toHaveLength(0);

    fill('smallBlind', '500');
    fill('minBuyIn', '20000');
    fill('maxBuyIn', '100000');
    fill('maxPlayers', '6');
    fill('actionTime', '25');
    fill('ante', '50');
    fill('bombPotEvery', '10');
    const save = screen.getByRole('button', { name: /save/i }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false)); // re-validation done
    fireEvent.click(save);
    await waitFor(() => expect(requests('POST', '/admin/table')).toHaveLength(1));
    expect(requests('POST', '/admin/table')[0].body).toEqual({
      name: 'Khuree',
      variant: 'NT',
      smallBlind: 500,
      bigBlind: 1000,
      minBuyIn: 20_000,
      maxBuyIn: 100_000,
      maxPlayers: 6,
      actionTime: 25,
      ante: 50,
      straddle: 'off',
      runItTwice: false,
      bombPotEvery: 10,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/table'));
  });
});

describe('the table page', () => {
  it('lists finished hands with every card, replays one and downloads its PHH', async () => {
    use({ tables: [table()], sessions: [hand()] });
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return 'blob:phh';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await renderAdmin('/admin/table/3');
    await screen.findByText('Finished hands');
    await screen.findByText('Bat');
    expect(requests('GET', '/admin/table/session')[0].query).toMatchObject({ tableId: '3' });
    // Every card: each player's hole cards and the board.
    for (const c of ['As', 'Ks', '7c', '2d', 'Qh', 'Qd', 'Ah', '7h', '2s', '9c', '3d']) expect(screen.getAllByLabelText(c).length).toBeGreaterThan(0);
    expect(screen.getByText('Dorj')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'PHH' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const text = await new Promise<string>((resolve) => {
      const fr = new FileReader();
      fr.onload = () => resolve(String(fr.result));
      fr.readAsText(created[0]);
    });
    expect(text).toBe(ADMIN_SAMPLE_PHH);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('table-3-hand-12.phh');
    click.mockRestore();

    fireEvent.click(screen.getByRole('button', { name: 'Replay' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Hand start')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forward' }));
    await within(dialog).findByText(/Bat is dealt As Ks|Bat posts/);
  });
});

describe('the live table', () => {
  /** Opens the fake socket, answers SUBSCRIBE and sends the first snapshot. */
  async function connect(view = tableView()) {
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const ws = FakeWebSocket.last();
    act(() => ws.open());
    await waitFor(() => expect(ws.sentJson().some((m) => m.action === 'SUBSCRIBE')).toBe(true));
    expect(ws.sentJson()[0]).toMatchObject({ type: 'AUTH', token: 'admin-token' });
    expect(ws.sentJson().find((m) => m.action === 'SUBSCRIBE')).toMatchObject({ type: 'GAME', tableId: 3 });
    act(() => {
      ws.ackAll();
      ws.push({ type: 'GAME', action: 'TABLE_STATE', tableId: 3, version: 10, state: view });
    });
    await screen.findByTestId('live-table');
    return ws;
  }

  it('shows seats, bots, stacks, bets, the board, the pot and who is to act, without hole cards; patches apply', async () => {
    FakeWebSocket.instances = [];
    use({ tables: [table({ maxPlayers: 6 })] });
    await renderAdmin('/admin/table/3');
    const ws = await connect();
    const seat0 = screen.getByTestId('live-seat-0');
    expect(within(seat0).getByTestId('seat-name').textContent).toBe('bataa');
    expect(within(seat0).getByTestId('seat-stack').textContent).toContain('50,000');
    expect(within(seat0).getByText('Playing')).toBeTruthy();
    expect(seat0.getAttribute('data-to-act')).toBe('true');
    const bot = screen.getByTestId('live-seat-2');
    expect(within(bot).getByTestId('seat-bot').textContent).toBe('BOT');
    expect(within(bot).getByTestId('seat-bet').textContent).toContain('2,000');
    expect(screen.getByTestId('live-seat-1').getAttribute('data-empty')).toBe('true');
    expect(screen.getByTestId('live-hand').textContent).toContain('Hand #9');
    expect(screen.getByTestId('live-hand').textContent).toContain('Flop');
    for (const c of ['Ah', '7d', '2c']) expect(within(screen.getByTestId('live-board')).getByLabelText(c)).toBeTruthy();
    expect(screen.getByTestId('live-pots').textContent).toContain('6,000');
    expect(screen.getByTestId('live-to-act').textContent).toBe('To act: bataa');
    // No hole cards: only backs for players holding cards.
    expect(screen.getByTestId('live-table').querySelectorAll('[data-card]:not([data-card="back"])')).toHaveLength(3);
    expect(screen.getByTestId('live-simulation').textContent).toBe('Simulation on: 1 bots');
    // Simulation is on: start is disabled, stop enabled.
    expect((screen.getByRole('button', { name: 'start simulation' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'stop simulation' }) as HTMLButtonElement).disabled).toBe(false);

    // An event: the player checks, the bot is to act; another player disconnects.
    act(() =>
      ws.push({
        type: 'GAME',
        action: 'TABLE_EVENT',
        tableId: 3,
        version: 11,
        event: { kind: 'ACTION', seat: 0, action: 'CHECK', amount: 0 },
        patch: { seats: { 0: seatView({ connected: false }) }, hand: { ...tableView().hand!, toAct: 2 } },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('live-to-act').textContent).toBe('To act: Bot Temuulen'));
    expect(within(screen.getByTestId('live-seat-0')).getByTestId('seat-offline')).toBeTruthy();
    // A gap in versions: a fresh snapshot is asked for.
    const subscribes = () => ws.sentJson().filter((m) => m.action === 'SUBSCRIBE').length;
    expect(subscribes()).toBe(1);
    act(() => ws.push({ type: 'GAME', action: 'TABLE_EVENT', tableId: 3, version: 14, event: { kind: 'SIMULATION', on: true }, patch: {} }));
    await waitFor(() => expect(subscribes()).toBe(2));
    // LOBBY_UPDATE for this table is not a table event.
    act(() => ws.push({ type: 'GAME', action: 'LOBBY_UPDATE', tableId: 3, players: 2 }));
    expect(subscribes()).toBe(2);
  });

  it('stops and starts simulation from the route table, shows the bots answered and follows the live flag', async () => {
    FakeWebSocket.instances = [];
    use({ tables: [table({ maxPlayers: 6 })], bots: 4 });
    await renderAdmin('/admin/table/3');
    const ws = await connect(
      tableView({
        simulation: false,
        seats: Array.from({ length: 6 }, (_, i) => (i === 0 ? seatView({ hasCards: false, state: 'WAITING' }) : null)),
        hand: null,
      }),
    );
    expect(screen.getByTestId('live-hand').textContent).toContain('Between hands');
    const start = screen.getByRole('button', { name: 'start simulation' }) as HTMLButtonElement;
    expect((screen.getByRole('button', { name: 'stop simulation' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(start);
    await screen.findByText('Simulation started on Khuree: 4 bots seated');
    expect(requests('PUT', '/admin/table/simulate')[0].query).toEqual({ tableId: '3' });
    act(() => ws.push({ type: 'GAME', action: 'TABLE_EVENT', tableId: 3, version: 11, event: { kind: 'SIMULATION', on: true }, patch: { simulation: true } }));
    await waitFor(() => expect(start.disabled).toBe(true));
    const stop = screen.getByRole('button', { name: 'stop simulation' }) as HTMLButtonElement;
    expect(stop.disabled).toBe(false);
    fireEvent.click(stop);
    await screen.findByText('Simulation stopping on Khuree: the 4 bots leave after the hand');
    expect(requests('DELETE', '/admin/table/simulate')[0].query).toEqual({ tableId: '3' });
  });

  it('kicks a seated player after confirming; during a hand the player leaves when it ends', async () => {
    FakeWebSocket.instances = [];
    use({ tables: [table({ maxPlayers: 6 })], seated: [7, 900] });
    await renderAdmin('/admin/table/3');
    await connect();
    fireEvent.click(screen.getByRole('button', { name: 'Kick bataa' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Kick bataa from Khuree?');
    expect(dialog.textContent).toContain('removed when it ends');
    expect(dialog.textContent).toContain('50,000');
    expect(requests('DELETE', '/admin/table/kick')).toHaveLength(0); // nothing before confirming
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kick from the table' }));
    await screen.findByText('bataa leaves Khuree when this hand ends; the chips then go back to the wallet');
    expect(requests('DELETE', '/admin/table/kick')[0].query).toEqual({ tableId: '3', userId: '7' });

    // Kicking someone who has already gone says so plainly.
    fireEvent.click(screen.getByRole('button', { name: 'Kick bataa' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kick from the table' }));
    await screen.findByText('This player is no longer seated at the table.');
  });
});

describe('content blocks', () => {
  // The editor's preview loads the Markdown renderer on demand: load it once here, so a test under
  // the full suite's load does not spend its time compiling it.
  beforeAll(async () => {
    await import('../../src/shared/ui/Markdown');
  });

  it('lists blocks, edits the English markdown with a live preview and saves both languages', async () => {
    use();
    await renderAdmin('/admin/data');
    fireEvent.click(await screen.findByText('info'));
    const input = (await screen.findByDisplayValue(/About us/)) as HTMLTextAreaElement;
    const preview = await screen.findByTestId('preview-en');
    await waitFor(() => expect(preview.querySelector('h1')?.textContent).toBe('About us'));
    fireEvent.change(input, { target: { value: '## Rules\n<img src=x onerror=alert(1)>Be *kind*' } });
    await waitFor(() => expect(preview.querySelector('h2')?.textContent).toBe('Rules'));
    // The preview sanitises exactly as the player pages do: no script handlers survive.
    expect(preview.innerHTML).not.toContain('onerror');
    expect(preview.querySelector('em')?.textContent).toBe('kind');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests('PUT', '/admin/block/info')).toHaveLength(1));
    expect(requests('PUT', '/admin/block/info')[0].body).toEqual({
      content: { en: '## Rules\n<img src=x onerror=alert(1)>Be *kind*', mn: '# Бидний тухай\nБид шударга хөзөр тараадаг.' },
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/data'));
  });

  it('refuses a bad block name, then creates one', async () => {
    use();
    await renderAdmin('/admin/data/create');
    // By attribute: label and role queries scan the whole react-admin page (seconds under load).
    const name = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('input[name="name"]');
      expect(el).toBeTruthy();
      return el!;
    });
    fireEvent.change(name, { target: { value: 'Bad Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Lowercase letters, digits, - and _; starting with a letter or digit');
    expect(requests('POST', '/admin/block')).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'house-bank' } });
    await waitFor(() => expect(screen.queryByText('Lowercase letters, digits, - and _; starting with a letter or digit')).toBeNull());
    const english = document.querySelector<HTMLTextAreaElement>('textarea[name="content.en"]')!;
    fireEvent.change(english, { target: { value: 'Pay to **Khan Bank**' } });
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false)); // re-validation done
    fireEvent.click(save);
    await waitFor(() => expect(requests('POST', '/admin/block')).toHaveLength(1));
    expect(requests('POST', '/admin/block')[0].body).toEqual({ name: 'house-bank', content: { en: 'Pay to **Khan Bank**', mn: '' } });
  });
});

describe('Mongolian', () => {
  it('shows the menu, react-admin messages and money in Mongolian', async () => {
    use();
    await renderAdmin('/admin/withdraw', { lang: 'mn' });
    await screen.findByText('WDR-AAA111');
    expect(screen.getByText('Удирдлагын самбар')).toBeTruthy();
    for (const label of ['Хэрэглэгч', 'Мөнгө татах', 'Цэнэглэлт', 'Ширээ']) expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    expect(screen.getByText('Хуудсанд харуулах мөр:')).toBeTruthy();
    expect(row('WDR-AAA111').textContent).toContain('50\u00a0000\u00a0₮');
    expect(row('WDR-AAA111').textContent).toContain('Хаан банк');
  });
});
