// Safer play for the player (docs/safer-play.md): the tab's state, limits, the reminder interval,
// cool-off and self-exclusion (their seats cashed out, their pending tournament entries refunded),
// the identity upload, and the sweep that stands up a player whose session limit is reached.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows } from '../../db/client';
import { defineRoute } from '../define';

/** Identity images: two of at most 3 MB each, base64 in JSON. */
const IDENTITY_BODY_LIMIT = 9 * 1024 * 1024;

/**
 * An excluded player leaves play at once: each seat through the table's own leave (cashed out now,
 * or at the end of the hand in play; the table shows an ordinary leave, not a kick: nobody else
 * learns why), each entry of a tournament not yet started refunded.
 */
export async function leaveAllPlay(app: FastifyInstance, userId: number): Promise<void> {
  const { db, tournaments } = app.services;
  const seats = await rows<{ table_id: number }>(db, sql`SELECT DISTINCT table_id FROM table_seats WHERE user_id = ${userId}`);
  for (const s of seats) {
    const r = await app.live.tables.call(s.table_id, { kind: 'leave', userId });
    if (!r.ok) app.log.warn(`safer play: seat of user ${userId} at table ${s.table_id} not cashed out: ${r.error.code}`);
  }
  const entries = await rows<{ tournament_id: number }>(
    db,
    sql`SELECT DISTINCT e.tournament_id FROM tournament_entries e JOIN tournaments t ON t.id = e.tournament_id
        WHERE e.user_id = ${userId} AND e.status = 'registered' AND t.status = 'registering'`,
  );
  for (const e of entries)
    await tournaments.unregister(userId, e.tournament_id).catch((err: unknown) => app.log.warn({ err }, 'safer play: entry not refunded'));
}

/**
 * A reached session limit stands the player up from their cash seats through the table's own leave
 * (cashed out now, or at the end of the hand in play), as an exclusion does; a tournament entry
 * stays. Run every minute (SAFER_SWEEP_MS); the player cannot sit again until a 30-minute pause.
 * Returns the players stood up.
 */
export async function standUpOverSessionLimit(app: FastifyInstance): Promise<number[]> {
  const { db, safer } = app.services;
  const over = await safer.overSessionLimit();
  for (const userId of over) {
    const seats = await rows<{ table_id: number }>(
      db,
      sql`SELECT DISTINCT s.table_id FROM table_seats s JOIN poker_tables t ON t.id = s.table_id
          WHERE s.user_id = ${userId} AND t.tournament_id IS NULL`,
    );
    for (const s of seats) {
      const r = await app.live.tables.call(s.table_id, { kind: 'leave', userId });
      if (!r.ok) app.log.warn(`session limit: seat of user ${userId} at table ${s.table_id} not left: ${r.error.code}`);
    }
  }
  return over;
}

export async function userSaferRoutes(app: FastifyInstance) {
  const { safer } = app.services;

  defineRoute(app, 'saferPlay', async ({ user }) => safer.view(user.userId));
  defineRoute(app, 'setSaferLimit', async ({ user, body }) => safer.setLimit(user.userId, body));
  defineRoute(app, 'setSaferReminder', async ({ user, body }) => safer.setReminder(user.userId, body.reminderMinutes));
  defineRoute(app, 'saferExclude', async ({ user, body }) => {
    await safer.exclude(user.userId, body);
    await leaveAllPlay(app, user.userId);
    return safer.view(user.userId);
  });
  defineRoute(app, 'uploadIdentity', async ({ user, body }) => safer.identity.upload(user.userId, body), {
    bodyLimit: IDENTITY_BODY_LIMIT,
    rateLimit: { max: 20, timeWindow: 3_600_000 },
  });
}
