// A socket's game message as the table command it asks for: one pure function, the only place
// where the protocol's actions meet the tables' commands (tables/commands.ts).
import type { GameMessage } from '../../shared/protocol';
import type { ViewerRef } from '../cluster/viewers';
import type { CommandOf, SittingUser, TableCommand } from '../tables/commands';

/** What a socket may ask of a table: every command but the administrators' and the director's own. */
export type SocketCommand = Exclude<TableCommand, CommandOf<'simulation' | 'simulationState' | 'seatPlayer' | 'removePlayer'>>;

/**
 * Watching needs only the socket (`viewer`); every other command a signed-in player: null
 * without one. The player's avatar matters only to SIT (read at each sit).
 */
export function commandOf(m: GameMessage, viewer: ViewerRef, player: SittingUser | null): SocketCommand | null {
  if (m.action === 'SUBSCRIBE') return { kind: 'subscribe', viewer, autoMuck: m.autoMuck };
  if (m.action === 'UNSUBSCRIBE') return { kind: 'unsubscribe', viewer };
  if (!player) return null;
  const userId = player.userId;
  switch (m.action) {
    case 'SIT':
      return { kind: 'sit', user: player, seat: m.seat, buyIn: m.buyIn };
    case 'ADD_CHIPS':
      return { kind: 'addChips', userId, amount: m.amount };
    case 'FOLD':
      return { kind: 'act', userId, action: { kind: 'fold' } };
    case 'CHECK':
      return { kind: 'act', userId, action: { kind: 'check' } };
    case 'CALL':
      return { kind: 'act', userId, action: { kind: 'call' } };
    case 'BET':
      return { kind: 'act', userId, action: { kind: 'bet', to: m.amount } };
    case 'RAISE':
      return { kind: 'act', userId, action: { kind: 'raise', to: m.amount } };
    case 'STRADDLE':
      return { kind: 'straddle', userId, on: m.on };
    case 'RUN_IT':
      return { kind: 'act', userId, action: { kind: 'select-runout-count', count: m.count } };
    case 'SIT_OUT':
      return { kind: 'sitOut', userId };
    case 'SIT_IN':
      return { kind: 'sitIn', userId, postBlind: m.postBlind ?? false };
    case 'LEAVE':
      return { kind: 'leave', userId };
    case 'FAST_FOLD':
      return { kind: 'fastFold', userId };
    case 'ENTROPY':
      return { kind: 'entropy', userId, entropy: m.entropy };
  }
}
