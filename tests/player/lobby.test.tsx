import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { TABLES_REFRESH_LIVE_MS, TABLES_REFRESH_MS, TableList, applyLobbyUpdate, filterTables, variantKey } from '../../src/player/lobby/TableList';
import { TournamentTab } from '../../src/player/lobby/TournamentTab';
import { JackpotBanner } from '../../src/player/lobby/JackpotBanner';
import { ChatPanel } from '../../src/player/lobby/ChatPanel';
import { MaintenanceBanner } from '../../src/player/shell/MaintenanceBanner';
import { makeTable } from '../../mocks/state';
import { ALL_GAMES, type GameFilter } from '../../src/player/lobby/GameFilters';
import { FakeWebSocket, makeSocket, renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state.maintenance = { enabled: false, message: '' };
});
afterAll(() => server.close());

function setWidth(w: number) {
  Object.defineProperty(window, 'innerWidth', { value: w, configurable: true, writable: true });
}

describe('table list', () => {
  it("maps games: NT → Texas Hold'em, PO5 → Omaha 5, anything else → unknown", () => {
    expect(variantKey('NT')).toBe('variant.NT');
    expect(variantKey('PO5/8')).toBe('variant.PO5/8');
    expect(variantKey('stud')).toBe('variant.unknown');
  });

  it('filters by game, limit and option', () => {
    const t = [
      makeTable({ tableId: 1, variant: 'NT', straddle: 'utg' }),
      makeTable({ tableId: 2, variant: 'PO5', runItTwice: true }),
      makeTable({ tableId: 3, variant: 'FO/8', bombPotEvery: 5 }),
      makeTable({ tableId: 4, variant: 'NS', ante: 100 }),
    ];
    const ids = (f: Partial<GameFilter>) => filterTables(t, 'all', 'all', { ...ALL_GAMES, ...f }).map((x) => x.tableId);
    expect(ids({})).toEqual([1, 2, 3, 4]);
    expect(ids({ game: 'PO5' })).toEqual([2]);
    expect(ids({ structure: 'no-limit' })).toEqual([1, 4]);
    expect(ids({ structure: 'fixed-limit' })).toEqual([3]);
    expect(ids({ option: 'straddle' })).toEqual([1]);
    expect(ids({ option: 'runItTwice' })).toEqual([2]);
    expect(ids({ option: 'bombPot' })).toEqual([3]);
    expect(ids({ option: 'ante' })).toEqual([4]);
    expect(ids({ structure: 'pot-limit', option: 'ante' })).toEqual([]);
  });

  it('shows every game with its options and filters in the UI by game', async () => {
    setWidth(1280);
    state.tables.push(makeTable({ tableId: 9, name: 'Орхон', variant: 'PO5', runItTwice: true, bombPotEvery: 10 }));
    try {
      renderPlayer({ children: <TableList /> });
      const row = await screen.findByTestId('table-row-9');
      expect(row.textContent).toContain('Omaha 5 · Run it twice · Bomb pots');
      const select = within(screen.getByTestId('filter-lobby-game')).getByRole<HTMLSelectElement>('combobox', { name: 'Game' });
      fireEvent.change(select, { target: { value: 'PO5' } });
      await waitFor(() => expect(screen.queryByTestId('table-row-1')).toBeNull());
      expect(screen.getByTestId('table-row-9')).toBeTruthy();
      const option = within(screen.getByTestId('filter-option')).getByRole<HTMLSelectElement>('combobox', { name: 'Option' });
      fireEvent.change(option, { target: { value: 'straddle' } });
      await waitFor(() => expect(screen.queryByTestId('table-row-9')).toBeNull());
    } finally {
      state.tables.pop();
    }
  });

  it('filters by blinds and by active players', () => {
    const t = [
      makeTable({ tableId: 1, smallBlind: 500, bigBlind: 1000, players: 3, maxPlayers: 9 }),
      makeTable({ tableId: 2, smallBlind: 500, bigBlind: 1000, players: 0 }),
      makeTable({ tableId: 3, smallBlind: 1000, bigBlind: 2000, players: 6, maxPlayers: 6 }),
    ];
    expect(filterTables(t, 'all', 'all').map((x) => x.tableId)).toEqual([1, 2, 3]);
    expect(filterTables(t, '500/1000', 'all').map((x) => x.tableId)).toEqual([1, 2]);
    expect(filterTables(t, 'all', 'active').map((x) => x.tableId)).toEqual([1, 3]);
    expect(filterTables(t, 'all', 'free').map((x) => x.tableId)).toEqual([1, 2]);
  });

  it('shows the columns number, name, variant, buy-in, players, blinds, table with play and full', async () => {
    setWidth(1280);
    renderPlayer({ children: <TableList /> });
    const table = await screen.findByTestId('table-list');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['No.', 'Name', 'Game', 'Buy-in', 'Players', 'Blinds', 'Table']);
    const row1 = screen.getByTestId('table-row-1');
    expect(within(row1).getByText('Улаанбаатар')).toBeTruthy();
    expect(within(row1).getByText("Texas Hold'em")).toBeTruthy();
    expect(within(row1).getByText('4/9')).toBeTruthy();
    expect(within(row1).getByText('500 / 1,000')).toBeTruthy();
    expect(row1.textContent).toContain('20,000 – 100,000\u00a0₮');
    expect(within(row1).getByTestId('play-1')).toBeTruthy();
    const row2 = screen.getByTestId('table-row-2');
    expect(within(row2).getByText('Omaha')).toBeTruthy();
    expect(within(row2).getByText('Full')).toBeTruthy();
    expect(within(row2).queryByTestId('play-2')).toBeNull();
  });

  it('filters in the UI by active players', async () => {
    setWidth(1280);
    renderPlayer({ children: <TableList /> });
    await screen.findByTestId('table-list');
    expect(screen.getByTestId('table-row-3')).toBeTruthy();
    const select = within(screen.getByTestId('filter-players')).getByRole<HTMLSelectElement>('combobox', { name: 'Active players' });
    fireEvent.change(select, { target: { value: within(select).getByRole<HTMLOptionElement>('option', { name: 'With players' }).value } });
    await waitFor(() => expect(screen.queryByTestId('table-row-3')).toBeNull());
    expect(screen.getByTestId('table-row-1')).toBeTruthy();
  });

  it('shows cards rather than a wide table on a 375 px phone', async () => {
    setWidth(375);
    renderPlayer({ children: <TableList /> });
    expect(await screen.findByTestId('table-cards')).toBeTruthy();
    expect(screen.queryByTestId('table-list')).toBeNull();
    setWidth(1024);
  });

  it('refreshes player counts', async () => {
    setWidth(1280);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderPlayer({ children: <TableList /> });
      await screen.findByTestId('table-list');
      state.tables[0] = { ...state.tables[0], players: 7 };
      await act(async () => {
        await vi.advanceTimersByTimeAsync(TABLES_REFRESH_MS + 100);
      });
      await waitFor(() => expect(screen.getByTestId('players-1').textContent).toBe('7/9'));
    } finally {
      vi.useRealTimers();
      state.tables[0] = { ...state.tables[0], players: 4 };
    }
  });

  it('polls slowly as a fallback: every 10 s without a socket, every 30 s with one', () => {
    expect(TABLES_REFRESH_MS).toBe(10_000);
    expect(TABLES_REFRESH_LIVE_MS).toBe(30_000);
  });

  it('applies LOBBY_UPDATE to the list without asking the server', async () => {
    setWidth(1280);
    FakeWebSocket.instances = [];
    localStorage.setItem('accessToken', 'mock-token-1');
    let listCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/v1/user/table') listCalls += 1;
    });
    try {
      const socket = makeSocket();
      renderPlayer({ children: <TableList />, socket });
      await screen.findByTestId('table-list');
      await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
      act(() => FakeWebSocket.last().open());
      const before = listCalls;
      act(() => FakeWebSocket.last().push({ type: 'GAME', action: 'LOBBY_UPDATE', tableId: 1, players: 6 }));
      await waitFor(() => expect(screen.getByTestId('players-1').textContent).toBe('6/9'));
      // A table filling up turns play into full at once.
      const t2 = state.tables.find((t) => t.tableId === 3)!;
      act(() => FakeWebSocket.last().push({ type: 'GAME', action: 'LOBBY_UPDATE', tableId: 3, players: t2.maxPlayers }));
      await waitFor(() => expect(screen.getByTestId('players-3').textContent).toBe(`${t2.maxPlayers}/${t2.maxPlayers}`));
      expect(listCalls).toBe(before);
      // Other GAME messages leave the list alone.
      act(() => FakeWebSocket.last().push({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 1 }));
      expect(screen.getByTestId('players-1').textContent).toBe('6/9');
    } finally {
      server.events.removeAllListeners();
    }
  });

  it('applyLobbyUpdate replaces one count and keeps the list when nothing changes', () => {
    const list = { items: [makeTable({ tableId: 1, players: 2 }), makeTable({ tableId: 2, players: 0 })], total: 2 };
    const next = applyLobbyUpdate(list, { tableId: 2, players: 3 })!;
    expect(next.items.map((t) => t.players)).toEqual([2, 3]);
    expect(next.items[0]).toBe(list.items[0]);
    expect(applyLobbyUpdate(list, { tableId: 1, players: 2 })).toBe(list);
    expect(applyLobbyUpdate(list, { tableId: 9, players: 2 })).toBe(list);
    expect(applyLobbyUpdate(undefined, { tableId: 1, players: 2 })).toBeUndefined();
  });
});

