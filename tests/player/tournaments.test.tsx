// The lobby's Tournament tab and the tournament page against the msw mock (mocks/tournaments.ts):
// the list (table and phone cards, empty state), register and unregister behind a confirmation
// that names the amounts, the server's refusal shown in words, and the page's structure, payouts,
// entrants, tables and the player's own position.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { createMockServer } from '../../mocks/node';
import { errorResponse, path } from '../../mocks/respond';
import { sampleTournaments } from '../../mocks/tournaments';
import { TournamentTab, lobbyOrder } from '../../src/player/lobby/TournamentTab';
import TournamentPage, { tournamentRefresh, TOURNAMENT_REFRESH_MS } from '../../src/player/tournament/TournamentPage';
import { chipRanks } from '../../src/player/tournament/Sections';
import { renderPlayer } from './helpers';

const { server, state } = createMockServer();
const BALANCE = state.users[0].me.balance;
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  server.resetHandlers();
  state.tournaments = sampleTournaments();
  state.users[0].me = { ...state.users[0].me, balance: BALANCE };
  localStorage.removeItem('accessToken');
});
afterAll(() => server.close());

function setWidth(w: number) {
  Object.defineProperty(window, 'innerWidth', { value: w, configurable: true, writable: true });
}
const signIn = () => localStorage.setItem('accessToken', 'mock-token-1');
/** The formatter puts a no-break space before ₮. */
type Tournament = (typeof state.tournaments)[number];

/**
 * Signs in, then changes the running tournament (the third) by `over` and the signed-in player's
 * entry in it by `mine`. Answers the player and the tournament as it was.
 */
function changeRunning(over: Partial<Tournament>, mine: Partial<Tournament['entries'][number]>) {
  signIn();
  const me = state.users[0].me;
  const running = state.tournaments[2];
  state.tournaments[2] = { ...running, ...over, entries: running.entries.map((e) => (e.userId === me.userId ? { ...e, ...mine } : e)) };
  return { me, running };
}

const nbsp = (s: string) => s.replace(/ ₮/g, '\u00a0₮');

function renderPage(id: number, lng: 'en' | 'mn' = 'en') {
  return renderPlayer({
    route: `/tournament/${id}`,
    lng,
    children: (
      <Routes>
        <Route path="/tournament/:id" element={<TournamentPage />} />
      </Routes>
    ),
  });
}

