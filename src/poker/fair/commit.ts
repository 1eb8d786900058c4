// Fair dealing without disclosure (algorithm in README.md, "Commitments"): the deck seed mixes
// the server's committed seed with the players' entropy; every position of the dealt deck is a
// salted leaf of a Merkle tree whose root is published before the deal; a card is proven by an
// opening (its salt and the path to the root), given only to those who may see that card. No
// opening, proof or root tells anything about an unopened position.
//
//   deckSeed   = SHA-256("deck" || serverSeed (32 bytes) || for each contribution, by seat: uint8 seat || entropy (32 bytes))
//                (the "deck" tag keeps it apart from the published SHA-256(serverSeed), even with no entropy)
//   deck       = deckFromSeed(deckSeed)                                    (deck.ts)
//   salt(p)    = SHA-256(deckSeed || "salt" || uint8 p)                     p = 0..51
//   leaf(p)    = SHA-256(0x00 || uint8 p || uint8 deck[p] || salt(p))       p = 0..51
//   leaf(p)    = 32 zero bytes                                             p = 52..63 (padding)
//   node       = SHA-256(0x01 || left || right)                            6 levels up to the root
//   opening(p) = { position p, card, salt(p), proof: the 6 sibling hashes from the leaf upwards }

import { cardToString, isCard, parseCard, type Card } from '../cards';
import { deckFromSeed } from './deck';
import { bytesToHex, hexToBytes, sha256, utf8Bytes } from './sha256';

/** One player's contribution to a hand's shuffle: 32 random bytes as 64 hex digits. */
export interface EntropyContribution {
  seat: number;
  entropy: string;
}

/** A proof that `card` sits at `position` of the deck committed to by a root. */
export interface CardOpening {
  position: number;
  /** Card code, e.g. 'As'. */
  card: string;
  /** 64 hex digits. */
  salt: string;
  /** Six sibling hashes (64 hex digits each), from the leaf's sibling up to the root's child. */
  proof: string[];
}

export interface DeckCommitment {
  /** Merkle root (64 hex digits): published before the deal. */
  root: string;
  deck: Card[];
  salts: Uint8Array[];
  /** levels[0] = the 64 leaves, levels[6] = [root]. */
  levels: Uint8Array[][];
}

export const DECK_POSITIONS = 52;
const TREE_DEPTH = 6;
const TREE_LEAVES = 1 << TREE_DEPTH;
const SALT_TAG = utf8Bytes('salt');
const DECK_TAG = utf8Bytes('deck');
const ZERO_LEAF = new Uint8Array(32);
const HEX64 = /^[0-9a-fA-F]{64}$/;

function bytes32(hex: string, what: string): Uint8Array {
  if (typeof hex !== 'string' || !HEX64.test(hex)) throw new RangeError(`${what} must be 32 bytes (64 hex digits)`);
  return hexToBytes(hex);
}

/**
 * The deck seed of a hand: the server seed mixed with the players' entropy. Contributions must be
 * in strictly ascending seat order (seats 0..255), each exactly 32 bytes; throws RangeError otherwise.
 */
export function combineEntropy(serverSeedHex: string, contributions: readonly EntropyContribution[]): string {
  const server = bytes32(serverSeedHex, 'The server seed');
  const head = DECK_TAG.length + 32;
  const input = new Uint8Array(head + contributions.length * 33);
  input.set(DECK_TAG, 0);
  input.set(server, DECK_TAG.length);
  let last = -1;
  contributions.forEach((c, k) => {
    if (!Number.isInteger(c.seat) || c.seat < 0 || c.seat > 255 || c.seat <= last)
      throw new RangeError('Contributions must be in ascending seat order, seats 0..255');
    last = c.seat;
    input[head + k * 33] = c.seat;
    input.set(bytes32(c.entropy, 'Entropy'), head + k * 33 + 1);
  });
  return bytesToHex(sha256(input));
}

// Scratch inputs (every function here is synchronous): about 170 hashes per deck, no garbage.
const SALT_INPUT = new Uint8Array(32 + SALT_TAG.length + 1);
const LEAF_INPUT = new Uint8Array(35);
const NODE_INPUT = new Uint8Array(65);

/** salt(p) = SHA-256(deckSeed || "salt" || uint8 p); the deck seed is 32 bytes. */
export function cardSalt(deckSeed: Uint8Array, position: number): Uint8Array {
  if (deckSeed.length !== 32) throw new RangeError('The deck seed is 32 bytes');
  SALT_INPUT.set(deckSeed, 0);
  SALT_INPUT.set(SALT_TAG, 32);
  SALT_INPUT[SALT_INPUT.length - 1] = position;
  return sha256(SALT_INPUT);
}

