// The back office's tournaments against msw (mocks/tournament-handlers.ts): the list and its status
// filter, creating one from a template (the body posted), the page with structure, payouts and
// entrants, cancelling with a reason, and what support staff are (not) offered.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTournaments } from '../../mocks/tournaments';
import { REGULAR_MTT } from '../../src/poker/tournament';
import { tournamentBody, templateValues } from '../../src/admin/tournaments/formValues';
import { adminMock, renderAdmin } from './helpers';

const { use, requests } = adminMock(() => ({ tournaments: sampleTournaments() }));

// By attribute, not getByLabelText: with the 34 levels' inputs on the page, each label query
// scans the whole form (~2 s in jsdom, minutes under the full suite's load).
const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
const button = (text: string) => [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === text)!;
const labelled = (label: string) => document.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`)!;

async function choose(label: string, option: string | RegExp) {
  const select = await screen.findByRole('combobox', { name: label });
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('tournaments in the back office', () => {
  it('lists tournaments with a status filter and the CSV export', async () => {
    use();
    await renderAdmin('/admin/tournament');
    await screen.findByText('Sunday Million');
    expect(screen.getByText('Daily 50K')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toContain('Tournaments');
    await choose('Status', 'Running');
    await waitFor(() => expect(screen.queryByText('Sunday Million')).toBeNull());
    expect(screen.getByText('Daily 50K')).toBeTruthy();
    expect(requests('GET', '/admin/tournament').at(-1)!.query.status).toBe('running');
  });

  it('creates a tournament from a template and posts the contract body', async () => {
    use({ tournaments: [] });
    const last = REGULAR_MTT.levels.at(-1)!;
    if (!('level' in last)) throw new Error('the template ends with a level');
    const nextLevel = { ...last, level: last.level + 1, smallBlind: last.smallBlind * 2, bigBlind: last.bigBlind * 2 };
    await renderAdmin('/admin/tournament/create');
    await choose('Template', /^Regular MTT/);
    await waitFor(() => expect(input('startingStack').value).toBe('10000'));
    fireEvent.change(input('name'), { target: { value: 'Naadam Cup' } });
    fireEvent.change(input('buyIn'), { target: { value: '50000' } });
    fireEvent.change(input('fee'), { target: { value: '5000' } });
    fireEvent.change(input('guarantee'), { target: { value: '2000000' } });
    // The levels editor: one row's blinds changed, a break and a level (doubling the last) added.
    fireEvent.change(labelled('1. Small blind'), { target: { value: '30' } });
    fireEvent.change(labelled('1. Big blind'), { target: { value: '60' } });
    fireEvent.click(button('Add break'));
    fireEvent.click(button('Add level'));
    const start = input('startsAt');
    fireEvent.change(start, { target: { value: '2026-07-11T18:00' } });
    fireEvent.blur(start);
    const save = button('Save');
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(requests('POST', '/admin/tournament')).toHaveLength(1), { timeout: 15_000 });
    expect(requests('POST', '/admin/tournament')[0].body).toEqual({
      name: 'Naadam Cup',
      kind: 'mtt',
      variant: 'NT',
      buyIn: 50_000,
      fee: 5000,
      startingStack: 10_000,
      tableSize: 9,
      minEntrants: 10,
      maxEntrants: 500,
      startsAt: new Date('2026-07-11T18:00').toISOString(),
      lateRegLevels: 0,
      reentryMax: 0,
      guarantee: 2_000_000,
      structure: {
        levels: [{ ...REGULAR_MTT.levels[0], smallBlind: 30, bigBlind: 60 }, ...REGULAR_MTT.levels.slice(1), { breakSec: 300 }, nextLevel],
      },
    });
    // The new tournament's page.
    await screen.findByTestId('admin-tournament-structure');
  });

  it('turns the form back into the template exactly (levels, breaks, big-blind antes)', () => {
    const body = tournamentBody({ ...templateValues('REGULAR_MTT'), name: 'x', buyIn: 1000, startsAt: '2026-07-11T18:00' });
    expect(body.structure).toEqual({ levels: REGULAR_MTT.levels });
    expect(tournamentBody({ ...templateValues('HEADS_UP_SNG'), name: 'x', buyIn: 1000 })).toMatchObject({
      kind: 'sng',
      tableSize: 2,
      maxEntrants: 2,
      startsAt: null,
    });
  });

  it('shows structure, payouts and entrants, and cancels only with a reason', async () => {
    use();
    await renderAdmin('/admin/tournament/2/show');
    const structure = await screen.findByTestId('admin-tournament-structure');
    expect(within(structure).getByTestId('admin-level-6').textContent).toBe('Break5');
    expect(screen.getByTestId('admin-tournament-payouts').textContent).toContain('6,500,000\u00a0₮');
    expect(screen.getByTestId('admin-tournament-entrants').textContent).toContain('bataa');

    fireEvent.click(screen.getByRole('button', { name: 'Cancel tournament' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The 4 registered players each get 110,000\u00a0₮ (buy-in and fee) back');
    const confirm = within(dialog).getByRole('button', { name: 'Cancel and refund' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Server maintenance' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(requests('POST', '/admin/tournament/2/cancel')).toHaveLength(1));
    expect(requests('POST', '/admin/tournament/2/cancel')[0].body).toEqual({ reason: 'Server maintenance' });
    await screen.findByText('Cancelled, every entrant refunded. Reason: Server maintenance');
    expect(screen.queryByRole('button', { name: 'Cancel tournament' })).toBeNull();
  });

  it('support staff see the list and the page, without create, edit or cancel', async () => {
    use({ role: 'SUPPORT' });
    await renderAdmin('/admin/tournament');
    await screen.findByText('Sunday Million');
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
    fireEvent.click(screen.getByText('Sunday Million'));
    await screen.findByTestId('admin-tournament-structure');
    expect(screen.queryByRole('button', { name: 'Cancel tournament' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});
