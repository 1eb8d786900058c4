import type { AckMessage, ClientMessage, ErrorMessage, GameCommand, ServerMessage, ServerMessageOf, ServerMessageType } from './messages';
import { isServerMessage } from './messages';
import { emitUnauthenticated } from '../http/unauthenticated';

/** The server's close code for "this instance is shutting down for a deploy: reconnect now". */
export const CLOSE_RESTARTING = 4012;
const RESTART_SPREAD_MS = 500;

/** SPEC §4, §9: delay = 2000 ms × attempt number, at most 10 attempts, then a logged warning. */
export const RECONNECT_BASE_DELAY_MS = 2000;
export const MAX_RECONNECT_ATTEMPTS = 10;
export const REQUEST_TIMEOUT_MS = 10_000;
export const SOCKET_PATH = '/api/v1/socket';

/** The part of the browser WebSocket the client uses, so tests can inject a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

export interface SocketLogger {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
  error(...a: unknown[]): void;
}

export interface SocketClientOptions {
  /** Full ws:// or wss:// URL; defaults to SOCKET_PATH on the page's origin. */
  url?: string;
  getToken: () => string | null;
  WebSocket?: WebSocketFactory;
  baseDelayMs?: number;
  maxAttempts?: number;
  requestTimeoutMs?: number;
  logger?: SocketLogger;
}

export class SocketRequestError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'SocketRequestError';
    this.code = code;
  }
}

