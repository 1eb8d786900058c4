// msw handlers of the back office's safer play (src/shared/api/safer.ts), on the contract like
// mocks/admin-handlers.ts: identity checks (two by default, one pending with its images) and a
// player's safer-play state on their page.
import { http, type HttpHandler } from 'msw';
import { LIMIT_KINDS, type IdentityCheckDetail } from '../src/shared/api/safer';
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

/** A player's safer play as staff see it (GET /admin/user/safer-play), and an exclusion recorded for them. */
export function createUserSaferHandlers(log: Log): HttpHandler[] {
  const exclusions = new Map<number, { kind: 'COOL_OFF' | 'SELF_EXCLUSION'; startsAt: string; endsAt: string | null }[]>();
  const view = (userId: number) => {
    const list = exclusions.get(userId) ?? [];
    return {
      limits: LIMIT_KINDS.map((kind) => ({ kind, amount: kind === 'LOSS_DAY' ? 50_000 : null, pendingAmount: null, pendingFrom: null, used: 0 })),
      reminderMinutes: 30,
      exclusion: list[0] ?? null,
      session: null,
      identity: null,
      identityRequiredAbove: 5_000_000,
      adultConfirmedAt: '2026-01-01T08:00:00.000Z',
      exclusions: list,
    };
  };
  return [
    http.get(path('adminSaferPlay'), async ({ request }) => {
      const url = await log(request);
      return reply('adminSaferPlay', view(Number(url.searchParams.get('userId'))));
    }),
    http.put(path('adminExclude'), async ({ request }) => {
      const url = await log(request);
      const b = await readBody('adminExclude', request);
      if (!b.ok) return b.res;
      const userId = Number(url.searchParams.get('userId'));
      const d = b.data as { kind: 'COOL_OFF' | 'SELF_EXCLUSION'; days?: number; permanent?: boolean };
      const start = Date.parse('2026-01-04T00:00:00.000Z');
      const endsAt = d.permanent ? null : new Date(start + (d.days ?? 1) * 86_400_000).toISOString();
      exclusions.set(userId, [{ kind: d.kind, startsAt: new Date(start).toISOString(), endsAt }, ...(exclusions.get(userId) ?? [])]);
      return reply('adminExclude', view(userId));
    }),
  ];
}
