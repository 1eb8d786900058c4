// Every open socket, who it belongs to and what it watches; fan-out by user or to everyone.
import type { ServerMessage } from '../../shared/protocol';
import { DEFAULT_SOCKET_LIMITS, TokenBucket, type RateLimitsConfig } from './rate';

export interface Connection {
  id: string;
  userId: number | null;
  username: string | null;
  role: 'ADMIN' | 'PLAYER' | null;
  tables: Set<number>;
  game: TokenBucket;
  chat: TokenBucket;
  send(text: string): void;
  close(code: number, reason: string): void;
}

export class Hub {
  readonly connections = new Map<string, Connection>();
  private byUser = new Map<number, Set<Connection>>();
  private seq = 0;

  constructor(private limits: RateLimitsConfig = DEFAULT_SOCKET_LIMITS, private now: () => number = Date.now) {}

  open(send: (text: string) => void, close: (code: number, reason: string) => void): Connection {
    const conn: Connection = {
      id: `c${++this.seq}`, userId: null, username: null, role: null, tables: new Set(),
      game: new TokenBucket(this.limits.game[0], this.limits.game[1], this.now()),
      chat: new TokenBucket(this.limits.chat[0], this.limits.chat[1], this.now()),
      send, close,
    };
    this.connections.set(conn.id, conn);
    return conn;
  }

  authenticate(conn: Connection, user: { userId: number; username: string; role: 'ADMIN' | 'PLAYER' }): void {
    if (conn.userId !== null) this.byUser.get(conn.userId)?.delete(conn);
    conn.userId = user.userId;
    conn.username = user.username;
    conn.role = user.role;
    let set = this.byUser.get(user.userId);
    if (!set) this.byUser.set(user.userId, (set = new Set()));
    set.add(conn);
  }

  drop(conn: Connection): void {
    this.connections.delete(conn.id);
    if (conn.userId !== null) {
      const set = this.byUser.get(conn.userId);
      set?.delete(conn);
      if (set && set.size === 0) this.byUser.delete(conn.userId);
    }
  }

  isOnline(userId: number): boolean { return this.byUser.has(userId); }
  onlineUsers(): number { return this.byUser.size; }

  sendToUser(userId: number, message: ServerMessage): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const c of set) c.send(text);
  }

  /** Closes every socket of a user (deleted, kicked out of the room). */
  closeUser(userId: number, reason: string): void {
    for (const c of this.byUser.get(userId) ?? []) c.close(4001, reason);
  }

  broadcast(message: ServerMessage, filter?: (c: Connection) => boolean): void {
    const text = JSON.stringify(message);
    for (const c of this.connections.values()) if (!filter || filter(c)) c.send(text);
  }
}
