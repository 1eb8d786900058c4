// Game integrity for staff (docs/integrity.md): support staff read alerts, pages and cases and
// write notes; administrators act (cases, standing, alerts' status, restitution with four eyes).
// The access of each route is in shared/api/routes.ts.
import type { FastifyInstance } from 'fastify';
import { evidenceHand, getAlert, groupPage, listAlerts, playerPage } from '../../integrity/views';
import { defineRoute } from '../define';

export async function adminIntegrityRoutes(app: FastifyInstance) {
  const { integrity } = app.services;
  const { db, cases, restitutions } = integrity;

  defineRoute(app, 'integrityAlerts', async ({ query }) => listAlerts(db, query));
  defineRoute(app, 'integrityAlert', async ({ params }) => getAlert(db, params.alertId));
  defineRoute(app, 'integrityAlertStatus', async ({ actor, params, body }) => cases.setAlertStatus(actor, params.alertId, body.status));
  defineRoute(app, 'integrityPlayer', async ({ params }) => playerPage(db, params.userId));
  defineRoute(app, 'integrityGroup', async ({ params }) => groupPage(db, params.userId));
  defineRoute(app, 'integrityHand', async ({ params }) => evidenceHand(db, params.handId));
  defineRoute(app, 'integrityCases', async ({ query }) => cases.list(query));
  defineRoute(app, 'integrityCase', async ({ params }) => cases.get(params.caseId));
  defineRoute(app, 'createIntegrityCase', async ({ actor, body }) => cases.create(actor, body));
  defineRoute(app, 'updateIntegrityCase', async ({ actor, params, body }) => cases.update(actor, params.caseId, body));
  defineRoute(app, 'addIntegrityCaseNote', async ({ actor, params, body }) => cases.note(actor, params.caseId, body.text));
  defineRoute(app, 'setIntegrityStanding', async ({ actor, params, body }) => {
    const after = await cases.setStanding(actor, params.caseId, body);
    // Kept from the tables: a seated player leaves as they would themselves (at the end of the
    // hand in play), and a tournament not yet started refunds their entry.
    if (body.standing === 'restricted' || body.standing === 'frozen' || body.standing === 'closed') await app.playGate.leaveAllPlay(body.userId);
    return after;
  });
  defineRoute(app, 'proposeRestitution', async ({ actor, params, body }) => restitutions.propose(actor, params.caseId, body));
  defineRoute(app, 'approveRestitution', async ({ actor, params }) => restitutions.resolve(actor, params.restitutionId, 'paid'));
  defineRoute(app, 'rejectRestitution', async ({ actor, params, body }) => restitutions.resolve(actor, params.restitutionId, 'rejected', body.reason));
}