describe('the lobby tournament tab', () => {
  it('lists registering and running tournaments: status, kind, start, buy-in + fee, entrants, prize pool, guarantee', async () => {
    setWidth(1280);
    renderPlayer({ children: <TournamentTab /> });
    const table = await screen.findByTestId('tournament-table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Tournament', 'Start', 'Buy-in + fee', 'Entrants', 'Prize pool', 'Registration']);
    // Running first, then registering; the finished one is not in the lobby.
    const ids = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.getAttribute('data-testid'));
    expect(ids).toEqual(['tournament-row-3', 'tournament-row-1', 'tournament-row-2']);

    const sng = screen.getByTestId('tournament-row-1');
    expect(sng.textContent).toContain('Registering');
    expect(sng.textContent).toContain('Sit & go');
    expect(sng.textContent).toContain('Starts when 9 players have registered');
    expect(sng.textContent).toContain(nbsp('20,000 ₮ + 2,000 ₮'));
    expect(screen.getByTestId('tournament-entrants-1').textContent).toBe('5/9');
    expect(sng.textContent).toContain(nbsp('100,000 ₮'));
    expect(within(sng).getByRole('link', { name: 'Turbo 20K' }).getAttribute('href')).toBe('/tournament/1');

    const mtt = screen.getByTestId('tournament-row-2');
    expect(mtt.textContent).toContain('Scheduled');
    expect(mtt.textContent).toMatch(/Starts \d+ \w{3} 2026, \d\d:\d\d/);
    expect(mtt.textContent).toContain(nbsp('10,000,000 ₮ guaranteed'));
    expect(screen.getByTestId('tournament-row-3').textContent).toContain('Running');
    // Signed out: a way to sign in instead of a register button.
    expect(screen.getByTestId('tournament-signin-1')).toBeTruthy();
  });

  it('shows cards on a 375 px phone', async () => {
    setWidth(375);
    renderPlayer({ children: <TournamentTab /> });
    expect(await screen.findByTestId('tournament-cards')).toBeTruthy();
    expect(screen.queryByTestId('tournament-table')).toBeNull();
    setWidth(1024);
  });

  it('says so when no tournament is open', async () => {
    state.tournaments = [];
    renderPlayer({ children: <TournamentTab /> });
    expect((await screen.findByTestId('tournament-empty')).textContent).toBe('No tournaments are open right now. New ones are announced here.');
  });

  it('registers after a confirmation naming what the wallet pays, then shows the badge', async () => {
    setWidth(1280);
    signIn();
    renderPlayer({ children: <TournamentTab /> });
    fireEvent.click(await screen.findByTestId('tournament-register-1'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Register for Turbo 20K?')).toBeTruthy();
    expect(dialog.textContent).toContain(nbsp('22,000 ₮ will be taken from your wallet: the buy-in of 20,000 ₮ goes to the prize pool and the fee of 2,000 ₮'));
    expect(dialog.textContent).toContain(nbsp('Your balance: 1,250,000 ₮'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register and pay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByTestId('tournament-registered-1');
    await waitFor(() => expect(screen.getByTestId('tournament-entrants-1').textContent).toBe('6/9'));
    expect(state.users[0].me.balance).toBe(BALANCE - 22_000);
    expect(state.outcomes.slice(-2).map((o) => [o.type, o.amount])).toEqual([
      ['TOURNAMENT_BUY_IN', -20_000],
      ['TOURNAMENT_FEE', -2000],
    ]);
  });

  it('unregisters with the exact refund', async () => {
    setWidth(1280);
    signIn();
    renderPlayer({ children: <TournamentTab /> });
    expect(await screen.findByTestId('tournament-registered-2')).toBeTruthy();
    // The list can answer before the signed-in user: the button comes with the user.
    fireEvent.click(await screen.findByTestId('tournament-unregister-2'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(nbsp('110,000 ₮ (buy-in 100,000 ₮ and fee 10,000 ₮) goes back to your wallet'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unregister' }));
    await waitFor(() => expect(screen.queryByTestId('tournament-registered-2')).toBeNull());
    expect(state.users[0].me.balance).toBe(BALANCE + 110_000);
  });

  it('shows the server refusal (TOURNAMENT_FULL) in words', async () => {
    setWidth(1280);
    signIn();
    server.use(http.post(path('registerTournament'), () => errorResponse(409, 'TOURNAMENT_FULL', 'This tournament is full')));
    renderPlayer({ children: <TournamentTab /> });
    fireEvent.click(await screen.findByTestId('tournament-register-1'));
    fireEvent.click(await screen.findByTestId('tournament-dialog-confirm'));
    expect((await screen.findByTestId('tournament-dialog-error')).textContent).toBe('This tournament is full');
    expect(state.users[0].me.balance).toBe(BALANCE);
  });

  it('in Mongolian: not enough balance', async () => {
    setWidth(1280);
    signIn();
    state.users[0].me = { ...state.users[0].me, balance: 1000 };
    renderPlayer({ children: <TournamentTab />, lng: 'mn' });
    fireEvent.click(await screen.findByTestId('tournament-register-1'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Turbo 20K тэмцээнд бүртгүүлэх үү?');
    fireEvent.click(screen.getByTestId('tournament-dialog-confirm'));
    expect((await screen.findByTestId('tournament-dialog-error')).textContent).toBe('Үлдэгдэл хүрэлцэхгүй байна');
  });

  it('orders running before registering, keeping the server order', () => {
    const [a, b, c] = sampleTournaments();
    expect(lobbyOrder([a, b, c]).map((s) => s.id)).toEqual([3, 1, 2]);
  });
});

describe('the tournament page', () => {
  it('shows the structure with breaks, the payouts for the field and the entrants of a registering tournament', async () => {
    renderPage(2);
    expect((await screen.findByRole('heading', { name: 'Sunday Million' })).tagName).toBe('H1');
    expect(screen.getByTestId('tournament-status').textContent).toBe('Registering');
    expect(screen.getByTestId('tournament-buyin').textContent).toBe(nbsp('100,000 ₮ + 10,000 ₮'));
    // The guarantee makes the pool.
    expect(screen.getByTestId('tournament-pool').textContent).toBe(nbsp('10,000,000 ₮'));
    const structure = screen.getByTestId('tournament-structure');
    expect(within(structure).getByTestId('level-0').textContent).toBe('125 / 50—15 min');
    expect(within(structure).getByTestId('level-3').textContent).toBe(`4100 / 200200 (big blind ante)15 min`);
    expect(within(structure).getByTestId('level-6').textContent).toBe('Break5 min');
    // 4 entrants: two places paid (65/35) of the guaranteed pool.
    expect(screen.getByTestId('tournament-payouts').textContent).toContain('2 paid places for 4 entrants');
    expect(screen.getByTestId('payout-1').textContent).toBe(nbsp('16,500,000 ₮'));
    expect(screen.getByTestId('payout-2').textContent).toBe(nbsp('23,500,000 ₮'));
    expect(screen.getByTestId('tournament-entrants').textContent).toContain('Entrants (4)');
    expect(screen.getByTestId('entrant-1').textContent).toContain('bataa');
    expect(screen.queryByTestId('tournament-tables')).toBeNull();
  });

  it('pays two places once five have registered (65/35 of 100,000 ₮)', async () => {
    renderPage(1);
    await screen.findByTestId('tournament-payouts');
    expect(screen.getByTestId('payout-1').textContent).toBe(nbsp('165,000 ₮'));
    expect(screen.getByTestId('payout-2').textContent).toBe(nbsp('235,000 ₮'));
    expect(screen.getByTestId('tournament-start').textContent).toBe('Starts when 9 players have registered');
  });

  it('while running: the level, the tables as links, chip counts, places and my position', async () => {
    signIn();
    renderPage(3);
    const me = await screen.findByTestId('tournament-me');
    expect(me.textContent).toContain('You are 3 of 9 players left, with 13,250 chips');
    expect(within(me).getByRole('link', { name: 'Go to my table' }).getAttribute('href')).toBe('/table/5');
    expect(screen.getByTestId('tournament-clock').textContent).toMatch(/^Level 4: blinds 100 \/ 200, ante 200 · next level at \d\d:\d\d$/);
    const tables = screen.getByTestId('tournament-tables');
    expect(within(tables).getByTestId('tournament-table-5').getAttribute('href')).toBe('/table/5');
    expect(within(tables).getByTestId('tournament-table-6').textContent).toBe('Table 6 · 4 players');
    const entrants = screen.getByTestId('tournament-entrants');
    const rows = within(entrants).getAllByRole('row').slice(1);
    expect(rows[0].textContent).toMatch(/^1tsetsgee14,000/);
    // The busted players keep their place; the row of the signed-in player is marked.
    expect(rows.at(-1)!.textContent).toContain('12');
    expect(rows.at(-1)!.textContent).toContain('Out');
    expect(screen.getByTestId('level-3').className).toContain('Mui-selected');
  });

  it('late registration: the page says until when; a player knocked out re-enters after a confirmation and is back in play', async () => {
    const { running } = changeRunning(
      { lateRegOpen: true, lateRegEndsAt: new Date(Date.now() + 600_000).toISOString(), reentryMax: 1 },
      { status: 'busted', chips: 0, place: null, tableId: null },
    );
    renderPage(3);
    expect((await screen.findByTestId('tournament-late-until')).textContent).toMatch(/^until about \d\d:\d\d$/);
    const out = await screen.findByTestId('tournament-me');
    expect(out.textContent).toContain('You are out. Late registration is open: you can enter again.');
    fireEvent.click(within(out).getByTestId(`tournament-reenter-${running.id}`));
    const dialog = await screen.findByTestId('tournament-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`Enter ${running.name} again?`);
    expect(screen.getByTestId('tournament-dialog-text').textContent).toContain('a new entry with a fresh starting stack');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Re-enter and pay' }));
    await waitFor(() => expect(screen.getByTestId('tournament-me').textContent).toMatch(/^You are \d+ of \d+ players left/));
    expect(state.users[0].me.balance).toBe(BALANCE - running.buyIn - running.fee);
    // The second entry is marked as such in the list; a third is not offered (one re-entry).
    expect(screen.getByTestId('tournament-entrants').textContent).toContain('(entry 2)');
    expect(screen.queryByTestId(`tournament-reenter-${running.id}`)).toBeNull();
  });

  it('rebuy: offered at or below the starting stack while rebuys are open, confirmed with the amounts, then gone', async () => {
    const { me, running } = changeRunning({ lateRegOpen: true, rebuyLevels: 2, rebuyMax: 1, rebuyOpen: true }, { chips: state.tournaments[2].startingStack });
    renderPage(3);
    fireEvent.click(await screen.findByTestId('tournament-rebuy'));
    const dialog = await screen.findByTestId('tournament-purchase-dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe(`Rebuy ${running.startingStack.toLocaleString('en')} chips?`);
    fireEvent.click(within(dialog).getByTestId('tournament-purchase-confirm'));
    await waitFor(() => expect(screen.queryByTestId('tournament-rebuy')).toBeNull());
    expect(state.users[0].me.balance).toBe(BALANCE - running.buyIn - running.fee);
    const mine = state.tournaments[2].entries.find((e) => e.userId === me.userId)!;
    expect(mine).toMatchObject({ chips: 2 * running.startingStack, rebuys: 1 });
  });

  it('a finished tournament shows my place and prize; Mongolian words', async () => {
    signIn();
    renderPage(4, 'mn');
    expect((await screen.findByTestId('tournament-me')).textContent).toBe('Та 1-р байр эзэлж, 20\u00a0000\u00a0₮ шагнал хүртлээ');
    expect(screen.getByTestId('tournament-status').textContent).toBe('Дууссан');
    expect(screen.getByTestId('tournament-structure').textContent).toContain('Түвшин');
  });

  it('an unknown tournament', async () => {
    renderPage(999);
    expect(await screen.findByText('This tournament does not exist.')).toBeTruthy();
  });

  it('polls every few seconds while registering or running only', () => {
    const [reg, , running, finished] = sampleTournaments();
    expect(tournamentRefresh(reg)).toBe(TOURNAMENT_REFRESH_MS);
    expect(tournamentRefresh(running)).toBe(TOURNAMENT_REFRESH_MS);
    expect(tournamentRefresh(finished)).toBe(0);
    expect(TOURNAMENT_REFRESH_MS).toBeLessThanOrEqual(5000);
  });

  it('ranks the players still in by chips', () => {
    const running = sampleTournaments()[2];
    const ranks = chipRanks(running.entries);
    expect(ranks.size).toBe(9);
    expect(ranks.get(399)).toBe(3);
  });
});