describe('lobby pieces', () => {
  it('tournament tab: the open tournaments from the server (details in tournaments.test.tsx)', async () => {
    setWidth(1280);
    renderPlayer({ children: <TournamentTab /> });
    expect(await screen.findByTestId('tournament-row-1')).toBeTruthy();
    expect(screen.getByText('Turbo 20K')).toBeTruthy();
  });

  it('tournament tab in Mongolian', async () => {
    setWidth(1280);
    renderPlayer({ children: <TournamentTab />, lng: 'mn' });
    const row = await screen.findByTestId('tournament-row-1');
    expect(row.textContent).toContain('9 тоглогч бүртгүүлмэгц эхэлнэ');
    expect(row.textContent).toContain('20\u00a0000\u00a0₮ + 2\u00a0000\u00a0₮');
  });

  it('maintenance banner only when maintenance is on', async () => {
    const first = renderPlayer({ children: <MaintenanceBanner /> });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('maintenance-banner')).toBeNull();
    first.unmount();
    state.maintenance = { enabled: true, message: 'Back at 14:00' };
    renderPlayer({ children: <MaintenanceBanner /> });
    const banner = await screen.findByTestId('maintenance-banner');
    expect(banner.textContent).toContain('Back at 14:00');
  });

  it('jackpot: first from HTTP, then from JACKPOT_UPDATE', async () => {
    FakeWebSocket.instances = [];
    localStorage.setItem('accessToken', 'mock-token-1');
    const socket = makeSocket();
    renderPlayer({ children: <JackpotBanner />, socket });
    await waitFor(() => expect(screen.getByTestId('jackpot-amount').getAttribute('data-amount')).toBe('3456000'));
    expect(screen.getByTestId('jackpot-amount').textContent).toBe('3,456,000\u00a0₮');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().push({ type: 'GAME', action: 'JACKPOT_UPDATE', amount: 3_500_000 }));
    expect(screen.getByTestId('jackpot-amount').getAttribute('data-amount')).toBe('3500000');
    // counts up to the new value
    await waitFor(() => expect(screen.getByTestId('jackpot-amount').textContent).toBe('3,500,000\u00a0₮'));
  });
});

