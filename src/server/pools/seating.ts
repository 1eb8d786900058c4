// A fast-fold pool's deal, pure: which seats of an empty table the players take (drawn at random)
// and who posts the blinds, so that blinds are never skipped: the big blind goes to the player
// dealt the most hands since their last big blind, the small blind to the next most owed
// (docs/fast-fold.md). Randomness comes in as `randomInt`.
import type { HandLineup } from '../../poker/table';

export interface PoolSeatCandidate {
  userId: number;
  /** Hands dealt since this player's last big blind. */
  sinceBigBlind: number;
}

export interface PoolDeal {
  /** Seat of each player, by user. */
  seats: Map<number, number>;
  lineup: HandLineup;
}

/** Uniform integer in [0, n). */
export type RandomInt = (n: number) => number;

function shuffle<T>(xs: T[], randomInt: RandomInt): T[] {
  const a = [...xs];
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

/** Most owed first; ties in random order. */
function byOwed(players: PoolSeatCandidate[], randomInt: RandomInt): PoolSeatCandidate[] {
  return shuffle(players, randomInt).sort((a, b) => b.sinceBigBlind - a.sinceBigBlind);
}

/**
 * Seats 2..tableSize players at an empty table of `tableSize` seats: random seats, a random
 * rotation, the most owed on the big blind and the next on the small blind, the others at random.
 */
export function drawPoolDeal(players: PoolSeatCandidate[], tableSize: number, randomInt: RandomInt): PoolDeal {
  const k = players.length;
  if (k < 2 || k > tableSize) throw new Error(`a pool deals 2..${tableSize} players, not ${k}`);
  const seatNos = shuffle([...Array(tableSize).keys()], randomInt)
    .slice(0, k)
    .sort((a, b) => a - b);
  const r = randomInt(k);
  // The engine's order: left of the button first, the button last (heads-up: the big blind, then the button).
  const order = seatNos.map((_, i) => seatNos[(r + i) % k]);
  const [bb, sb, ...rest] = byOwed(players, randomInt);
  const others = shuffle(rest, randomInt);
  const seats = new Map<number, number>();
  if (k === 2) {
    seats.set(bb.userId, order[0]);
    seats.set(sb.userId, order[1]);
  } else {
    seats.set(sb.userId, order[0]);
    seats.set(bb.userId, order[1]);
    others.forEach((p, i) => seats.set(p.userId, order[i + 2]));
  }
  const button = order[k - 1];
  return {
    seats,
    lineup: { button, order, smallBlindSeat: k === 2 ? button : order[0], bigBlindSeat: k === 2 ? order[0] : order[1], deadPosts: [] },
  };
}

/** The counters after a hand is dealt: the big blind back to 0, everyone else dealt in one more. */
export function afterDeal(sinceBigBlind: number, postedBigBlind: boolean): number {
  return postedBigBlind ? 0 : sinceBigBlind + 1;
}
