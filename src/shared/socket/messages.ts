/**
 * Socket message types for the client module. The protocol proper (schemas, table views) lives
 * in src/shared/protocol; this file only re-exports its types (type-only imports, so no zod
 * reaches the bundle through here) and adds the helpers the client needs.
 */
import type { AuthMessage, ChatSendMessage, ClientMessage, GameMessage, GameAction } from '../protocol/client';
import type { ChatMessageData, ServerMessage } from '../protocol/server';

export type { AuthMessage, ChatSendMessage, ClientMessage, GameMessage, GameAction, ChatMessageData, ServerMessage };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A GAME command before the client adds its requestId. */
export type GameCommand = DistributiveOmit<GameMessage, 'requestId'>;

export type ServerMessageType = ServerMessage['type'];
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>;
export type GameServerMessage = ServerMessageOf<'GAME'>;
export type BalanceUpdateMessage = ServerMessageOf<'BALANCE_UPDATE'>;
export type ChatReceivedMessage = ServerMessageOf<'CHAT_MESSAGE'>;
export type JackpotUpdateMessage = Extract<GameServerMessage, { action: 'JACKPOT_UPDATE' }>;
export type AckMessage = ServerMessageOf<'ACK'>;
export type ErrorMessage = ServerMessageOf<'ERROR'>;

/** Loose structural check: an object with a string `type`. Finer checks are the listeners'. */
export function isServerMessage(x: unknown): x is ServerMessage {
  return typeof x === 'object' && x !== null && typeof (x as { type?: unknown }).type === 'string';
}
