// Messages the server sends. Field names are fixed by DESIGN.md §6.
import type { QPayInvoice } from '../api/payments';
import type { TableEvent } from './table-events';
import type { TableView, TableViewPatch } from './table-view';

export interface ChatMessageData {
  id: number;
  userId: number;
  username: string;
  text: string;
  tableId: number | null;
  createdAt: string;
}

export type ServerMessage =
  | { type: 'BALANCE_UPDATE'; data: { userId: number; balance: number; locked: number } }
  | { type: 'CHAT_MESSAGE'; data: ChatMessageData }
  /** A QPay deposit of this user changed (paid, part paid, expired...): the deposit page follows it (docs/payments.md). */
  | { type: 'QPAY_INVOICE'; data: QPayInvoice }
  | { type: 'GAME'; action: 'JACKPOT_UPDATE'; amount: number }
  /** A table's seated count changed: the lobby updates without polling. */
  | { type: 'GAME'; action: 'LOBBY_UPDATE'; tableId: number; players: number }
  // serverTime (optional, epoch ms when sent) lets clients correct their clock before drawing
  // countdowns from actionDeadline / timeBankDeadline.
  | { type: 'GAME'; action: 'TABLE_STATE'; tableId: number; version: number; state: TableView; serverTime?: number }
  | { type: 'GAME'; action: 'TABLE_EVENT'; tableId: number; version: number; event: TableEvent; patch: TableViewPatch; serverTime?: number }
  /** Fast-fold pools (docs/fast-fold.md): the player now sits at this table of the pool (null: waiting for the next hand, or out of the pool). */
  | { type: 'GAME'; action: 'POOL_SEATED'; poolId: number; tableId: number | null }
  | { type: 'ACK'; requestId: string }
  | { type: 'ERROR'; requestId?: string; code: string; message: string };

export type ErrorCode =
  | 'BAD_JSON'
  | 'BAD_MESSAGE'
  | 'UNAUTHORIZED'
  | 'SESSION_ENDED'
  | 'RATE_LIMITED'
  | 'NOT_FOUND'
  | 'FORBIDDEN'
  | 'TABLE_CLOSED'
  | 'SEAT_TAKEN'
  | 'ALREADY_SEATED'
  | 'NOT_SEATED'
  | 'BUY_IN_RANGE'
  | 'INSUFFICIENT_BALANCE'
  | 'NOT_YOUR_TURN'
  | 'ILLEGAL_ACTION'
  | 'HAND_IN_PROGRESS'
  | 'MAINTENANCE'
  | 'TABLE_MOVED'
  | 'INTERNAL';
