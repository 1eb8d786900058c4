// The provably-fair check, done in the browser with the engine's own code (src/poker/fair):
//   - every opening the player got (board, hands shown, own hole cards) proves its card under the
//     Merkle root of the hand's deck, and that root is the one published before the deal;
//   - the entropy this browser sent for the hand's seed commitment is among those mixed in;
//   - only if the server seed was disclosed (every dealt card was shown): the seed matches its
//     hash and, with the entropy, rebuilds exactly the committed deck.
// Nothing here can rebuild a card the player was not shown: the server never sends what would.
import { auditDeal, verifyOpening, type DealAudit } from '../../../poker/fair';
import { cardToString } from '../../../poker/cards';
import type { CardOpeningView, LastHandView } from '../../../shared/protocol/table-view';

export interface FairTools {
  verifyOpening: (root: string, opening: unknown) => boolean | Promise<boolean>;
  /** The committed deck rebuilt from a disclosed seed, or null when anything does not match. */
  auditDeal: (audit: DealAudit) => ArrayLike<string | number> | null | Promise<ArrayLike<string | number> | null>;
}

/** The engine's own functions: the same code that dealt the hand on the server. */
export function engineFairTools(): FairTools {
  return { verifyOpening, auditDeal };
}

/** What this browser itself saw and sent: the check compares the hand's proofs against it. */
export interface FairMemory {
  /** Card commitments (Merkle roots) as published when each hand started, by hand id. */
  roots: ReadonlyMap<number, string>;
  /** Entropy this browser sent, by the seed commitment (nextSeedHash) it answered. */
  entropy: ReadonlyMap<string, string>;
}

export interface CheckedCard {
  card: string;
  position: number;
  /** One of the player's own hole cards (else board or a hand shown). */
  mine: boolean;
  ok: boolean;
}

export interface FairResult {
  /** Every proof holds (and the root is the one published before the deal, when known); null: not checked. */
  ok: boolean | null;
  /** The root equals the one seen when the hand started; null when this browser did not see the start. */
  rootMatches: boolean | null;
  cards: CheckedCard[];
  /** 'included': this browser's entropy was mixed in; 'missing': sent but not listed; null: none sent. */
  entropy: 'included' | 'missing' | null;
  /** The deck rebuilt from a disclosed seed (rare); null otherwise. */
  deck: string[] | null;
  /** The disclosed seed rebuilds the committed deck; null when no seed was disclosed. */
  deckOk: boolean | null;
}

const EMPTY: FairResult = { ok: null, rootMatches: null, cards: [], entropy: null, deck: null, deckOk: null };

export async function checkFairness(last: LastHandView, tools: FairTools | null = engineFairTools(), memory?: FairMemory): Promise<FairResult> {
  if (!tools) return EMPTY;
  const check = async (o: CardOpeningView, mine: boolean): Promise<CheckedCard> => ({
    card: o.card,
    position: o.position,
    mine,
    ok: (await tools.verifyOpening(last.cardsRoot, o)) === true,
  });
  const cards = [
    ...(await Promise.all((last.mine ?? []).map((o) => check(o, true)))),
    ...(await Promise.all((last.openings ?? []).map((o) => check(o, false)))),
  ];
  const published = memory?.roots.get(last.handId);
  const rootMatches = published === undefined ? null : published.toLowerCase() === last.cardsRoot.toLowerCase();
  const sent = memory?.entropy.get(last.seedHash);
  const entropy = sent === undefined ? null : (last.entropy ?? []).some((e) => e.entropy.toLowerCase() === sent.toLowerCase()) ? 'included' : 'missing';
  let deck: string[] | null = null;
  let deckOk: boolean | null = null;
  if (last.seed) {
    const rebuilt = await tools.auditDeal({ serverSeed: last.seed, seedHash: last.seedHash, entropy: last.entropy ?? [], cardsRoot: last.cardsRoot });
    deckOk = rebuilt !== null;
    deck = rebuilt ? Array.from(rebuilt, (c) => (typeof c === 'number' ? cardToString(c) : c)) : null;
  }
  const ok = cards.length === 0 ? null : cards.every((c) => c.ok) && rootMatches !== false && entropy !== 'missing' && deckOk !== false;
  return { ok, rootMatches, cards, entropy, deck, deckOk };
}
