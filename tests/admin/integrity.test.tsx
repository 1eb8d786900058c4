// The Integrity section against msw (docs/integrity.md): alerts ranked with their evidence, an
// administrator works a case to restitution (note, restriction, a proposal the proposer cannot
// pay, paid by a second administrator); support staff see but are not offered the actions.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { integrityMock } from '../../mocks/integrity-handlers';
import { adminMock, renderAdmin } from './helpers';

const mock = adminMock();
const { use, requests } = mock;
afterEach(() => {
  integrityMock.caller = 'boss';
});

describe('integrity', () => {
  it('lists alerts by score and shows the evidence against what it is compared with', async () => {
    use();
    await renderAdmin('/admin/integrityAlert');
    const row = (await screen.findByText('Chip dumping')).closest('tr')!;
    expect(row.textContent).toContain('87');
    expect(row.textContent).toContain('One-way money flow');
    expect(requests('GET', '/integrity/alert')[0].query).toMatchObject({ status: 'open', sort: 'score', order: 'DESC' });
    fireEvent.click(within(row).getByText('87'));
    const evidence = await screen.findByTestId('evidence');
    const z = within(evidence).getByText('Standard deviations from chance').closest('tr')!;
    expect(z.textContent).toBe('Standard deviations from chance6.44');
    expect(within(evidence).getByTestId('hand-501')).toBeTruthy();
  });

  it('an administrator works a case from the alert to a restitution paid by a second administrator', async () => {
    use();
    await renderAdmin('/admin/integrityAlert/1/show');
    fireEvent.click(await screen.findByTestId('open-case'));
    await screen.findByTestId('standing-form');
    expect(requests('POST', '/integrity/case')[0].body).toMatchObject({ userIds: [7, 8], alertIds: [1] });

    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Folds AA to dorj' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await screen.findByText('Folds AA to dorj');

    const form = screen.getByTestId('standing-form');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Restricted (no tables, no withdrawals)' }));
    fireEvent.change(within(form).getByLabelText('Reason'), { target: { value: 'Chip dump' } });
    fireEvent.click(within(form).getByTestId('apply-standing'));
    await waitFor(() => expect(requests('PUT', '/standing')[0].body).toEqual({ userId: 7, standing: 'restricted', reason: 'Chip dump' }));
    await screen.findByText('bataa (restricted)');

    const propose = screen.getByTestId('propose-restitution');
    fireEvent.change(within(propose).getByTestId('pay-8'), { target: { value: '400000' } });
    fireEvent.change(within(propose).getByLabelText('Reason'), { target: { value: 'Dumped chips' } });
    fireEvent.click(within(propose).getByTestId('propose'));
    const row = await screen.findByTestId('restitution-1');
    expect(row.textContent).toContain('Proposed');
    expect(requests('POST', '/restitution')[0].body).toEqual({ offenderId: 7, payments: [{ userId: 8, amount: 400000 }], reason: 'Dumped chips' });

    fireEvent.click(within(row).getByTestId('pay-restitution'));
    await screen.findByText(/A second administrator must decide/);
    integrityMock.caller = 'tuya';
    fireEvent.click(within(screen.getByTestId('restitution-1')).getByTestId('pay-restitution'));
    await waitFor(() => expect(screen.getByTestId('restitution-1').textContent).toContain('Paid'));
    expect(screen.getByTestId('restitution-1').textContent).toContain('boss → tuya');
  });

  it('support staff read the alert but are not offered the actions', async () => {
    use({ role: 'SUPPORT' });
    await renderAdmin('/admin/integrityAlert/1/show');
    await screen.findByTestId('evidence');
    expect(screen.queryByTestId('open-case')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });
});
