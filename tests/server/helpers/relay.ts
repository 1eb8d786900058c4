// A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused) and
// restored: a real outage of the database for one instance (dependencies and alerts-live tests).
import { type Server as NetServer, type Socket, connect, createServer } from 'node:net';

export class Relay {
  private server: NetServer | null = null;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    await new Promise((r) => server?.close(r));
  }
}

/** `url` (a PostgreSQL URL) pointed at the relay instead. */
export function throughRelay(url: string, relay: Relay): string {
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(relay.port);
  return relayed.toString();
}
