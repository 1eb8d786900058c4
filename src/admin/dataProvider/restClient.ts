// The httpClient handed to ra-data-simple-rest. simple-rest speaks its own REST dialect
// (GET /user?sort=["id","ASC"]&range=[0,24]&filter={...}, GET /user/7, POST /table, PUT /table/3,
// DELETE /table/3, GET /user?filter={"id":[7,8]}); the server has its own routes, query names and
// `{items, total}` answers. This client reads simple-rest's request, calls the resource's route
// (resources.ts) and answers as simple-rest expects: a JSON array with a Content-Range header.
import { HttpError, type fetchUtils } from 'react-admin';
import type { ListRequest, ListResult, ResourceAdapter } from './adapter';
import { isResource, type ResourceName } from './resources';

export interface RestResponse {
  status: number;
  headers: Headers;
  body: string;
  json: unknown;
}
export type RestHttpClient = (url: string, options?: fetchUtils.Options) => Promise<RestResponse>;

export function unsupported(op: string, resource: string): never {
  throw new HttpError(`${op} is not supported for ${resource}`, 400, { code: 'UNSUPPORTED', message: `${op} ${resource}` });
}

function jsonParam(params: URLSearchParams, name: string): unknown {
  const raw = params.get(name);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `sort=["field","ASC"]`, `range=[0,24]`, `filter={...}` back into a page, a sort and filters. */
export function readListRequest(params: URLSearchParams, signal?: AbortSignal): ListRequest {
  const range = jsonParam(params, 'range');
  const [start, end] = Array.isArray(range) && range.length === 2 ? range.map(Number) : [0, 9];
  const perPage = Math.max(1, end - start + 1);
  const sort = jsonParam(params, 'sort');
  const filter = jsonParam(params, 'filter');
  return {
    page: Math.floor(start / perPage) + 1,
    perPage,
    sort: Array.isArray(sort) && typeof sort[0] === 'string' && sort[0] !== '' ? { field: sort[0], order: sort[1] === 'DESC' ? 'DESC' : 'ASC' } : undefined,
    filter: isRecord(filter) ? filter : {},
    signal,
  };
}

/** The server's largest page (ListQuery.perPage). */
export const MAX_PER_PAGE = 100;

/**
 * A list larger than the server's page (react-admin's exporter asks for 1,000 rows at once) is
 * read page after page and put together.
 */
export async function inPages(list: NonNullable<ResourceAdapter['list']>, req: ListRequest): Promise<ListResult> {
  const start = (req.page - 1) * req.perPage;
  if (req.perPage <= MAX_PER_PAGE || start % MAX_PER_PAGE !== 0) return list(req);
  const items: ListResult['items'] = [];
  let total = 0;
  for (let page = start / MAX_PER_PAGE + 1; items.length < req.perPage; page++) {
    const r = await list({ ...req, page, perPage: MAX_PER_PAGE });
    total = r.total;
    items.push(...r.items);
    if (r.items.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= total) break;
  }
  return { items: items.slice(0, req.perPage), total };
}

function respond(json: unknown, headers = new Headers()): RestResponse {
  return { status: 200, headers, body: JSON.stringify(json), json };
}

function readBody(body: fetchUtils.Options['body']): Record<string, unknown> {
  if (typeof body !== 'string' || body === '') return {};
  const parsed: unknown = JSON.parse(body);
  return isRecord(parsed) ? parsed : {};
}

/**
 * The client for `simpleRestProvider(apiUrl, client)`: `apiUrl` is the prefix simple-rest puts
 * before `/<resource>`, stripped here again to find the resource, the id and the query.
 */
export function createRestClient(apiUrl: string, adapters: Record<ResourceName, ResourceAdapter>): RestHttpClient {
  async function list(resource: ResourceName, a: ResourceAdapter, params: URLSearchParams, signal?: AbortSignal) {
    const filter = jsonParam(params, 'filter');
    // getMany: the server has no bulk read, so one detail call per id.
    if (!params.has('range') && isRecord(filter) && Array.isArray(filter.id)) {
      const one = a.one ?? unsupported('getMany', resource);
      return respond(await Promise.all(filter.id.map((id) => one(String(id), signal))));
    }
    const req = readListRequest(params, signal);
    const { items, total } = await inPages(a.list ?? unsupported('getList', resource), req);
    const start = (req.page - 1) * req.perPage;
    const headers = new Headers({ 'Content-Range': `${resource} ${start}-${start + Math.max(items.length, 1) - 1}/${total}` });
    return respond(items, headers);
  }

  return async (url, options = {}) => {
    const rest = url.startsWith(apiUrl) ? url.slice(apiUrl.length) : url;
    const [path, qs = ''] = rest.split('?');
    const [resource = '', rawId] = path.split('/').filter(Boolean);
    const id = rawId === undefined ? undefined : decodeURIComponent(rawId);
    const method = (options.method ?? 'GET').toUpperCase();
    if (!isResource(resource)) return unsupported(method, resource);
    const a = adapters[resource];
    const signal = options.signal ?? undefined;
    if (method === 'GET' && id === undefined) return list(resource, a, new URLSearchParams(qs), signal);
    if (method === 'GET' && id !== undefined) return respond(await (a.one ?? unsupported('getOne', resource))(id, signal));
    if (method === 'POST' && id === undefined) return respond(await (a.create ?? unsupported('create', resource))(readBody(options.body)));
    if (method === 'PUT' && id !== undefined) return respond(await (a.update ?? unsupported('update', resource))(id, readBody(options.body)));
    if (method === 'DELETE' && id !== undefined) {
      await (a.remove ?? unsupported('delete', resource))(id);
      // simple-rest's deleteMany reads the id back from each answer.
      return respond({ id });
    }
    return unsupported(method, resource);
  };
}
