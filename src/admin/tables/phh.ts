// Reading what an administrator needs from a hand's PHH text (the poker hand history format):
// every card dealt (hole cards per player, the board) and the players' names. The text is read
// by the engine's own PHH parser, so the back office shows what the engine would replay.
import { parsePhh, stripComment } from '../../poker';

export interface DealtCards {
  /** Hole cards per seat index (p1 -> 0). */
  hole: { player: number; cards: string[] }[];
  board: string[];
  players: string[];
}

/** "AcKd" -> ["Ac", "Kd"]; "????" (unknown) keeps "??" pairs. */
export function splitCards(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < s.length; i += 2) out.push(s.slice(i, i + 2));
  return out;
}

const HOLE = /^([2-9TJQKA?][cdhs?])+$/;
const BOARD = /^([2-9TJQKA][cdhs])+$/;

export function dealtCards(phh: string | null | undefined): DealtCards {
  const res: DealtCards = { hole: [], board: [], players: [] };
  if (!phh) return res;
  const parsed = parsePhh(phh);
  if (!parsed.ok) return res;
  for (const action of parsed.hand.actions) {
    const [actor, verb, target, cards] = stripComment(action).split(/\s+/);
    if (actor !== 'd') continue;
    if (verb === 'dh' && /^p\d+$/.test(target ?? '') && HOLE.test(cards ?? ''))
      res.hole.push({ player: Number(target.slice(1)) - 1, cards: splitCards(cards) });
    else if (verb === 'db' && BOARD.test(target ?? '')) res.board.push(...splitCards(target));
  }
  const players = parsed.hand.fields.players;
  if (Array.isArray(players)) res.players = players.filter((p): p is string => typeof p === 'string');
  return res;
}
