// GET /api/v1/user/hand/export.phhs: the player's whole history (or a range of days) as one .phhs
// file, streamed from the database in batches, with the number of hands in a header so the app
// can show progress. Outside the JSON route table: the answer is a file, not a contract object.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { HAND_COUNT_HEADER, HandsExportQuery, MY_HANDS_EXPORT_PATH } from '../../../shared/api/live';
import { zodToAppError } from '../../plugins/errors';
import { requireAccess } from '../../plugins/auth';
import { countMyHands, exportMyHands } from '../../tables/history';
import type { AuthUser } from '../../accounts/users';

export async function handsExportRoute(app: FastifyInstance): Promise<void> {
  app.get(MY_HANDS_EXPORT_PATH, { config: { rateLimit: { max: 10, timeWindow: 60_000 } } }, async (req, reply) => {
    await requireAccess(app, req, 'user');
    const parsed = HandsExportQuery.safeParse(req.query ?? {});
    if (!parsed.success) throw zodToAppError(parsed.error, 'query');
    const userId = (req.user as AuthUser).userId;
    const total = await countMyHands(app.services.db, userId, parsed.data);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="mongol-poker-hands-${day}.phhs"`)
      .header('cache-control', 'no-store')
      .header(HAND_COUNT_HEADER, String(total))
      .header('access-control-expose-headers', HAND_COUNT_HEADER)
      .send(Readable.from(exportMyHands(app.services.db, userId, parsed.data)));
  });
}
