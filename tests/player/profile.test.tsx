import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { balanceSeries } from '../../src/player/profile/balanceSeries';
import { newestFirst, replayHandId } from '../../src/player/profile/HistoryTab';
import { downloadMyHands } from '../../src/player/profile/phhDownload';
import { vi } from 'vitest';
import { act } from '@testing-library/react';
import { FakeWebSocket, makeSocket, renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('wallet page', () => {
  it('shows balance and locked side by side, and the deposit tab with code, bank details and deposits', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].me = { ...state.users[0].me, locked: 300_000 };
    renderPlayer({ route: '/profile' });
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('1,250,000\u00a0₮');
    expect(screen.getByTestId('wallet-locked').textContent).toBe('300,000\u00a0₮');
    expect(screen.getByTestId('deposit-code').textContent).toBe('MP7K2Q');
    expect(await screen.findByText('5012345678')).toBeTruthy(); // from the bank-details block
    const list = await screen.findByTestId('deposit-list');
    expect(within(list).getByText('DP-000002')).toBeTruthy();
    expect(within(list).getAllByRole('row')[1].textContent).toContain('DP-000002'); // newest first
  });

  it('headings run in order on the deposit tab (h1, then h2s: no h6 subtitle under the h1)', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/profile' });
    await screen.findByText('5012345678'); // the bank details' block (it has an h2 of its own)
    await screen.findByTestId('deposit-list');
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => i > 0 && expect(level, `heading ${i} after h${levels[i - 1]}`).toBeLessThanOrEqual(levels[i - 1] + 1));
  });

  it('game history: code, type, amount, date, newest first, hand rows open their replay', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=history' });
    const list = await screen.findByTestId('history-list');
    const rows = within(list).getAllByTestId('history-row');
    expect(rows[0].textContent).toContain('TX-000007');
    expect(rows.at(-1)!.textContent).toContain('TX-000001');
    expect(within(list).getAllByText('Gameplay win')).toHaveLength(1);
    expect(within(list).getAllByText(/^\+45,000\s₮$/).length).toBe(1);
    await user.click(within(list).getByTestId('replay-17'));
    const dialog = await screen.findByTestId('hand-replay');
    expect(within(dialog).getByText('Hand #42')).toBeTruthy();
    expect(await within(dialog).findByText('tsetsgee')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('hand-replay')).toBeNull());
    await user.click(screen.getByTestId('tab-withdraw'));
    expect(await screen.findByTestId('withdraw-form')).toBeTruthy();
  });

  it('profile edit sends only what changed and needs the current password for a new one', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    await screen.findByTestId('account-form');
    const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    await user.type(input('password'), 'brandnew123');
    await user.type(input('confirmPassword'), 'brandnew123');
    await user.click(screen.getByTestId('account-submit'));
    expect(screen.getByText('Enter your current password to set a new one')).toBeTruthy();
    await user.clear(input('email'));
    await user.type(input('email'), 'bataa.new@example.mn');
    await user.type(input('currentPassword'), 'secret123');
    await user.click(screen.getByTestId('account-submit'));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(state.users[0].me.email).toBe('bataa.new@example.mn');
    expect(state.users[0].password).toBe('brandnew123');
    await waitFor(() => expect(input('currentPassword').value).toBe(''));
  });

  it('a new bank account needs the current password, and then says from when withdrawals to it are possible', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    state.users[0].password = 'secret123';
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=account' });
    await screen.findByTestId('account-form');
    const input = (name: string) => document.querySelector(`input[name="${name}"]`) as HTMLInputElement;
    expect(screen.getByTestId('current-password-help').textContent).toBe('Needed to change your e-mail address, bank details or password.');
    expect(screen.queryByTestId('payout-hold')).toBeNull();
    await user.clear(input('accountNumber'));
    await user.type(input('accountNumber'), '99999999');
    await user.click(screen.getByTestId('account-submit'));
    expect(screen.getByText('Enter your current password to save these changes')).toBeTruthy();
    expect(state.users[0].me.accountNumber).toBe('5012345678');
    // A wrong password: the server's 403 WRONG_PASSWORD lands on the field, nothing changes.
    await user.type(input('currentPassword'), 'not-my-password1');
    await user.click(screen.getByTestId('account-submit'));
    expect((await screen.findAllByText('The current password is wrong')).length).toBeGreaterThan(0);
    expect(state.users[0].me.accountNumber).toBe('5012345678');
    await user.clear(input('currentPassword'));
    await user.type(input('currentPassword'), 'secret123');
    await user.click(screen.getByTestId('account-submit'));
    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(state.users[0].me.accountNumber).toBe('99999999');
    const hold = await screen.findByTestId('payout-hold');
    expect(hold.textContent).toMatch(/^Withdrawals to your new account are possible from .+\.$/);
  });
});

