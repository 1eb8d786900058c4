// A local push service for web push tests: HTTPS with a throwaway self-signed certificate (web-push
// only speaks HTTPS), recording every request; an endpoint can be told to answer 410 Gone. The
// browser's side is a key pair and auth secret like PushManager.subscribe() makes, so messages can
// be decrypted (RFC 8291, aes128gcm) with http_ece, web-push's own dependency.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export class TestPushService {
  readonly requests: PushRequest[] = [];
  /** Paths that answer 410 Gone (the browser dropped the subscription). */
  readonly gone = new Set<string>();
  private readonly tls = selfSigned();
  /** An agent that trusts this service's certificate only (AppOptions.pushAgent). */
  readonly agent = new Agent({ ca: this.tls.cert });
  private server: Server | null = null;
  private port = 0;

  async start(): Promise<void> {
    this.server = createServer({ key: this.tls.key, cert: this.tls.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.gone.has(req.url ?? '') ? 410 : 201).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    this.agent.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A browser's subscription to this service at `path`, with its private key to read messages. */
  browser(path: string): { endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; read(body: Buffer): unknown } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const ece = createRequire(import.meta.url)('http_ece') as { decrypt(b: Buffer, p: { version: string; privateKey: ECDH; authSecret: string }): Buffer };
    return {
      endpoint: `https://127.0.0.1:${this.port}${path}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
      ecdh,
      read: (body) => JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8')),
    };
  }
}
