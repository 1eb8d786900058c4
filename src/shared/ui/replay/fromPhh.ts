// PHH (the Poker Hand History standard) to a ReplayHand, built on the engine's own PHH import:
// the engine parses the record and replays it, and its event stream (posts, deals, actions,
// showdown with hand names, pots awarded) becomes the replayer's steps. So the replayer shows
// exactly what the rules say happened, including the winners and side pots.
import { parsePhh, replayHand } from '../../../poker/phh';
import { cardText } from '../../../poker/engine/cardtext';
import type { HandEvent } from '../../../poker/engine/types';
import type { ReplayAction, ReplayHand, ReplayPlayer } from './model';

export class PhhReadError extends Error {}

const text = (cards: readonly number[]): string[] | null => {
  try {
    const out = cards.map(cardText);
    return out.some((c) => c.includes('?')) ? null : out; // hidden cards ("????") are face down
  } catch {
    return null; // unknown cards ("????")
  }
};

export function replayFromPhh(phh: string, id = 'phh'): ReplayHand {
  const parsed = parsePhh(phh);
  if (!parsed.ok) throw new PhhReadError(parsed.error);
  const hand = parsed.hand;
  const played = replayHand(hand);
  if (!played.ok) throw new PhhReadError(played.error);

  const fields = hand.fields;
  const n = hand.config.startingStacks.length;
  const names = Array.isArray(fields.players) ? fields.players.map(String) : [];
  const seatNos = Array.isArray(fields.seats) ? fields.seats.map(Number) : [];
  // PHH seats are 1-based; without them players sit in order.
  const seatOf = (p: number) => (seatNos.length === n && Number.isInteger(seatNos[p]) ? seatNos[p] - 1 : p);
  const players: ReplayPlayer[] = hand.config.startingStacks.map((stack, p) => ({ seat: seatOf(p), name: names[p] ?? `p${p + 1}`, stack, cards: null }));

  const described = new Map<number, string>();
  for (const e of played.events) if (e.type === 'hand-evaluated') described.set(e.player, e.description);

  const actions: ReplayAction[] = [];
  let antesOpen = false;
  const closeAntes = () => {
    if (antesOpen) actions.push({ type: 'board', cards: [] }); // antes go to the middle, they are not bets
    antesOpen = false;
  };
  for (const e of played.events as HandEvent[]) {
    if (e.type !== 'ante-posted') closeAntes();
    switch (e.type) {
      case 'ante-posted':
        antesOpen = true;
        actions.push({ type: 'post', seat: seatOf(e.player), amount: e.amount });
        break;
      case 'blind-posted':
        actions.push({ type: 'post', seat: seatOf(e.player), amount: e.amount });
        break;
      case 'hole-dealt':
        actions.push({ type: 'deal', seat: seatOf(e.player), cards: text(e.cards) });
        break;
      case 'action': {
        const seat = seatOf(e.player);
        if (e.action === 'bet' || e.action === 'raise') actions.push({ type: e.action, seat, to: e.to });
        else actions.push({ type: e.action, seat });
        break;
      }
      case 'street-dealt':
        // The replayer draws one board: run it twice's second board is left out of it.
        if (!e.boardIndex) actions.push({ type: 'board', cards: text(e.cards) ?? [] });
        break;
      case 'uncalled-returned':
        actions.push({ type: 'return', seat: seatOf(e.player), amount: e.amount });
        break;
      case 'showdown': {
        const cards = e.shown ? text(e.cards) : null;
        actions.push(
          cards ? { type: 'show', seat: seatOf(e.player), cards, description: described.get(e.player) ?? null } : { type: 'muck', seat: seatOf(e.player) },
        );
        break;
      }
      case 'hand-killed':
        actions.push({ type: 'muck', seat: seatOf(e.player) });
        break;
      case 'pot-awarded':
        e.winners.forEach((w, k) => actions.push({ type: 'win', seat: seatOf(w), amount: e.shares[k], description: described.get(w) ?? null }));
        break;
      default:
        break;
    }
  }

  const blinds = hand.config.blindsOrStraddles.filter((b) => b > 0).sort((a, b) => a - b);
  return {
    id,
    title: typeof fields.hand === 'number' || typeof fields.hand === 'string' ? `#${String(fields.hand)}` : undefined,
    variant: hand.config.variant,
    smallBlind: blinds[0] ?? 0,
    bigBlind: blinds[blinds.length - 1] ?? hand.config.minBet,
    // PHH lists players from the first to act after the flop, so the button is the last one.
    button: seatOf(n - 1),
    seatCount: Math.max(Number(fields.seat_count) || 0, n, ...players.map((p) => p.seat + 1)),
    players,
    actions,
  };
}
