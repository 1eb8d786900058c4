// What the table page needs from the socket. The shell's SocketClient satisfies it as it is;
// tests hand in a fake.
import type { GameCommand, ServerMessageOf, ServerMessageType } from '../../../shared/socket/messages';
import type { SocketStatus } from '../../../shared/socket/client';

export interface TableConnection {
  readonly status: SocketStatus;
  /** Sends a GAME command with a fresh requestId; resolves on ACK, rejects on ERROR ({code}). */
  request(cmd: GameCommand): Promise<unknown>;
  on<T extends ServerMessageType>(type: T, listener: (msg: ServerMessageOf<T>) => void): () => void;
  onStatus(listener: (s: SocketStatus) => void): () => void;
  sendChat(text: string, tableId?: number): boolean;
}

/** The error code of a rejected request (SocketRequestError has one; anything else is INTERNAL). */
export function errorCode(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'INTERNAL';
}
