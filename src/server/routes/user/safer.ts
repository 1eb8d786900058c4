// Safer play for the player (docs/safer-play.md): the tab's state, limits, the reminder interval,
// cool-off and self-exclusion (their seats cashed out, their pending tournament entries refunded
// by the play gate, integrity/play-gate.ts), the identity upload.
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../define';

/** Identity images: two of at most 3 MB each, base64 in JSON. */
const IDENTITY_BODY_LIMIT = 9 * 1024 * 1024;

export async function userSaferRoutes(app: FastifyInstance) {
  const { safer } = app.services;

  defineRoute(app, 'saferPlay', async ({ user }) => safer.view(user.userId));
  defineRoute(app, 'setSaferLimit', async ({ user, body }) => safer.setLimit(user.userId, body));
  defineRoute(app, 'setSaferReminder', async ({ user, body }) => safer.setReminder(user.userId, body.reminderMinutes));
  defineRoute(app, 'saferExclude', async ({ user, body }) => {
    await safer.exclude(user.userId, body);
    await app.playGate.leaveAllPlay(user.userId);
    return safer.view(user.userId);
  });
  defineRoute(app, 'uploadIdentity', async ({ user, body }) => safer.identity.upload(user.userId, body), {
    bodyLimit: IDENTITY_BODY_LIMIT,
    rateLimit: { max: 20, timeWindow: 3_600_000 },
  });
}
