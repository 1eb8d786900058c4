// One socket's conversation: AUTH, chat and game commands, handled one frame at a time in order.
// Every action is checked against the user's current session (token version), not the one at AUTH.
import type { FastifyInstance } from 'fastify';
import { parseClientMessage, type ChatSendMessage, type GameMessage, type ServerMessage } from '../../shared/protocol';
import type { TableDirectory, ViewerRef } from '../cluster/directory';
import type { CommandResult, TableActor } from '../tables/actor';
import type { Connection, Hub } from './hub';

const SESSION_ENDED = 'Your session has ended; please log in again';

export class SocketSession {
  constructor(
    private readonly app: FastifyInstance,
    private readonly hub: Hub,
    private readonly directory: TableDirectory,
    private readonly conn: Connection,
  ) {}

  /** This socket as a viewer, for the table's owner (on this instance or another). */
  private get viewer(): ViewerRef {
    return { instance: this.directory.instanceId, conn: this.conn.id, userId: this.conn.userId };
  }

  reply(m: ServerMessage): void {
    this.conn.send(JSON.stringify(m));
  }

  async handle(data: unknown, isBinary: boolean): Promise<void> {
    if (isBinary) return this.reply({ type: 'ERROR', code: 'BAD_MESSAGE', message: 'Text frames only' });
    const parsed = parseClientMessage(String(data));
    if (!parsed.ok) return this.reply({ type: 'ERROR', code: parsed.code, message: parsed.message, requestId: parsed.requestId });
    const m = parsed.message;
    if (m.type === 'AUTH') {
      const user = await this.app.services.users.authenticate(m.token);
      if (!user) return this.reply({ type: 'ERROR', code: 'UNAUTHORIZED', message: 'Your session has expired; please log in again', requestId: m.requestId });
      const previous = this.conn.userId;
      this.hub.authenticate(this.conn, user, m.token);
      // Tables watched before signing in now need this player's own view.
      if (previous !== user.userId) for (const tableId of this.conn.tables) await this.subscribe(tableId);
      if (m.requestId) this.reply({ type: 'ACK', requestId: m.requestId });
      return;
    }
    // The session may have ended since AUTH (another instance, a missed message): check it now.
    if (this.conn.userId !== null && !(await this.sessionValid())) {
      await this.endSession();
      return this.reply({ type: 'ERROR', code: 'UNAUTHORIZED', message: SESSION_ENDED, requestId: m.requestId });
    }
    if (m.type === 'CHAT_MESSAGE') return this.chat(m);
    return this.game(m);
  }

  /** Signed-in state is dropped; watched tables are re-sent as an anonymous watcher sees them. */
  async endSession(): Promise<void> {
    if (this.conn.userId === null) return;
    this.hub.deauthenticate(this.conn);
    this.reply({ type: 'ERROR', code: 'SESSION_ENDED', message: SESSION_ENDED });
    for (const tableId of this.conn.tables) await this.subscribe(tableId);
  }

  /** The socket closed: it watches nothing any more. */
  closed(): void {
    for (const tableId of this.conn.tables) void this.directory.call(tableId, 'unsubscribe', [this.viewer]);
    this.conn.tables.clear();
  }

  private async sessionValid(): Promise<boolean> {
    const conn = this.conn;
    const user = conn.token ? await this.app.services.users.authenticate(conn.token) : null;
    if (!user || user.userId !== conn.userId) return false;
    // A role change ends sessions; keep the name current all the same.
    conn.username = user.username;
    conn.role = user.role;
    return true;
  }

  /** Watches the table (again, as who the socket now is); the owner sends the whole view. */
  private async subscribe(tableId: number, autoMuck?: boolean): Promise<void> {
    await this.directory.call(tableId, 'subscribe', [this.viewer, autoMuck]);
  }

