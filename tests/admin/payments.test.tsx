// The payment screens of the back office (issue 31) against msw (mocks/payment-handlers.ts): each
// screen's main action, what it sends and what the page shows after; roles as the routes have them.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { payoutBatch } from '../../mocks/payments';
import { adminMock, renderAdmin } from './helpers';

const mock = adminMock();
const { use, requests } = mock;
const menu = () => screen.getAllByRole('menuitem').map((m) => m.textContent);

/** Opens the row action's dialog by its test id, types `value` (if a field) and confirms. */
async function act(testId: string, value?: string) {
  fireEvent.click(await screen.findByTestId(testId));
  const dialog = await screen.findByRole('dialog');
  if (value !== undefined) fireEvent.change(within(dialog).getByTestId(`${testId}-input`), { target: { value } });
  const buttons = within(dialog).getAllByRole('button');
  const confirm = buttons[buttons.length - 1] as HTMLButtonElement;
  await waitFor(() => expect(confirm.disabled).toBe(false));
  fireEvent.click(confirm);
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('QPay', () => {
  it('lists invoices and asks QPay about one', async () => {
    use();
    await renderAdmin('/admin/qpayInvoice');
    await screen.findByText('QPAAA11111');
    await act('check-invoice-11');
    expect(requests('PUT', '/qpay/invoice/check')[0].query).toEqual({ invoiceId: '11' });
    await screen.findByText('QPay was asked about QPAAA11111.');
  });

  it('credits a held payment with the reason; a credited one offers nothing', async () => {
    use();
    await renderAdmin('/admin/qpayPayment');
    await screen.findByText('Above the invoice');
    expect(screen.queryByTestId('credit-payment-pay-2')).toBeNull();
    await act('credit-payment-pay-1', 'Player asked, paid twice on purpose');
    expect(requests('PUT', '/qpay/payment/review')[0]).toMatchObject({
      query: { paymentId: 'pay-1' },
      body: { decision: 'CREDIT', reason: 'Player asked, paid twice on purpose' },
    });
    await screen.findByText('Decided by staff');
    expect(screen.queryByTestId('credit-payment-pay-1')).toBeNull();
  });
});

describe('bank statements', () => {
  it('uploads a CSV with the bank chosen and opens the statement', async () => {
    use();
    await renderAdmin('/admin/statement/create');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Golomt Bank' }));
    const csv = 'date,amount,description,reference,counterparty\n2026-01-03 09:15,150000,poker D7K2Q9,FT1,\n';
    const file = new File([csv], 'golomt.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByTestId('statement-file'), { target: { files: [file] } });
    await screen.findByText('golomt.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload a statement' }));
    await waitFor(() => expect(requests('POST', '/admin/statement')).toHaveLength(1));
    expect(requests('POST', '/admin/statement')[0].body).toEqual({ bank: 'GOLOMT', format: 'AUTO', filename: 'golomt.csv', content: csv });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/statement/2/show'));
  });

  it('lists the problems of a refused file by line, and imports nothing', async () => {
    use();
    await renderAdmin('/admin/statement/create');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Bank/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Khan Bank' }));
    const csv = 'date,amount,description,reference,counterparty\n2026-01-03,12.50,x,,\n2026-01-03,7.25,y,,\n';
    fireEvent.change(screen.getByTestId('statement-file'), { target: { files: [new File([csv], 'bad.csv')] } });
    await screen.findByText('bad.csv');
    fireEvent.click(screen.getByRole('button', { name: 'Upload a statement' }));
    const problems = await screen.findByTestId('statement-problems');
    expect(
      within(problems)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['line 2: The amount is not a whole number of tugrik', 'line 3: The amount is not a whole number of tugrik']);
    expect(screen.getByTestId('location').textContent).toBe('/admin/statement/create');
    expect(mock.state.payments.statements).toHaveLength(1);
  });

  it('shows the possible duplicate, confirms a proposed line and assigns an unmatched one by deposit code', async () => {
    use();
    await renderAdmin('/admin/statementLine');
    await screen.findByText(/Maybe already typed by hand: deposit DEP-444/);
    await act('confirm-line-21');
    expect(requests('PUT', '/statement-line/confirm')[0]).toMatchObject({ query: { lineId: '21' }, body: {} });
    await screen.findByText('Line 1 credited.');
    await act('assign-line-22', 's8p3m1');
    expect(requests('PUT', '/statement-line/assign')[0]).toMatchObject({ query: { lineId: '22' }, body: { depositCode: 'S8P3M1' } });
    await waitFor(() => expect(mock.state.payments.lines[1]).toMatchObject({ status: 'PROPOSED', username: 'saraa' }));
  });

  it('sets a line aside only with a reason', async () => {
    use();
    await renderAdmin('/admin/statementLine');
    fireEvent.click(await screen.findByTestId('ignore-line-22'));
    const dialog = await screen.findByRole('dialog');
    const buttons = within(dialog).getAllByRole('button') as HTMLButtonElement[];
    expect(buttons[buttons.length - 1].disabled).toBe(true);
    fireEvent.click(buttons[0]);
    await act('ignore-line-22', 'Bank fee');
    expect(requests('PUT', '/statement-line/ignore')[0].body).toEqual({ reason: 'Bank fee' });
  });
});

