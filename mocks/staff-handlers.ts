// msw handlers of the staff routes of issue 14 (notes, holds, the audit trail, chat moderation,
// reports), on the contract like mocks/admin-handlers.ts; the caller is 'boss' (mocks/admin-state.ts).
import { http, type HttpHandler } from 'msw';
import type { AuditEntry } from '../src/shared/api';
import type { AdminMockState } from './admin-state';
import { errorResponse as err, page, path, readBody, reply } from './respond';

const NOW = '2026-01-04T00:00:00.000Z';
type Log = (request: Request) => Promise<URL>;

export function createStaffHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const userAt = (url: URL) => state.users.find((x) => x.userId === Number(url.searchParams.get('userId')));
  const record = (e: Pick<AuditEntry, 'action' | 'objectType' | 'userId'> & Partial<AuditEntry>) =>
    state.audit.unshift({
      id: state.audit.length + 1,
      createdAt: NOW,
      actorId: 1,
      actor: 'boss',
      actorRole: state.role === 'SUPPORT' ? 'SUPPORT' : 'ADMIN',
      ip: '127.0.0.1',
      objectId: e.userId === null ? null : String(e.userId),
      username: state.users.find((u) => u.userId === e.userId)?.username ?? null,
      before: null,
      after: null,
      ...e,
    });
  return [
    http.get(path('userNotes'), async ({ request }) => {
      const url = await log(request);
      const userId = Number(url.searchParams.get('userId'));
      return reply(
        'userNotes',
        page(
          state.notes.filter((n) => n.userId === userId),
          url,
        ),
      );
    }),
    http.post(path('createUserNote'), async ({ request }) => {
      await log(request);
      const b = await readBody('createUserNote', request);
      if (!b.ok) return b.res;
      const note = { id: state.notes.length + 1, userId: Number(b.data.userId), author: 'boss', text: String(b.data.text), createdAt: NOW };
      state.notes.unshift(note);
      record({ action: 'user.note', objectType: 'user', userId: note.userId, after: { text: note.text } });
      return reply('createUserNote', note);
    }),
    http.put(path('holdUser'), async ({ request }) => {
      const u = userAt(await log(request));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      const b = await readBody('holdUser', request);
      if (!b.ok) return b.res;
      if (u.hold) return err(409, 'ALREADY_ON_HOLD', 'This account is on hold already');
      u.hold = { reason: String(b.data.reason), since: NOW, by: 'boss' };
      record({ action: 'user.hold', objectType: 'user', userId: u.userId, after: { hold: u.hold.reason } });
      return reply('holdUser', u);
    }),
    http.delete(path('releaseUser'), async ({ request }) => {
      const u = userAt(await log(request));
      if (!u) return err(404, 'NOT_FOUND', 'User not found');
      if (!u.hold) return err(409, 'NOT_ON_HOLD', 'This account is not on hold');
      record({ action: 'user.release', objectType: 'user', userId: u.userId, before: { hold: u.hold.reason } });
      u.hold = null;
      return reply('releaseUser', u);
    }),
    http.get(path('userAudit'), async ({ request }) => {
      const url = await log(request);
      const userId = Number(url.searchParams.get('userId'));
      return reply(
        'userAudit',
        page(
          state.audit.filter((a) => a.userId === userId),
          url,
        ),
      );
    }),
    http.get(path('audit'), async ({ request }) => {
      const url = await log(request);
      const action = url.searchParams.get('action');
      return reply(
        'audit',
        page(
          state.audit.filter((a) => !action || a.action === action),
          url,
        ),
      );
    }),
    http.get(path('adminChat'), async ({ request }) => reply('adminChat', page([], await log(request)))),
    http.get(path('reports'), async ({ request }) => {
      const url = await log(request);
      const period = url.searchParams.get('period') === 'month' ? 'month' : 'day';
      const id = period === 'month' ? '2026-01' : '2026-01-04';
      const row = { id, period, deposits: 500_000, withdrawals: 120_000, rake: 8_000, jackpot: 1_000, jackpotPaid: 0, activePlayers: 12, registrations: 3 };
      return reply('reports', { items: [row], total: 1 });
    }),
  ];
}
