// The staff resources of issue 14 on the administrator API:
//
//   audit      the whole trail (administrators): GET /admin/audit
//   userAudit  one player's trail (target userId): GET /admin/user/audit
//   note       support notes (target userId): GET /admin/user/note, POST /admin/user/note
//   chat       chat moderation: GET /admin/chat, DELETE /admin/chat?id= (hides the message)
//   report     figures per day or month (id = the period): GET /admin/report
import type { AdminChatMessage, AuditEntry, ReportRow, UserNote } from '../../shared/api/admin';
import type { BodyOf } from '../../shared/api/routes';
import type { Http } from './http';
import { EMPTY, serverQuery, type ListResult, type ResourceAdapter } from './adapter';

export type AuditRecord = AuditEntry;
export type NoteRecord = UserNote;
export type ChatRecord = AdminChatMessage;
export type ReportRecord = ReportRow;

/** The staff resources (issue 14). */
export const STAFF_RESOURCES = ['audit', 'userAudit', 'note', 'chat', 'report'] as const;
export type StaffResourceName = (typeof STAFF_RESOURCES)[number];

const list = async <T extends { id: number | string }>(res: Promise<{ items: T[]; total: number }>): Promise<ListResult> => res;

export function staffAdapters(http: Http): Record<StaffResourceName, ResourceAdapter> {
  return {
    audit: { list: (req) => list(http.call('audit', { query: serverQuery('audit', 'id', req), signal: req.signal })) },
    userAudit: {
      list: (req) => {
        const query = serverQuery('userAudit', 'id', req);
        return query.userId === undefined ? Promise.resolve(EMPTY) : list(http.call('userAudit', { query, signal: req.signal }));
      },
    },
    note: {
      list: (req) => {
        const query = serverQuery('userNotes', 'id', req);
        return query.userId === undefined ? Promise.resolve(EMPTY) : list(http.call('userNotes', { query, signal: req.signal }));
      },
      create: (body) => http.call('createUserNote', { body: { userId: Number(body.userId), text: String(body.text ?? '') } as BodyOf<'createUserNote'> }),
    },
    chat: {
      list: (req) => list(http.call('adminChat', { query: serverQuery('adminChat', 'id', req), signal: req.signal })),
      remove: async (id) => {
        await http.call('hideChatMessage', { query: { id: Number(id) } });
      },
    },
    report: { list: (req) => list(http.call('reports', { query: serverQuery('reports', 'id', req), signal: req.signal })) },
  };
}
