// The back office's fast-fold pools (docs/fast-fold.md) against msw: the list with the players in
// each, creating a pool (the contract body posted), and closing one behind a confirmation.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { path } from '../../mocks/respond';
import { mockPool } from '../../mocks/pools';
import { adminMock, renderAdmin } from './helpers';

const { server, use } = adminMock();

const POOL = mockPool({ poolId: 7 });

function pools() {
  const posted: unknown[] = [];
  const closed: string[] = [];
  server.use(
    http.get(path('adminPools'), () => HttpResponse.json({ items: [POOL] })),
    http.post(path('createPool'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return HttpResponse.json({ ...POOL, ...body, poolId: 8, players: 0 }, { status: 201 });
    }),
    http.post(path('closePool'), ({ params }) => {
      closed.push(String(params.poolId));
      return HttpResponse.json({ ...POOL, status: 'closed' });
    }),
  );
  return { posted, closed };
}

describe('fast-fold pools in the back office', () => {
  it('lists the pools and closes one behind a confirmation', async () => {
    use();
    const { closed } = pools();
    await renderAdmin('/admin/pool');
    await screen.findByText('Rush 50/100');
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toContain('Fast-fold pools');
    fireEvent.click(screen.getByTestId('pool-close-7'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('14 players');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(closed).toEqual(['7']));
  });

  it('creates a pool and posts the contract body', async () => {
    use();
    const { posted } = pools();
    await renderAdmin('/admin/pool/create');
    const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
    await waitFor(() => expect(input('name')).toBeTruthy());
    fireEvent.change(input('name'), { target: { value: 'Naadam rush' } });
    fireEvent.change(input('smallBlind'), { target: { value: '100' } });
    fireEvent.change(input('bigBlind'), { target: { value: '200' } });
    fireEvent.change(input('minBuyIn'), { target: { value: '4000' } });
    fireEvent.change(input('maxBuyIn'), { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: 'Naadam rush', variant: 'NT', maxPlayers: 6, smallBlind: 100, bigBlind: 200, minBuyIn: 4000, maxBuyIn: 20000 });
  });
});
