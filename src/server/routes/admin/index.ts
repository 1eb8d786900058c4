// Administrator API under /api/v1/admin; every route requires the ADMIN role (checked per route).
import type { FastifyInstance } from 'fastify';
import { adminContentRoutes } from './content';
import { adminIntegrityRoutes } from './integrity';
import { adminTableRoutes } from './tables';
import { adminSaferRoutes } from './safer';
import { adminUserRoutes } from './users';
import { adminWalletRoutes } from './wallet';

export async function adminRoutes(app: FastifyInstance) {
  await adminWalletRoutes(app);
  await adminUserRoutes(app);
  await adminTableRoutes(app);
  await adminContentRoutes(app);
  await adminSaferRoutes(app);
  await adminIntegrityRoutes(app);
}
