// The server's log options (src/server/core/log.ts): which format, what a request line says, and
// that secret fields are censored by pino itself; the mail transport without SMTP in production.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type FastifyRequest } from 'fastify';
import { REDACT_PATHS, logFormat, loggerOptions, requestForLog } from '../../../src/server/core/log';
import { LogMailTransport } from '../../../src/server/core/mail';

describe('log format', () => {
  it('JSON in production and when the output is not a terminal, readable lines on a developer terminal; LOG_FORMAT decides when set', () => {
    expect(logFormat({}, true)).toBe('pretty');
    expect(logFormat({}, false)).toBe('json');
    expect(logFormat({ NODE_ENV: 'production' }, true)).toBe('json');
    expect(logFormat({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(logFormat({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(loggerOptions({}, true).transport).toMatchObject({ target: 'pino-pretty' });
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'warn' }, true)).toMatchObject({ level: 'warn' });
    expect(loggerOptions({ NODE_ENV: 'production' }, true).transport).toBeUndefined();
  });
});

describe('what reaches a log line', () => {
  it('a request is its method, path without the query, and address', () => {
    const req = {
      method: 'GET',
      url: '/reset-password?token=abc123secret',
      ip: '10.0.0.1',
      headers: { authorization: 'Bearer x' },
    } as unknown as FastifyRequest;
    expect(requestForLog(req)).toEqual({ method: 'GET', url: '/reset-password?…', remoteAddress: '10.0.0.1' });
  });

  it('pino censors the secret fields, at the top and one level down', () => {
    let out = '';
    const sink = new Writable({ write: (chunk, _enc, done) => ((out += String(chunk)), done()) });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
    log.info({ password: 'p4ssw0rd-x', body: { token: 'tok-123456789', otp: '123456', newPassword: 'n3w-pass-x' }, userId: 7 }, 'a request');
    expect(out).not.toMatch(/p4ssw0rd-x|tok-123456789|123456"|n3w-pass-x/);
    expect(JSON.parse(out)).toMatchObject({ password: '[redacted]', body: { token: '[redacted]', otp: '[redacted]' }, userId: 7 });
  });

  it('without SMTP in production a mail is not written out (its links carry tokens); in development it is', async () => {
    const lines: string[] = [];
    const mail = { to: 'a@example.mn', subject: 'Reset your password', text: 'https://x/reset-password?token=sEcReT123' };
    await new LogMailTransport((m) => lines.push(m), false).send(mail);
    await new LogMailTransport((m) => lines.push(m)).send(mail);
    expect(lines[0]).toBe('mail to a@example.mn not sent (SMTP_URL is not set): Reset your password');
    expect(lines[1]).toContain('token=sEcReT123');
  });
});
