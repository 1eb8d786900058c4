// Every open socket, who it belongs to and what it watches; fan-out by user, by table or to
// everyone, each message encoded and framed once for its whole audience (frame.ts); per-address
// caps; ending a user's sessions on this instance.
import type { Role } from '../../shared/api/enums';
import type { ServerMessage } from '../../shared/protocol';
import { Frame, type Payload } from '../core/frame';
import { DEFAULT_SOCKET_LIMITS, TokenBucket, type RateLimitsConfig } from './rate';

export type SocketRole = Role;

export interface Connection {
  id: string;
  /** Remote address (the proxy's client address only when TRUST_PROXY says so). */
  address: string;
  userId: number | null;
  username: string | null;
  role: SocketRole | null;
  /** The token the socket signed in with: every action re-checks it against the session. */
  token: string | null;
  /** Tables this socket watches: change it through Hub.watch/unwatch (they keep the table index). */
  tables: Set<number>;
  game: TokenBucket;
  chat: TokenBucket;
  /** A string for this socket alone, or a Frame shared with others (encoded once). */
  send(payload: Payload): void;
  close(code: number, reason: string): void;
  /** The user's session ended elsewhere: the socket becomes an anonymous watcher. */
  endSession(reason: string): void;
}

export interface ConnectionIo {
  send(payload: Payload): void;
  close(code: number, reason: string): void;
  endSession(reason: string): void;
}

/** Close codes the server uses (4000-4999 are the application's). */
export const CLOSE_IDLE = 4008;
/** The instance is shutting down for a deploy: reconnect (to another instance) at once. */
export const CLOSE_RESTARTING = 4012;
/**
 * The socket did not read what it was sent: more than MAX_BUFFERED_BYTES waited to go out
 * (socket.ts). The client reconnects with its usual back-off and gets a full snapshot.
 */
export const CLOSE_TOO_SLOW = 4013;
/** Unsent bytes one socket may hold before it is closed with CLOSE_TOO_SLOW (minutes of table play). */
export const MAX_BUFFERED_BYTES = 2 * 1024 * 1024;
/** Sockets one slice of a broadcast writes before the event loop runs again (about 5 ms of writes). */
export const BROADCAST_SLICE = 500;

export class Hub {
  readonly connections = new Map<string, Connection>();
  private byUser = new Map<number, Set<Connection>>();
  /** The sockets watching each table (the table chat's audience, the directory's re-subscriptions). */
  private byTable = new Map<number, Set<Connection>>();
  private byAddress = new Map<string, { all: number; anonymous: number }>();
  private seq = 0;
  /** Broadcasts under way, oldest first (see broadcast). */
  private broadcasts: Array<{ frame: Frame; targets: Connection[]; at: number; filter?: (c: Connection) => boolean }> = [];
  readonly limits: Required<RateLimitsConfig>;

  constructor(
    limits: RateLimitsConfig = DEFAULT_SOCKET_LIMITS,
    private now: () => number = Date.now,
  ) {
    const given = Object.fromEntries(Object.entries(limits).filter(([, v]) => v !== undefined));
    this.limits = { ...DEFAULT_SOCKET_LIMITS, ...given };
  }

  /** Whether one more socket from `address` is allowed (checked before the upgrade). */
  admits(address: string): boolean {
    const n = this.byAddress.get(address);
    return !n || (n.all < this.limits.perAddress && n.anonymous < this.limits.anonymousPerAddress);
  }

  open(io: ConnectionIo, address = ''): Connection {
    const conn: Connection = {
      id: `c${++this.seq}`,
      address,
      userId: null,
      username: null,
      role: null,
      token: null,
      tables: new Set(),
      game: new TokenBucket(this.limits.game[0], this.limits.game[1], this.now()),
      chat: new TokenBucket(this.limits.chat[0], this.limits.chat[1], this.now()),
      ...io,
    };
    this.connections.set(conn.id, conn);
    const n = this.byAddress.get(address) ?? { all: 0, anonymous: 0 };
    n.all++;
    n.anonymous++;
    this.byAddress.set(address, n);
    return conn;
  }

  authenticate(conn: Connection, user: { userId: number; username: string; role: SocketRole }, token: string): void {
    if (conn.userId !== null) this.forget(conn);
    else this.countAnonymous(conn, -1);
    conn.userId = user.userId;
    conn.username = user.username;
    conn.role = user.role;
    conn.token = token;
    let set = this.byUser.get(user.userId);
    if (!set) this.byUser.set(user.userId, (set = new Set()));
    set.add(conn);
  }