describe('global chat', () => {
  it('asks guests to sign in and loads nothing', () => {
    renderPlayer({ children: <ChatPanel /> });
    expect(screen.getByText('Sign in to read and write in the chat.')).toBeTruthy();
  });

  it('loads the last 50, appends CHAT_MESSAGE, and sends only on an open socket', async () => {
    FakeWebSocket.instances = [];
    let limit: string | null = null;
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/api/chat/messages')) limit = new URL(request.url).searchParams.get('limit');
    });
    localStorage.setItem('accessToken', 'mock-token-1');
    const socket = makeSocket();
    renderPlayer({ children: <ChatPanel />, socket });
    expect(await screen.findByText('Сайн уу бүгдээрээ!')).toBeTruthy();
    expect(limit).toBe('50');
    server.events.removeAllListeners();

    const input = (await screen.findByRole('textbox')) as HTMLInputElement; // the field's chunk loads for signed-in players
    expect(input.disabled).toBe(true); // socket not open yet
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
    const ws = FakeWebSocket.last();
    act(() => ws.open());
    await waitFor(() => expect(input.disabled).toBe(false));
    const user = userEvent.setup();
    await user.type(input, 'hello table{Enter}');
    expect(ws.sentJson().at(-1)).toEqual({ type: 'CHAT_MESSAGE', data: { text: 'hello table' } });
    expect(input.value).toBe('');

    act(() =>
      ws.push({
        type: 'CHAT_MESSAGE',
        data: { id: 99, userId: 1, username: 'bataa', text: 'hello table', tableId: null, createdAt: new Date().toISOString() },
      }),
    );
    expect(screen.getByText('hello table')).toBeTruthy();
    act(() =>
      ws.push({ type: 'CHAT_MESSAGE', data: { id: 100, userId: 3, username: 'x', text: 'at a table', tableId: 4, createdAt: new Date().toISOString() } }),
    );
    expect(screen.queryByText('at a table')).toBeNull();
  });

  it('logs "Failed to load chat messages" when history fails', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { http: mswHttp, HttpResponse } = await import('msw');
    server.use(mswHttp.get('*/api/chat/messages', () => HttpResponse.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 })));
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ children: <ChatPanel /> });
    await waitFor(() => expect(err).toHaveBeenCalledWith('Failed to load chat messages', expect.anything()));
    err.mockRestore();
  });
});

