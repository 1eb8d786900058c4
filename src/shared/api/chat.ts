// Schemas of the chat history API (/api/chat).
import { z } from 'zod';
import { Id, IsoDate } from './common';

export const ChatMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  text: z.string(),
  tableId: z.number().int().nullable(),
  createdAt: IsoDate,
});
export type ChatMessage = z.infer<typeof ChatMessage>;
/** Newest `limit` messages, returned in chronological order; global chat unless tableId is given. */
export const ChatQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), tableId: Id.optional() });
export const ChatMessages = z.object({ items: z.array(ChatMessage), total: z.number().int() });
/** Text rules for sending (used by the socket in the next issue). */
export const ChatText = z.string().trim().min(1).max(500);
