// The `identity` resource (safer play, docs/safer-play.md): identity checks to review.
//
//   list    GET /admin/identity-check (status, userId)
//   one     GET /admin/identity-check/:checkId (with the two images, for staff only)
//   review  PUT /admin/identity-check/review?id= {decision, reason} (a custom method, index.ts)
import type { IdentityCheck, IdentityCheckDetail } from '../../shared/api/safer';
import type { Http } from './http';
import { mapped, serverQuery, type ResourceAdapter } from './adapter';

export type IdentityRecord = IdentityCheck & Partial<Pick<IdentityCheckDetail, 'document' | 'second'>>;

export function identityAdapter(http: Http): ResourceAdapter {
  return {
    list: (req) => mapped(http.call('adminIdentityChecks', { query: serverQuery('adminIdentityChecks', 'id', req), signal: req.signal }), (c) => c),
    one: async (id, signal) => http.call('adminIdentityCheck', { params: { checkId: Number(id) }, signal }),
  };
}