describe('lobby page on a phone', () => {
  it('shows the chat only once the table list has arrived, so the list never pushes it down', async () => {
    setWidth(375);
    const { http: mswHttp, HttpResponse } = await import('msw');
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    server.use(
      mswHttp.get('*/api/v1/user/table', async () => {
        await held;
        return HttpResponse.json({ items: [makeTable({ tableId: 1 })], total: 1 });
      }),
    );
    const { default: LobbyPage } = await import('../../src/player/lobby/LobbyPage');
    renderPlayer({ children: <LobbyPage /> });
    await screen.findByTestId('lobby');
    expect(screen.queryByText('Sign in to read and write in the chat.')).toBeNull();
    release();
    await screen.findByTestId('table-cards');
    expect(await screen.findByText('Sign in to read and write in the chat.')).toBeTruthy();
    setWidth(1024);
  });

  it('shows the chat at once beside the list on a desktop', async () => {
    setWidth(1280);
    const { http: mswHttp } = await import('msw');
    server.use(mswHttp.get('*/api/v1/user/table', () => new Promise<never>(() => {})));
    const { default: LobbyPage } = await import('../../src/player/lobby/LobbyPage');
    renderPlayer({ children: <LobbyPage /> });
    await screen.findByTestId('lobby');
    expect(screen.getByText('Sign in to read and write in the chat.')).toBeTruthy();
    setWidth(1024);
  });
});
