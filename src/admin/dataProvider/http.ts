// The admin's typed calls over the shared HTTP client (src/shared/http: bearer token, JSON,
// `{error:{code,message}}` read into ApiError). Every request is built from a route of the contract
// (src/shared/api/routes.ts); failures reach react-admin as HttpError(message, status, body).
import { HttpError } from 'react-admin';
import type { z } from 'zod';
import { pathFor, routes, type BodyOf, type QueryOf, type ResponseOf, type RouteDef, type RouteName } from '../../shared/api/routes';
import { ApiError, createHttpClient, getToken, TOKEN_KEY, type HttpClientOptions, type Query } from '../../shared/http';

export { TOKEN_KEY };
/** The access token the player app stored (localStorage `accessToken`). */
export const readToken = getToken;

export type HttpOptions = HttpClientOptions;
export type QueryValue = Query[string];

export interface ServerErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
  /** Field errors in react-admin's form format (from `details`). */
  errors?: Record<string, string>;
}

type Details = NonNullable<ServerErrorBody['details']>;

/** Turns `details: [{path:'smallBlind', message}]` into react-admin's `{smallBlind: message}`. */
export function fieldErrors(details: Details | undefined): Record<string, string> | undefined {
  if (!details || details.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const d of details) {
    const key = d.path || 'root';
    if (!(key in out)) out[key] = d.message;
  }
  return out;
}

function isDetails(v: unknown): v is Details {
  return Array.isArray(v) && v.every((d) => typeof d === 'object' && d !== null && 'message' in d);
}

/** The shared client's ApiError as react-admin's HttpError, the server's code and message kept. */
export function toHttpError(e: unknown): unknown {
  if (!(e instanceof ApiError)) return e; // an abort passes through untouched
  if (e.status === 0) return new HttpError(e.message || 'Network error', 0, { code: 'NETWORK', message: 'Network error' });
  const details = isDetails(e.details) ? e.details : undefined;
  const body: ServerErrorBody = { code: e.code, message: e.message, details, errors: fieldErrors(details) };
  return new HttpError(e.message, e.status, body);
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

export interface CallOptions<N extends RouteName> {
  params?: Record<string, string | number>;
  query?: QueryOf<N> | Query;
  body?: BodyOf<N>;
  signal?: AbortSignal;
  /** The answer of this very request, already asked (auth/earlyMe.ts): checked like any other. */
  asked?: Promise<unknown> | null;
}

export function createHttp(opts: HttpOptions = {}) {
  const client = createHttpClient(opts);

  /** Calls a route of the contract: the body is checked against its schema before it leaves. */
  async function call<N extends RouteName>(name: N, o: CallOptions<N> = {}): Promise<ResponseOf<N>> {
    const def: RouteDef = routes[name];
    if (def.body) {
      const checked = def.body.safeParse(o.body ?? {});
      if (!checked.success) throw clientValidationError(checked.error);
    }
    let data: unknown;
    try {
      // Query types of the contract are plain records of scalars: the shared client's Query.
      data = await (o.asked ?? client.request(def.method, pathFor(name, o.params), { query: o.query as Query | undefined, body: o.body, signal: o.signal }));
    } catch (e) {
      throw toHttpError(e);
    }
    const parsed = def.response.safeParse(data);
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
