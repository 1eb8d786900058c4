// The table's live event stream to a ReplayHand: what this viewer saw, nothing more.
import type { TableEvent } from '../../protocol/table-events';
import type { TableView } from '../../protocol/table-view';
import type { ReplayAction, ReplayHand } from './model';

export interface RecordedStep {
  event: TableEvent;
  /** The viewer's table after the event's patch. */
  after: TableView;
  /** For a bet or raise: the amount it raised TO (the bet before plus the chips put in). */
  to?: number;
}

export interface RecordedHand {
  handId: number;
  handNumber: number;
  /** The view right after HAND_STARTED. */
  start: TableView;
  steps: RecordedStep[];
}

export function replayFromEvents(rec: RecordedHand): ReplayHand {
  const { start } = rec;
  const players = start.seats
    .filter((s): s is NonNullable<typeof s> => s !== null && (s.hasCards || s.state === 'PLAYING' || s.state === 'ALL_IN'))
    .map((s) => ({ seat: s.seat, name: s.username, stack: s.stack + s.bet, cards: null, isBot: s.isBot, userId: s.userId }));
  const inHand = new Set(players.map((p) => p.seat));
  const actions: ReplayAction[] = [];
  for (const { event: e, after, to: stepTo } of rec.steps) {
    switch (e.kind) {
      case 'POSTED':
        if (inHand.has(e.seat)) actions.push({ type: 'post', seat: e.seat, amount: e.amount });
        break;
      case 'CARDS_DEALT':
        for (const seat of e.seats) if (inHand.has(seat)) actions.push({ type: 'deal', seat, cards: after.seats[seat]?.cards ?? null });
        break;
      case 'ACTED': {
        const to = stepTo ?? after.seats[e.seat]?.bet ?? e.amount;
        if (e.action === 'FOLD') actions.push({ type: 'fold', seat: e.seat });
        else if (e.action === 'CHECK') actions.push({ type: 'check', seat: e.seat });
        else if (e.action === 'CALL') actions.push({ type: 'call', seat: e.seat });
        else actions.push({ type: e.action === 'BET' ? 'bet' : 'raise', seat: e.seat, to });
        break;
      }
      case 'STREET':
        // The replayer draws one board: run it twice's second board is left out of it.
        if (e.cards.length && e.board !== 2) actions.push({ type: 'board', cards: e.cards });
        break;
      case 'UNCALLED_RETURNED':
        actions.push({ type: 'return', seat: e.seat, amount: e.amount });
        break;
      case 'SHOWED':
        actions.push({ type: 'show', seat: e.seat, cards: e.cards, description: e.description });
        break;
      case 'MUCKED':
        actions.push({ type: 'muck', seat: e.seat });
        break;
      case 'POT_AWARDED':
        for (const w of e.winners) actions.push({ type: 'win', seat: w.seat, amount: w.amount, description: e.description });
        break;
      default:
        break;
    }
  }
  return {
    id: `hand-${rec.handId}`,
    title: `#${rec.handNumber}`,
    variant: start.variant,
    smallBlind: start.smallBlind,
    bigBlind: start.bigBlind,
    button: start.hand?.button ?? null,
    seatCount: start.maxPlayers,
    players,
    actions,
  };
}
