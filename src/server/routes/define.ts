// Registers a route of the shared route table: checks access, parses params/query/body with the
// contract's zod schemas (400 with field paths on failure) and answers with the route's status.
// Before any schema, every string of the input is checked once for text the database cannot hold
// (shared/api/text.ts: 400 INVALID_TEXT with the field path), whatever the field.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type RouteName, type Routes, routes } from '../../shared/api/routes';
import { invalidTextIssue } from '../../shared/api/text';
import { AppError } from '../core/errors';
import { zodToAppError } from '../plugins/errors';
import { requireAccess } from '../plugins/auth';
import type { Actor } from '../core/audit';
import type { AuthUser } from '../accounts/users';

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
export interface Input<N extends RouteName> {
  body: Routes[N] extends { body: infer B } ? Parsed<B> : undefined;
  query: Routes[N] extends { query: infer Q } ? Parsed<Q> : undefined;
  params: Routes[N] extends { params: infer P } ? Parsed<P> : undefined;
  /** The caller (null on public routes). */
  user: AuthUser;
  /** The caller with the request's address, for the audit trail (null on public routes). */
  actor: Actor;
  req: FastifyRequest;
  reply: FastifyReply;
}
export type Output<N extends RouteName> = z.input<Routes[N]['response']>;

export interface RouteExtras {
  rateLimit?: { max: number; timeWindow: number };
  /** Read the caller's own record (req.me) in the same query as the token check. */
  withMe?: boolean;
  /** A larger body than the app's default (a bank statement upload). */
  bodyLimit?: number;
}

/** 400 INVALID_TEXT when a string (or key) of params, query or body holds a NUL. */
function refuseInvalidText(parts: Record<'params' | 'query' | 'body', unknown>): void {
  for (const where of ['params', 'query', 'body'] as const) {
    const issue = invalidTextIssue(parts[where], where);
    if (issue) throw new AppError(400, 'INVALID_TEXT', `Invalid input: ${issue.path}: ${issue.message}`, [issue]);
  }
}

function parse(schema: z.ZodType | undefined, value: unknown, where: string) {
  if (!schema) return undefined;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (!r.success) throw zodToAppError(r.error, where);
  return r.data;
}

export function defineRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: (input: Input<N>) => Promise<Output<N>>,
  extras: RouteExtras = {},
): void {
  const def = routes[name] as Routes[N] & { body?: z.ZodType; query?: z.ZodType; params?: z.ZodType; status?: number };
  app.route({
    method: def.method,
    url: def.path,
    config: extras.rateLimit ? { rateLimit: extras.rateLimit } : {},
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    handler: async (req, reply) => {
      await requireAccess(app, req, def.access, extras.withMe);
      refuseInvalidText({ params: req.params, query: req.query, body: req.body });
      const input = {
        params: parse(def.params, req.params, 'params'),
        query: parse(def.query, req.query, 'query'),
        body: parse(def.body, req.body, 'body'),
        user: req.user as AuthUser,
        actor: (req.user ? { ...req.user, ip: req.ip ?? null } : null) as Actor,
        req,
        reply,
      } as Input<N>;
      const out = await handler(input);
      if (app.validateResponses) {
        const r = (def.response as z.ZodType).safeParse(out);
        if (!r.success) throw new Error(`response of ${name} breaks the contract: ${r.error.message}`);
      }
      reply.code(def.status ?? 200);
      return out;
    },
  });
}
