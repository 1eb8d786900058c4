// The profile's Statistics tab: the player's own figures by stake and the graph of results
// (GET /user/stats, docs/integrity.md), in English and Mongolian.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createMockServer } from '../../mocks/node';
import { renderPlayer } from './helpers';

const { server } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('my statistics', () => {
  it('shows the figures of each stake and the results graph', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/profile?tab=stats' });
    const stats = await screen.findByTestId('stats');
    const table = within(stats).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: /Hold'em/ })).toBeTruthy();
    const row = (name: RegExp) => within(table).getByRole('rowheader', { name }).closest('tr')!.textContent;
    expect(row(/^VPIP/)).toContain('24.5%');
    expect(row(/^Big blinds per 100/)).toContain('4.75');
    expect(row(/^Decision time/)).toContain('4.2 ± 3.1 s');
    expect(stats.textContent).toContain('most tables at once: 3');
    expect(within(stats).getByTestId('stats-chart')).toBeTruthy();
  });

  it('speaks Mongolian', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    renderPlayer({ route: '/profile?tab=stats', lng: 'mn' });
    const stats = await screen.findByTestId('stats');
    expect(within(stats).getByRole('rowheader', { name: /^Шоудаунд хожсон/ })).toBeTruthy();
  });
});
