// Engine events as table events: what the viewers' hand logs, sounds and animations show.
import type { HandEvent } from '../../poker';
import type { TableEvent } from '../../shared/protocol';
import { cardCodes, describeShown, type HandRun } from '../../poker/table';

/** The engine's events of one step as table events; `timedOutSeat` marks a move the clock made. */
export function translate(run: HandRun, engineEvents: readonly HandEvent[], timedOutSeat: number | null): TableEvent[] {
  const out: TableEvent[] = [];
  const seatOf = (i: number) => run.seats[i];
  const streets = ['PREFLOP', 'FLOP', 'TURN', 'RIVER'] as const;
  let dealt = false;
  for (const e of engineEvents) {
    switch (e.type) {
      case 'ante-posted':
        out.push({ kind: 'POSTED', seat: seatOf(e.player), post: run.lineup.deadPosts.includes(seatOf(e.player)) ? 'MISSED_BLIND' : 'ANTE', amount: e.amount });
        break;
      case 'blind-posted':
        out.push({
          kind: 'POSTED',
          seat: seatOf(e.player),
          post: seatOf(e.player) === run.lineup.bigBlindSeat ? 'BIG_BLIND' : seatOf(e.player) === run.lineup.smallBlindSeat ? 'SMALL_BLIND' : 'STRADDLE',
          amount: e.amount,
        });
        break;
      case 'hole-dealt':
        if (!dealt) {
          dealt = true;
          out.push({ kind: 'CARDS_DEALT', seats: run.seats.slice() });
        }
        break;
      case 'action':
        out.push({
          kind: 'ACTED',
          seat: seatOf(e.player),
          action: e.action.toUpperCase() as 'FOLD',
          amount: e.amount,
          allIn: e.allIn,
          timedOut: timedOutSeat === seatOf(e.player),
        });
        break;
      case 'bets-collected':
        out.push({ kind: 'BETS_COLLECTED', total: e.pot });
        break;
      case 'uncalled-returned':
        out.push({ kind: 'UNCALLED_RETURNED', seat: seatOf(e.player), amount: e.amount });
        break;
      case 'street-dealt':
        out.push({ kind: 'STREET', street: streets[Math.min(3, e.street)], cards: cardCodes(e.cards), ...(e.boardIndex ? { board: 2 as const } : {}) });
        break;
      case 'runout-selected':
        out.push({ kind: 'RUNOUT_CHOSEN', seat: seatOf(e.player), count: e.count });
        break;
      case 'runouts-agreed':
        out.push({ kind: 'RUNOUTS_AGREED', count: e.count });
        break;
      case 'showdown':
        if (e.shown) out.push({ kind: 'SHOWED', seat: seatOf(e.player), cards: cardCodes(e.cards), description: describeShown(run, e.player) });
        else out.push({ kind: 'MUCKED', seat: seatOf(e.player) });
        break;
      case 'pot-awarded':
        out.push({
          kind: 'POT_AWARDED',
          potIndex: e.pot,
          amount: e.amount,
          rake: e.rake,
          winners: e.winners.map((w, k) => ({ seat: seatOf(w), amount: e.shares[k] })),
          description: e.winners.length && run.state.shown[e.winners[0]] ? describeShown(run, e.winners[0]) : null,
          ...(e.parts && (e.parts.length > 1 || e.parts[0]?.half === 'low')
            ? {
                parts: e.parts.map((p) => ({
                  board: p.board === 0 ? (1 as const) : (2 as const),
                  half: p.half,
                  amount: p.amount,
                  winners: p.winners.map((w, k) => ({ seat: seatOf(w), amount: p.shares[k] })),
                })),
              }
            : {}),
        });
        break;
      default:
        break;
    }
  }
  return out;
}
