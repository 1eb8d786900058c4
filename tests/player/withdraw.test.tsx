import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mswHttp, HttpResponse } from 'msw';
import { createMockServer } from '../../mocks/node';
import WithdrawTab from '../../src/player/profile/WithdrawTab';
import { checkWithdrawal, DEFAULT_WITHDRAWAL_LIMITS, limitsFrom } from '../../src/player/profile/withdrawRules';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state.withdrawals = [];
  state.users[0].me = { ...state.users[0].me, balance: 1_250_000, locked: 0, payoutChangedAt: null, payoutHoldUntil: null };
  state.limits = { withdrawalMin: 10_000, withdrawalMax: 5_000_000 };
});
afterAll(() => server.close());

const limits = { min: 10_000, max: 5_000_000 };

describe('withdrawal rules (SPEC §5)', () => {
  it('amount required', () => {
    expect(checkWithdrawal('', limits, 1e9)).toBe('required');
    expect(checkWithdrawal('   ', limits, 1e9)).toBe('required');
  });
  it('above the maximum is too much, below the minimum too low, bounds included', () => {
    expect(checkWithdrawal('5000001', limits, 1e9)).toBe('tooMuch');
    expect(checkWithdrawal('5,000,000', limits, 1e9)).toBeNull();
    expect(checkWithdrawal('9999', limits, 1e9)).toBe('tooLow');
    expect(checkWithdrawal('10 000', limits, 1e9)).toBeNull();
  });
  it('at most the available balance', () => {
    expect(checkWithdrawal('20000', limits, 19_999)).toBe('overBalance');
    expect(checkWithdrawal('20000', limits, 20_000)).toBeNull();
  });
  it('whole positive tugrik only', () => {
    expect(checkWithdrawal('12.5', limits, 1e9)).toBe('invalid');
    expect(checkWithdrawal('abc', limits, 1e9)).toBe('invalid');
    expect(checkWithdrawal('0', limits, 1e9)).toBe('invalid');
  });
  it('falls back to the server defaults until GET /user/wallet/limits answers', () => {
    expect(DEFAULT_WITHDRAWAL_LIMITS).toEqual({ min: 10_000, max: 5_000_000 });
    expect(limitsFrom(undefined)).toEqual(DEFAULT_WITHDRAWAL_LIMITS);
    expect(limitsFrom({ withdrawalMin: 20_000, withdrawalMax: 100_000 })).toEqual({ min: 20_000, max: 100_000 });
  });
});

async function renderTab() {
  localStorage.setItem('accessToken', 'mock-token-1');
  const utils = renderPlayer({ route: '/profile?tab=withdraw', children: <WithdrawTab /> });
  await screen.findByText('No withdrawals found!');
  // the form needs the balance from /me
  await waitFor(() => expect(screen.getByText(/Available: 1,250,000/)).toBeTruthy());
  return utils;
}

const amount = () => screen.getByTestId('withdraw-amount') as HTMLInputElement;
const submit = () => screen.getByTestId('withdraw-submit');

