// msw handlers of the integrity routes (docs/integrity.md): a chip-dumping alert between two
// players, cases made from it, notes, standing and restitution with its two administrators (the
// caller is `integrityMock.caller`: a test switches it to play the second administrator).
import { http, type HttpHandler } from 'msw';
import type { Alert, IntegrityCase, Restitution } from '../src/shared/api/integrity';
import { errorResponse as err, page, path, readBody, reply } from './respond';

const NOW = '2026-01-04T00:00:00.000Z';
type Log = (request: Request) => Promise<URL>;
/** Who calls (the restitution's second approval must be someone else). */
export const integrityMock = { caller: 'boss' };

const users = [
  { userId: 7, username: 'bataa', standing: null },
  { userId: 8, username: 'dorj', standing: null },
];

export function seedAlert(): Alert {
  return {
    id: 1,
    kind: 'chip_dumping',
    users: users.map((u) => ({ ...u })),
    score: 87,
    evidence: {
      figures: { net: 412_000, z: 6.4, oneWayShare: 0.97, handsTogether: 212, strongFoldsToReceiver: 5 },
      expected: { net: 0, zBar: 4 },
      hands: [501, 502],
      reasons: ['one_way_flow', 'strong_folds'],
    },
    status: 'open',
    caseId: null,
    createdAt: NOW,
    updatedAt: NOW,
  };
}

export function createIntegrityHandlers(log: Log): HttpHandler[] {
  const alerts: Alert[] = [seedAlert()];
  const cases: IntegrityCase[] = [];
  const restitutions: Restitution[] = [];
  const full = (c: IntegrityCase): IntegrityCase => ({
    ...c,
    alerts: alerts.filter((a) => a.caseId === c.id),
    restitutions: restitutions.filter((r) => r.caseId === c.id),
  });
  const caseAt = (p: Record<string, unknown>) => cases.find((c) => c.id === Number(p.caseId));
  return [
    http.get(path('integrityAlerts'), async ({ request }) => {
      const url = await log(request);
      const status = url.searchParams.get('status');
      return reply(
        'integrityAlerts',
        page(
          alerts.filter((a) => !status || a.status === status),
          url,
        ),
      );
    }),
    http.get(path('integrityAlert'), async ({ request, params }) => {
      await log(request);
      const a = alerts.find((x) => x.id === Number(params.alertId));
      return a ? reply('integrityAlert', a) : err(404, 'NOT_FOUND', 'Alert not found');
    }),
    http.post(path('createIntegrityCase'), async ({ request }) => {
      await log(request);
      const b = await readBody('createIntegrityCase', request);
      if (!b.ok) return b.res;
      const body = b.data as { title: string; userIds: number[]; alertIds?: number[] };
      const c: IntegrityCase = {
        id: cases.length + 1,
        title: body.title,
        status: 'open',
        users: users.filter((u) => body.userIds.includes(u.userId)),
        assigneeId: 1,
        assignee: 'boss',
        createdBy: 'boss',
        createdAt: NOW,
        updatedAt: NOW,
        notes: [],
      };
      cases.push(c);
      for (const a of alerts) if (body.alertIds?.includes(a.id)) Object.assign(a, { status: 'case', caseId: c.id });
      return reply('createIntegrityCase', full(c));
    }),
    http.get(path('integrityCases'), async ({ request }) => reply('integrityCases', page(cases, await log(request)))),
    http.get(path('integrityCase'), async ({ request, params }) => {
      await log(request);
      const c = caseAt(params);
      return c ? reply('integrityCase', full(c)) : err(404, 'NOT_FOUND', 'Case not found');
    }),
    http.post(path('addIntegrityCaseNote'), async ({ request, params }) => {
      await log(request);
      const b = await readBody('addIntegrityCaseNote', request);
      if (!b.ok) return b.res;
      const c = caseAt(params)!;
      c.notes = [...(c.notes ?? []), { id: (c.notes?.length ?? 0) + 1, author: integrityMock.caller, text: String(b.data.text), createdAt: NOW }];
      return reply('addIntegrityCaseNote', full(c));
    }),
    http.put(path('setIntegrityStanding'), async ({ request, params }) => {
      await log(request);
      const b = await readBody('setIntegrityStanding', request);
      if (!b.ok) return b.res;
      const c = caseAt(params)!;
      const standing = b.data.standing === 'good' ? null : (b.data.standing as IntegrityCase['users'][number]['standing']);
      c.users = c.users.map((u) => (u.userId === b.data.userId ? { ...u, standing } : u));
      c.status = 'actioned';
      return reply('setIntegrityStanding', full(c));
    }),
    http.post(path('proposeRestitution'), async ({ request, params }) => {
      await log(request);
      const b = await readBody('proposeRestitution', request);
      if (!b.ok) return b.res;
      const body = b.data as { offenderId: number; payments: { userId: number; amount: number }[]; reason: string };
      const name = (id: number) => users.find((u) => u.userId === id)?.username ?? `#${id}`;
      const r: Restitution = {
        id: restitutions.length + 1,
        caseId: Number(params.caseId),
        offenderId: body.offenderId,
        offender: name(body.offenderId),
        payments: body.payments.map((p) => ({ ...p, username: name(p.userId) })),
        total: body.payments.reduce((s, p) => s + p.amount, 0),
        reason: body.reason,
        status: 'proposed',
        proposedBy: integrityMock.caller,
        proposedAt: NOW,
        resolvedBy: null,
        resolvedAt: null,
      };
      restitutions.push(r);
      return reply('proposeRestitution', r);
    }),
    http.put(path('approveRestitution'), async ({ request, params }) => {
      await log(request);
      const r = restitutions.find((x) => x.id === Number(params.restitutionId))!;
      if (r.proposedBy === integrityMock.caller) return err(403, 'SAME_APPROVER', 'A second administrator must decide a restitution you proposed');
      Object.assign(r, { status: 'paid', resolvedBy: integrityMock.caller, resolvedAt: NOW });
      return reply('approveRestitution', r);
    }),
  ];
}
