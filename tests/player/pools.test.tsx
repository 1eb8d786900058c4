// The lobby's Fast fold tab (docs/fast-fold.md) against the msw mock server: the open pools with
// their players and stakes, the game filter, and joining with a buy-in in range, the server's
// refusal shown in words and a success opening the pool's page.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMockServer } from '../../mocks/node';
import { errorResponse, path } from '../../mocks/respond';
import { mockPool } from '../../mocks/pools';
import { Route, Routes } from 'react-router-dom';
import { PoolTab } from '../../src/player/lobby/PoolTab';
import PoolRoute from '../../src/player/pool/PoolRoute';
import { renderPlayer } from './helpers';

const { server } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.removeItem('accessToken');
});
afterAll(() => server.close());

const pool = mockPool;
const POOLS = [pool({}), pool({ poolId: 2, name: 'Omaha rush', variant: 'PO', players: 1, maxPlayers: 9 })];

function withPools(join?: (body: unknown) => Response) {
  server.use(
    http.get(path('pools'), () => HttpResponse.json({ items: POOLS })),
    http.post(path('joinPool'), async ({ request }) =>
      join ? join(await request.json()) : HttpResponse.json({ poolId: 1, inPool: true, tableId: null, away: false }),
    ),
  );
}

describe('the Fast fold tab', () => {
  it('lists the open pools with their game, stakes and players, and filters by game', async () => {
    withPools();
    renderPlayer({ children: <PoolTab /> });
    const first = await screen.findByTestId('pool-row-1');
    expect(first.textContent).toContain('Rush 50/100');
    expect(first.textContent).toContain('6 seats a table');
    expect(screen.getByTestId('pool-players-1').textContent).toBe('14 players');
    expect(screen.getByTestId('pool-players-2').textContent).toBe('1 player');
    fireEvent.mouseDown(within(screen.getByTestId('pools')).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /Omaha/ }));
    await waitFor(() => expect(screen.queryByTestId('pool-row-1')).toBeNull());
    expect(screen.getByTestId('pool-row-2')).toBeTruthy();
  });

  it('joins with a buy-in in range and opens the pool; a refusal is shown in words', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    let refuse = true;
    const sent: unknown[] = [];
    withPools((body) => {
      sent.push(body);
      return refuse
        ? errorResponse(409, 'INSUFFICIENT_BALANCE', 'Insufficient balance')
        : HttpResponse.json({ poolId: 1, inPool: true, tableId: null, away: false });
    });
    renderPlayer({ children: <PoolTab /> });
    fireEvent.click(await screen.findByTestId('pool-join-1'));
    const input = await screen.findByTestId('pool-buy-in');
    fireEvent.change(input, { target: { value: '500' } });
    expect((screen.getByTestId('pool-join-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('pool-join-confirm'));
    expect((await screen.findByTestId('pool-join-error')).textContent).toBeTruthy();
    refuse = false;
    fireEvent.click(screen.getByTestId('pool-join-confirm'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pool/1'));
    expect(sent).toEqual([{ buyIn: 5000 }, { buyIn: 5000 }]);
  });
});

describe('the pool page', () => {
  it('a player the clock sat out sees why and is dealt in again with "I\'m back"; in Mongolian too', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    let away = true;
    let backs = 0;
    server.use(
      http.get(path('poolSeat'), () => HttpResponse.json({ poolId: 1, inPool: true, tableId: null, away })),
      http.post(path('poolBack'), () => {
        backs++;
        away = false;
        return HttpResponse.json({ poolId: 1, inPool: true, tableId: null, away: false });
      }),
    );
    const { unmount } = renderPlayer({
      route: '/pool/1',
      children: (
        <Routes>
          <Route path="/pool/:id" element={<PoolRoute />} />
        </Routes>
      ),
    });
    expect((await screen.findByTestId('pool-away')).textContent).toContain('no new hands are dealt to you');
    expect(screen.queryByTestId('pool-waiting')).toBeNull();
    fireEvent.click(screen.getByTestId('pool-back'));
    await screen.findByTestId('pool-waiting');
    expect(backs).toBe(1);
    expect(screen.queryByTestId('pool-away')).toBeNull();
    unmount();

    away = true;
    renderPlayer({
      lng: 'mn',
      route: '/pool/1',
      children: (
        <Routes>
          <Route path="/pool/:id" element={<PoolRoute />} />
        </Routes>
      ),
    });
    expect((await screen.findByTestId('pool-away')).textContent).toContain('шинэ гар тараагдахгүй');
    expect(screen.getByTestId('pool-back').textContent).toBe('Би ирлээ');
  });
});
