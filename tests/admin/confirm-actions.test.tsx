// Actions behind a confirmation dialog that no other file exercises: house bots for a tournament,
// hiding a chat message (the mock back end lists no chat, so this file serves one message).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { page, path, reply } from '../../mocks/respond';
import { sampleTournaments } from '../../mocks/tournaments';
import { adminMock, renderAdmin } from './helpers';

const mock = adminMock(() => ({ tournaments: sampleTournaments() }));
const { use, requests } = mock;

describe('house bots for a tournament', () => {
  it('registers the number asked for, says so, and closes the dialog', async () => {
    use();
    await renderAdmin('/admin/tournament/2/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Add bots' }));
    const dialog = await screen.findByRole('dialog', { name: 'House bots for Sunday Million' });
    fireEvent.change(within(dialog).getByTestId('tournament-bot-count'), { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the bots' }));
    await screen.findByText('3 bots registered for Sunday Million');
    expect(requests('POST', '/admin/tournament/2/bots').map((r) => r.body)).toEqual([{ count: 3 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not let more bots than free places be asked for', async () => {
    use();
    await renderAdmin('/admin/tournament/2/show');
    fireEvent.click(await screen.findByRole('button', { name: 'Add bots' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('tournament-bot-count'), { target: { value: '497' } });
    expect((within(dialog).getByRole('button', { name: 'Register the bots' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests('POST', '/admin/tournament/2/bots')).toHaveLength(0);
  });
});

describe('chat moderation', () => {
  const message = { id: 41, userId: 7, username: 'bataa', text: 'buy chips here', tableId: 3, createdAt: '2026-01-03T10:00:00.000Z' };

  it('hides a message after the confirmation and refreshes the list', async () => {
    use();
    let hiddenAt: string | null = null;
    const hidden: string[] = [];
    mock.server.use(
      http.get(path('adminChat'), ({ request }) =>
        reply('adminChat', page([{ ...message, hiddenAt, hiddenBy: hiddenAt ? 'boss' : null }], new URL(request.url))),
      ),
      http.delete(path('hideChatMessage'), ({ request }) => {
        hidden.push(new URL(request.url).searchParams.get('id') ?? '');
        hiddenAt = '2026-01-04T00:00:00.000Z';
        return reply('hideChatMessage', { ...message, hiddenAt, hiddenBy: 'boss' });
      }),
    );
    await renderAdmin('/admin/chat?filter=%7B%7D');
    await screen.findByText('buy chips here');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('bataa: “buy chips here”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Message hidden');
    expect(hidden).toEqual(['41']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Refreshed: a hidden message offers no Hide.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hide' })).toBeNull());
    expect(screen.getAllByText('boss').length).toBeGreaterThan(0);
  });
});
