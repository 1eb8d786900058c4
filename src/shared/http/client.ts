import { ApiError } from './errors';
import { getToken as defaultGetToken } from './token';
import { emitUnauthenticated } from './unauthenticated';

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface HttpClientOptions {
  /** Prepended to every path ('' = same origin). */
  baseUrl?: string;
  fetch?: typeof fetch;
  getToken?: () => string | null;
}

export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  const qs = params.toString();
  if (!qs) return path;
  return path + (path.includes('?') ? '&' : '?') + qs;
}

async function readError(res: Response): Promise<ApiError> {
  let code = `HTTP_${res.status}`;
  let message = res.statusText || `HTTP ${res.status}`;
  let details: unknown;
  try {
    const text = await res.text();
    if (text) {
      const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
      if (body && typeof body === 'object' && body.error && typeof body.error === 'object') {
        if (typeof body.error.code === 'string') code = body.error.code;
        if (typeof body.error.message === 'string') message = body.error.message;
        details = body.error.details;
      }
    }
  } catch {
    /* not JSON: keep the status text */
  }
  return new ApiError(res.status, code, message, details);
}

/**
 * A small fetch client: bearer token from localStorage `accessToken` on every call (SPEC §6),
 * JSON in and out, `{error:{code,message}}` turned into ApiError, any 401 broadcast as the
 * global unauthenticated signal.
 */
export function createHttpClient(opts: HttpClientOptions = {}) {
  const baseUrl = opts.baseUrl ?? '';
  const getToken = opts.getToken ?? defaultGetToken;

  async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const url = baseUrl + buildUrl(path, o.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...o.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (o.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(o.body);
    }
    const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    let res: Response;
    try {
      res = await doFetch(url, { method, headers, body, signal: o.signal });
    } catch (e) {
      if ((e as { name?: string })?.name === 'AbortError') throw e;
      throw new ApiError(0, 'NETWORK', (e as Error)?.message || 'Network error');
    }
    if (!res.ok) {
      const err = await readError(res);
      if (res.status === 401) emitUnauthenticated(url);
      throw err;
    }
    if (res.status === 204) return undefined as T;
    const text = await res.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      return text as unknown as T;
    }
  }

  return {
    request,
    get: <T>(path: string, o?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, o),
    post: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('POST', path, { ...o, body }),
    put: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PUT', path, { ...o, body }),
    patch: <T>(path: string, body?: unknown, o?: RequestOptions) => request<T>('PATCH', path, { ...o, body }),
    del: <T>(path: string, o?: RequestOptions) => request<T>('DELETE', path, o),
    /** Raw download (e.g. a PHH file) with the bearer header; errors as for request(). */
    async blob(path: string, o: Omit<RequestOptions, 'body'> = {}): Promise<Blob> {
      const url = baseUrl + buildUrl(path, o.query);
      const headers: Record<string, string> = { ...o.headers };
      const token = getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
      const res = await doFetch(url, { headers, signal: o.signal });
      if (!res.ok) {
        const err = await readError(res);
        if (res.status === 401) emitUnauthenticated(url);
        throw err;
      }
      return res.blob();
    },
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;

/** The shared instance both apps use (same origin). */
export const http: HttpClient = createHttpClient();

/** SWR fetcher: the key is the path (with its query string). */
export const swrFetcher = <T>(key: string): Promise<T> => http.get<T>(key);
