// The one WebSocket endpoint: AUTH first, every frame schema-checked, oversized frames close the
// socket (ws maxPayload), game commands and chat rate-limited, foreign origins refused, sockets
// capped per address, idle anonymous sockets closed, sockets that stop reading closed (4013).
// What a socket says is socket-session.ts's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { type FrameTally, socketWriter } from '../core/frame';
import type { Metrics } from '../core/metrics';
import { CLOSE_IDLE, CLOSE_TOO_SLOW, MAX_BUFFERED_BYTES, type Hub } from './hub';
import { SocketSession, type SessionServices } from './socket-session';

export const MAX_FRAME_BYTES = 16 * 1024;
export const SOCKET_PATH = '/api/v1/socket';

export interface SocketOptions {
  hub: Hub;
  services: SessionServices;
  allowedOrigins: string[];
  /** Sockets opened and closed (by close code), frames and bytes written. */
  metrics?: Pick<Metrics, 'socketOpened' | 'socketClosed' | 'watchFrames'>;
}

/** Same-origin pages, the configured origins, and clients that send no Origin (not browsers). */
export function originAllowed(req: FastifyRequest, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The requestId of a frame, read without trusting the frame (for errors about it). */
function requestIdOf(data: unknown): string | undefined {
  try {
    const rid = (JSON.parse(String(data)) as { requestId?: unknown })?.requestId;
    return typeof rid === 'string' ? rid.slice(0, 64) : undefined;
  } catch {
    return undefined;
  }
}

export async function socketRoutes(app: FastifyInstance, opts: SocketOptions): Promise<void> {
  const { hub, services } = opts;
  const preValidation = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!originAllowed(req, opts.allowedOrigins)) await reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'Origin not allowed' } });
    else if (!hub.admits(req.ip)) await reply.code(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many connections from your address' } });
  };
  const tally: FrameTally = { frames: 0, bytes: 0, writes: 0 };
  opts.metrics?.watchFrames(() => tally);
  app.get(SOCKET_PATH, { websocket: true, preValidation }, (socket, req) => accept(app, { hub, services, tally, metrics: opts.metrics }, socket, req.ip));
}

/** Wires one accepted socket to its session: ordered frames, corked writes, the idle timer. */
function accept(
  app: FastifyInstance,
  { hub, services, tally, metrics }: { hub: Hub; services: SessionServices; tally: FrameTally; metrics: SocketOptions['metrics'] },
  socket: WebSocket,
  ip: string,
): void {
  // Frames sent in one go (a table's events, a fan-out) leave in one write per socket, shared
  // frames as prepared bytes; a socket that stops reading is closed past MAX_BUFFERED_BYTES.
  const write = socketWriter(socket, { maxBufferedBytes: MAX_BUFFERED_BYTES, closeCode: CLOSE_TOO_SLOW, tally });
  metrics?.socketOpened();
  let chain = Promise.resolve();
  // Frames are handled in order, one at a time, per socket; so is the end of a session.
  // The frame's requestId is read only when a frame failed this way: the session parses every frame
  // once already, and a second JSON.parse per frame was a cost on every action.
  const queue = (fn: () => Promise<void>, requestIdOfFrame?: () => string | undefined) => {
    chain = chain.then(fn).catch((e) => {
      app.log.error(e, 'socket message failed');
      session.reply({ type: 'ERROR', code: 'INTERNAL', message: 'Something went wrong; nothing was changed', requestId: requestIdOfFrame?.() });
    });
  };
  const conn = hub.open(
    {
      send: write,
      close: (code, reason) => socket.close(code, reason),
      endSession: () => queue(() => session.endSession()),
    },
    ip,
  );
  const session = new SocketSession(services, hub, conn);
  // Nothing to do for a socket that neither signs in nor watches: it goes.
  const idle = setTimeout(() => {
    if (conn.userId === null && conn.tables.size === 0) socket.close(CLOSE_IDLE, 'Idle connection');
  }, hub.limits.idleMs);
  idle.unref?.();

  socket.on('message', (data: Buffer, isBinary: boolean) => {
    queue(() => session.handle(data, isBinary), isBinary ? undefined : () => requestIdOf(data));
  });
  socket.on('close', (code: number) => {
    metrics?.socketClosed(code);
    clearTimeout(idle);
    hub.drop(conn);
    session.closed();
  });
  // Oversized frames (1009) and protocol errors: logged at warn by the plugin's errorHandler.
  socket.on('error', () => socket.terminate());
}