describe('hand download', () => {
  it('downloads own hands as PHH', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const blobs: Blob[] = [];
    const create = vi.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:x';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=history' });
    await user.click(await screen.findByTestId('download-phh'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(blobs[0]);
    });
    expect(text).toContain('[1]');
    expect(text).toContain('players = ["bataa", "tsetsgee"]');
    click.mockRestore();
  });
});

describe('live wallet', () => {
  it('a BALANCE_UPDATE for this user updates the cards and refreshes the deposit list', async () => {
    FakeWebSocket.instances = [];
    localStorage.setItem('accessToken', 'mock-token-1');
    const socket = makeSocket();
    renderPlayer({ route: '/profile', socket });
    await screen.findByTestId('deposit-list');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(1));
    act(() => FakeWebSocket.last().open());
    state.deposits.push({
      id: 77,
      code: 'DP-000077',
      userId: 1,
      username: 'bataa',
      amount: 400_000,
      approvedDate: new Date().toISOString(),
      note: null,
      createdBy: 'admin',
    });
    act(() => FakeWebSocket.last().push({ type: 'BALANCE_UPDATE', data: { userId: 1, balance: 1_650_000, locked: 0 } }));
    expect(screen.getByTestId('wallet-balance').textContent).toBe('1,650,000\u00a0₮');
    expect(await screen.findByText('DP-000077')).toBeTruthy();
  });
});

describe('history helpers', () => {
  const row = (id: number, date: string, type = 'DEPOSIT', amount = 100) =>
    ({ id, code: `T${id}`, type, amount, date, reference: null, tableId: null }) as never;

  it('newest first', () => {
    expect(newestFirst([row(1, '2026-01-01'), row(2, '2026-03-01'), row(3, '2026-02-01')]).map((r: { id: number }) => r.id)).toEqual([2, 3, 1]);
  });

  it('replays only rows with a hand', () => {
    expect(replayHandId({ handId: 9 })).toBe(9);
    expect(replayHandId({ handId: undefined })).toBeNull();
  });

  it('downloads the streamed .phhs file, counting hands as they arrive (marks cut between chunks too)', async () => {
    const file =
      '[1]\n# hand 1, 2026-01-01T00:00:00Z\nvariant = "NT"\n\n[2]\n# hand 2, 2026-01-02T00:00:00Z\nvariant = "NT"\n\n[3]\n# hand 7, 2026-01-03T00:00:00Z\nvariant = "PO"\n';
    // Cut every 5 bytes: each hand mark is split across chunks.
    const bytes = new TextEncoder().encode(file);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 5) }, (_, i) => bytes.slice(i * 5, i * 5 + 5));
    const progress: Array<[number, number]> = [];
    const fakeFetch = (async () =>
      new Response(
        new ReadableStream({
          start: (c) => {
            for (const x of chunks) c.enqueue(x);
            c.close();
          },
        }),
        { headers: { 'x-hand-count': '3' } },
      )) as unknown as typeof fetch;
    const got = await downloadMyHands((done, total) => progress.push([done, total]), fakeFetch);
    expect(got.hands).toBe(3);
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(got.file!);
    });
    expect(text).toBe(file);
    expect(progress[0]).toEqual([0, 3]);
    expect(progress.at(-1)).toEqual([3, 3]);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
    const empty = await downloadMyHands(() => {}, (async () => new Response('', { headers: { 'x-hand-count': '0' } })) as unknown as typeof fetch);
    expect(empty.file).toBeNull();
    await expect(downloadMyHands(() => {}, (async () => new Response('no', { status: 401 })) as unknown as typeof fetch)).rejects.toThrow();
  });

  it('balance series ends at the current balance and skips non-wallet rows', () => {
    const rows = [
      row(1, '2026-01-01', 'DEPOSIT', 1000),
      row(2, '2026-01-02', 'BUY_IN', -400),
      row(3, '2026-01-03', 'GAMEPLAY_WIN', 999),
      row(4, '2026-01-04', 'LEAVE_SEAT', 700),
    ];
    const s = balanceSeries(rows, 1300);
    expect(s.map((p) => p.balance)).toEqual([0, 1000, 600, 1300]);
  });
});
