// Answering as the server does, from the contract: every answer goes through its route's response
// schema (and status), bodies through its body schema, errors as `{error:{code,message}}`.
import { HttpResponse } from 'msw';
import { routes, type List, type RouteDef, type RouteName } from '../src/shared/api';

export type Json = Record<string, unknown>;

export function errorResponse(status: number, code: string, message: string) {
  return HttpResponse.json({ error: { code, message } }, { status });
}

/** One page of `items` by the request's page/perPage (the server's defaults and bounds). */
export function page<T>(items: T[], url: URL): List<T> {
  const p = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const per = Math.min(100, Math.max(1, Number(url.searchParams.get('perPage') ?? 25)));
  return { items: items.slice((p - 1) * per, p * per), total: items.length };
}

/** Answers through the route's response schema (status from the route table). */
export function reply<N extends RouteName>(name: N, body: unknown) {
  const route: RouteDef = routes[name];
  const parsed: unknown = route.response.parse(body);
  return HttpResponse.json(parsed as Json, { status: route.status ?? 200 });
}

/** The request body checked with the route's body schema (a 400 INVALID_INPUT as the server answers). */
export async function readBody<N extends RouteName>(name: N, request: Request): Promise<{ ok: true; data: Json } | { ok: false; res: Response }> {
  const route: RouteDef = routes[name];
  let json: unknown;
  try {
    json = await request.json();
  } catch {
    return { ok: false, res: errorResponse(400, 'INVALID_INPUT', 'Body is not JSON') };
  }
  if (!route.body) return { ok: true, data: json as Json };
  const parsed = route.body.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, res: errorResponse(400, 'INVALID_INPUT', `${first.path.join('.')}: ${first.message}`) };
  }
  return { ok: true, data: parsed.data as Json };
}

/** A route's path for msw on any origin. */
export const path = (name: RouteName) => `*${routes[name].path}`;
