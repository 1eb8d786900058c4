// Support work on accounts: notes (staff only, never shown to the player), a hold for review that
// blocks withdrawals, and chat moderation. Every change is audited in its own transaction.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminChatMessage, AdminChatQuery, AdminUser, UserNote, UserNoteQuery } from '../../shared/api/admin';
import type { List } from '../../shared/api/common';
import { type Database, first, iso, isoOrNull, rows } from '../db/client';
import type { ChatMessageRow, UserNoteRow, UserRow } from '../db/rows';
import { conflict, notFound } from '../core/errors';
import { type Actor, audit } from '../core/audit';
import { pageSql, where } from '../core/paging';
import type { UserAdmin } from './user-admin';
import { toMessage } from '../room/chat';
import * as userRecords from './user-records';

type NoteLine = UserNoteRow & { author: UserRow['username'] };
type ChatLine = ChatMessageRow & { username: UserRow['username']; hider: UserRow['username'] | null };
const NOTE_SORT = { id: sql`n.id`, createdAt: sql`n.id` };
const CHAT_SORT = { id: sql`m.id`, createdAt: sql`m.id`, username: sql`lower(u.username)` };

const toNote = (r: NoteLine): UserNote => ({ id: r.id, userId: r.user_id, author: r.author, text: r.text, createdAt: iso(r.created_at) });
const toChat = (r: ChatLine): AdminChatMessage => ({ ...toMessage(r), hiddenAt: isoOrNull(r.hidden_at), hiddenBy: r.hider });

export class StaffService {
  constructor(
    private readonly db: Database,
    private readonly users: UserAdmin,
  ) {}

  // ---- notes ----

  async notes(q: z.output<typeof UserNoteQuery>): Promise<List<UserNote>> {
    const p = pageSql(q, NOTE_SORT, 'id');
    if (!(await this.users.exists(q.userId))) throw notFound('User');
    const list = await rows<NoteLine>(
      this.db,
      sql`SELECT n.*, a.username AS author FROM user_notes n JOIN users a ON a.id = n.author_id
          WHERE n.user_id = ${q.userId} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    );
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM user_notes n WHERE n.user_id = ${q.userId}`);
    return { items: list.map(toNote), total: total?.n ?? 0 };
  }

  async addNote(actor: Actor, userId: number, text: string): Promise<UserNote> {
    const id = await this.db.transaction(async (tx) => {
      const u = await first(tx, sql`SELECT 1 FROM users WHERE id = ${userId}`);
      if (!u) throw notFound('User');
      const n = await first<Pick<UserNoteRow, 'id'>>(
        tx,
        sql`INSERT INTO user_notes (user_id, author_id, text) VALUES (${userId}, ${actor.userId}, ${text}) RETURNING id`,
      );
      await audit(tx, actor, { action: 'user.note', objectType: 'user', objectId: userId, userId, after: { note: n!.id, text } });
      return n!.id;
    });
    const r = await first<NoteLine>(this.db, sql`SELECT n.*, a.username AS author FROM user_notes n JOIN users a ON a.id = n.author_id WHERE n.id = ${id}`);
    return toNote(r!);
  }

  // ---- hold for review ----

  /** Puts an active account on hold (409 when it is on hold already). */
  async hold(actor: Actor, userId: number, reason: string): Promise<AdminUser> {
    await this.db.transaction(async (tx) => {
      const u = await first<Pick<UserRow, 'status' | 'hold_since'>>(tx, sql`SELECT status, hold_since FROM users WHERE id = ${userId} FOR UPDATE`);
      if (!u || u.status !== 'active') throw notFound('User');
      if (u.hold_since) throw conflict('This account is on hold already', 'ALREADY_ON_HOLD');
      await userRecords.setHold(tx, userId, reason, actor.userId);
      await audit(tx, actor, { action: 'user.hold', objectType: 'user', objectId: userId, userId, before: { hold: null }, after: { hold: reason } });
    });
    return (await this.users.adminUser(userId))!;
  }

  /** Ends the hold (409 when there is none). */
  async release(actor: Actor, userId: number): Promise<AdminUser> {
    await this.db.transaction(async (tx) => {
      const u = await first<Pick<UserRow, 'hold_reason' | 'hold_since'>>(tx, sql`SELECT hold_reason, hold_since FROM users WHERE id = ${userId} FOR UPDATE`);
      if (!u) throw notFound('User');
      if (!u.hold_since) throw conflict('This account is not on hold', 'NOT_ON_HOLD');
      await userRecords.clearHold(tx, userId);
      await audit(tx, actor, { action: 'user.release', objectType: 'user', objectId: userId, userId, before: { hold: u.hold_reason }, after: { hold: null } });
    });
    return (await this.users.adminUser(userId))!;
  }

  // ---- chat moderation ----

  async chat(q: z.output<typeof AdminChatQuery>): Promise<List<AdminChatMessage>> {
    const p = pageSql(q, CHAT_SORT, 'id');
    const w = where([
      q.tableId && sql`m.table_id = ${q.tableId}`,
      q.userId && sql`m.user_id = ${q.userId}`,
      q.hidden === 'true' && sql`m.hidden_at IS NOT NULL`,
      q.hidden === 'false' && sql`m.hidden_at IS NULL`,
    ]);
    const list = await rows<ChatLine>(
      this.db,
      sql`SELECT m.*, u.username, h.username AS hider FROM chat_messages m JOIN users u ON u.id = m.user_id LEFT JOIN users h ON h.id = m.hidden_by
          ${w} ${p.orderBy} LIMIT ${p.limit} OFFSET ${p.offset}`,
    );
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM chat_messages m JOIN users u ON u.id = m.user_id ${w}`);
    return { items: list.map(toChat), total: total?.n ?? 0 };
  }

  /** Hides a message from the chat history (409 when hidden already); the row stays for the record. */
  async hideChat(actor: Actor, id: number): Promise<AdminChatMessage> {
    await this.db.transaction(async (tx) => {
      const m = await first<Pick<ChatMessageRow, 'user_id' | 'text' | 'table_id' | 'hidden_at'>>(
        tx,
        sql`SELECT user_id, text, table_id, hidden_at FROM chat_messages WHERE id = ${id} FOR UPDATE`,
      );
      if (!m) throw notFound('Message');
      if (m.hidden_at) throw conflict('This message is hidden already', 'ALREADY_HIDDEN');
      await tx.execute(sql`UPDATE chat_messages SET hidden_at = now(), hidden_by = ${actor.userId} WHERE id = ${id}`);
      const before = { text: m.text, tableId: m.table_id };
      await audit(tx, actor, { action: 'chat.hide', objectType: 'chat', objectId: id, userId: m.user_id, before, after: { hidden: true } });
    });
    const r = await first<ChatLine>(
      this.db,
      sql`SELECT m.*, u.username, h.username AS hider FROM chat_messages m JOIN users u ON u.id = m.user_id LEFT JOIN users h ON h.id = m.hidden_by WHERE m.id = ${id}`,
    );
    return toChat(r!);
  }
}