/** leaf = SHA-256(0x00 || uint8 position || uint8 card || salt); the salt is 32 bytes. */
export function leafHash(position: number, card: Card, salt: Uint8Array): Uint8Array {
  if (salt.length !== 32) throw new RangeError('A salt is 32 bytes');
  LEAF_INPUT[0] = 0x00;
  LEAF_INPUT[1] = position;
  LEAF_INPUT[2] = card;
  LEAF_INPUT.set(salt, 3);
  return sha256(LEAF_INPUT);
}

/** node = SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  NODE_INPUT[0] = 0x01;
  NODE_INPUT.set(left, 1);
  NODE_INPUT.set(right, 33);
  return sha256(NODE_INPUT);
}

/**
 * Commits to a deck: salts derived from the deck seed, one leaf per position, the Merkle tree.
 * `deck` defaults to deckFromSeed(deckSeed) (the server passes the deck it already built).
 */
export function commitDeck(deckSeedHex: string, deck: ArrayLike<Card> = deckFromSeed(deckSeedHex)): DeckCommitment {
  const seed = bytes32(deckSeedHex, 'The deck seed');
  if (deck.length !== DECK_POSITIONS) throw new RangeError('A deck has 52 cards');
  const cards = Array.from(deck);
  const salts: Uint8Array[] = [];
  const leaves: Uint8Array[] = [];
  for (let p = 0; p < TREE_LEAVES; p++) {
    if (p < DECK_POSITIONS) {
      if (!isCard(cards[p])) throw new RangeError(`Not a card at position ${p}`);
      const salt = cardSalt(seed, p);
      salts.push(salt);
      leaves.push(leafHash(p, cards[p], salt));
    } else leaves.push(ZERO_LEAF);
  }
  const levels: Uint8Array[][] = [leaves];
  for (let l = 0; l < TREE_DEPTH; l++) {
    const below = levels[l];
    const up: Uint8Array[] = [];
    for (let i = 0; i < below.length; i += 2) up.push(nodeHash(below[i], below[i + 1]));
    levels.push(up);
  }
  return { root: bytesToHex(levels[TREE_DEPTH][0]), deck: cards, salts, levels };
}

/** The opening of one position of a committed deck. */
export function openCard(commitment: DeckCommitment, position: number): CardOpening {
  if (!Number.isInteger(position) || position < 0 || position >= DECK_POSITIONS) throw new RangeError(`No position ${position}`);
  const proof: string[] = [];
  let index = position;
  for (let l = 0; l < TREE_DEPTH; l++) {
    proof.push(bytesToHex(commitment.levels[l][index ^ 1]));
    index >>= 1;
  }
  return { position, card: cardToString(commitment.deck[position]), salt: bytesToHex(commitment.salts[position]), proof };
}

/**
 * True when the opening proves its card at its position under `root`. Pure, never throws: any
 * malformed root or opening is `false`.
 */
export function verifyOpening(root: unknown, opening: unknown): boolean {
  try {
    if (typeof root !== 'string' || !HEX64.test(root)) return false;
    if (typeof opening !== 'object' || opening === null) return false;
    const o = opening as Partial<CardOpening>;
    const position = o.position;
    if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position >= DECK_POSITIONS) return false;
    if (typeof o.card !== 'string' || o.card.length !== 2) return false;
    const card = parseCard(o.card);
    if (typeof o.salt !== 'string' || !HEX64.test(o.salt)) return false;
    if (!Array.isArray(o.proof) || o.proof.length !== TREE_DEPTH || !o.proof.every((h) => typeof h === 'string' && HEX64.test(h))) return false;
    let hash = leafHash(position, card, hexToBytes(o.salt));
    let index = position;
    for (let l = 0; l < TREE_DEPTH; l++) {
      const sibling = hexToBytes(o.proof[l]);
      hash = index & 1 ? nodeHash(sibling, hash) : nodeHash(hash, sibling);
      index >>= 1;
    }
    return bytesToHex(hash) === root.toLowerCase();
  } catch {
    return false;
  }
}

export interface DealAudit {
  serverSeed: string;
  /** SHA-256 of the server seed, published a hand ahead. */
  seedHash: string;
  entropy: readonly EntropyContribution[];
  /** The Merkle root published when the hand started. */
  cardsRoot: string;
}

/**
 * The auditor's check (and anyone's, for a hand whose seed was disclosed): the server seed matches
 * its commitment, and seed plus entropy rebuild exactly the committed deck. Returns that deck, or
 * null when anything does not match. Never throws.
 */
export function auditDeal(a: DealAudit): Card[] | null {
  try {
    const server = bytes32(a.serverSeed, 'The server seed');
    if (typeof a.seedHash !== 'string' || bytesToHex(sha256(server)) !== a.seedHash.toLowerCase()) return null;
    const commitment = commitDeck(combineEntropy(a.serverSeed, a.entropy));
    return typeof a.cardsRoot === 'string' && commitment.root === a.cardsRoot.toLowerCase() ? commitment.deck : null;
  } catch {
    return null;
  }
}