  private async chat(m: ChatSendMessage): Promise<void> {
    const conn = this.conn;
    const refuse = (code: 'UNAUTHORIZED' | 'RATE_LIMITED' | 'NOT_FOUND', message: string) =>
      this.reply({ type: 'ERROR', code, message, requestId: m.requestId });
    if (conn.userId === null) return refuse('UNAUTHORIZED', 'Sign in to chat');
    if (!conn.chat.take(Date.now())) return refuse('RATE_LIMITED', 'You are sending messages too fast');
    const tableId = m.data.tableId ?? null;
    if (tableId !== null && !this.directory.exists(tableId)) return refuse('NOT_FOUND', 'No such table');
    const stored = await this.app.services.chat.post(conn.userId, m.data.text, tableId);
    const out: ServerMessage = { type: 'CHAT_MESSAGE', data: { ...stored, tableId: stored.tableId ?? null } };
    // Every instance sends it to its own sockets: everyone, or the table's watchers.
    if (tableId === null) this.app.live.fanout.all(out);
    else this.app.live.fanout.table(tableId, out);
    if (m.requestId) this.reply({ type: 'ACK', requestId: m.requestId });
  }

  private async game(m: GameMessage): Promise<void> {
    const conn = this.conn;
    const answer = (r: CommandResult) => this.reply(r.ok ? { type: 'ACK', requestId: m.requestId } : { type: 'ERROR', requestId: m.requestId, ...r.error });
    if (!conn.game.take(Date.now())) return answer({ ok: false, error: { code: 'RATE_LIMITED', message: 'Too many actions; slow down' } });
    if (!this.directory.exists(m.tableId)) return answer({ ok: false, error: { code: 'NOT_FOUND', message: 'No such table' } });
    if (m.action === 'SUBSCRIBE') {
      this.hub.watch(conn, m.tableId);
      // A table between owners is watched all the same: its next owner sends the view.
      await this.subscribe(m.tableId, m.autoMuck);
      return answer({ ok: true });
    }
    if (m.action === 'UNSUBSCRIBE') {
      this.hub.unwatch(conn, m.tableId);
      await this.directory.call(m.tableId, 'unsubscribe', [this.viewer]);
      return answer({ ok: true });
    }
    if (conn.userId === null) return answer({ ok: false, error: { code: 'UNAUTHORIZED', message: 'Sign in to play' } });
    return answer(await this.command(m, conn.userId));
  }

  /** A signed-in player's table command. */
  private async command(m: Exclude<GameMessage, { action: 'SUBSCRIBE' | 'UNSUBSCRIBE' }>, userId: number): Promise<CommandResult> {
    const table = this.directory;
    const id = m.tableId;
    switch (m.action) {
      case 'SIT': {
        const closed = await this.app.services.maintenance.check('play', this.conn.role);
        if (closed) return { ok: false, error: closed };
        // The avatar is read at each sit: a change in the profile shows from the next one.
        const who: Parameters<TableActor['sit']>[0] = { userId, username: this.conn.username ?? '', avatar: await this.app.services.users.avatarOf(userId) };
        return table.call(id, 'sit', [who, m.seat, m.buyIn]);
      }
      case 'ADD_CHIPS':
        return table.call(id, 'addChips', [userId, m.amount]);
      case 'FOLD':
        return table.call(id, 'act', [userId, { kind: 'FOLD' }]);
      case 'CHECK':
        return table.call(id, 'act', [userId, { kind: 'CHECK' }]);
      case 'CALL':
        return table.call(id, 'act', [userId, { kind: 'CALL' }]);
      case 'BET':
        return table.call(id, 'act', [userId, { kind: 'BET', amount: m.amount }]);
      case 'RAISE':
        return table.call(id, 'act', [userId, { kind: 'RAISE', amount: m.amount }]);
      case 'SIT_OUT':
        return table.call(id, 'sitOut', [userId]);
      case 'SIT_IN':
        return table.call(id, 'sitIn', [userId, m.postBlind ?? false]);
      case 'LEAVE':
        return table.call(id, 'leave', [userId]);
      case 'ENTROPY':
        return table.call(id, 'contributeEntropy', [userId, m.entropy]);
    }
  }
}
