// msw handlers for the regulars' routes of issue 33 (src/shared/api/regulars.ts), answering through
// their schemas as mocks/respond.ts does for the route table.
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import { HAND_COUNT_HEADER } from '../src/shared/api/live';
import { HandExportQuery, regularsRoutes, type RegularsRouteName } from '../src/shared/api/regulars';
import { errorResponse, path as routePath, reply as routeReply } from './respond';
import { handMatches, type RegularsState } from './regulars';
import type { MockUser } from './state';

const path = (name: RegularsRouteName) => `*${regularsRoutes[name].path}`;

function reply(name: RegularsRouteName, body: unknown) {
  return HttpResponse.json(regularsRoutes[name].response.parse(body) as Record<string, unknown>, { status: 200 });
}

async function readJson(schema: z.ZodType, request: Request): Promise<{ ok: true; data: unknown } | { ok: false; res: Response }> {
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return { ok: false, res: errorResponse(400, 'INVALID_INPUT', 'Body is not JSON') };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, res: errorResponse(400, 'INVALID_INPUT', `${first.path.join('.')}: ${first.message}`) };
}

function readQuery<S extends z.ZodType>(schema: S, request: Request): { ok: true; data: z.infer<S> } | { ok: false; res: Response } {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (parsed.success) return { ok: true, data: parsed.data };
  const first = parsed.error.issues[0];
  return { ok: false, res: errorResponse(400, 'INVALID_INPUT', `${first.path.join('.')}: ${first.message}`) };
}

export function createRegularsHandlers(state: RegularsState, userOf: (request: Request) => MockUser | null, users: () => MockUser[]): HttpHandler[] {
  const need = (request: Request) => {
    const u = userOf(request);
    return u ? { user: u } : { res: errorResponse(401, 'UNAUTHORIZED', 'Sign in first') };
  };
  const notesOf = (userId: number) => {
    let m = state.notes.get(userId);
    if (!m) state.notes.set(userId, (m = new Map()));
    return m;
  };
  const nameOf = (userId: number) => state.players.get(userId) ?? users().find((u) => u.me.userId === userId)?.me.username ?? null;
  const found = (userId: number) => state.searchHands.filter(() => userId === 1).map((h) => h.row);

  return [
    http.get(path('notes'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      return reply('notes', { items: [...notesOf(r.user.me.userId).values()] });
    }),
    http.put(path('putNote'), async ({ request, params }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const target = Number(params.userId);
      if (target === r.user.me.userId) return errorResponse(400, 'INVALID_INPUT', 'No notes on yourself');
      const username = nameOf(target);
      if (username === null) return errorResponse(404, 'NOT_FOUND', 'No such player');
      const b = await readJson(regularsRoutes.putNote.body, request);
      if (!b.ok) return b.res;
      const body = b.data as { tag: PlayerNoteTag; note: string };
      const note = { userId: target, username, tag: body.tag, note: body.note, updatedAt: new Date().toISOString() };
      notesOf(r.user.me.userId).set(target, note);
      return reply('putNote', note);
    }),
    http.delete(path('deleteNote'), ({ request, params }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      notesOf(r.user.me.userId).delete(Number(params.userId));
      return reply('deleteNote', { ok: true });
    }),
    // Exact paths first: msw matches in order and /hand/search/export.phhs is not /hand/:handId.
    http.get(path('handSearchExport'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const q = readQuery(HandExportQuery, request);
      if (!q.ok) return q.res;
      const hands = state.searchHands.filter((h) => r.user.me.userId === 1 && handMatches(h.row, q.data)).sort((a, b) => a.row.handId - b.row.handId);
      const text = hands.map((h, i) => `[${i + 1}]\n# hand ${h.row.handId}, ${h.row.startedAt}\n${h.hand.phh!.trim()}\n`).join('\n');
      return new HttpResponse(text, { headers: { 'content-type': 'text/plain; charset=utf-8', [HAND_COUNT_HEADER]: String(hands.length) } });
    }),
    http.get(path('handSearch'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const q = readQuery(regularsRoutes.handSearch.query, request);
      if (!q.ok) return q.res;
      const rows = found(r.user.me.userId)
        .filter((row) => handMatches(row, q.data))
        .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
      const { page, perPage } = q.data;
      return reply('handSearch', { items: rows.slice((page - 1) * perPage, page * perPage), total: rows.length });
    }),
    // An existing route, used to find the id of a player named in a PHH record (to put a note on them).
    http.get(routePath('userSearch'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const all = [
        ...users().map((u) => ({ userId: u.me.userId, username: u.me.username })),
        ...[...state.players].map(([userId, username]) => ({ userId, username })),
      ];
      const items = all.filter((p) => p.username.toLowerCase().startsWith(q));
      return routeReply('userSearch', { items, total: items.length });
    }),
    http.get(path('pushKey'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      return state.vapidPublicKey ? reply('pushKey', { publicKey: state.vapidPublicKey }) : errorResponse(404, 'PUSH_DISABLED', 'Push is not set up');
    }),
    http.put(path('putPushSubscription'), async ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const b = await readJson(regularsRoutes.putPushSubscription.body, request);
      if (!b.ok) return b.res;
      const sub = { ...(b.data as z.infer<typeof regularsRoutes.putPushSubscription.body>), userId: r.user.me.userId };
      state.pushSubscriptions = [...state.pushSubscriptions.filter((s) => s.endpoint !== sub.endpoint), sub];
      return reply('putPushSubscription', { endpoint: sub.endpoint, kinds: sub.kinds });
    }),
    http.delete(path('deletePushSubscription'), ({ request }) => {
      const r = need(request);
      if ('res' in r) return r.res;
      const q = readQuery(regularsRoutes.deletePushSubscription.query, request);
      if (!q.ok) return q.res;
      state.pushSubscriptions = state.pushSubscriptions.filter((s) => !(s.endpoint === q.data.endpoint && s.userId === r.user.me.userId));
      return reply('deletePushSubscription', { ok: true });
    }),
  ];
}

type PlayerNoteTag = z.infer<typeof regularsRoutes.putNote.body>['tag'];
