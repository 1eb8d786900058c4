// One error shape for everything: `{error:{code, message, details?}}`. Bad input is never a 500;
// unexpected errors are logged and answered without internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError } from '../core/errors';
import { global } from './global';

export function zodToAppError(err: ZodError, where?: string): AppError {
  const details = err.issues.map((i) => ({ path: [where, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));
  const summary = details
    .slice(0, 5)
    .map((d) => (d.path ? `${d.path}: ${d.message}` : d.message))
    .join('; ');
  return new AppError(400, 'INVALID_INPUT', `Invalid input: ${summary}`, details);
}

const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json)'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'INVALID_INPUT', 'Invalid Content-Length'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_INPUT', 'Empty JSON body'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON', 'Malformed JSON body'],
};

export const errorsPlugin = global(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError | Error, req, reply) => {
    let e: AppError;
    if (error instanceof AppError) e = error;
    else if (error instanceof ZodError) e = zodToAppError(error);
    else if ('code' in error && typeof error.code === 'string' && FASTIFY_CODES[error.code]) {
      const [status, code, message] = FASTIFY_CODES[error.code];
      e = new AppError(status, code, message);
    } else if (error instanceof SyntaxError || ('statusCode' in error && error.statusCode === 400)) {
      e = new AppError(400, 'INVALID_INPUT', 'Malformed request');
    } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      e = new AppError(
        error.statusCode,
        error.statusCode === 429 ? 'RATE_LIMITED' : 'INVALID_INPUT',
        error.statusCode === 429 ? 'Too many requests' : error.message,
      );
    } else {
      req.log.error({ err: error }, 'unexpected error');
      e = new AppError(500, 'INTERNAL', 'Something went wrong on our side');
    }
    if (e.status >= 500 && e.code === 'INTERNAL' && error === e) req.log.error({ err: error }, 'internal error');
    const body: { error: { code: string; message: string; details?: unknown } } = { error: { code: e.code, message: e.message } };
    if (e.details) body.error.details = e.details;
    reply.code(e.status).header('content-type', 'application/json; charset=utf-8').send(body);
  });
});
