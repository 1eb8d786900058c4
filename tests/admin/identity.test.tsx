// Identity checks in the back office against msw (mocks/identity-handlers.ts): the pending list
// with its filter, the page with both images, approve, and reject only with a reason; support staff
// review too (docs/admin.md).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMock, renderAdmin } from './helpers';

const mock = adminMock();
const { use, requests } = mock;

describe('identity checks', () => {
  it('lists pending checks first, with the menu entry and the CSV export', async () => {
    use();
    await renderAdmin('/admin/identity');
    await screen.findByText('bataa');
    expect(screen.queryByText('saraa')).toBeNull();
    expect(requests('GET', '/admin/identity-check').at(-1)!.query.status).toBe('PENDING');
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toContain('Identity checks');
  });

  it('shows both images and approves after a confirmation', async () => {
    use();
    await renderAdmin('/admin/identity/1/show');
    const doc = (await screen.findByTestId('identity-document')) as HTMLImageElement;
    expect(doc.src).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByTestId('identity-second')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(requests('PUT', '/admin/identity-check/review')).toHaveLength(1));
    expect(requests('PUT', '/admin/identity-check/review')[0]).toMatchObject({ query: { id: '1' }, body: { decision: 'APPROVED' } });
    expect(mock.state.identityChecks![0].status).toBe('APPROVED');
  });

  it('rejects only with a reason; support staff may review', async () => {
    use({ role: 'SUPPORT' });
    await renderAdmin('/admin/identity/1/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Photo is blurred' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(requests('PUT', '/admin/identity-check/review')).toHaveLength(1));
    expect(requests('PUT', '/admin/identity-check/review')[0].body).toEqual({ decision: 'REJECTED', reason: 'Photo is blurred' });
  });

  it('speaks Mongolian', async () => {
    use();
    await renderAdmin('/admin/identity', { lang: 'mn' });
    await screen.findByText('bataa');
    expect(screen.getAllByText('Хувийн баталгаажуулалт').length).toBeGreaterThan(0);
  });
});

describe("a player's safer play on their page", () => {
  it('shows the limits and records a break asked for by the player, with a reason', async () => {
    use();
    await renderAdmin('/admin/user/7/show/safer');
    const panel = await screen.findByTestId('user-safer');
    expect(within(panel).getByTestId('user-safer-limits').textContent).toMatch(/Losses per day/);
    expect(within(panel).getByTestId('user-safer-exclusion').textContent).toMatch(/No cool-off/);
    fireEvent.click(within(panel).getByTestId('user-safer-record'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('How the player asked (call, e-mail)'), { target: { value: 'Phoned support' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record a break' }));
    await waitFor(() => expect(requests('PUT', '/admin/user/safer-play/exclusion')).toHaveLength(1));
    expect(requests('PUT', '/admin/user/safer-play/exclusion')[0]).toMatchObject({
      query: { userId: '7' },
      body: { kind: 'COOL_OFF', days: 7, reason: 'Phoned support' },
    });
    await waitFor(() => expect(screen.getByTestId('user-safer-exclusion').textContent).toMatch(/Cool-off/));
  });
});
