// The one WebSocket endpoint: AUTH first, every frame schema-checked, oversized frames close the
// socket (ws maxPayload), game commands and chat rate-limited, foreign origins refused, sockets
// capped per address, idle anonymous sockets closed. Every action is checked against the
// user's current session (token version), not the one at AUTH.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/websocket';
import { parseClientMessage, type ChatSendMessage, type GameMessage, type ServerMessage } from '../../shared/protocol';
import type { TableRegistry } from '../tables/registry';
import type { CommandResult } from '../tables/actor';
import { CLOSE_IDLE, type Connection, type Hub } from './hub';

export const MAX_FRAME_BYTES = 16 * 1024;
export const SOCKET_PATH = '/api/v1/socket';

export interface SocketOptions {
  hub: Hub;
  registry: TableRegistry;
  allowedOrigins: string[];
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

const SESSION_ENDED = 'Your session has ended; please log in again';

export async function socketRoutes(app: FastifyInstance, opts: SocketOptions): Promise<void> {
  const { hub, registry } = opts;

  app.get(SOCKET_PATH, {
    websocket: true,
    preValidation: async (req, reply) => {
      if (!originAllowed(req, opts.allowedOrigins)) await reply.code(403).send({ error: { code: 'FORBIDDEN', message: 'Origin not allowed' } });
      else if (!hub.admits(req.ip)) await reply.code(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many connections from your address' } });
    },
  }, (socket, req) => {
    // Frames sent in one go (a table's events, a fan-out) leave in one write: the TCP socket is
    // corked at the first frame and uncorked once the current work is done.
    const raw = (socket as unknown as { _socket?: { cork(): void; uncork(): void } })._socket;
    let corked = false;
    const uncork = () => { corked = false; raw!.uncork(); };
    let chain = Promise.resolve();
    // Frames are handled in order, one at a time, per socket; so is the end of a session.
    const queue = (fn: () => Promise<void>, requestId?: string) => {
      chain = chain.then(fn).catch((e) => {
        app.log.error(e, 'socket message failed');
        reply({ type: 'ERROR', code: 'INTERNAL', message: 'Something went wrong; nothing was changed', requestId });
      });
    };
    const conn = hub.open({
      send: (text) => {
        if (socket.readyState !== socket.OPEN) return;
        if (raw && !corked) { corked = true; raw.cork(); process.nextTick(uncork); }
        socket.send(text);
      },
      close: (code, reason) => socket.close(code, reason),
      endSession: () => queue(() => endSession()),
    }, req.ip);
    const reply = (m: ServerMessage) => conn.send(JSON.stringify(m));
    // Nothing to do for a socket that neither signs in nor watches: it goes.
    const idle = setTimeout(() => {
      if (conn.userId === null && conn.tables.size === 0) socket.close(CLOSE_IDLE, 'Idle connection');
    }, hub.limits.idleMs);
    idle.unref?.();

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      queue(() => handle(data, isBinary), isBinary ? undefined : requestIdOf(data));
    });
    socket.on('close', () => {
      clearTimeout(idle);
      hub.drop(conn);
      for (const tableId of conn.tables) void registry.get(tableId)?.unsubscribe(conn.id);
      conn.tables.clear();
    });
    // Oversized frames (1009) and protocol errors: logged at warn by the plugin's errorHandler.
    socket.on('error', () => socket.terminate());

    async function handle(data: unknown, isBinary: boolean): Promise<void> {
      if (isBinary) return reply({ type: 'ERROR', code: 'BAD_MESSAGE', message: 'Text frames only' });
      const parsed = parseClientMessage(String(data));
      if (!parsed.ok) return reply({ type: 'ERROR', code: parsed.code, message: parsed.message, requestId: parsed.requestId });
      const m = parsed.message;
      if (m.type === 'AUTH') {
        const user = await app.services.users.authenticate(m.token);
        if (!user) return reply({ type: 'ERROR', code: 'UNAUTHORIZED', message: 'Your session has expired; please log in again', requestId: m.requestId });
        const previous = conn.userId;
        hub.authenticate(conn, user, m.token);
        // Tables watched before signing in now need this player's own view.
        if (previous !== user.userId) for (const tableId of conn.tables) await subscribe(tableId);
        if (m.requestId) reply({ type: 'ACK', requestId: m.requestId });
        return;
      }
      // The session may have ended since AUTH (another instance, a missed message): check it now.
      if (conn.userId !== null && !(await sessionValid())) {
        await endSession();
        return reply({ type: 'ERROR', code: 'UNAUTHORIZED', message: SESSION_ENDED, requestId: m.requestId });
      }
      if (m.type === 'CHAT_MESSAGE') return chat(m);
      return game(m);
    }

    async function sessionValid(): Promise<boolean> {
      const user = conn.token ? await app.services.users.authenticate(conn.token) : null;
      if (!user || user.userId !== conn.userId) return false;
      // A role change ends sessions; keep the name current all the same.
      conn.username = user.username;
      conn.role = user.role;
      return true;
    }

    /** Signed-in state is dropped; watched tables are re-sent as an anonymous watcher sees them. */
    async function endSession(): Promise<void> {
      if (conn.userId === null) return;
      hub.deauthenticate(conn);
      reply({ type: 'ERROR', code: 'SESSION_ENDED', message: SESSION_ENDED });
      for (const tableId of conn.tables) await subscribe(tableId);
    }

    async function subscribe(tableId: number, autoMuck?: boolean): Promise<void> {
      const actor = registry.get(tableId);
      if (!actor) return;
      await actor.unsubscribe(conn.id);
      await actor.subscribe({ key: conn.id, userId: conn.userId, send: conn.send }, { autoMuck });
    }

    async function chat(m: ChatSendMessage): Promise<void> {
      if (conn.userId === null) return reply({ type: 'ERROR', code: 'UNAUTHORIZED', message: 'Sign in to chat', requestId: m.requestId });
      if (!conn.chat.take(Date.now())) return reply({ type: 'ERROR', code: 'RATE_LIMITED', message: 'You are sending messages too fast', requestId: m.requestId });
      const tableId = m.data.tableId ?? null;
      if (tableId !== null && !registry.get(tableId)) return reply({ type: 'ERROR', code: 'NOT_FOUND', message: 'No such table', requestId: m.requestId });
      const stored = await app.services.chat.post(conn.userId, m.data.text, tableId);
      const out: ServerMessage = { type: 'CHAT_MESSAGE', data: { ...stored, tableId: stored.tableId ?? null } };
      hub.broadcast(out, tableId === null ? undefined : (c: Connection) => c.tables.has(tableId));
      if (m.requestId) reply({ type: 'ACK', requestId: m.requestId });
    }

    async function game(m: GameMessage): Promise<void> {
      const answer = (r: CommandResult) => reply(r.ok ? { type: 'ACK', requestId: m.requestId } : { type: 'ERROR', requestId: m.requestId, ...r.error });
      if (!conn.game.take(Date.now())) return answer({ ok: false, error: { code: 'RATE_LIMITED', message: 'Too many actions; slow down' } });
      const actor = registry.get(m.tableId);
      if (!actor) return answer({ ok: false, error: { code: 'NOT_FOUND', message: 'No such table' } });
      if (m.action === 'SUBSCRIBE') {
        conn.tables.add(m.tableId);
        await subscribe(m.tableId, m.autoMuck);
        return answer({ ok: true });
      }
      if (m.action === 'UNSUBSCRIBE') {
        conn.tables.delete(m.tableId);
        await actor.unsubscribe(conn.id);
        return answer({ ok: true });
      }
      if (conn.userId === null) return answer({ ok: false, error: { code: 'UNAUTHORIZED', message: 'Sign in to play' } });
      const userId = conn.userId;
      switch (m.action) {
        case 'SIT': {
          const settings = await app.services.settings.get();
          if (settings.maintenance.enabled && conn.role !== 'ADMIN') return answer({ ok: false, error: { code: 'MAINTENANCE', message: settings.maintenance.message || 'The room is under maintenance' } });
          return answer(await actor.sit({ userId, username: conn.username ?? '' }, m.seat, m.buyIn));
        }
        case 'ADD_CHIPS': return answer(await actor.addChips(userId, m.amount));
        case 'FOLD': return answer(await actor.act(userId, { kind: 'FOLD' }));
        case 'CHECK': return answer(await actor.act(userId, { kind: 'CHECK' }));
        case 'CALL': return answer(await actor.act(userId, { kind: 'CALL' }));
        case 'BET': return answer(await actor.act(userId, { kind: 'BET', amount: m.amount }));
        case 'RAISE': return answer(await actor.act(userId, { kind: 'RAISE', amount: m.amount }));
        case 'SIT_OUT': return answer(await actor.sitOut(userId));
        case 'SIT_IN': return answer(await actor.sitIn(userId, m.postBlind ?? false));
        case 'LEAVE': return answer(await actor.leave(userId));
        case 'ENTROPY': return answer(await actor.contributeEntropy(userId, m.entropy));
      }
    }
  });
}
