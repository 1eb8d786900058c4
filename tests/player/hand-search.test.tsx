// The hand history's search (issue 33) against the regulars' routes (msw): the filters as typed
// become the query, the list finds the hands, one opens in the replayer, the set downloads as PHH.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMockServer } from '../../mocks/node';
import { buildHandFilters, EMPTY_FILTERS, normalizeCards } from '../../src/player/profile/handFilters';
import { downloadHands } from '../../src/player/profile/phhDownload';
import { handSearchApi } from '../../src/player/api/regularsApi';
import { renderPlayer } from './helpers';

const { server } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('hand filters', () => {
  it('hole cards are written as the server reads them, whatever the case and spacing', () => {
    expect(normalizeCards('ak s')).toBe('AKs');
    expect(normalizeCards('ka')).toBe('AK');
    expect(normalizeCards('KAo')).toBe('AKo');
    expect(normalizeCards('qq')).toBe('QQ');
    expect(normalizeCards('ahkd')).toBe('AhKd');
    expect(normalizeCards('10h 10d')).toBe('ThTd');
    expect(normalizeCards('')).toBe('');
    for (const bad of ['qqs', 'AhAh', 'AKx', 'A', 'hello', 'AhK']) expect(normalizeCards(bad), bad).toBeNull();
  });

  it('leave out the empty fields, read stakes and pots as whole tugrik, refuse ranges that end before they start', () => {
    expect(buildHandFilters(EMPTY_FILTERS)).toEqual({ filters: {} });
    expect(
      buildHandFilters({
        ...EMPTY_FILTERS,
        from: '2026-11-01',
        to: '2026-11-30',
        variant: 'NT',
        bigBlind: '1000',
        position: 'BTN',
        cards: 'ak',
        result: 'won',
        minPot: '1 000',
        maxPot: '50,000',
      }),
    ).toEqual({
      filters: {
        from: '2026-11-01',
        to: '2026-11-30',
        variant: 'NT',
        bigBlind: 1000,
        position: 'BTN',
        cards: 'AK',
        result: 'won',
        minPot: 1000,
        maxPot: 50_000,
      },
    });
    expect(buildHandFilters({ ...EMPTY_FILTERS, from: '2026-11-30', to: '2026-11-01' })).toEqual({ error: 'dates' });
    expect(buildHandFilters({ ...EMPTY_FILTERS, minPot: '900', maxPot: '100' })).toEqual({ error: 'pot' });
    expect(buildHandFilters({ ...EMPTY_FILTERS, minPot: 'lots' })).toEqual({ error: 'pot' });
    expect(buildHandFilters({ ...EMPTY_FILTERS, cards: 'QQs' })).toEqual({ error: 'cards' });
  });
});

describe('the hands tab', () => {
  const rows = () => within(screen.getByTestId('hands-list')).getAllByTestId('hands-row');

  it('finds hands by cards, result, game and pot, opens one in the replayer, and says so when none match', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=hands' });
    await screen.findByTestId('hands-list');
    expect(rows()).toHaveLength(5); // newest first
    expect(rows()[0].textContent).toContain('As Kh');

    await user.type(screen.getByTestId('filter-cards'), 'ak');
    await user.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(rows()).toHaveLength(2)); // AhKd and AsKh; not the Omaha hand
    await user.selectOptions(screen.getByTestId('filter-result'), 'won');
    await user.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].textContent).toContain('Ah Kd');

    await user.click(screen.getByTestId('filter-clear'));
    await waitFor(() => expect(rows()).toHaveLength(5));
    await user.selectOptions(screen.getByTestId('filter-game'), 'PO');
    await user.type(screen.getByTestId('filter-min-pot'), '100000');
    await user.click(screen.getByTestId('filter-search'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0].textContent).toContain('Altai');
    await user.click(within(rows()[0]).getByTestId('hand-replay-204'));
    const dialog = await screen.findByTestId('hand-replay');
    expect(await within(dialog).findByTestId('hand-replayer')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.type(screen.getByTestId('filter-min-pot'), '0');
    await user.click(screen.getByTestId('filter-search'));
    expect(await screen.findByText('No hand matches these filters.')).toBeTruthy();
  });

  it('says what is wrong with a filter instead of searching', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const user = userEvent.setup();
    renderPlayer({ route: '/profile?tab=hands', lng: 'mn' });
    await screen.findByTestId('hands-list');
    await user.type(screen.getByTestId('filter-cards'), 'QQs');
    await user.click(screen.getByTestId('filter-search'));
    expect((await screen.findByTestId('filter-error')).textContent).toContain('AKs');
    expect(rows()).toHaveLength(5);
  });

  it('the filtered set downloads as one .phhs file', async () => {
    localStorage.setItem('accessToken', 'mock-token-1');
    const progress: number[] = [];
    const viaMsw = ((url: string, init?: RequestInit) => fetch(new URL(url, 'http://localhost'), init)) as typeof fetch;
    const got = await downloadHands(handSearchApi.exportUrl({ position: 'BTN' }), (done) => progress.push(done), viaMsw);
    expect(got.hands).toBe(2);
    const text = await new Promise<string>((resolve) => {
      const r = new FileReader();
      r.onload = () => resolve(String(r.result));
      r.readAsText(got.file!);
    });
    expect(text).toContain('# hand 201');
    expect(text).toContain('# hand 205');
    expect(text).not.toContain('# hand 202');
    expect(handSearchApi.exportUrl({ cards: 'AKs', minPot: 100 })).toBe('/api/v1/user/hand/search/export.phhs?cards=AKs&minPot=100');
  });
});
