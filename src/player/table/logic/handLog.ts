// Table events as short translated lines for the hand log. Returns a key under `log.` in
// locales/*/table.json and its parameters; amounts stay numbers so the view formats them.
import type { TableEvent } from '../../../shared/protocol/table-events';
import type { TableView } from '../../../shared/protocol/table-view';

export interface LogLine {
  id: number;
  key: string;
  params: Record<string, string | number>;
}

const nameAt = (view: TableView | null, seat: number) => view?.seats[seat]?.username ?? `#${seat + 1}`;

export function logLine(event: TableEvent, before: TableView | null, after: TableView): Omit<LogLine, 'id'> | null {
  const name = (seat: number) => (nameAt(after, seat) !== `#${seat + 1}` ? nameAt(after, seat) : nameAt(before, seat));
  switch (event.kind) {
    case 'PLAYER_SAT':
      return { key: 'log.sat', params: { name: event.username, amount: event.stack } };
    case 'PLAYER_LEFT':
      return { key: `log.left.${event.reason}`, params: { name: event.username } };
    case 'CHIPS_ADDED':
      return { key: 'log.chipsAdded', params: { name: name(event.seat), amount: event.amount } };
    case 'SAT_OUT':
      return { key: 'log.satOut', params: { name: name(event.seat) } };
    case 'STRADDLE_SET':
      return { key: event.on ? 'log.straddleOn' : 'log.straddleOff', params: { name: name(event.seat) } };
    case 'SAT_IN':
      return { key: 'log.satIn', params: { name: name(event.seat) } };
    case 'CONNECTION':
      return { key: event.connected ? 'log.reconnected' : 'log.disconnected', params: { name: name(event.seat) } };
    case 'HAND_STARTED':
      return { key: event.bombPot ? 'log.bombPotStarted' : 'log.handStarted', params: { number: event.handNumber } };
    case 'RUNOUT_CHOSEN':
      return { key: event.count === 2 ? 'log.runout.twice' : 'log.runout.once', params: { name: name(event.seat) } };
    case 'RUNOUTS_AGREED':
      return { key: event.count === 2 ? 'log.runout.agreedTwice' : 'log.runout.agreedOnce', params: {} };
    case 'POSTED':
      return { key: `log.posted.${event.post}`, params: { name: name(event.seat), amount: event.amount } };
    case 'ACTED': {
      const key = `log.acted.${event.action}${event.allIn ? '_ALLIN' : ''}`;
      // The server sends the chips put in; a bet or raise reads as its TO amount. The view before
      // the event still has the seat's earlier bet (a batch's events share one patch at its end).
      const amount = event.action === 'BET' || event.action === 'RAISE' ? (before?.seats[event.seat]?.bet ?? 0) + event.amount : event.amount;
      return { key: event.timedOut ? `${key}_TIMEOUT` : key, params: { name: name(event.seat), amount } };
    }
    case 'TIME_BANK':
      return { key: 'log.timeBank', params: { name: name(event.seat) } };
    case 'UNCALLED_RETURNED':
      return { key: 'log.uncalled', params: { name: name(event.seat), amount: event.amount } };
    case 'STREET':
      if (event.street === 'SHOWDOWN') return null;
      return { key: event.board === 2 ? `log.street2.${event.street}` : `log.street.${event.street}`, params: { cards: event.cards.join(' ') } };
    case 'SHOWED':
      return { key: 'log.showed', params: { name: name(event.seat), cards: event.cards.join(' '), description: event.description } };
    case 'MUCKED':
      return { key: 'log.mucked', params: { name: name(event.seat) } };
    case 'POT_AWARDED': {
      const winners = event.winners.map((w) => name(w.seat)).join(', ');
      const amount = event.winners.reduce((a, w) => a + w.amount, 0);
      return { key: event.description ? 'log.wonWith' : 'log.won', params: { name: winners, amount, description: event.description ?? '' } };
    }
    case 'JACKPOT_PAID':
      return { key: 'log.jackpot', params: { amount: event.total } };
    case 'HAND_VOIDED':
      return { key: 'log.voided', params: {} };
    case 'TABLE_CLOSED':
      return { key: 'log.closed', params: {} };
    case 'SIMULATION':
      return { key: event.on ? 'log.simulationOn' : 'log.simulationOff', params: {} };
    default:
      return null; // TURN, CARDS_DEALT, BETS_COLLECTED, HAND_ENDED: shown on the felt, not logged
  }
}
