// Player API under /api/v1/user.
import type { FastifyInstance } from 'fastify';
import { userAuthRoutes } from './auth';
import { userProfileRoutes } from './profile';
import { userPublicRoutes } from './public';
import { userSaferRoutes } from './safer';
import { userPushRoutes } from './push';
import { userRegularsRoutes } from './regulars';
import { userWalletRoutes } from './wallet';

export async function userRoutes(app: FastifyInstance) {
  await userAuthRoutes(app);
  await userProfileRoutes(app);
  await userWalletRoutes(app);
  await userPublicRoutes(app);
  await userSaferRoutes(app);
  await userRegularsRoutes(app);
  await userPushRoutes(app);
}
