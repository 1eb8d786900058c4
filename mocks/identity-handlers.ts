// msw handlers of the back office's identity checks (safer play, src/shared/api/safer.ts), on the
// contract like mocks/admin-handlers.ts: two checks by default, one pending with its images.
import { http, type HttpHandler } from 'msw';
import type { IdentityCheckDetail } from '../src/shared/api/safer';
import type { AdminMockState } from './admin-state';
import { errorResponse as err, page, path, readBody, reply } from './respond';

type Log = (request: Request) => Promise<URL>;
/** A 1×1 PNG: what a reviewer's page shows in tests and the mock app. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export function identityCheck(over: Partial<IdentityCheckDetail> = {}): IdentityCheckDetail {
  return {
    id: 1,
    userId: 7,
    username: 'bataa',
    kind: 'DOCUMENT_SELFIE',
    status: 'PENDING',
    reason: null,
    createdAt: '2026-01-03T10:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    document: { mime: 'image/png', data: PIXEL },
    second: { mime: 'image/png', data: PIXEL },
    ...over,
  };
}

export const defaultIdentityChecks = () => [
  identityCheck(),
  identityCheck({ id: 2, userId: 8, username: 'saraa', kind: 'BANK_PROOF', status: 'APPROVED', reviewedBy: 'boss', reviewedAt: '2026-01-03T12:00:00.000Z' }),
];

export function createIdentityHandlers(state: AdminMockState, log: Log): HttpHandler[] {
  const checks = () => (state.identityChecks ??= defaultIdentityChecks());
  const summary = ({ document: _d, second: _s, ...c }: IdentityCheckDetail) => c;
  return [
    http.get(path('adminIdentityChecks'), async ({ request }) => {
      const url = await log(request);
      const status = url.searchParams.get('status');
      const userId = Number(url.searchParams.get('userId') ?? 0);
      const list = checks().filter((c) => (!status || c.status === status) && (!userId || c.userId === userId));
      return reply('adminIdentityChecks', page(list.map(summary), url));
    }),
    http.put(path('reviewIdentityCheck'), async ({ request }) => {
      const url = await log(request);
      const b = await readBody('reviewIdentityCheck', request);
      if (!b.ok) return b.res;
      const c = checks().find((x) => x.id === Number(url.searchParams.get('id')));
      if (!c) return err(404, 'NOT_FOUND', 'Identity check not found');
      if (c.status !== 'PENDING') return err(409, 'ALREADY_REVIEWED', 'This check has been reviewed already');
      const d = b.data as { decision: 'APPROVED' | 'REJECTED'; reason?: string };
      Object.assign(c, { status: d.decision, reason: d.reason ?? null, reviewedBy: 'boss', reviewedAt: '2026-01-04T00:00:00.000Z' });
      return reply('reviewIdentityCheck', summary(c));
    }),
    http.get(path('adminIdentityCheck'), async ({ request, params }) => {
      await log(request);
      const c = checks().find((x) => x.id === Number(params.checkId));
      return c ? reply('adminIdentityCheck', c) : err(404, 'NOT_FOUND', 'Identity check not found');
    }),
  ];
}
