// A mail server for tests that speaks SMTP (RFC 5321) as far as nodemailer needs: EHLO with AUTH
// PLAIN and LOGIN, MAIL, RCPT, DATA, RSET, QUIT. It keeps each message's raw text; no TLS.
import { type AddressInfo, createServer, type Server, type Socket } from 'node:net';

export interface SmtpSink {
  port: number;
  /** Raw messages (headers and body, dot-unstuffed), oldest first. */
  messages: string[];
  /** The user and password each client authenticated with. */
  logins: Array<{ user: string; password: string }>;
  close(): Promise<void>;
}

function session(socket: Socket, sink: SmtpSink): void {
  let buffer = '';
  let data: string[] | null = null;
  let login: 'user' | 'password' | null = null;
  let loginUser = '';
  const say = (line: string) => socket.write(`${line}\r\n`);
  const command = (line: string) => {
    if (login === 'user') return ((loginUser = Buffer.from(line, 'base64').toString()), (login = 'password'), say('334 UGFzc3dvcmQ6'));
    if (login === 'password') {
      sink.logins.push({ user: loginUser, password: Buffer.from(line, 'base64').toString() });
      login = null;
      return say('235 2.7.0 Authenticated');
    }
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') return socket.write('250-sink\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
    if (verb === 'HELO') return say('250 sink');
    if (verb === 'AUTH') {
      const [, mech, initial] = line.split(' ');
      if (mech.toUpperCase() === 'LOGIN') return ((login = 'user'), say('334 VXNlcm5hbWU6'));
      const [, user, password] = Buffer.from(initial ?? '', 'base64')
        .toString()
        .split('\0');
      sink.logins.push({ user, password });
      return say('235 2.7.0 Authenticated');
    }
    if (verb === 'DATA') return ((data = []), say('354 End data with <CR><LF>.<CR><LF>'));
    if (verb === 'QUIT') return (say('221 Bye'), socket.end());
    return say('250 OK'); // MAIL, RCPT, RSET, NOOP
  };
  socket.on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let i = buffer.indexOf('\r\n'); i !== -1; i = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (!data) command(line);
      else if (line === '.') {
        sink.messages.push(data.join('\r\n'));
        data = null;
        say('250 OK queued');
      } else data.push(line.startsWith('..') ? line.slice(1) : line);
    }
  });
  socket.on('error', () => undefined);
  say('220 sink ESMTP');
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink = { messages: [], logins: [] } as unknown as SmtpSink;
  const server: Server = createServer((socket) => session(socket, sink));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.port = (server.address() as AddressInfo).port;
  sink.close = () => new Promise((resolve) => server.close(() => resolve()));
  return sink;
}
