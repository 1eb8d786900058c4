// The admin's typed HTTP layer over the shared route table (src/shared/api/routes.ts).
// Every request is built from a route name, so paths, methods and shapes come from the contract.
import { HttpError } from 'react-admin';
import type { z } from 'zod';
import { routes, type BodyOf, type QueryOf, type ResponseOf, type RouteName } from '../../shared/api/routes';

export const TOKEN_KEY = 'accessToken';

export function readToken(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

/** Builds `path?a=1&b=2`, leaving out undefined, null and empty values. */
export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface ServerErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
  /** Field errors in react-admin's form format (from `details`). */
  errors?: Record<string, string>;
}

/** Turns `details: [{path:'smallBlind', message}]` into react-admin's `{smallBlind: message}`. */
export function fieldErrors(details: { path: string; message: string }[] | undefined): Record<string, string> | undefined {
  if (!details || details.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const d of details) {
    const key = d.path || 'root';
    if (!(key in out)) out[key] = d.message;
  }
  return out;
}

async function toHttpError(res: Response): Promise<HttpError> {
  let body: ServerErrorBody = { code: `HTTP_${res.status}`, message: res.statusText || `HTTP ${res.status}` };
  try {
    const text = await res.text();
    if (text) {
      const parsed = JSON.parse(text) as { error?: Partial<ServerErrorBody> };
      if (parsed && typeof parsed === 'object' && parsed.error && typeof parsed.error === 'object') {
        body = {
          code: typeof parsed.error.code === 'string' ? parsed.error.code : body.code,
          message: typeof parsed.error.message === 'string' ? parsed.error.message : body.message,
          details: Array.isArray(parsed.error.details) ? parsed.error.details : undefined,
        };
      }
    }
  } catch {
    /* not JSON: keep the status text */
  }
  body.errors = fieldErrors(body.details);
  return new HttpError(body.message, res.status, body);
}

export interface HttpOptions {
  /** Prepended to every path; '' = same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
}

export interface CallOptions<N extends RouteName> {
  params?: Record<string, string | number>;
  query?: QueryOf<N> | Record<string, QueryValue>;
  body?: BodyOf<N>;
}

/** Path with `:name` segments filled. */
function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}

/** Zod issues -> react-admin field errors, as the server would have answered. */
function clientValidationError(error: z.ZodError): HttpError {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const body: ServerErrorBody = {
    code: 'INVALID_INPUT',
    message: details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; '),
    details,
    errors: fieldErrors(details),
  };
  return new HttpError(body.message, 400, body);
}

export function createHttp(opts: HttpOptions = {}) {
  const baseUrl = opts.baseUrl ?? '';
  const getToken = opts.getToken ?? readToken;

  async function send(method: string, url: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    let res: Response;
    try {
      res = await doFetch(baseUrl + url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new HttpError((e as Error)?.message || 'Network error', 0, { code: 'NETWORK', message: 'Network error' });
    }
    if (!res.ok) throw await toHttpError(res);
    if (res.status === 204) return undefined;
    const text = await res.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  }

  /** Calls a route of the contract: the body is checked against its schema before it leaves. */
  async function call<N extends RouteName>(name: N, o: CallOptions<N> = {}): Promise<ResponseOf<N>> {
    const def = routes[name] as (typeof routes)[RouteName];
    let body: unknown = o.body;
    if ('body' in def && def.body) {
      const checked = (def.body as z.ZodType).safeParse(o.body ?? {});
      if (!checked.success) throw clientValidationError(checked.error);
    }
    const url = withQuery(fillPath(def.path, o.params), o.query as Record<string, QueryValue> | undefined);
    const data = await send(def.method, url, body);
    const parsed = (def.response as z.ZodType).safeParse(data);
    if (!parsed.success) {
      // The contract drifted: show the data anyway, but say so loudly in the console.
      console.warn(`[admin] response of ${name} does not match the contract`, parsed.error.issues);
      return data as ResponseOf<N>;
    }
    return parsed.data as ResponseOf<N>;
  }

  return { call };
}

export type Http = ReturnType<typeof createHttp>;