  /** Back to an anonymous socket (session ended or the token no longer valid). */
  deauthenticate(conn: Connection): void {
    if (conn.userId === null) return;
    this.forget(conn);
    this.countAnonymous(conn, +1);
    conn.userId = null;
    conn.username = null;
    conn.role = null;
    conn.token = null;
  }

  /** The socket watches the table (again): in `conn.tables` and in the table's index. */
  watch(conn: Connection, tableId: number): void {
    conn.tables.add(tableId);
    if (!this.connections.has(conn.id)) return;
    let set = this.byTable.get(tableId);
    if (!set) this.byTable.set(tableId, (set = new Set()));
    set.add(conn);
  }

  unwatch(conn: Connection, tableId: number): void {
    conn.tables.delete(tableId);
    this.unindex(conn, tableId);
  }

  /** The sockets here watching the table. */
  watchers(tableId: number): Iterable<Connection> {
    return this.byTable.get(tableId) ?? [];
  }

  private unindex(conn: Connection, tableId: number): void {
    const set = this.byTable.get(tableId);
    set?.delete(conn);
    if (set && set.size === 0) this.byTable.delete(tableId);
  }

  /** The socket closed. Its `tables` stay as they were, for the session to unsubscribe them. */
  drop(conn: Connection): void {
    if (!this.connections.delete(conn.id)) return;
    for (const tableId of conn.tables) this.unindex(conn, tableId);
    if (conn.userId !== null) this.forget(conn);
    else this.countAnonymous(conn, -1);
    const n = this.byAddress.get(conn.address);
    if (n && --n.all <= 0) this.byAddress.delete(conn.address);
  }

  private forget(conn: Connection): void {
    const set = this.byUser.get(conn.userId!);
    set?.delete(conn);
    if (set && set.size === 0) this.byUser.delete(conn.userId!);
  }

  private countAnonymous(conn: Connection, delta: number): void {
    const n = this.byAddress.get(conn.address);
    if (n) n.anonymous += delta;
  }

  /** Users with a signed-in socket here. */
  onlineUserIds(): Iterable<number> {
    return this.byUser.keys();
  }

  isOnline(userId: number): boolean {
    return this.byUser.has(userId);
  }
  onlineUsers(): number {
    return this.byUser.size;
  }

  sendToUser(userId: number, message: ServerMessage): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    const frame = Frame.of(message);
    for (const c of set) c.send(frame);
  }

  /** To every socket here watching the table (table chat). */
  sendToTable(tableId: number, message: ServerMessage): void {
    const set = this.byTable.get(tableId);
    if (!set) return;
    const frame = Frame.of(message);
    for (const c of set) c.send(frame);
  }

  /** The user's sessions ended (logout everywhere, password, role, deletion): every socket of theirs here. */
  endSessions(userId: number, reason: string): void {
    for (const c of [...(this.byUser.get(userId) ?? [])]) c.endSession(reason);
  }

  /**
   * To every socket here (the jackpot, lobby counts, room chat): one frame for all of them, written
   * BROADCAST_SLICE sockets at a time with the event loop let run in between (setImmediate), so a
   * table's events are not held behind a push to 19,000 sockets (about 200 ms of writes). Broadcasts
   * keep their order; a socket that closed meanwhile is skipped, one opened meanwhile gets the next.
   */
  broadcast(message: ServerMessage, filter?: (c: Connection) => boolean): void {
    this.broadcasts.push({ frame: Frame.of(message), targets: [...this.connections.values()], at: 0, filter });
    if (this.broadcasts.length === 1) this.drainBroadcasts();
  }

  private drainBroadcasts = (): void => {
    let budget = BROADCAST_SLICE;
    while (this.broadcasts.length && budget > 0) {
      const job = this.broadcasts[0];
      const end = Math.min(job.targets.length, job.at + budget);
      budget -= end - job.at;
      for (; job.at < end; job.at++) {
        const c = job.targets[job.at];
        if (this.connections.get(c.id) === c && (!job.filter || job.filter(c))) c.send(job.frame);
      }
      if (job.at >= job.targets.length) this.broadcasts.shift();
    }
    if (this.broadcasts.length) setImmediate(this.drainBroadcasts);
  };
}
