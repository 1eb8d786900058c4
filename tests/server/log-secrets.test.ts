// The server process as production runs it (NODE_ENV=production, JSON logs at info, mail over
// SMTP to a sink speaking the protocol): registration, e-mail confirmation, sign-in, a wrong
// password, a password reset, staff turning on the second factor and signing in with a code and a
// recovery code, and a deposit. Then its whole output is searched for every password, token,
// secret, code and account number the run used: none may appear.
import { rmSync } from 'node:fs';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { type Server, kill, killAll, startServer, until } from './helpers/child-server';
import { createPgDatabase, pgliteDataDir, testDbKind } from './helpers/db';
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink';

const U = '/api/v1/user';
const JWT = 'log-secrets-jwt-secret-0123456789abcdefghij';
const ADMIN = { username: 'logadmin', password: 'Adm1n-Log-Passw0rd' };
const SMTP = { user: 'mailer', password: 'Smtp-Pa55word-xyz' };
const cleanups: Array<() => Promise<void> | void> = [];

afterAll(async () => {
  killAll();
  for (const c of cleanups.reverse()) await c();
});

async function call(s: Server, method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${s.base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}

/** The text of a mail as sent (quoted-printable or base64 bodies decoded). */
function mailText(raw: string): string {
  const [head, ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

async function tokenFromMail(sink: SmtpSink, from: number, path: string): Promise<string> {
  const mail = await until(
    `a mail with ${path}`,
    () =>
      sink.messages
        .slice(from)
        .map(mailText)
        .find((m) => m.includes(path)),
    15_000,
  );
  return new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail)![1];
}

async function database(): Promise<Record<string, string>> {
  if (testDbKind() === 'pg') {
    const created = await createPgDatabase();
    cleanups.push(() => created.drop());
    return { DATABASE_URL: created.url };
  }
  const { dir } = pgliteDataDir();
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return { DATA_DIR: dir };
}

describe('the logs of a production run', () => {
  it('name requests and hold no password, token, secret, code or account number used', { timeout: 240_000 }, async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const server = await startServer(
      {
        ...(await database()),
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        JWT_SECRET: JWT,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: `smtp://${SMTP.user}:${SMTP.password}@127.0.0.1:${sink.port}`,
        DRAIN_TIMEOUT_MS: '2000',
      },
      { keepAll: true },
    );
    const secrets: string[] = [JWT, ADMIN.password, SMTP.password];
    const codes: string[] = []; // 6-digit codes: matched as whole numbers only

    // A player registers, confirms the address, signs in, mistypes the password.
    const player = {
      username: `logp${Date.now() % 100000}`,
      email: `logp${Date.now() % 100000}@example.mn`,
      password: 'Pl4yer-First-pass',
      accountNumber: '5123987654321',
    };
    const reg = await call(server, 'POST', `${U}/register`, { ...player, confirmPassword: player.password, bank: 'KHAN', adult: true });
    expect(reg.status).toBe(201);
    secrets.push(player.password, player.accountNumber, reg.json.accessToken as string);
    const userId = (reg.json.user as { userId: number }).userId;
    const confirm = await tokenFromMail(sink, 0, '/confirm-email');
    secrets.push(confirm);
    expect((await call(server, 'POST', `${U}/confirm-email`, { token: confirm })).status).toBe(200);
    const wrong = 'Wr0ng-guess-pass';
    secrets.push(wrong);
    expect((await call(server, 'POST', `${U}/login`, { username: player.username, password: wrong })).status).toBe(401);

    // Password reset by mail, then sign-in with the new password.
    const mailsBefore = sink.messages.length;
    expect((await call(server, 'POST', `${U}/forgot-password`, { email: player.email })).status).toBe(200);
    const reset = await tokenFromMail(sink, mailsBefore, '/reset-password');
    const newPassword = 'N3w-player-pass-after-reset';
    secrets.push(reset, newPassword);
    expect((await call(server, 'POST', `${U}/reset-password`, { token: reset, password: newPassword, confirmPassword: newPassword })).status).toBe(200);
    const signedIn = await call(server, 'POST', `${U}/login`, { username: player.username, password: newPassword });
    expect(signedIn.status).toBe(200);
    secrets.push(signedIn.json.accessToken as string);

    // The administrator turns on the second factor and signs in with a code, then a recovery code.
    const first = await call(server, 'POST', `${U}/login`, ADMIN);
    expect(first.status).toBe(200);
    const setup = await call(server, 'POST', `${U}/2fa/setup`, { password: ADMIN.password }, first.json.accessToken as string);
    const secret = setup.json.secret as string;
    secrets.push(first.json.accessToken as string, secret, setup.json.uri as string);
    const now = Math.floor(Date.now() / 1000);
    const enableCode = await generate({ secret, epoch: now });
    const enabled = await call(server, 'POST', `${U}/2fa/enable`, { code: enableCode }, first.json.accessToken as string);
    expect(enabled.status).toBe(200);
    const recovery = enabled.json.recoveryCodes as string[];
    secrets.push(...recovery);
    expect((await call(server, 'POST', `${U}/login`, ADMIN)).json).toMatchObject({ error: { code: 'OTP_REQUIRED' } });
    const loginCode = await generate({ secret, epoch: now + 30 }); // the next step: accepted, and not used yet
    codes.push(enableCode, loginCode);
    const withCode = await call(server, 'POST', `${U}/login`, { ...ADMIN, otp: loginCode });
    expect(withCode.status).toBe(200);
    const withRecovery = await call(server, 'POST', `${U}/login`, { ...ADMIN, otp: recovery[0] });
    expect(withRecovery.status).toBe(200);
    const admin = withCode.json.accessToken as string;
    secrets.push(admin, withRecovery.json.accessToken as string);

    // A deposit for the player.
    const deposit = await call(server, 'POST', '/api/v1/admin/deposit', { userId, amount: 75_000, note: 'Khan Bank transfer' }, admin);
    expect(deposit.status).toBe(201);
    expect((await call(server, 'GET', `${U}/me`, undefined, signedIn.json.accessToken as string)).json).toMatchObject({ balance: 75_000 });

    // A request id given by the caller (a proxy's) names the request's log line.
    const traced = await fetch(`${server.base}${U}/maintenance`, { headers: { 'x-request-id': 'proxy-7f3a-0042' } });
    expect(traced.headers.get('x-request-id')).toBe('proxy-7f3a-0042');

    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((r) => setTimeout(r, 20_000))]);
    await kill(server);
    const log = server.all.join('');

    // The run was logged (JSON request lines), mails went out over SMTP with its credentials...
    expect(log).toContain('"url":"/api/v1/user/reset-password"');
    expect(log).toContain('"url":"/api/v1/admin/deposit"');
    expect(log).toMatch(/"reqId":"proxy-7f3a-0042".*"msg":"GET \/api\/v1\/user\/maintenance 200/);
    expect(sink.logins).toContainEqual(SMTP);
    // ...and nothing secret reached the log.
    const leaks = secrets.filter((s) => s && log.includes(s));
    const codeLeaks = codes.filter((c) => new RegExp(`(^|\\D)${c}(\\D|$)`).test(log));
    expect({ leaks, codeLeaks }).toEqual({ leaks: [], codeLeaks: [] });
  });
});
