// The back office for support agents and the two-person rule, against msw: what SUPPORT is offered
// (and not), the hold and notes on a user's page, a user's audit trail, the two approvals of a
// large withdrawal with both names, the audit list with its export.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withdrawal } from '../../mocks/admin-state';
import { adminMock, renderAdmin } from './helpers';

const mock = adminMock();
const { use, requests } = mock;
const menu = () => screen.getAllByRole('menuitem').map((m) => m.textContent);

describe('a support agent', () => {
  it('gets users, withdrawals, deposits, tables and chat, and no administrator areas', async () => {
    use({ role: 'SUPPORT' });
    const { goHome } = await renderAdmin('/admin');
    await screen.findByText('saraa');
    await waitFor(() => expect(menu()).toEqual(expect.arrayContaining(['Users', 'Withdrawals', 'Deposits', 'Tables', 'Chat'])));
    for (const name of ['Content', 'Settings', 'Dashboard', 'Audit trail', 'Reports']) expect(menu()).not.toContain(name);
    expect(goHome).not.toHaveBeenCalled();
  });

  it('puts a user on hold with a reason and writes a note; no role change or delete offered', async () => {
    use({ role: 'SUPPORT' });
    await renderAdmin('/admin/user/7/show');
    const hold = await screen.findByRole('button', { name: 'Hold withdrawals' });
    expect(screen.queryByRole('button', { name: /make administrator/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Labelled figures.
    expect(screen.getByText('Balance')).toBeTruthy();
    expect(screen.getByText('Locked')).toBeTruthy();

    fireEvent.click(hold);
    const dialog = await screen.findByRole('dialog');
    const place = within(dialog).getByRole('button', { name: 'Hold withdrawals' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Card chargeback' } });
    fireEvent.click(place);
    await screen.findByText(/On hold since .*\(boss\): Card chargeback/);
    expect(requests('PUT', '/user/hold')[0]).toMatchObject({ query: { userId: '7' }, body: { reason: 'Card chargeback' } });
    await screen.findByRole('button', { name: 'Release hold' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Notes' }));
    await screen.findByText('No notes yet.');
    fireEvent.change(screen.getByTestId('note-text'), { target: { value: 'Asked for a bank statement' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Asked for a bank statement');
    expect(requests('POST', '/user/note')[0].body).toEqual({ userId: 7, text: 'Asked for a bank statement' });

    fireEvent.click(await screen.findByRole('tab', { name: 'Audit trail' }));
    await screen.findByText('Account put on hold');
    await screen.findByText('Note added');
  });
});

describe('two-person approval', () => {
  it('gives the first approval, shows the name, and does not let the same person give the second', async () => {
    use({
      withdrawals: [withdrawal({ id: 5, code: 'WDR-BIG555', amount: 2_000_000, approvalsNeeded: 2, firstApprovedBy: null, firstApproveDate: null })],
    });
    await renderAdmin('/admin/withdraw');
    const approve = await screen.findByRole('button', { name: 'Approve 1/2' });
    expect(screen.getByText('Needs two approvals')).toBeTruthy();
    fireEvent.click(approve);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('No money moves yet');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await screen.findByText('Withdrawal WDR-BIG555: first approval given. A second staff member must approve it.');
    await screen.findByText('1. boss');
    await screen.findByText('Waiting for the second approval');
    const second = (await screen.findByRole('button', { name: 'Approve 2/2' })) as HTMLButtonElement;
    expect(second.disabled).toBe(true);
    expect(mock.state.withdrawals[0]).toMatchObject({ status: 'NOT_APPROVED', firstApprovedBy: 'boss' });
  });
});

describe('in Mongolian', () => {
  it('labels the two approvals and the hold', async () => {
    use({
      role: 'SUPPORT',
      withdrawals: [
        withdrawal({ id: 5, code: 'WDR-BIG555', amount: 2_000_000, approvalsNeeded: 2, firstApprovedBy: 'tuya', firstApproveDate: '2026-01-03T00:00:00.000Z' }),
      ],
    });
    const { unmount } = await renderAdmin('/admin/withdraw', { lang: 'mn' });
    await screen.findByRole('button', { name: 'Зөвшөөрөх 2/2' });
    expect(screen.getByText('Хоёр дахь зөвшөөрлийг хүлээж байна')).toBeTruthy();
    expect(screen.getByText('1. tuya')).toBeTruthy();
    unmount();
    await renderAdmin('/admin/user/7/show', { lang: 'mn' });
    await screen.findByRole('button', { name: 'Мөнгө татахыг хаах' });
    expect(screen.getByText('Үлдэгдэл')).toBeTruthy();
  });
});

describe('the audit trail', () => {
  it('lists staff actions with a CSV export, for administrators', async () => {
    use({
      audit: [
        {
          id: 1,
          createdAt: '2026-01-04T00:00:00.000Z',
          actorId: 2,
          actor: 'tuya',
          actorRole: 'SUPPORT',
          ip: '10.0.0.7',
          action: 'deposit.create',
          objectType: 'deposit',
          objectId: 'DEP-1',
          userId: 7,
          username: 'bataa',
          before: null,
          after: { amount: 50_000 },
        },
      ],
    });
    await renderAdmin('/admin/audit');
    await screen.findByText('Deposit credited');
    expect(screen.getByText('tuya')).toBeTruthy();
    expect(screen.getByText('amount: 50000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    await waitFor(() => expect(menu()).toContain('Audit trail'));
  });
});