describe('payout batches', () => {
  it('makes a batch for the bank that waits, downloads its file and marks it paid', async () => {
    use();
    const createObjectURL = vi.fn(() => 'blob:batch');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    await renderAdmin('/admin/payoutBatch');
    await screen.findByText('Khan Bank: 1 withdrawals, 50,000 ₮');
    await act('create-batch-KHAN');
    expect(requests('POST', '/admin/payout-batch')[0].body).toEqual({ bank: 'KHAN' });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/payoutBatch/1/show'));
    await within(await screen.findByTestId('batch-items')).findByText('WDR-AAA111');

    fireEvent.click(screen.getByTestId('download-batch'));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(requests('GET', '/payout-batch/1/file')).toHaveLength(1);

    await act('paid-batch', 'FT-BULK-77');
    expect(requests('POST', '/payout-batch/1/paid')[0].body).toEqual({ bankReference: 'FT-BULK-77' });
    await screen.findByText('FT-BULK-77');
    expect(screen.queryByTestId('cancel-batch')).toBeNull();
  });

  it('cancels an open batch with the reason', async () => {
    use({});
    mock.state.payments.batches = [payoutBatch({ id: 3, code: 'PB-CCCC3333' })];
    await renderAdmin('/admin/payoutBatch/3/show');
    await act('cancel-batch', 'The bank refused the file');
    expect(requests('POST', '/payout-batch/3/cancel')[0].body).toEqual({ reason: 'The bank refused the file' });
    await screen.findByText('The bank refused the file');
  });
});

describe('reconciliation', () => {
  it('shows the alert badge in the menu, the days, asks QPay and opens a day’s differences', async () => {
    use();
    await renderAdmin('/admin/reconciliation');
    await waitFor(() => expect(screen.getByTestId('reconciliation-badge').textContent).toContain('1'));
    await screen.findByText('1 unexplained differences in the last 30 days.');
    await screen.findByText('Bank in');
    await act('refresh-reconciliation');
    expect(requests('POST', '/reconciliation/refresh')).toHaveLength(1);
    fireEvent.click(await screen.findByRole('link', { name: '1' }));
    await screen.findByText('QPay payment held for review');
    await waitFor(() => expect(requests('GET', '/reconciliation/difference').at(-1)?.query).toMatchObject({ day: '2026-01-03', channel: 'QPAY_IN' }));
  });

  it('is not offered to support staff, who get the QPay, statement and payout screens', async () => {
    use({ role: 'SUPPORT' });
    await renderAdmin('/admin/statementLine');
    await screen.findByText('poker D7K2Q9');
    await waitFor(() => expect(menu()).toEqual(expect.arrayContaining(['QPay invoices', 'QPay payments', 'Bank statements', 'Payout batches'])));
    expect(menu()).not.toContain('Reconciliation');
    expect(screen.queryByTestId('reconciliation-badge')).toBeNull();
    expect(requests('GET', '/reconciliation/alerts')).toHaveLength(0);
  });
});
