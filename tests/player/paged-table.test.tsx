import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { I18nextProvider } from 'react-i18next';
import { createPlayerI18n } from '../../src/player/i18n';
import { PagedTable, type PagedColumn } from '../../src/player/profile/PagedTable';

type Row = { id: number; name: string; n: number };
const ALL: Row[] = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `row-${i + 1}`, n: i % 2 ? -i : i }));
const columns: PagedColumn<Row>[] = [
  { header: 'Name', render: (r) => r.name },
  { header: 'N', align: 'right', rowSx: (r) => ({ color: r.n < 0 ? 'red' : 'green' }), render: (r) => String(r.n) },
  { header: 'Wide', wideOnly: true, render: (r) => `wide-${r.id}` },
];
const key = (page: number, perPage: number) => `/rows?page=${page}&perPage=${perPage}`;

function setup(rows: Row[], props: Partial<Parameters<typeof PagedTable<Row>>[0]> = {}) {
  const fetcher = vi.fn(async (k: string) => {
    const q = new URLSearchParams(k.split('?')[1]);
    const page = Number(q.get('page'));
    const per = Number(q.get('perPage'));
    return { items: rows.slice((page - 1) * per, page * per), total: rows.length };
  });
  render(
    <I18nextProvider i18n={createPlayerI18n({ lng: 'en', detect: false })}>
      <SWRConfig value={{ fetcher, provider: () => new Map(), dedupingInterval: 0 }}>
        <PagedTable<Row> swrKey={key} perPage={5} columns={columns} testId="rows" emptyText="Nothing yet" emptyTestId="rows-empty" rowTestId="row" {...props} />
      </SWRConfig>
    </I18nextProvider>,
  );
  return fetcher;
}

describe('PagedTable', () => {
  it('loads one page at a time through SWR and pages on', async () => {
    const user = userEvent.setup();
    const fetcher = setup(ALL);
    const table = await screen.findByTestId('rows');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'N', 'Wide']);
    expect(
      within(table)
        .getAllByTestId('row')
        .map((r) => r.firstChild!.textContent),
    ).toEqual(['row-1', 'row-2', 'row-3', 'row-4', 'row-5']);
    expect(screen.getByText('1–5 of 12')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('row-6')).toBeTruthy();
    expect(screen.queryByText('row-1')).toBeNull();
    expect(fetcher).toHaveBeenLastCalledWith(key(2, 5));
  });

  it('orders rows and hides the pager when everything fits on one page', async () => {
    setup(ALL.slice(0, 3), { order: (items) => [...items].reverse() });
    const table = await screen.findByTestId('rows');
    expect(
      within(table)
        .getAllByTestId('row')
        .map((r) => r.firstChild!.textContent),
    ).toEqual(['row-3', 'row-2', 'row-1']);
    expect(screen.queryByText(/of 3/)).toBeNull();
  });

  it('shows the pager for a single page when alwaysPaginate is set', async () => {
    setup(ALL.slice(0, 3), { alwaysPaginate: true });
    await screen.findByTestId('rows');
    expect(screen.getByText('1–3 of 3')).toBeTruthy();
  });

  it('shows the empty text instead of a table', async () => {
    setup([]);
    expect((await screen.findByTestId('rows-empty')).textContent).toBe('Nothing yet');
    expect(screen.queryByTestId('rows')).toBeNull();
  });
});
