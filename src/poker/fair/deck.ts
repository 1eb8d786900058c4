// The deck of a seed: a deterministic function, so that an auditor holding the (secret) seed can
// rebuild exactly the deck that was dealt. Live tables derive the seed from a committed server
// seed and the players' entropy and never publish it while it would reveal an unseen card
// (commit.ts, README.md). Algorithm:
//   block k   = SHA-256(seed bytes || k as 4-byte big-endian), k = 0, 1, 2, ...
//   stream    = block 0 || block 1 || ...  read as consecutive 4-byte big-endian uint32 words
//   int(n)    = next word x; reject while x >= 2^32 - (2^32 mod n); return x mod n
//   deck      = Fisher-Yates (shuffle.ts) of [0..51] with int

import { fullDeck, type Card } from '../cards';
import { bytesToHex, hexToBytes, sha256, sha256Hex } from './sha256';
import { shuffle, type RandomInt } from './shuffle';

const TWO_32 = 0x100000000;

/** The uniform integer stream of a seed (see the header). Deterministic and pure. */
export function seedRandomInt(seed: Uint8Array): RandomInt {
  const input = new Uint8Array(seed.length + 4);
  input.set(seed);
  let counter = 0;
  let block: Uint8Array = new Uint8Array(0);
  let pos = 0;
  const nextWord = (): number => {
    if (pos + 4 > block.length) {
      input[seed.length] = counter >>> 24;
      input[seed.length + 1] = (counter >>> 16) & 0xff;
      input[seed.length + 2] = (counter >>> 8) & 0xff;
      input[seed.length + 3] = counter & 0xff;
      counter++;
      block = sha256(input);
      pos = 0;
    }
    const x = ((block[pos] << 24) | (block[pos + 1] << 16) | (block[pos + 2] << 8) | block[pos + 3]) >>> 0;
    pos += 4;
    return x;
  };
  return (maxExclusive: number): number => {
    if (!Number.isInteger(maxExclusive) || maxExclusive < 1 || maxExclusive > TWO_32) throw new RangeError(`Bad range: ${maxExclusive}`);
    // Largest multiple of maxExclusive not above 2^32: words at or above it are rejected so that
    // every residue is equally likely (no modulo bias).
    const limit = TWO_32 - (TWO_32 % maxExclusive);
    for (;;) {
      const x = nextWord();
      if (x < limit) return x % maxExclusive;
    }
  };
}

function seedBytes(seedHex: string): Uint8Array {
  const bytes = hexToBytes(seedHex);
  if (bytes.length < 16) throw new RangeError('A deck seed must be at least 16 bytes (32 hex digits)');
  return bytes;
}

/** The 52-card deck for a seed (hex, at least 16 bytes; 32 recommended). deck[0] is dealt first. */
export function deckFromSeed(seedHex: string): Card[] {
  return shuffle(fullDeck(), seedRandomInt(seedBytes(seedHex)));
}

/** Hex SHA-256 of the seed bytes: published before the deal. */
export function seedCommitment(seedHex: string): string {
  return sha256Hex(seedBytes(seedHex));
}

/**
 * True when the seed matches the published commitment and, if a deck is given, the deck is the
 * one the seed produces. Never throws for bad input: a malformed seed or commitment is `false`.
 */
export function verifyDeck(seedHex: string, commitmentHex: string, deck?: ArrayLike<Card>): boolean {
  let bytes: Uint8Array;
  try {
    bytes = seedBytes(seedHex);
  } catch {
    return false;
  }
  if (typeof commitmentHex !== 'string' || bytesToHex(sha256(bytes)) !== commitmentHex.toLowerCase()) return false;
  if (deck === undefined) return true;
  const expected = shuffle(fullDeck(), seedRandomInt(bytes));
  if (deck.length !== expected.length) return false;
  for (let i = 0; i < expected.length; i++) if (deck[i] !== expected[i]) return false;
  return true;
}
