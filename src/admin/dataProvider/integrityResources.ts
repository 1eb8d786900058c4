// The integrity resources (docs/integrity.md) on the administrator API:
//
//   integrityAlert  alerts ranked by score: GET /admin/integrity/alert, GET /admin/integrity/alert/:alertId
//   integrityCase   cases: GET /admin/integrity/case, GET /admin/integrity/case/:caseId, POST /admin/integrity/case
// The actions on them (status, notes, standing, restitution) are the provider's `call`.
import type { Alert, IntegrityCase } from '../../shared/api/integrity';
import type { BodyOf } from '../../shared/api/routes';
import { explained } from './errors';
import type { Http } from './http';
import { serverQuery, type ResourceAdapter } from './adapter';

export type AlertRecord = Alert;
export type CaseRecord = IntegrityCase;

export const INTEGRITY_RESOURCES = ['integrityAlert', 'integrityCase'] as const;
export type IntegrityResourceName = (typeof INTEGRITY_RESOURCES)[number];

export function integrityAdapters(http: Http): Record<IntegrityResourceName, ResourceAdapter> {
  return {
    integrityAlert: {
      list: (req) => http.call('integrityAlerts', { query: serverQuery('integrityAlerts', 'id', req), signal: req.signal }),
      one: (id, signal) => http.call('integrityAlert', { params: { alertId: Number(id) }, signal }),
    },
    integrityCase: {
      list: (req) => http.call('integrityCases', { query: serverQuery('integrityCases', 'id', req), signal: req.signal }),
      one: (id, signal) => http.call('integrityCase', { params: { caseId: Number(id) }, signal }),
      create: (body) =>
        explained('other', () =>
          http.call('createIntegrityCase', {
            body: {
              title: String(body.title ?? ''),
              userIds: (body.userIds as number[]) ?? [],
              alertIds: body.alertIds as number[] | undefined,
            } as BodyOf<'createIntegrityCase'>,
          }),
        ),
    },
  };
}
