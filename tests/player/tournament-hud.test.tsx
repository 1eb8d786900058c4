// The strip over a tournament table (TournamentHud) against the msw mock: the level, blinds and
// ante, the clock, the average stack, the players left and the viewer's position; the result
// once out; and the move to another table when the director moves the player.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMockServer } from '../../mocks/node';
import { sampleTournaments } from '../../mocks/tournaments';
import { TournamentHud } from '../../src/player/table/components/TournamentHud';
import { ensureTableStrings } from '../../src/player/components/tableStrings';
import { formatMoney } from '../../src/shared/format/money';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state.tournaments = sampleTournaments();
});
afterAll(() => server.close());

function renderHud(props: Parameters<typeof TournamentHud>[0], lng: 'en' | 'mn' = 'en') {
  const r = renderPlayer({ lng, children: <TournamentHud {...props} /> });
  ensureTableStrings(r.i18n);
  return r;
}

describe('the tournament table strip', () => {
  it('shows the level, blinds, clock, average stack, players left and my position', async () => {
    const running = state.tournaments.find((t) => t.id === 3)!;
    const level = running.structure.levels[running.level!];
    if ('breakSec' in level) throw new Error('the sample is at a blind level');
    const alive = running.entries.filter((e) => e.status === 'playing');
    const average = Math.round(alive.reduce((a, e) => a + e.chips, 0) / alive.length);
    const rank = [...alive].sort((a, b) => b.chips - a.chips).findIndex((e) => e.userId === 1) + 1;
    const onMoved = vi.fn();
    renderHud({ tournamentId: 3, tableId: 5, userId: 1, onMoved });
    expect((await screen.findByTestId('hud-level')).textContent).toBe(`Level ${level.level}`);
    expect(screen.getByTestId('hud-blinds').textContent).toContain(`Blinds ${level.smallBlind.toLocaleString('en')}/${level.bigBlind.toLocaleString('en')}`);
    expect(screen.getByTestId('hud-next').textContent).toMatch(/^Next level in \d+:\d\d$/);
    expect(screen.getByTestId('hud-average').textContent).toBe(`Average stack ${average.toLocaleString('en')}`);
    expect(screen.getByTestId('hud-left').textContent).toBe(`Players left: ${running.playersLeft}/${running.entrants}`);
    expect(screen.getByTestId('hud-position').textContent).toBe(`Your position: ${rank}/${running.playersLeft}`);
    expect(onMoved).not.toHaveBeenCalled();
  });

  it('announces a new level when the clock moves on (not the first level seen), politely to screen readers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderHud({ tournamentId: 3, tableId: 5, userId: 1 }, 'mn');
      await screen.findByTestId('hud-level');
      const banner = screen.getByTestId('hud-announcement');
      expect(banner.getAttribute('aria-live')).toBe('polite');
      expect(banner.textContent).toBe('');
      const i = state.tournaments.findIndex((t) => t.id === 3);
      const t = state.tournaments[i];
      const next = t.structure.levels.findIndex((l, k) => k > t.level! && !('breakSec' in l));
      const level = t.structure.levels[next] as { level: number; smallBlind: number; bigBlind: number };
      state.tournaments[i] = { ...t, level: next };
      await vi.advanceTimersByTimeAsync(5_100);
      await waitFor(() =>
        expect(banner.textContent).toBe(
          `${level.level}-р түвшин эхэллээ: блайнд ${level.smallBlind.toLocaleString('mn')} / ${level.bigBlind.toLocaleString('mn')}`,
        ),
      );
      // It goes after a few seconds.
      await vi.advanceTimersByTimeAsync(8_100);
      await waitFor(() => expect(banner.textContent).toBe(''));
    } finally {
      vi.useRealTimers();
    }
  });

  it('follows the player to the table the director moved them to', async () => {
    const onMoved = vi.fn();
    renderHud({ tournamentId: 3, tableId: 6, userId: 1, onMoved });
    await waitFor(() => expect(onMoved).toHaveBeenCalledWith(5));
  });

  it('shows the result and the prize once the player is out, in Mongolian too', async () => {
    renderHud({ tournamentId: 4, tableId: 9, userId: 1 }, 'mn');
    expect((await screen.findByTestId('hud-result')).textContent).toBe(`Та 1-р байр эзэлж, ${formatMoney(20_000, 'mn')} хожлоо`);
    expect(screen.queryByTestId('hud-position')).toBeNull();
  });
});
