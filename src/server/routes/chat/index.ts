// Chat history under /api/chat (sending comes with the socket).
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define';

export async function chatRoutes(app: FastifyInstance) {
  defineRoute(app, 'chatMessages', async ({ query }) => app.services.chat.recent(query.limit, query.tableId ?? null));
}