describe('withdraw form', { timeout: 30_000 }, () => {
  it('shows the spec messages for empty, too much and too low', async () => {
    const user = userEvent.setup();
    await renderTab();
    await user.click(submit());
    expect(screen.getByText('Please enter amount!')).toBeTruthy();
    await user.type(amount(), '6000000');
    await user.click(submit());
    expect(screen.getByText('Too much')).toBeTruthy();
    await user.clear(amount());
    await user.type(amount(), '500');
    await user.click(submit());
    expect(screen.getByText('Too low')).toBeTruthy();
    await user.clear(amount());
    await user.type(amount(), '2000000');
    await user.click(submit());
    expect(screen.getByText('More than your balance')).toBeTruthy();
    expect(state.withdrawals).toHaveLength(0); // nothing reached the server
  });

  it('creates a withdrawal: success message, the list and the balance refresh', async () => {
    const user = userEvent.setup();
    await renderTab();
    await user.type(amount(), '50,000');
    await user.click(submit());
    expect(await screen.findByText('Withdrawal created successfully')).toBeTruthy();
    expect(state.withdrawals).toHaveLength(1);
    expect(state.withdrawals[0].amount).toBe(50_000);
    const list = await screen.findByTestId('withdraw-list');
    expect(within(list).getByText('Not approved')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Available: 1,200,000/)).toBeTruthy());
    expect(amount().value).toBe('');
  });

  it('takes its bounds from the server (GET /user/wallet/limits)', async () => {
    state.limits = { withdrawalMin: 20_000, withdrawalMax: 100_000 };
    const user = userEvent.setup();
    await renderTab();
    await waitFor(() => expect(screen.getByTestId('withdraw-form').textContent).toContain('20,000'));
    expect(screen.getByTestId('withdraw-form').textContent).toContain('100,000');
    await user.type(amount(), '150000');
    await user.click(submit());
    expect(screen.getByText('Too much')).toBeTruthy();
    await user.clear(amount());
    await user.type(amount(), '15000');
    await user.click(submit());
    expect(screen.getByText('Too low')).toBeTruthy();
    expect(state.withdrawals).toHaveLength(0);
    await user.clear(amount());
    await user.type(amount(), '100000');
    await user.click(submit());
    expect(await screen.findByText('Withdrawal created successfully')).toBeTruthy();
    expect(state.withdrawals[0].amount).toBe(100_000);
  });

  it("shows the server's message when it refuses", async () => {
    server.use(
      mswHttp.post('*/api/v1/user/withdrawal', () =>
        HttpResponse.json({ error: { code: 'INVALID_INPUT', message: 'Amount must be between 20000 and 100000' } }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    await renderTab();
    await user.type(amount(), '15000');
    await user.click(submit());
    const err = await screen.findByTestId('withdraw-error');
    expect(err.textContent).toContain('Amount must be between 20000 and 100000');
  });

  it('says "Unknown error occurred" when there is no answer', async () => {
    server.use(mswHttp.post('*/api/v1/user/withdrawal', () => HttpResponse.error()));
    const user = userEvent.setup();
    await renderTab();
    await user.type(amount(), '15000');
    await user.click(submit());
    const err = await screen.findByTestId('withdraw-error');
    expect(err.textContent).toBe('Unknown error occurred');
  });

  it('lists withdrawals with their status', async () => {
    state.withdrawals.push(
      {
        id: 1,
        code: 'WD-000001',
        userId: 1,
        username: 'bataa',
        amount: 70_000,
        requestDate: new Date().toISOString(),
        status: 'APPROVED',
        approvedBy: 'admin',
        approveDate: new Date().toISOString(),
        rejectReason: null,
        bank: 'KHAN',
        accountNumber: '5012345678',
        holdUntil: null,
      },
      {
        id: 2,
        code: 'WD-000002',
        userId: 1,
        username: 'bataa',
        amount: 30_000,
        requestDate: new Date().toISOString(),
        status: 'REJECTED',
        approvedBy: 'admin',
        approveDate: new Date().toISOString(),
        rejectReason: 'Wrong account',
        bank: 'KHAN',
        accountNumber: '5012345678',
        holdUntil: null,
      },
    );
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ children: <WithdrawTab /> });
    const list = await screen.findByTestId('withdraw-list');
    expect(within(list).getByText('WD-000001')).toBeTruthy();
    expect(within(list).getByText('Approved')).toBeTruthy();
    expect(within(list).getByText('Rejected')).toBeTruthy();
    expect(within(list).getByText('Wrong account')).toBeTruthy();
  });

  it('after a bank account change: says from when withdrawals to it are possible, and marks the held request', async () => {
    const until = new Date(Date.now() + 20 * 3600_000).toISOString();
    state.users[0].me = { ...state.users[0].me, payoutChangedAt: new Date().toISOString(), payoutHoldUntil: until };
    const user = userEvent.setup();
    await renderTab();
    const notice = await screen.findByTestId('withdraw-hold');
    expect(notice.textContent).toMatch(
      /^You changed your bank account recently: withdrawals to the new account are possible from .+\. A request made now is paid out from then on\.$/,
    );
    await user.type(amount(), '50000');
    await user.click(submit());
    expect(await screen.findByText('Withdrawal created successfully')).toBeTruthy();
    expect(state.withdrawals[0].holdUntil).toBe(until);
    const held = await screen.findByTestId('withdraw-held');
    expect(held.textContent).toMatch(/^Waiting until .+ \(new bank account\)$/);
  });

  it('says nothing of a hold that has ended', async () => {
    state.users[0].me = {
      ...state.users[0].me,
      payoutChangedAt: new Date(Date.now() - 48 * 3600_000).toISOString(),
      payoutHoldUntil: new Date(Date.now() - 3600_000).toISOString(),
    };
    await renderTab();
    expect(screen.queryByTestId('withdraw-hold')).toBeNull();
  });
});
