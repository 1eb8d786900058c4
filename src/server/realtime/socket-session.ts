// One socket's conversation: AUTH, chat and game commands, handled one frame at a time in order.
// Every action is checked against the user's current session (token version), not the one at AUTH.
import type { ChatMessage } from '../../shared/api/chat';
import { parseClientMessage, type ChatSendMessage, type GameMessage, type ServerMessage } from '../../shared/protocol';
import type { ViewerRef } from '../cluster/viewers';
import type { AuthUser } from '../accounts/users';
import type { TableRouter } from '../tables/router';
import type { CommandResult } from '../tables/types';
import type { Connection, Hub } from './hub';
import { commandOf } from './table-commands';
import { commandId } from '../core/log';

const SESSION_ENDED = 'Your session has ended; please log in again';

/** What a socket's conversation needs from the room: given by the composition root. */
export interface SessionServices {
  authenticate(token: string): Promise<AuthUser | null>;
  /** The player's avatar as it is now (read at each sit). */
  avatarOf(userId: number): Promise<string | null>;
  /** Why play is closed to this role now (maintenance), or null. */
  playClosed(role: string | null): Promise<{ code: string; message: string } | null>;
  /** Why this player may not put `amount` into play now (an integrity standing; safer play: an exclusion, a loss or session limit), or null. */
  playRefused(userId: number, amount: number): Promise<{ code: string; message: string } | null>;
  postChat(userId: number, text: string, tableId: number | null): Promise<ChatMessage>;
  /** To every socket on every instance, or to every socket watching a table. */
  pushAll(m: ServerMessage): void;
  pushTable(tableId: number, m: ServerMessage): void;
  tables: TableRouter;
}

export class SocketSession {
  constructor(
    private readonly services: SessionServices,
    private readonly hub: Hub,
    private readonly conn: Connection,
  ) {}

  /** This socket as a viewer, for the table's owner (on this instance or another). */
  private get viewer(): ViewerRef {
    return { instance: this.services.tables.instanceId, conn: this.conn.id, userId: this.conn.userId };
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
      const user = await this.services.authenticate(m.token);
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
    for (const tableId of this.conn.tables) void this.services.tables.call(tableId, { kind: 'unsubscribe', viewer: this.viewer });
    this.conn.tables.clear();
  }

  private async sessionValid(): Promise<boolean> {
    const conn = this.conn;
    const user = conn.token ? await this.services.authenticate(conn.token) : null;
    if (!user || user.userId !== conn.userId) return false;
    // A role change ends sessions; keep the name current all the same.
    conn.username = user.username;
    conn.role = user.role;
    return true;
  }

  /** Watches the table (again, as who the socket now is); the owner sends the whole view. */
  private async subscribe(tableId: number, autoMuck?: boolean): Promise<void> {
    await this.services.tables.call(tableId, { kind: 'subscribe', viewer: this.viewer, autoMuck });
  }

  private async chat(m: ChatSendMessage): Promise<void> {
    const conn = this.conn;
    const refuse = (code: 'UNAUTHORIZED' | 'RATE_LIMITED' | 'NOT_FOUND', message: string) =>
      this.reply({ type: 'ERROR', code, message, requestId: m.requestId });
    if (conn.userId === null) return refuse('UNAUTHORIZED', 'Sign in to chat');
    if (!conn.chat.take(Date.now())) return refuse('RATE_LIMITED', 'You are sending messages too fast');
    const tableId = m.data.tableId ?? null;
    if (tableId !== null && !this.services.tables.exists(tableId)) return refuse('NOT_FOUND', 'No such table');
    const stored = await this.services.postChat(conn.userId, m.data.text, tableId);
    const out: ServerMessage = { type: 'CHAT_MESSAGE', data: { ...stored, tableId: stored.tableId ?? null } };
    // Every instance sends it to its own sockets: everyone, or the table's watchers.
    if (tableId === null) this.services.pushAll(out);
    else this.services.pushTable(tableId, out);
    if (m.requestId) this.reply({ type: 'ACK', requestId: m.requestId });
  }

  private async game(m: GameMessage): Promise<void> {
    const conn = this.conn;
    const answer = (r: CommandResult) => this.reply(r.ok ? { type: 'ACK', requestId: m.requestId } : { type: 'ERROR', requestId: m.requestId, ...r.error });
    if (!conn.game.take(Date.now())) return answer({ ok: false, error: { code: 'RATE_LIMITED', message: 'Too many actions; slow down' } });
    if (!this.services.tables.exists(m.tableId)) return answer({ ok: false, error: { code: 'NOT_FOUND', message: 'No such table' } });
    // A table between owners is watched all the same: its next owner sends the view.
    if (m.action === 'SUBSCRIBE') this.hub.watch(conn, m.tableId);
    if (m.action === 'UNSUBSCRIBE') this.hub.unwatch(conn, m.tableId);
    let player = null;
    if (conn.userId !== null) {
      if (m.action === 'SIT') {
        const closed = await this.services.playClosed(conn.role);
        if (closed) return answer({ ok: false, error: closed });
      }
      if (m.action === 'SIT' || m.action === 'ADD_CHIPS') {
        const refused = await this.services.playRefused(conn.userId, m.action === 'SIT' ? m.buyIn : m.amount);
        if (refused) return answer({ ok: false, error: refused });
      }
      // The avatar is read at each sit: a change in the profile shows from the next one.
      player = { userId: conn.userId, username: conn.username ?? '', avatar: m.action === 'SIT' ? await this.services.avatarOf(conn.userId) : null };
    }
    const command = commandOf(m, this.viewer, player);
    if (!command) return answer({ ok: false, error: { code: 'UNAUTHORIZED', message: 'Sign in to play' } });
    const result = await this.services.tables.call(m.tableId, command, commandId(m.requestId));
    // Watching always succeeds here, even while the table moves between owners.
    return answer(m.action === 'SUBSCRIBE' || m.action === 'UNSUBSCRIBE' ? { ok: true } : result);
  }
}
