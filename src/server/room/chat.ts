// Chat storage. Sending arrives with the socket (next issue); it will call `post`.
import { sql } from 'drizzle-orm';
import type { ChatMessage } from '../../shared/api/chat';
import { type Executor, first, iso, rows } from '../db/client';
import type { ChatMessageRow, UserRow } from '../db/rows';

/** A message with its author's name. */
type MessageRow = ChatMessageRow & Pick<UserRow, 'username'>;
export const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  userId: r.user_id,
  username: r.username,
  text: r.text,
  tableId: r.table_id,
  createdAt: iso(r.created_at),
});

export class ChatService {
  constructor(private readonly db: Executor) {}

  async post(userId: number, text: string, tableId: number | null = null): Promise<ChatMessage> {
    const r = await first<MessageRow>(
      this.db,
      sql`WITH m AS (INSERT INTO chat_messages (user_id, table_id, text) VALUES (${userId}, ${tableId}, ${text}) RETURNING *)
          SELECT m.*, u.username FROM m JOIN users u ON u.id = m.user_id`,
    );
    return toMessage(r!);
  }

  /** The newest `limit` messages of the global chat (or one table's), in chronological order. */
  async recent(limit: number, tableId: number | null): Promise<{ items: ChatMessage[]; total: number }> {
    // Messages hidden by a moderator (accounts/staff.ts) are no longer shown.
    const scope = tableId === null ? sql`m.table_id IS NULL AND m.hidden_at IS NULL` : sql`m.table_id = ${tableId} AND m.hidden_at IS NULL`;
    const list = await rows<MessageRow>(
      this.db,
      sql`SELECT * FROM (SELECT m.*, u.username FROM chat_messages m JOIN users u ON u.id = m.user_id
            WHERE ${scope} ORDER BY m.id DESC LIMIT ${limit}) x ORDER BY id ASC`,
    );
    const total = await first<{ n: number }>(this.db, sql`SELECT count(*)::bigint AS n FROM chat_messages m WHERE ${scope}`);
    return { items: list.map(toMessage), total: total?.n ?? 0 };
  }
}