/** ws(s)://<host>/api/v1/socket by the page's protocol. */
export function defaultSocketUrl(loc: { protocol: string; host: string } = globalThis.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}${SOCKET_PATH}`;
}

const OPEN = 1;

interface Pending {
  resolve: (ack: AckMessage) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

type AnyListener = (msg: ServerMessage) => void;

let requestCounter = 0;
export function newRequestId(): string {
  requestCounter += 1;
  const rnd = Math.random().toString(36).slice(2, 8);
  return `r${Date.now().toString(36)}${requestCounter.toString(36)}${rnd}`;
}

/**
 * The one WebSocket per tab (DESIGN §6). Framework-free: the apps wrap it in a provider.
 * - connect() once the user is known; AUTH {token} is sent on every open;
 * - on an unexpected close it retries after 2000 ms × attempt, up to 10 attempts, then logs a
 *   warning and gives up (a later connect() starts afresh);
 * - parse failures, socket errors and closes are only logged;
 * - listeners subscribe by message type; request() sends a GAME command with a requestId and
 *   resolves on the matching ACK, rejects on the matching ERROR or after a timeout.
 */
export class SocketClient {
  private ws: WebSocketLike | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private manualClose = false;
  private readonly listeners = new Map<string, Set<AnyListener>>();
  private readonly statusListeners = new Set<(s: SocketStatus) => void>();
  private readonly pending = new Map<string, Pending>();
  private _status: SocketStatus = 'idle';
  private readonly opts: Required<Omit<SocketClientOptions, 'url' | 'WebSocket'>> & {
    url?: string;
    WebSocket?: WebSocketFactory;
  };

  constructor(opts: SocketClientOptions) {
    this.opts = {
      baseDelayMs: RECONNECT_BASE_DELAY_MS,
      maxAttempts: MAX_RECONNECT_ATTEMPTS,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      logger: console,
      ...opts,
    };
  }

  get status(): SocketStatus {
    return this._status;
  }

  /** Number of reconnect attempts made since the last successful open. */
  get reconnectAttempt(): number {
    return this.attempt;
  }

  isOpen(): boolean {
    return this.ws !== null && this.ws.readyState === OPEN && this._status === 'open';
  }

  /** Opens the socket unless it is already open or opening. Resets the attempt counter. */
  connect(): void {
    this.manualClose = false;
    if (this.ws && (this._status === 'open' || this._status === 'connecting')) return;
    this.clearReconnect();
    this.attempt = 0;
    this.open();
  }

  /** Closes on purpose: no reconnect, pending requests rejected. */
  disconnect(): void {
    this.manualClose = true;
    this.clearReconnect();
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onclose = ws.onerror = null;
      ws.onmessage = null;
      try {
        ws.close(1000, 'client disconnect');
      } catch {
        /* already closed */
      }
    }
    this.failPending('DISCONNECTED', 'Socket closed');
    this.setStatus('closed');
  }

  /** Sends AUTH again (e.g. after sign-in on an open socket). */
  authenticate(): void {
    const token = this.opts.getToken();
    if (token) this.send({ type: 'AUTH', token });
  }

  on<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    set.add(listener as AnyListener);
    return () => this.off(type, listener);
  }

  off<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): void {
    this.listeners.get(type)?.delete(listener as AnyListener);
  }

  onStatus(listener: (s: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Sends when open; returns false (and drops the message) otherwise. */
  send(msg: ClientMessage): boolean {
    if (!this.ws || this.ws.readyState !== OPEN) return false;
    try {
      this.ws.send(JSON.stringify(msg));
      return true;
    } catch (e) {
      this.opts.logger.error('socket send failed', e);
      return false;
    }
  }

  sendChat(text: string, tableId?: number): boolean {
    const data: { text: string; tableId?: number } = { text };
    if (tableId !== undefined) data.tableId = tableId;
    return this.send({ type: 'CHAT_MESSAGE', data });
  }

  /** A GAME command with a fresh requestId; resolves on ACK, rejects on ERROR / timeout / close. */
  request(cmd: GameCommand, timeoutMs = this.opts.requestTimeoutMs): Promise<AckMessage> {
    const requestId = newRequestId();
    const msg = { ...cmd, requestId } as ClientMessage;
    return new Promise<AckMessage>((resolve, reject) => {
      if (!this.isOpen()) {
        reject(new SocketRequestError('NOT_CONNECTED', 'Socket is not connected'));
        return;
      }
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(new SocketRequestError('TIMEOUT', 'No answer from the server'));
      }, timeoutMs);
      this.pending.set(requestId, { resolve, reject, timer });
      if (!this.send(msg)) {
        clearTimeout(timer);
        this.pending.delete(requestId);
        reject(new SocketRequestError('NOT_CONNECTED', 'Socket is not connected'));
      }
    });
  }

  // ---- internals ------------------------------------------------------------------------

  private open(): void {
    const Ctor = this.opts.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketFactory | undefined);
    if (!Ctor) {
      this.opts.logger.warn('WebSocket is not available');
      return;
    }
    const url = this.opts.url ?? defaultSocketUrl();
    this.setStatus('connecting');
    let ws: WebSocketLike;
    try {
      ws = new Ctor(url);
    } catch (e) {
      this.opts.logger.error('socket could not be created', e);
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.setStatus('open');
      this.authenticate();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.handleFrame(ev.data);
    };
    ws.onerror = (ev) => {
      if (this.ws !== ws) return;
      this.opts.logger.error('socket error', ev);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      const code = (ev as { code?: number } | null)?.code;
      this.opts.logger.info('socket closed', code ?? '');
      this.failPending('DISCONNECTED', 'Socket closed');
      this.setStatus('closed');
      if (this.manualClose) return;
      // The server instance is restarting for a deploy: another one takes us at once. A short
      // random wait spreads the reconnects of all its sockets.
      if (code === CLOSE_RESTARTING) {
        this.attempt = 0;
        this.clearReconnect();
        this.reconnectTimer = setTimeout(
          () => {
            this.reconnectTimer = null;
            if (!this.manualClose) this.open();
          },
          Math.floor(Math.random() * RESTART_SPREAD_MS),
        );
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    if (this.attempt >= this.opts.maxAttempts) {
      this.opts.logger.warn(`socket: giving up after ${this.opts.maxAttempts} reconnect attempts`);
      return;
    }
    this.attempt += 1;
    const delay = this.opts.baseDelayMs * this.attempt;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.manualClose) this.open();
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer !== null) {
      clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
    }
  }

  private handleFrame(raw: unknown): void {
    let msg: unknown;
    try {
      msg = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch (e) {
      this.opts.logger.error('socket: could not parse message', e);
      return;
    }
    if (!isServerMessage(msg)) {
      this.opts.logger.error('socket: message without a type', msg);
      return;
    }
    if (msg.type === 'ACK') {
      const p = this.pending.get(msg.requestId);
      if (p) {
        clearTimeout(p.timer);
        this.pending.delete(msg.requestId);
        p.resolve(msg);
      }
    } else if (msg.type === 'ERROR') {
      const err = msg as ErrorMessage;
      const p = err.requestId ? this.pending.get(err.requestId) : undefined;
      if (p && err.requestId) {
        clearTimeout(p.timer);
        this.pending.delete(err.requestId);
        p.reject(new SocketRequestError(err.code, err.message));
      } else {
        this.opts.logger.warn('socket: server error', err.code, err.message);
      }
      // The session ended on the server (logged out everywhere, password or role changed):
      // the apps sign out as they do on any 401.
      if (err.code === 'SESSION_ENDED') emitUnauthenticated('socket');
    }
    const set = this.listeners.get(msg.type);
    if (!set) return;
    for (const l of [...set]) {
      try {
        l(msg);
      } catch (e) {
        this.opts.logger.error('socket listener failed', e);
      }
    }
  }

  private failPending(code: string, message: string): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(new SocketRequestError(code, message));
      this.pending.delete(id);
    }
  }

  private setStatus(s: SocketStatus): void {
    if (this._status === s) return;
    this._status = s;
    for (const l of [...this.statusListeners]) l(s);
  }
}
