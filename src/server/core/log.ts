// The server's log: JSON lines in production and whenever the output is not a terminal (a log
// collector reads them), readable lines on a developer's terminal (pino-pretty). LOG_FORMAT
// (`json` or `pretty`) overrides the choice. Whatever the format, no secret reaches it: request
// lines carry the path without its query string, headers are never logged, and the paths below
// are censored should a field of that name ever be logged.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export type LogFormat = 'json' | 'pretty';

/** Field names whose values never reach the log, at the top level and one level down. */
const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'otp', 'secret', 'authorization', 'cookie', 'recoveryCodes'];
export const REDACT_PATHS = [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`), 'req.headers.authorization', 'req.headers.cookie'];

export function logFormat(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): LogFormat {
  if (env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty') return env.LOG_FORMAT;
  return stdoutIsTTY && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/** A request as a log line names it: method, path (no query: links carry tokens), request id. */
export function requestForLog(req: FastifyRequest) {
  const q = req.url.indexOf('?');
  return { method: req.method, url: q === -1 ? req.url : `${req.url.slice(0, q)}?…`, remoteAddress: req.ip };
}

/** An incoming X-Request-Id when it is a plain token (letters, digits, `.`, `_`, `-`, at most 64), else a new id. */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
}

/**
 * A socket command's id for the logs: the frame's own `requestId` when it is a plain token (as
 * X-Request-Id), else a new UUID. It follows the command to the table's owner and back.
 */
export function commandId(given: string | undefined): string {
  return given !== undefined && /^[A-Za-z0-9._-]{1,64}$/.test(given) ? given : randomUUID();
}

/** Fastify's `logger` option for the server process. */
export function loggerOptions(env: NodeJS.ProcessEnv, stdoutIsTTY: boolean): Record<string, unknown> {
  const format = logFormat(env, stdoutIsTTY);
  return {
    level: env.LOG_LEVEL ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { req: requestForLog },
    ...(format === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname,req,res,responseTime', singleLine: true, colorize: true },
          },
        }
      : {}),
  };
}
