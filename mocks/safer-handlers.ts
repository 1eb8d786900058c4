// msw handlers for safer play (src/shared/api/safer.ts, docs/safer-play.md): each player's limits
// (lower at once, higher after 24 hours), reminder, break and identity check, in memory.
import { http, type HttpHandler } from 'msw';
import { LIMIT_KINDS, type ExclusionBody, type IdentityUploadBody, type SaferPlay, type SetLimitBody } from '../src/shared/api/safer';
import { errorResponse, path, readBody, reply } from './respond';
import type { MockUser } from './state';

const DAY = 86_400_000;

export function emptySafer(): SaferPlay {
  return {
    limits: LIMIT_KINDS.map((kind) => ({ kind, amount: null, pendingAmount: null, pendingFrom: null, used: 0 })),
    reminderMinutes: 0,
    exclusion: null,
    session: null,
    identity: null,
    identityRequiredAbove: 5_000_000,
  };
}

export function createSaferHandlers(userOf: (r: Request) => MockUser | null, states = new Map<number, SaferPlay>()): HttpHandler[] {
  const stateOf = (request: Request) => {
    const u = userOf(request);
    if (!u) return null;
    if (!states.has(u.me.userId)) states.set(u.me.userId, emptySafer());
    return states.get(u.me.userId)!;
  };
  const unauthorized = () => errorResponse(401, 'UNAUTHORIZED', 'Sign in first');
  return [
    http.get(path('saferPlay'), ({ request }) => {
      const s = stateOf(request);
      return s ? reply('saferPlay', s) : unauthorized();
    }),
    http.put(path('setSaferLimit'), async ({ request }) => {
      const s = stateOf(request);
      if (!s) return unauthorized();
      const b = await readBody('setSaferLimit', request);
      if (!b.ok) return b.res;
      const { kind, amount } = b.data as SetLimitBody;
      const l = s.limits.find((x) => x.kind === kind)!;
      if (amount !== null && (l.amount === null || amount <= l.amount)) Object.assign(l, { amount, pendingAmount: null, pendingFrom: null });
      else Object.assign(l, { pendingAmount: amount, pendingFrom: new Date(Date.now() + DAY).toISOString() });
      return reply('setSaferLimit', s);
    }),
    http.put(path('setSaferReminder'), async ({ request }) => {
      const s = stateOf(request);
      if (!s) return unauthorized();
      const b = await readBody('setSaferReminder', request);
      if (!b.ok) return b.res;
      s.reminderMinutes = (b.data as { reminderMinutes: number }).reminderMinutes;
      return reply('setSaferReminder', s);
    }),
    http.post(path('saferExclude'), async ({ request }) => {
      const s = stateOf(request);
      if (!s) return unauthorized();
      const b = await readBody('saferExclude', request);
      if (!b.ok) return b.res;
      if (s.exclusion) return errorResponse(409, 'EXCLUSION_CANNOT_SHORTEN', 'An exclusion in force cannot be shortened');
      const d = b.data as ExclusionBody;
      const now = Date.now();
      s.exclusion = { kind: d.kind, startsAt: new Date(now).toISOString(), endsAt: d.permanent ? null : new Date(now + (d.days ?? 1) * DAY).toISOString() };
      return reply('saferExclude', s);
    }),
    http.post(path('uploadIdentity'), async ({ request }) => {
      const s = stateOf(request);
      if (!s) return unauthorized();
      const b = await readBody('uploadIdentity', request);
      if (!b.ok) return b.res;
      const d = b.data as IdentityUploadBody;
      s.identity = { id: (s.identity?.id ?? 0) + 1, kind: d.kind, status: 'PENDING', reason: null, createdAt: new Date().toISOString(), reviewedAt: null };
      return reply('uploadIdentity', s.identity);
    }),
  ];
}
